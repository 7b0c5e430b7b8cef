/**
 * Product predicates, tested on the current node: `has-variants?`,
 * `on-sale?`, `sold-out?` and `varied-prices?`.
 */
import type { PredicateTable } from '../types.ts';
import { hasVariants, hasVariedPrices, isOnSale, isSoldOut } from './product-status.ts';

export const productPredicates: PredicateTable = {
  'has-variants?': { test: (item) => hasVariants(item) },
  'on-sale?': { test: (item) => isOnSale(item) },
  'sold-out?': { test: (item) => isSoldOut(item) },
  'varied-prices?': { test: (item) => hasVariedPrices(item) },
};
