/**
 * Where an offset of a compiled text is, as 1-based line and column. A host that compiles a text it
 * rewrote first (attributes added, its own tags replaced) passes one that answers in the author's
 * file, so every error and report names what the author wrote.
 */
export interface SourcePositions {
  position(offset: number): { line: number; column: number };
}

/** Offsets to 1-based line and column, computed once per source on demand. */
export class LineIndex implements SourcePositions {
  // Declared and set by the constructor, which every compile runs: a field initializer is a
  // second function, which V8 compiles by reading the whole class again.
  private declare readonly source: string;
  private declare starts: number[] | null;

  constructor(source: string) {
    this.source = source;
    this.starts = null;
  }

  position(offset: number): { line: number; column: number } {
    const starts = (this.starts ??= lineStarts(this.source));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] as number) + 1 };
  }

  /** How many lines the source has (a source without line breaks has one). */
  count(): number {
    return (this.starts ??= lineStarts(this.source)).length;
  }

  /** The text of a 1-based line, without its line break. */
  lineText(line: number): string {
    const starts = (this.starts ??= lineStarts(this.source));
    const from = starts[line - 1];
    if (from === undefined) return '';
    const next = starts[line];
    const to = next === undefined ? this.source.length : next - 1;
    return this.source.slice(from, to).replace(/\r$/, '');
  }
}

function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}
