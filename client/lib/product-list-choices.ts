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

/** The bulk actions on the products chosen in the list (server/admin/product-bulk.ts). */
export const PRODUCT_BULK_ACTIONS = ['hide', 'show', 'add-category', 'remove-category', 'feature', 'unfeature', 'delete'] as const;
export type ProductBulkAction = (typeof PRODUCT_BULK_ACTIONS)[number];
/** The most products one bulk action changes: the list offers "select all that match" up to it. */
export const MAX_BULK_PRODUCTS = 10_000;
