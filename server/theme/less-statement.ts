/**
 * The LESS statement (a declaration, a mixin call, a variable's definition) at a place of a
 * stylesheet, blanked out: what the best-effort compile of a folder's stylesheet leaves out when
 * that statement fails to evaluate (folder-styles.ts). One forward scan that knows strings,
 * comments and parentheses finds where the statement starts (after the last `;`, `{` or `}` before
 * the place) and where it ends (its `;`, or the `}` that closes its block).
 */

const SEMICOLON = 59;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;

/** Offset of 1-based `line` and 0-based `column` in `text`, or -1 past its end. */
function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', at);
    if (next === -1) return -1;
    at = next + 1;
  }
  return at + column <= text.length ? at + column : -1;
}

/**
 * `text` with the statement at `line` and `column` (as LESS reports a place) replaced by spaces,
 * its line ends kept so that every later place in the file stays where it was; null when the
 * place is not inside a statement that can be left alone (a selector, a block's opening, a
 * place past the text).
 */
export function blankStatementAt(text: string, line: number, column: number): string | null {
  const place = offsetOf(text, line, column);
  if (place === -1) return null;
  let start = 0;
  let depth = 0;
  let i = 0;
  let end = -1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 39) {
      // a quoted string, to its closing quote (a backslash escapes the next character)
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== c && text.charCodeAt(j) !== 10) j += text.charCodeAt(j) === 92 ? 2 : 1;
      i = j + 1;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const close = text.indexOf('*/', i + 2);
      i = close === -1 ? text.length : close + 2;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 47 && text.charCodeAt(i - 1) !== 58) {
      // a line comment (not the `//` of a URL's `://`)
      const lineEnd = text.indexOf('\n', i);
      i = lineEnd === -1 ? text.length : lineEnd;
      continue;
    }
    if (c === 40) depth++;
    else if (c === 41 && depth > 0) depth--;
    else if (depth === 0 && (c === SEMICOLON || c === OPEN_BRACE || c === CLOSE_BRACE)) {
      if (i >= place) {
        if (c === OPEN_BRACE) return null; // the place is in a selector or a block's opening
        end = c === SEMICOLON ? i + 1 : i;
        break;
      }
      start = i + 1;
    }
    i++;
  }
  if (end === -1) end = text.length;
  if (text.slice(start, end).trim() === '') return null;
  return text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, ' ') + text.slice(end);
}
