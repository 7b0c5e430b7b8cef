/**
 * A number written with a fraction or exponent in a predicate argument
 * (`2.0`, `1e3`). The reference keeps such literals as floating numbers even
 * when they are whole, so `{.equal? 2 2.0}` is false and `{.even? 4.0}` is
 * false; this wrapper keeps that distinction, which a JavaScript number
 * cannot carry.
 */
export class DoubleLiteral {
  constructor(readonly value: number) {}
}

/** The plain JSON value behind an operand. */
export function plainValue(value: unknown): unknown {
  return value instanceof DoubleLiteral ? value.value : value;
}

/** Whether a value is a whole number held as an integer (not a floating literal). */
export function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/** Whether a value is a number held as a floating number. */
export function isFloating(value: unknown): boolean {
  return value instanceof DoubleLiteral || (typeof value === 'number' && !Number.isInteger(value));
}
