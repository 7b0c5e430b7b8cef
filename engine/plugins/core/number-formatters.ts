/**
 * Counting and arithmetic formatters: `count`, `mod`, `round` and `iter`.
 */
import { isObject } from '../../runtime/values.ts';
import type { FormatterTable } from '../types.ts';
import { parseInt64 } from './java-text.ts';
import { doubleOf, longOf, textOf } from './node-coercion.ts';
import { divideByZero } from './runtime-failure.ts';

const DEFAULT_DIVISOR = 2;
const LONG_LIMIT = 9223372036854775807;

/** Elements of an array, properties of an object, characters of text; 0 for anything else. */
function countOf(value: unknown): number {
  if (Array.isArray(value) || typeof value === 'string') return value.length;
  if (isObject(value)) return Object.keys(value).length;
  return 0;
}

/** Rounds half up like the reference: NaN gives 0, infinities saturate. */
function roundHalfUp(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.max(-LONG_LIMIT, Math.min(LONG_LIMIT, Math.round(value)));
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
