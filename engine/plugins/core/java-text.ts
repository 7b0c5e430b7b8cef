/**
 * Character classes and number syntax of the reference platform's runtime,
 * which differ from JavaScript's: `\s` there is only the six ASCII
 * whitespace characters, and integer parsing is strict (sign, digits, range).
 */

/** The characters a `\s` regular expression class matches in the reference. */
export const ASCII_WHITESPACE_CLASS = '[ \\t\\n\\u000b\\f\\r]';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const SIGNED_DIGITS = /^[+-]?[0-9]+$/;

/**
 * The reference's notion of a whitespace character: Unicode space separators
 * other than the non-breaking ones, plus the ASCII control whitespace and the
 * four information separators.
 */
export function isJavaWhitespace(ch: string): boolean {
  const code = ch.charCodeAt(0);
  if (code <= 0x20) {
    return code === 0x20 || (code >= 0x09 && code <= 0x0d) || (code >= 0x1c && code <= 0x1f);
  }
  if (code === 0xa0 || code === 0x2007 || code === 0x202f) return false;
  return /[\u1680\u2000-\u200a\u2028\u2029\u205f\u3000]/.test(ch);
}

/** Strict 32-bit integer parsing: optional sign and digits only, in range; otherwise undefined. */
export function parseInt32(text: string): number | undefined {
  if (!SIGNED_DIGITS.test(text)) return undefined;
  const value = Number(text);
  return value >= INT32_MIN && value <= INT32_MAX ? value : undefined;
}

/**
 * Strict 64-bit integer parsing. Values beyond JavaScript's safe integers
 * cannot be represented exactly, so they are refused like an overflow.
 */
export function parseInt64(text: string): number | undefined {
  if (!SIGNED_DIGITS.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** Removes leading and trailing characters at or below U+0020, as the reference's trim does. */
export function trimControl(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}
