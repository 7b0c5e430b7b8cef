/**
 * The commerce plugin library: product, price, cart and checkout formatters
 * and the product predicates. The pure helpers behind them (product status,
 * stock, prices, variant options, money, subscriptions) are exported from
 * their own modules for the server's stock rules and cart totals.
 */
import type { FormatterTable, PredicateTable } from '../types.ts';
import { cartFormatters } from './cart-formatters.ts';
import { checkoutFormatters } from './checkout-formatters.ts';
import { formSummaryFormatters } from './form-summary-formatter.ts';
import { merchandisingFormatters } from './merchandising-formatters.ts';
import { commerceNumberFormatters } from './number-formatters.ts';
import { priceFormatters } from './price-formatters.ts';
import { productPredicates } from './predicates.ts';

export const commerceFormatters: FormatterTable = {
  ...cartFormatters,
  ...checkoutFormatters,
  ...formSummaryFormatters,
  ...merchandisingFormatters,
  ...commerceNumberFormatters,
  ...priceFormatters,
};

export const commercePredicates: PredicateTable = {
  ...productPredicates,
};
