import { formatAmount } from '../../client/lib/money.ts';

/** A platform money object: decimal text in `value`/`decimalValue`, code in `currency`/`currencyCode`. */
export interface MoneyObject {
  value: string;
  decimalValue: string;
  currency: string;
  currencyCode: string;
}

/** Minor units to the platform's money object ('1234.50', no grouping). */
export function moneyObject(cents: number, currency: string): MoneyObject {
  const decimal = formatAmount(cents, currency).replace(/,/g, '');
  return { value: decimal, decimalValue: decimal, currency, currencyCode: currency };
}
