/**
 * Type conversions and comparisons of the expression language. They follow
 * JavaScript's rules with the Java reference's deliberate differences: null
 * converts to 0, NaN is truthy, numeric strings must be complete decimal or
 * hexadecimal numbers, and bitwise operands saturate instead of wrapping.
 */
import { JsonDouble } from '../json-double.ts';
import type { Literal } from './tokens.ts';
import { formatNumber } from './number-format.ts';
import { hexDigitsValue, scanDecimal, scanHexDigits } from './numeric-text.ts';

export function toNumber(value: Literal): number {
  switch (typeof value) {
    case 'number':
      return value;
    case 'boolean':
      return value ? 1 : 0;
    case 'string':
      return stringToNumber(value);
    default:
      return 0; // null
  }
}

/**
 * A string is a number only when all of it is one: an optional sign, then a
 * hexadecimal (`0x1f`) or decimal (`12`, `1.5`, `2e-3`) number. The empty
 * string is 0; anything else is NaN.
 */
function stringToNumber(text: string): number {
  if (text === '') return 0;
  const length = text.length;
  const negative = text[0] === '-';
  const start = negative || text[0] === '+' ? 1 : 0;
  if (start === length) return NaN;
  const sign = negative ? -1 : 1;
  const first = text[start]!;
  if (first === '0' && (text[start + 1] === 'x' || text[start + 1] === 'X')) {
    const end = scanHexDigits(text, start + 2, length);
    return end === length ? sign * hexDigitsValue(text.slice(start + 2)) : NaN;
  }
  if (first < '0' || first > '9') return NaN;
  const scan = scanDecimal(text, start, length);
  return scan.ok && scan.end === length ? sign * Number(text.slice(start)) : NaN;
}

/** Java's `(int)` cast: truncation, NaN to 0, saturation at the 32-bit bounds. */
export function toInt32(value: Literal): number {
  const n = toNumber(value);
  if (Number.isNaN(n)) return 0;
  if (n >= 2147483647) return 2147483647;
  if (n <= -2147483648) return -2147483648;
  return Math.trunc(n) | 0;
}

export function toBoolean(value: Literal): boolean {
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'number':
      return value !== 0; // NaN is true, as in the Java reference
    case 'string':
      return value !== '';
    default:
      return false;
  }
}

export function toText(value: Literal): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return formatNumber(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return 'null';
  }
}

/**
 * Loose comparison: two strings compare by UTF-16 code units, everything
 * else as numbers. Returns -1, 0 or 1, or NaN when either number is NaN
 * (every comparison with NaN is false, and `!=` true).
 */
export function compareLoosely(a: Literal, b: Literal): number {
  if (typeof a === 'string' && typeof b === 'string') {
    return a < b ? -1 : a === b ? 0 : 1;
  }
  const x = toNumber(a);
  const y = toNumber(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  return x < y ? -1 : x === y ? 0 : 1;
}

/** Strict equality: same type, then loosely equal (so `NaN === NaN` is false). */
export function strictlyEqual(a: Literal, b: Literal): boolean {
  return typeof a === typeof b && compareLoosely(a, b) === 0;
}

/** Reads a resolved template value as a literal; objects and arrays are not literals. */
export function asLiteral(value: unknown): Literal | undefined {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return value;
    case 'undefined':
      return null; // a missing value behaves as null
    case 'object':
      // A double the data wrote as 1.0 is just a number to expressions.
      if (value instanceof JsonDouble) return value.value;
      return value === null ? null : undefined;
    default:
      return undefined;
  }
}
