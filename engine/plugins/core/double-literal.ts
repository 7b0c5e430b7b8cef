/**
 * Whole numbers versus doubles, as the reference tells them apart: a number
 * the data or a predicate argument wrote with a fraction or exponent (`2.0`,
 * `1e3`) is a double even when whole (a JsonDouble), so `{.equal? 2 2.0}` is
 * false and `{.even? 4.0}` is false.
 */
import { JsonBigInteger, JsonDouble } from '../../runtime/values.ts';

/** Whether a value is a whole number held as an integer (not a double). */
export function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/** Whether a value is a number held as a double: a JsonDouble or a fractional number. */
export function isFloating(value: unknown): boolean {
  if (value instanceof JsonDouble) return !(value instanceof JsonBigInteger);
  return typeof value === 'number' && !Number.isInteger(value);
}
