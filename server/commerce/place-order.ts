import { randomBytes } from 'node:crypto';
import { ADD_TO_CART } from '../../client/lib/messages.ts';
import type { AppDeps } from '../deps.ts';
import { newRecordId, type CartRecord } from '../db/cart-repository.ts';
import { OrderRepository, type OrderRecord } from '../db/order-repository.ts';
import { serverMessages } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { storeRepositories } from '../api/cart-session.ts';
import { CatalogueRepository } from '../db/catalogue-repository.ts';
import { SiteRepository } from '../db/site-repository.ts';
import { computeTotals, totalsSettingsFrom } from './cart-totals.ts';
import { priceEntries } from './cart-view.ts';
import { hasUnlimitedStock } from './pricing.ts';
import { moneyObject, type MoneyObject } from './money.ts';

/**
 * Places the order of a cart in test mode (no payment provider exists here): stock is taken, the
 * order is written and the cart is marked purchased in one transaction, so a failure changes nothing.
 */
export function placeOrder(deps: AppDeps, cart: CartRecord): Promise<OrderRecord> {
  const { carts } = storeRepositories(deps);
  const orders = new OrderRepository(deps.db);
  // TRANSITION: carts and orders still write through deps.db (SQLite), inside this transaction's connection.
  return deps.store.transaction(async (tx): Promise<OrderRecord> => {
    const catalogue = new CatalogueRepository(tx);
    const site = new SiteRepository(tx);
    const current = carts.findById(cart.id);
    if (!current || current.isPurchased) throw new HttpError(409, serverMessages.cartPurchased);
    const priced = await priceEntries(carts.entries(cart.id), catalogue);
    if (priced.length === 0) throw new HttpError(400, serverMessages.cartEmpty);
    for (const line of priced) {
      if (hasUnlimitedStock(line.product, line.variant)) continue;
      if (!(await catalogue.takeFromStock(line.variant.id, line.entry.quantity))) {
        throw new HttpError(409, ADD_TO_CART.notEnoughStock);
      }
    }
    const totals = computeTotals(
      priced.map((line) => ({ productType: line.product.productType, unitPriceCents: line.unitPriceCents, quantity: line.entry.quantity })),
      totalsSettingsFrom(await site.storeSettings()),
    );
    const order: OrderRecord = {
      id: newRecordId(),
      purchasedCartId: cart.id,
      websiteId: await site.websiteId(),
      testMode: true,
      currency: cart.currency,
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
    orders.insert(order, newRecordId);
    carts.markPurchased(cart.id, order.id);
    return order;
  });
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
