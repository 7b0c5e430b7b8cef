import type { StoreSession } from '../db/store.ts';
import type { OrderRecord } from '../db/order-repository.ts';
import { moneyObject, type MoneyObject } from './money.ts';

// Orders are placed by the checkout (checkout-order.ts); this module keeps the shared pieces:
// taking stock in the order's transaction and the platform's views of a placed order.

/**
 * Takes quantity from a limited variant by a conditional update, so two orders racing for the
 * last units (in any process) never both get them: how many are left after it, or null when there
 * is not enough (nothing changes).
 */
export async function takeFromStock(tx: StoreSession, variantId: string, quantity: number): Promise<number | null> {
  const row = await tx.get<{ qty_in_stock: number | string }>(
    'UPDATE variants SET qty_in_stock = qty_in_stock - ? WHERE id = ? AND unlimited = 0 AND qty_in_stock >= ? RETURNING qty_in_stock',
    [quantity, variantId, quantity],
  );
  return row === undefined ? null : Number(row.qty_in_stock);
}

export interface OrderView {
  id: string;
  purchasedCartId: string;
  testMode: boolean;
  websiteId: string;
  items: Array<{ sku: string; productName: string; quantity: number; unitPrice: MoneyObject }>;
  subtotal: MoneyObject;
  grandTotal: MoneyObject;
  shippingTotal: MoneyObject;
  taxTotal: MoneyObject;
  discountTotal: MoneyObject;
}

/** The order record of the spec (money as platform money objects). Never carries the view token. */
export function orderView(order: OrderRecord): OrderView {
  const money = (cents: number) => moneyObject(cents, order.currency);
  return {
    id: order.id,
    purchasedCartId: order.purchasedCartId,
    testMode: order.testMode,
    websiteId: order.websiteId,
    items: order.items.map((item) => ({
      sku: item.sku,
      productName: item.productName,
      quantity: item.quantity,
      unitPrice: money(item.unitPriceCents),
    })),
    subtotal: money(order.subtotalCents),
    grandTotal: money(order.grandTotalCents),
    shippingTotal: money(order.shippingCents),
    taxTotal: money(order.taxCents),
    discountTotal: money(order.discountCents),
  };
}

/** The purchase tracking event of the order-confirmed page. */
export function purchaseEvent(order: OrderRecord): Record<string, unknown> {
  const amount = (cents: number) => Number(moneyObject(cents, order.currency).value);
  return {
    transaction_id: order.id,
    value: amount(order.grandTotalCents),
    shipping: amount(order.shippingCents),
    tax: amount(order.taxCents),
    currency: order.currency,
    items: order.items.map((item) => ({
      item_id: item.sku,
      item_name: item.productName,
      price: amount(item.unitPriceCents),
      quantity: item.quantity,
    })),
  };
}
