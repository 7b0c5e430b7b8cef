import { LineIndex } from '../../engine/syntax/positions.ts';

/**
 * The `{` of a LESS or CSS text that is never closed, for the hint on a compile error: LESS reports
 * an unclosed block where the file ends, far from where the author left it open. Comments,
 * strings and unquoted url(…) are skipped, so a brace written in them does not count.
 *
 * Braces pair as written, so the `{` left open is not always the one that stays open at the end:
 * in `.page {` / `  a { color: white;` / `}` the last `}` closes `a`'s block, and `.page`'s is the
 * one open at the end. The indentation tells them apart: a `}` that starts its line left of the
 * line of the `{` it closes belongs to an outer block, so that `{` is the one left open. The first
 * such `{` is named; without one, the last `{` still open at the end (the innermost).
 * Null when every brace is closed.
 */
export function unclosedBrace(text: string): { line: number; column: number } | null {
  const open: number[] = [];
  let dedented: number | undefined;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === '"' || c === "'") {
      i = stringEnd(text, i);
    } else if ((c === 'u' || c === 'U') && /^url\(\s*[^\s"')]/i.test(text.slice(i, i + 64))) {
      // an unquoted url may hold `//` (http://…), which is no comment there
      const end = text.indexOf(')', i);
      i = end < 0 ? text.length : end + 1;
    } else {
      if (c === '{') open.push(i);
      else if (c === '}') {
        const opening = open.pop();
        if (dedented === undefined && opening !== undefined && startsItsLine(text, i) && indentOf(text, i) < indentOf(text, opening)) dedented = opening;
      }
      i++;
    }
  }
  const last = open.at(-1);
  if (last === undefined) return null;
  return new LineIndex(text).position(dedented ?? last);
}

/** The offset where the line holding `at` starts. */
function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

/** How far the line holding `at` is indented (a tab as one). */
function indentOf(text: string, at: number): number {
  const start = lineStart(text, at);
  let i = start;
  while (text[i] === ' ' || text[i] === '\t') i++;
  return i - start;
}

/** Whether only blanks come before `at` on its line. */
function startsItsLine(text: string, at: number): boolean {
  return indentOf(text, at) === at - lineStart(text, at);
}

/** The offset after the string that starts at `start` (its quote), escapes skipped; a string left open ends its line. */
function stringEnd(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i + 1;
    else if (text[i] === '\n') return i;
  }
  return text.length;
}
