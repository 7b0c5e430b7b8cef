import { randomBytes } from 'node:crypto';
import { ADD_TO_CART } from '../../client/lib/messages.ts';
import type { AppDeps } from '../deps.ts';
import { CatalogueRepository } from '../db/catalogue-repository.ts';
import { CartRepository, newRecordId, type CartRecord } from '../db/cart-repository.ts';
import { isUniqueViolation, type StoreSession } from '../db/store.ts';
import { OrderRepository, type OrderRecord } from '../db/order-repository.ts';
import { serverMessages } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { storeRepositories } from '../api/cart-session.ts';
import { computeTotals, totalsSettingsFrom } from './cart-totals.ts';
import { priceEntries, type ProductLookup } from './cart-view.ts';
import { hasUnlimitedStock } from './pricing.ts';
import { moneyObject, type MoneyObject } from './money.ts';

/**
 * The catalogue read inside the order's transaction.
 * SEAM: the catalogue repository still reads through the SQLite connection (which sees the open
 * transaction); once it takes a StoreSession this becomes `new CatalogueRepository(tx)`.
 */
function catalogueIn(tx: StoreSession): ProductLookup {
  return new CatalogueRepository(tx);
}

/**
 * Takes quantity from a limited variant by a conditional update, so two orders racing for the
 * last units (in any process) never both get them; false when there is not enough (nothing changes).
 */
export async function takeFromStock(tx: StoreSession, variantId: string, quantity: number): Promise<boolean> {
  const result = await tx.run(
    'UPDATE variants SET qty_in_stock = qty_in_stock - ? WHERE id = ? AND unlimited = 0 AND qty_in_stock >= ?',
    [quantity, variantId, quantity],
  );
  return result.changes === 1;
}

/**
 * Places the order of a cart in test mode (no payment provider exists here): stock is taken, the
 * order is written and the cart is marked purchased in one transaction, so a failure changes nothing.
 * The cart's row is locked first, so a second checkout of the same cart waits and then finds it
 * purchased; the UNIQUE purchased_cart_id backs that up.
 */
export async function placeOrder(deps: AppDeps, cart: CartRecord): Promise<OrderRecord> {
  const { site } = storeRepositories(deps);
  const settings = totalsSettingsFrom(await site.storeSettings());
  const websiteId = await site.websiteId();
  try {
    return await deps.store.transaction(async (tx): Promise<OrderRecord> => {
      const carts = new CartRepository(tx);
      const current = await carts.lock(cart.id);
      if (!current || current.isPurchased) throw new HttpError(409, serverMessages.cartPurchased);
      const priced = await priceEntries(await carts.entries(cart.id), catalogueIn(tx));
      if (priced.length === 0) throw new HttpError(400, serverMessages.cartEmpty);
      // variants in one order (by id) whatever the cart's order, so two checkouts never wait on each other's rows
      const byVariant = [...priced].sort((a, b) => (a.variant.id < b.variant.id ? -1 : a.variant.id > b.variant.id ? 1 : 0));
      for (const line of byVariant) {
        if (hasUnlimitedStock(line.product, line.variant)) continue;
        if (!(await takeFromStock(tx, line.variant.id, line.entry.quantity))) {
          throw new HttpError(409, ADD_TO_CART.notEnoughStock);
        }
      }
      const totals = computeTotals(
        priced.map((line) => ({ productType: line.product.productType, unitPriceCents: line.unitPriceCents, quantity: line.entry.quantity })),
        settings,
      );
      const order: OrderRecord = {
        id: newRecordId(),
        purchasedCartId: cart.id,
        websiteId,
        testMode: true,
        currency: current.currency,
        subtotalCents: totals.subtotalCents,
        taxCents: totals.taxCents,
        shippingCents: totals.shippingCostCents,
        discountCents: totals.discountCents,
        grandTotalCents: totals.grandTotalCents,
        viewToken: randomBytes(18).toString('base64url'),
        createdOn: Date.now(),
        items: priced.map((line) => ({
          productId: line.product.id,
          variantId: line.variant.id,
          sku: line.variant.sku,
          productName: line.product.title,
          quantity: line.entry.quantity,
          unitPriceCents: line.unitPriceCents,
          productType: line.product.productType,
        })),
      };
      await new OrderRepository(tx).insert(order, newRecordId);
      if (!(await carts.markPurchased(cart.id, order.id))) throw new HttpError(409, serverMessages.cartPurchased);
      return order;
    });
  } catch (error) {
    // the order of another process for the same cart committed first
    if (isUniqueViolation(error)) throw new HttpError(409, serverMessages.cartPurchased);
    throw error;
  }
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
