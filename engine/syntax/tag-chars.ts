/**
 * The character classes and token ends of tag syntax, as plain functions
 * over a string and a start index: the same rules as the tag lexer's
 * patterns. Shared by the fast path, the `.ctx` binding reader and the
 * diagnosis of tags that are not instructions.
 */

const DOT = 46;
const SPACE = 32;
const COMMA = 44;
const AT = 64;
const DOLLAR = 36;
const SLASH = 47;

export function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** The characters after a word's first letter: [a-zA-Z0-9_-]. */
export function isWordChar(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === 95 || c === 45;
}

/** The lexer's whitespace class: space, \f, \n, \r, \t, \v. */
export function isWhitespace(c: number): boolean {
  return c === SPACE || (c >= 9 && c <= 13);
}

/** File and inject paths: [./a-zA-Z0-9_-]. */
export function isPathChar(c: number): boolean {
  return isWordChar(c) || c === DOT || c === SLASH;
}

/** End of the word (letter, then word characters) starting at `from`, or -1. */
export function wordEnd(s: string, from: number): number {
  if (!isLetter(s.charCodeAt(from))) return -1;
  let i = from + 1;
  while (i < s.length && isWordChar(s.charCodeAt(i))) i++;
  return i;
}

/** End of one path segment at `from` (digits | [@$]?word | @), or -1; the order is the lexer pattern's. */
function segmentEnd(s: string, from: number): number {
  const c = s.charCodeAt(from);
  if (isDigit(c)) {
    let i = from + 1;
    while (i < s.length && isDigit(s.charCodeAt(i))) i++;
    return i;
  }
  if (c === AT || c === DOLLAR) {
    const end = wordEnd(s, from + 1);
    if (end !== -1) return end;
    return c === AT ? from + 1 : -1;
  }
  return wordEnd(s, from);
}

/** End of the reference token (segments joined by dots) starting at `from`, or -1. */
export function referenceEnd(s: string, from: number): number {
  let end = segmentEnd(s, from);
  if (end === -1) return -1;
  while (s.charCodeAt(end) === DOT) {
    const next = segmentEnd(s, end + 1);
    if (next === -1) break;
    end = next;
  }
  return end;
}

/** End of a definition token (`@word`) at `from`, or -1. */
export function definitionEnd(s: string, from: number): number {
  return s.charCodeAt(from) === AT ? wordEnd(s, from + 1) : -1;
}

/** End of a separator token (` *, *`) at `from`, or -1. */
export function separatorEnd(s: string, from: number): number {
  let i = from;
  while (s.charCodeAt(i) === SPACE) i++;
  if (s.charCodeAt(i) !== COMMA) return -1;
  i++;
  while (s.charCodeAt(i) === SPACE) i++;
  return i;
}

/** End of the whitespace run at `from` (`from` itself when there is none). */
export function skipWhitespace(s: string, from: number): number {
  let i = from;
  while (i < s.length && isWhitespace(s.charCodeAt(i))) i++;
  return i;
}

/** End of the file path at `from` (`from` itself when there is none). */
export function pathEnd(s: string, from: number): number {
  let i = from;
  while (i < s.length && isPathChar(s.charCodeAt(i))) i++;
  return i;
}
