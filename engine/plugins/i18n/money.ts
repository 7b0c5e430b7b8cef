/**
 * `money`: a money object in the locale's currency format, and the CLDR
 * money formatting other domains use (the `useCLDRMoneyFormat` setting).
 *
 * A money object is `{decimalValue, currencyCode}` or, in the newer
 * serialisation, `{value, currency}`.
 */
import type { CurrencyFormatOptions, CurrencyType } from '@phensley/cldr';
import type { Formatter } from '../types.ts';
import { asRecord, asString } from '../../runtime/values.ts';
import { cldrFor } from './cldr.ts';
import { limitFractionDigits, toDecimal } from './decimal-value.ts';
import { currencyOptions, memoByArgs } from './options.ts';
import type { CurrencyOptions } from './options.ts';

/** Currency when a caller has none (the specification's default). */
export const DEFAULT_CURRENCY = 'USD';

/** Options of {@link formatMoneyCLDR}: CLDR currency options (style, symbolWidth, group, digits, round). */
export type CldrMoneyOptions = Readonly<CurrencyFormatOptions>;

export interface MoneyParts {
  readonly amount: unknown;
  readonly currency: string;
}

/** Amount and currency of a money object, or undefined when it is not one. */
export function moneyParts(value: unknown): MoneyParts | undefined {
  let amount = asRecord(value)?.decimalValue;
  let currency = asRecord(value)?.currencyCode;
  if (amount === undefined || currency === undefined) {
    amount = asRecord(value)?.value;
    currency = asRecord(value)?.currency;
  }
  if (amount === undefined || currency === undefined) return undefined;
  return { amount, currency: asString(currency) };
}

function formatWith(amount: unknown, currency: string, locale: string, options: CurrencyOptions): string | undefined {
  const decimal = toDecimal(amount);
  if (decimal === undefined) return undefined;
  const { format, maxFractionWithSignificant } = options;
  const rounded =
    maxFractionWithSignificant === undefined
      ? decimal
      : limitFractionDigits(decimal, maxFractionWithSignificant, format.round);
  const code = (currency.trim() === '' ? DEFAULT_CURRENCY : currency.trim().toUpperCase()) as CurrencyType;
  const numbers = cldrFor(locale).Numbers;
  // A code CLDR has no symbol for would print a bare number; show the code instead.
  const unknown = numbers.getCurrencySymbol(code) === '' && format.style !== 'code' && format.style !== 'name';
  return numbers.formatCurrency(rounded, code, unknown ? { ...format, style: 'code' } : format);
}

/**
 * Formats an amount ('1234.5' or 1234.5) in a currency ('EUR') for a locale
 * ('fr-FR', default en-US) with CLDR, e.g. '1 234,50 €'. An amount that is
 * not a number gives ''. Stable API for the commerce domain.
 */
export function formatMoneyCLDR(
  amount: string | number,
  currency: string,
  locale: string,
  options: CldrMoneyOptions = {},
): string {
  return formatWith(amount, currency, locale, { format: { ...options } }) ?? '';
}

/** Formats a money object with `money` formatter arguments; undefined when it is not money. */
export function formatMoneyValue(value: unknown, args: readonly string[], locale: string): string | undefined {
  const parts = moneyParts(value);
  if (parts === undefined) return undefined;
  return formatWith(parts.amount, parts.currency, locale, parsedCurrencyOptions(args));
}

const parsedCurrencyOptions = memoByArgs(currencyOptions);

export const moneyFormatter: Formatter = {
  apply(value, args, ctx) {
    return formatMoneyValue(value, args, ctx.locale);
  },
};
