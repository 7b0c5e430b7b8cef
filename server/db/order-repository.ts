import type Database from 'better-sqlite3';

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
  private readonly insertOrder: Database.Statement<Record<string, unknown>>;
  private readonly insertItem: Database.Statement<Record<string, unknown>>;
  private readonly byId: Database.Statement<[string], OrderRow>;
  private readonly itemsOf: Database.Statement<[string], ItemRow>;

  constructor(db: Database.Database) {
    this.insertOrder = db.prepare(
      `INSERT INTO orders (id, purchased_cart_id, website_id, test_mode, currency, subtotal_cents, tax_cents,
         shipping_cents, discount_cents, grand_total_cents, view_token, created_on)
       VALUES (@id, @purchasedCartId, @websiteId, @testMode, @currency, @subtotalCents, @taxCents,
         @shippingCents, @discountCents, @grandTotalCents, @viewToken, @createdOn)`,
    );
    this.insertItem = db.prepare(
      `INSERT INTO order_items (id, order_id, product_id, variant_id, sku, product_name, quantity, unit_price_cents, product_type)
       VALUES (@id, @orderId, @productId, @variantId, @sku, @productName, @quantity, @unitPriceCents, @productType)`,
    );
    this.byId = db.prepare('SELECT * FROM orders WHERE id = ?');
    this.itemsOf = db.prepare('SELECT * FROM order_items WHERE order_id = ? ORDER BY rowid');
  }

  /** Inserts the order with its items; call inside the checkout transaction. */
  insert(order: OrderRecord, newItemId: () => string): void {
    this.insertOrder.run({ ...order, testMode: order.testMode ? 1 : 0 });
    for (const item of order.items) this.insertItem.run({ ...item, id: newItemId(), orderId: order.id });
  }

  findById(id: string): OrderRecord | undefined {
    const row = this.byId.get(id);
    if (!row) return undefined;
    return {
      id: row.id,
      purchasedCartId: row.purchased_cart_id,
      websiteId: row.website_id,
      testMode: row.test_mode === 1,
      currency: row.currency,
      subtotalCents: row.subtotal_cents,
      taxCents: row.tax_cents,
      shippingCents: row.shipping_cents,
      discountCents: row.discount_cents,
      grandTotalCents: row.grand_total_cents,
      viewToken: row.view_token,
      createdOn: row.created_on,
      items: this.itemsOf.all(row.id).map((item) => ({
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
