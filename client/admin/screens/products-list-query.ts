/** The product list's filters as its address keeps them (`/config/products?q=walnut&sort=newest&page=3`). */

/** The address's fields that choose the products and their order; `page` goes with them. */
export const PRODUCT_LIST_FIELDS = ['q', 'type', 'visible', 'category', 'stock', 'sort'] as const;
export type ProductListFields = Record<(typeof PRODUCT_LIST_FIELDS)[number], string>;

export function productListFields(address: URLSearchParams): ProductListFields {
  return Object.fromEntries(PRODUCT_LIST_FIELDS.map((name) => [name, address.get(name) ?? ''])) as ProductListFields;
}

/**
 * The list's filters and page out of an address's query (the list's, or a product's opened from
 * it, which carries them so that its way back leads to the same list), as a query to add to a path.
 */
export function productsListQuery(address: URLSearchParams): string {
  const kept = [...PRODUCT_LIST_FIELDS, 'page'].map((name) => [name, address.get(name) ?? '']).filter(([, value]) => value !== '');
  const query = new URLSearchParams(kept).toString();
  return query === '' ? '' : `?${query}`;
}
