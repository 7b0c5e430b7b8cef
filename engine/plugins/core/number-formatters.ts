/**
 * Counting and arithmetic formatters: `count`, `mod`, `round` and `iter`.
 */
import { isObject, JsonBigInteger } from '../../runtime/values.ts';
import type { FormatterTable } from '../types.ts';
import { parseInt64 } from './java-text.ts';
import { doubleOf, longOf, textOf } from './node-coercion.ts';
import { divideByZero } from './runtime-failure.ts';

const DEFAULT_DIVISOR = 2;

/** Elements of an array, properties of an object, characters of text; 0 for anything else. */
function countOf(value: unknown): number {
  if (Array.isArray(value) || typeof value === 'string') return value.length;
  if (isObject(value)) return Object.keys(value).length;
  return 0;
}

const TWO_TO_63 = 2 ** 63;
const LONG_MAX = new JsonBigInteger('9223372036854775807');
const LONG_MIN = new JsonBigInteger('-9223372036854775808');

/**
 * Rounds half up to a 64-bit integer like the reference's `Math.round`: NaN
 * gives 0, anything past the long range its end. Integers a double cannot
 * print exactly keep their digits, as the reference's long does.
 */
function roundHalfUp(value: number): number | JsonBigInteger {
  if (Number.isNaN(value)) return 0;
  if (value >= TWO_TO_63) return LONG_MAX;
  if (value <= -TWO_TO_63) return LONG_MIN;
  // `+ 0` turns a negative zero into 0.
  const rounded = Math.round(value) + 0;
  return Number.isSafeInteger(rounded) ? rounded : new JsonBigInteger(BigInt(rounded).toString());
}

export const numberFormatters: FormatterTable = {
  count: { apply: (value) => countOf(value) },
  mod: {
    apply(value, args) {
      // An unreadable divisor means 2; a zero divisor fails, as released.
      const divisor = args.length > 0 ? (parseInt64(args[0]!) ?? DEFAULT_DIVISOR) : DEFAULT_DIVISOR;
      if (divisor === 0) throw divideByZero();
      // `+ 0` turns a negative zero remainder into 0.
      return (longOf(value) % divisor) + 0;
    },
  },
  round: { apply: (value) => roundHalfUp(doubleOf(value)) },
  iter: { apply: (_value, _args, ctx) => textOf(ctx.resolve(ctx.splitPath('@index'))) },
};
