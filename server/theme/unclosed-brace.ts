import { LineIndex } from '../../engine/syntax/positions.ts';

/**
 * The `{` of a LESS or CSS text that is never closed, for the hint on a compile error: LESS reports
 * an unclosed block where the file ends, far from where the author left it open. Comments,
 * strings and unquoted url(…) are skipped, so a brace written in them does not count. Of several
 * unclosed braces, the last one opened is named: the innermost block still open at the end.
 * Null when every brace is closed.
 */
export function unclosedBrace(text: string): { line: number; column: number } | null {
  const open: number[] = [];
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
      else if (c === '}') open.pop();
      i++;
    }
  }
  const last = open.at(-1);
  return last === undefined ? null : new LineIndex(text).position(last);
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
