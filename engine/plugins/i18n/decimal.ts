/**
 * `decimal`: a number in the locale's notation (`{n|decimal style:short}`).
 * Values that are not numbers render nothing.
 */
import type { Formatter } from '../types.ts';
import { cldrFor } from './cldr.ts';
import { limitFractionDigits, toDecimal } from './decimal-value.ts';
import { decimalOptions, memoByArgs } from './options.ts';
import type { DecimalOptions } from './options.ts';
import type { Decimal } from '@phensley/cldr';

/** Formats an exact decimal with parsed `decimal` options in a locale. */
export function formatDecimalIn(locale: string, value: Decimal, options: DecimalOptions): string {
  const { format, maxFractionWithSignificant } = options;
  const rounded =
    maxFractionWithSignificant === undefined
      ? value
      : limitFractionDigits(value, maxFractionWithSignificant, format.round);
  return cldrFor(locale).Numbers.formatDecimal(rounded, format);
}

const parsedDecimalOptions = memoByArgs(decimalOptions);

export const decimalFormatter: Formatter = {
  apply(value, args, ctx) {
    const decimal = toDecimal(value);
    if (decimal === undefined) return undefined;
    return formatDecimalIn(ctx.locale, decimal, parsedDecimalOptions(args));
  },
};
