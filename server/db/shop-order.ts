/**
 * The shop's order of products, defined once: `display_order` (a new product takes the place
 * before the first; the owner moves products on the Products screen: product-order.ts), then the
 * id for products that share a place (imports and older data may). The shop's listing, its kept
 * copy, the admin's product list ("the shop's order"), the inventory and the CSV export all read
 * products in this order, so the admin shows them as `/shop` does.
 */

/** The ORDER BY of the shop's order, its columns named through `table` (an alias) when given. */
export function shopOrder(table?: string): string {
  const of = table === undefined ? '' : `${table}.`;
  return `${of}display_order, ${of}id`;
}
