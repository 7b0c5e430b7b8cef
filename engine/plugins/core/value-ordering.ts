/**
 * Ordering and equality of JSON values for the comparison predicates, with
 * the reference's released rules: the left operand's type decides how the
 * right one is read (a whole number compares as an integer, a floating
 * number as a double, text as text, a boolean as a boolean), and anything
 * else is only "equal" (0) or "less" (-1). Equality never converts: a whole
 * number differs from a floating literal of the same value.
 */
import { deepEquals, plainJson } from '../../runtime/values.ts';
import { isFloating, isWholeNumber } from './double-literal.ts';
import { booleanOf, doubleOf, longOf, textOf } from './node-coercion.ts';

function sign(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Double ordering where -0 sorts before 0 and NaN after everything (and equals itself). */
function compareDoubles(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return a === 0 ? sign(1 / a, 1 / b) : 0;
  return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : -1;
}

export function compareValues(leftOperand: unknown, rightOperand: unknown): number {
  const left = plainJson(leftOperand);
  const right = plainJson(rightOperand);
  if (isWholeNumber(leftOperand)) return sign(leftOperand, longOf(right));
  if (typeof left === 'number') return compareDoubles(left, doubleOf(right));
  if (typeof left === 'string') {
    const other = textOf(right);
    return left < other ? -1 : left > other ? 1 : 0;
  }
  if (typeof left === 'boolean') return sign(Number(left), Number(booleanOf(right)));
  return valuesEqual(leftOperand, rightOperand) ? 0 : -1;
}

/** Structural equality; missing equals only missing, null only null. */
export function valuesEqual(leftOperand: unknown, rightOperand: unknown): boolean {
  const left = plainJson(leftOperand);
  const right = plainJson(rightOperand);
  if (typeof left === 'number' && typeof right === 'number') {
    if (isFloating(leftOperand) !== isFloating(rightOperand)) return false;
    return isFloating(leftOperand) ? compareDoubles(left, right) === 0 : left === right;
  }
  return deepEquals(left, right);
}
