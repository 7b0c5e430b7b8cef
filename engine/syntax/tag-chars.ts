/**
 * The character classes and token ends of tag syntax, as plain functions
 * over a string and a start index: the same rules as the tag lexer's
 * patterns. Shared by the fast path, the `.ctx` binding reader and the
 * diagnosis of tags that are not instructions.
 */

// Character codes the tag readers compare against (one list for every reader).
export const DOT = 46;
export const SPACE = 32;
export const AT = 64;
export const SLASH = 47;
export const PIPE = 124;
export const COMMA = 44;
export const DOLLAR = 36;
export const QUESTION = 63;
export const AMPERSAND = 38;
export const EQUALS = 61;

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

// The token ends below run sticky regular expressions, the lexer's own patterns: a
// template's first compile reads each tag once, mostly before the JIT has compiled the
// reader, and the regular expression engine scans in native code where a loop over
// characters would be interpreted.
const WORD = /[a-zA-Z][a-zA-Z0-9_-]*/y;
const REFERENCE = /(?:\d+|[@$]?[a-zA-Z][a-zA-Z0-9_-]*|@)(?:\.(?:\d+|[@$]?[a-zA-Z][a-zA-Z0-9_-]*|@))*/y;
const DEFINITION = /@[a-zA-Z][a-zA-Z0-9_-]*/y;
const SEPARATOR = / *, */y;
const WHITESPACE = /[ \f\n\r\t\v]*/y;

// Each token end runs its pattern itself rather than through a shared helper: one call less per
// token while the code is still interpreted.

/** End of the word (letter, then word characters) starting at `from`, or -1. */
export function wordEnd(s: string, from: number): number {
  WORD.lastIndex = from;
  return WORD.test(s) ? WORD.lastIndex : -1;
}

/** End of the reference token (segments joined by dots) starting at `from`, or -1: the lexer's pattern. */
export function referenceEnd(s: string, from: number): number {
  REFERENCE.lastIndex = from;
  return REFERENCE.test(s) ? REFERENCE.lastIndex : -1;
}

/** End of a definition token (`@word`) at `from`, or -1. */
export function definitionEnd(s: string, from: number): number {
  DEFINITION.lastIndex = from;
  return DEFINITION.test(s) ? DEFINITION.lastIndex : -1;
}

/** End of a separator token (` *, *`) at `from`, or -1. */
export function separatorEnd(s: string, from: number): number {
  SEPARATOR.lastIndex = from;
  return SEPARATOR.test(s) ? SEPARATOR.lastIndex : -1;
}

/** End of the whitespace run at `from` (`from` itself when there is none). */
export function skipWhitespace(s: string, from: number): number {
  if (from >= s.length) return from;
  WHITESPACE.lastIndex = from;
  WHITESPACE.test(s);
  return WHITESPACE.lastIndex;
}

/** End of the file path at `from` (`from` itself when there is none). */
export function pathEnd(s: string, from: number): number {
  let i = from;
  while (i < s.length && isPathChar(s.charCodeAt(i))) i++;
  return i;
}
