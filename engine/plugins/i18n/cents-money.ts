/**
 * `money-format`, `moneyFormat` and `money-string`: legacy formatters that
 * read an amount in cents and print it in US notation ('12345' → '123.45').
 * `money-string` wraps the text in the platform's native-money span. The
 * formatting itself is the commerce domain's legacy money display, the one
 * the product price and cart subtotal use too (Java DecimalFormat rules,
 * "-0.00" for a negative amount that rounds to zero).
 */
import type { Formatter } from '../types.ts';
import { centsOfValue, formatMoneyCents, legacyMoneyHtml } from '../commerce/money.ts';

export const centsMoneyFormatter: Formatter = {
  apply(value) {
    const cents = centsOfValue(value);
    return cents === undefined ? undefined : formatMoneyCents(cents);
  },
};

export const moneyStringFormatter: Formatter = {
  apply(value) {
    const cents = centsOfValue(value);
    return cents === undefined ? undefined : legacyMoneyHtml(cents);
  },
};
