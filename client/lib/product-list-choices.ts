/**
 * The product list's sorts and kinds as its address and its call name them (`?sort=price-low&type=giftCard`),
 * shared by the admin's screen and the server's check of the query.
 */

/** `shop` is the shop's own order, the default. */
export const PRODUCT_SORTS = ['shop', 'title', 'newest', 'price-low', 'price-high', 'stock-low'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The editor's kinds (a subscription is a product with a plan, whatever its type code). */
export const PRODUCT_LIST_KINDS = ['physical', 'digital', 'service', 'giftCard', 'subscription'] as const;
export type ProductListKind = (typeof PRODUCT_LIST_KINDS)[number];
