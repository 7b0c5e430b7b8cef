/**
 * The tag an error points at, read back from the template's source: a hint can then speak of
 * what the author wrote (`{.section}`), where the reference's message speaks of the tokenizer.
 */
import { LineIndex } from '../syntax/positions.ts';

/** The `{…}` starting at the 1-based `line` and `column` of `source`, or undefined when none starts there. */
export function tagAt(source: string, line: number, column: number): string | undefined {
  if (line < 1 || column < 1) return undefined;
  const text = new LineIndex(source).lineText(line).slice(column - 1);
  if (!text.startsWith('{')) return undefined;
  // A tag never spans lines; one left open runs to the end of its line.
  const close = text.indexOf('}');
  return close === -1 ? text : text.slice(0, close + 1);
}
