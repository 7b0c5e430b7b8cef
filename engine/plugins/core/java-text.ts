/**
 * Character classes and number syntax of the reference platform's runtime,
 * which differ from JavaScript's: `\s` there is only the six ASCII
 * whitespace characters, and integer parsing takes an optional sign and
 * decimal digits of any script, within range.
 */

/** The characters a `\s` regular expression class matches in the reference. */
export const ASCII_WHITESPACE_CLASS = '[ \\t\\n\\u000b\\f\\r]';

const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const DECIMAL_DIGIT = /\p{Nd}/u;
const SHORT_ASCII_INTEGER = /^[+-]?[0-9]{1,9}$/;

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

/**
 * The value of one UTF-16 unit as a decimal digit in any script (Arabic-Indic
 * '٣' is 3), or -1. Unicode keeps each script's digits as one run from 0 to 9,
 * so a digit's value is its distance from the start of its run, modulo ten.
 * Units are read one at a time, as the reference does, so digits outside the
 * Basic Multilingual Plane (surrogate pairs) are not digits.
 */
export function decimalDigitValue(text: string, index: number): number {
  const code = text.charCodeAt(index);
  // ASCII first: image sizes are read on every render
  if (code >= 48 && code <= 57) return code - 48;
  if (code < 128 || !DECIMAL_DIGIT.test(text[index]!)) return -1;
  let runStart = code;
  while (DECIMAL_DIGIT.test(String.fromCharCode(runStart - 1))) runStart--;
  return (code - runStart) % 10;
}

/**
 * The reference's integer parsing (Integer.parseInt / Long.parseLong): an
 * optional '+' or '-', then at least one decimal digit of any script, the
 * value within [min, max]; anything else (empty text, spaces, a lone sign)
 * is undefined.
 */
function parseJavaInteger(text: string, min: bigint, max: bigint): bigint | undefined {
  const signed = text[0] === '+' || text[0] === '-';
  if (text.length === (signed ? 1 : 0)) return undefined;
  let magnitude = 0n;
  for (let i = signed ? 1 : 0; i < text.length; i++) {
    const digit = decimalDigitValue(text, i);
    if (digit < 0) return undefined;
    magnitude = magnitude * 10n + BigInt(digit);
    // one past max is still fine for a negative number (min is -(max + 1))
    if (magnitude > max + 1n) return undefined;
  }
  const value = text[0] === '-' ? -magnitude : magnitude;
  return value >= min && value <= max ? value : undefined;
}

/** Integer.parseInt: a 32-bit whole number in the reference's syntax; otherwise undefined. */
export function parseInt32(text: string): number | undefined {
  // the common case, ASCII digits too few to overflow, without BigInt: image sizes are read on every render
  if (SHORT_ASCII_INTEGER.test(text)) return Number(text) | 0; // | 0: Java has no -0
  const value = parseJavaInteger(text, INT32_MIN, INT32_MAX);
  return value === undefined ? undefined : Number(value);
}

/**
 * Long.parseLong. Values beyond JavaScript's safe integers cannot be
 * represented exactly, so they are refused like an overflow.
 */
export function parseInt64(text: string): number | undefined {
  const value = parseJavaInteger(text, INT64_MIN, INT64_MAX);
  return value === undefined || !Number.isSafeInteger(Number(value)) ? undefined : Number(value);
}

/** Removes leading and trailing characters at or below U+0020, as the reference's trim does. */
export function trimControl(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}
