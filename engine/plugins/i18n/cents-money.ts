/**
 * `money-format`, `moneyFormat` and `money-string`: legacy formatters that
 * read an amount in cents and print it in US notation ('12345' → '123.45').
 * `money-string` wraps the text in the platform's native-money span.
 */
import type { Formatter } from '../types.ts';
import { asString } from '../../runtime/values.ts';
import { toDecimal } from './decimal-value.ts';
import { formatFixed } from './grouped-number.ts';

const US_CENTS = { minFraction: 2, maxFraction: 2, group: ',', decimal: '.' } as const;

/** '12345' or 12345 (cents) → '123.45'; undefined when the value is not a number. */
export function formatCents(value: unknown): string | undefined {
  const cents = toDecimal(typeof value === 'number' ? value : asString(value));
  if (cents === undefined) return undefined;
  const amount = cents.movePoint(-2);
  const digits = formatFixed(amount, US_CENTS);
  const negative = amount.isNegative() && /[1-9]/.test(digits);
  return negative ? `-${digits}` : digits;
}

export const centsMoneyFormatter: Formatter = {
  apply(value) {
    return formatCents(value);
  },
};

export const moneyStringFormatter: Formatter = {
  apply(value) {
    const text = formatCents(value);
    return text === undefined ? undefined : `<span class="sqs-money-native">${text}</span>`;
  },
};
