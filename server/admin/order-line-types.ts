/** The product type each line of some orders was sold as (order_items.product_type), which the admin's order shapes leave out. */
import { placeholders, type StoreSession } from '../db/store.ts';

/** By `orderId:variantId`. */
export async function typesOfLines(session: StoreSession, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await session.all<{ order_id: string; variant_id: string; product_type: number | string }>(
    `SELECT order_id, variant_id, product_type FROM order_items WHERE order_id IN (${placeholders(orderIds.length)})`, [...orderIds],
  );
  return new Map(rows.map((row) => [`${row.order_id}:${row.variant_id}`, Number(row.product_type)]));
}
