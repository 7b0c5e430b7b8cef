import type { StoreSession } from './store.ts';

export interface OrderItemRecord {
  productId: string;
  variantId: string;
  sku: string;
  productName: string;
  quantity: number;
  unitPriceCents: number;
  productType: number;
}

export interface OrderRecord {
  id: string;
  purchasedCartId: string;
  websiteId: string;
  testMode: boolean;
  currency: string;
  subtotalCents: number;
  taxCents: number;
  /** `taxCents` is part of the prices, not added to the grand total (prices that include tax). */
  taxIncluded: boolean;
  /** The rate it was taxed at, in tenths of a basis point (8875 = 8.875 %); null when not kept (older orders). */
  taxRateTenths: number | null;
  /** What the shop called the tax then ('' for the platform's words); null when not kept (older orders). */
  taxName: string | null;
  shippingCents: number;
  discountCents: number;
  grandTotalCents: number;
  /** Secret of the confirmation link. */
  viewToken: string;
  createdOn: number;
  items: OrderItemRecord[];
}

interface OrderRow {
  id: string;
  purchased_cart_id: string;
  website_id: string;
  test_mode: number;
  currency: string;
  subtotal_cents: number;
  tax_cents: number;
  tax_included: number | string;
  tax_rate_tenths: number | string | null;
  tax_name: string | null;
  shipping_cents: number;
  discount_cents: number;
  grand_total_cents: number;
  view_token: string;
  created_on: number;
}

interface ItemRow {
  product_id: string;
  variant_id: string;
  sku: string;
  product_name: string;
  quantity: number;
  unit_price_cents: number;
  product_type: number;
}

/** Orders placed at checkout and their items. */
export class OrderRepository {
  constructor(private readonly session: StoreSession) {}

  /**
   * Inserts the order with its items; call inside the checkout transaction. A second order for
   * the same cart breaks the UNIQUE purchased_cart_id (see isUniqueViolation).
   */
  async insert(order: OrderRecord, newItemId: () => string): Promise<void> {
    await this.session.run(
      `INSERT INTO orders (id, purchased_cart_id, website_id, test_mode, currency, subtotal_cents, tax_cents, tax_included,
         tax_rate_tenths, tax_name, shipping_cents, discount_cents, grand_total_cents, view_token, created_on)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        order.id, order.purchasedCartId, order.websiteId, order.testMode ? 1 : 0, order.currency, order.subtotalCents,
        order.taxCents, order.taxIncluded ? 1 : 0, order.taxRateTenths, order.taxName, order.shippingCents, order.discountCents, order.grandTotalCents, order.viewToken, order.createdOn,
      ],
    );
    for (const item of order.items) {
      await this.session.run(
        `INSERT INTO order_items (id, order_id, product_id, variant_id, sku, product_name, quantity, unit_price_cents, product_type)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [newItemId(), order.id, item.productId, item.variantId, item.sku, item.productName, item.quantity, item.unitPriceCents, item.productType],
      );
    }
  }

  async findById(id: string): Promise<OrderRecord | undefined> {
    const row = await this.session.get<OrderRow>('SELECT * FROM orders WHERE id = ?', [id]);
    if (!row) return undefined;
    const items = await this.session.all<ItemRow>('SELECT * FROM order_items WHERE order_id = ? ORDER BY rowid', [row.id]);
    return {
      id: row.id,
      purchasedCartId: row.purchased_cart_id,
      websiteId: row.website_id,
      testMode: row.test_mode === 1,
      currency: row.currency,
      subtotalCents: row.subtotal_cents,
      taxCents: row.tax_cents,
      taxIncluded: Number(row.tax_included) === 1,
      taxRateTenths: row.tax_rate_tenths === null || row.tax_rate_tenths === undefined ? null : Number(row.tax_rate_tenths),
      taxName: row.tax_name ?? null,
      shippingCents: row.shipping_cents,
      discountCents: row.discount_cents,
      grandTotalCents: row.grand_total_cents,
      viewToken: row.view_token,
      createdOn: Number(row.created_on),
      items: items.map((item) => ({
        productId: item.product_id,
        variantId: item.variant_id,
        sku: item.sku,
        productName: item.product_name,
        quantity: item.quantity,
        unitPriceCents: item.unit_price_cents,
        productType: item.product_type,
      })),
    };
  }
}
