import { newAdminId } from './admin-product-repository.ts';
import { containsPattern, LIKE_ESCAPE } from './like-pattern.ts';
import { forUpdate, placeholders, type SqlValue, type StoreSession } from './store.ts';
import { stockCountToWrite, type StockCountEdit } from '../commerce/stock-count-edit.ts';
import { STOCKLESS_TYPE_CODES, typeTakesStock } from '../../client/lib/product-stock.ts';
import { shopOrder } from './shop-order.ts';

export type StockChangeReason = 'order' | 'owner-edit' | 'restock' | 'cancel';

/**
 * Why, as the history answers it: a recorded `cancel` of an order that was never cancelled put its
 * units back with a refund (the store records both as `cancel`), and is answered as `refund`.
 */
export type StockChangeWhy = StockChangeReason | 'refund';

export interface StockChange {
  variantId: string;
  productId: string;
  delta: number;
  /** Units in stock right after the change; null when not known (orders). */
  quantityAfter: number | null;
  reason: StockChangeWhy;
  /** Who: the owner account's email, or the order's customer for orders. */
  actor: string;
  orderId: string | null;
  /** The order's number as the Orders screen shows and finds it (`1003`); null without an order. */
  orderNumber: string | null;
  /**
   * Set on a switch between Unlimited and a count: true when the variant was made unlimited, false
   * when it was counted again (delta 0, quantityAfter its count); null on a change of the count.
   */
  unlimitedAfter: boolean | null;
  createdOn: number;
}

/** A change to record; `unlimitedAfter` only for a switch between Unlimited and a count. */
export type NewStockChange = Omit<StockChange, 'createdOn' | 'unlimitedAfter' | 'orderNumber' | 'reason'> & { reason: StockChangeReason; unlimitedAfter?: boolean };

/** A stock edit written: the count before and after, and the Unlimited switch before and now. */
export interface StockSet {
  productId: string;
  before: number;
  after: number;
  wasUnlimited: boolean;
  unlimited: boolean;
}

/** A stock edit refused: the count changed in the store since the screen loaded it. */
export interface StockEditRefused {
  changedMeanwhile: true;
  productTitle: string;
  sku: string;
  qtyInStock: number;
}

/** One row of the inventory table: a variant with its product and stock. */
export interface InventoryRow {
  productId: string;
  productTitle: string;
  variantId: string;
  sku: string;
  attributes: Record<string, string>;
  qtyInStock: number;
  unlimited: boolean;
  /** False for a digital product or gift card: never out of stock, its count means nothing (product-stock.ts). */
  stockKept: boolean;
}

interface StockChangeRow {
  variant_id: string;
  product_id: string;
  delta: number;
  quantity_after: number | null;
  reason: StockChangeReason;
  actor: string;
  order_id: string | null;
  unlimited_after: number | null;
  created_on: number;
}

interface OrderLineRow {
  variant_id: string;
  product_id: string;
  quantity: number;
  order_id: string;
  order_number: number | string | null;
  created_on: number;
}

/**
 * Stock per variant and the history of its changes. Owner edits, restocks, cancellations and
 * switches between Unlimited and a count are recorded here when they happen; sales are read from
 * the orders' lines, so the checkout needs to write nothing extra.
 */
export class StockHistoryRepository {
  constructor(private readonly session: StoreSession) {}

  async record(change: NewStockChange, now: number): Promise<void> {
    const unlimitedAfter = change.unlimitedAfter === undefined ? null : change.unlimitedAfter ? 1 : 0;
    await this.session.run(
      `INSERT INTO stock_changes (id, product_id, variant_id, delta, quantity_after, reason, actor, order_id, unlimited_after, created_on)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [newAdminId(), change.productId, change.variantId, change.delta, change.quantityAfter, change.reason, change.actor, change.orderId, unlimitedAfter, now],
    );
  }

  /** Every variant of every product, in the catalogue's order. */
  /**
   * Variants in catalogue order, `limit` from `offset`: those whose product title or SKU holds the
   * search (case-insensitive), and with `runningLowAt` only those with at most that many left
   * (not unlimited), fewest first.
   */
  async inventory(filter: { search?: string; runningLowAt?: number; limit: number; offset: number }): Promise<InventoryRow[]> {
    const where: string[] = [];
    const params: SqlValue[] = [];
    const words = (filter.search ?? '').trim();
    if (words !== '') {
      const pattern = containsPattern(words);
      where.push(`(lower(p.title) LIKE ? ${LIKE_ESCAPE} OR lower(v.sku) LIKE ? ${LIKE_ESCAPE})`);
      params.push(pattern, pattern);
    }
    if (filter.runningLowAt !== undefined) {
      // digital products and gift cards are never out of stock, whatever count they hold
      where.push(`v.unlimited = 0 AND v.qty_in_stock <= ? AND p.product_type NOT IN (${placeholders(STOCKLESS_TYPE_CODES.length)})`);
      params.push(filter.runningLowAt, ...STOCKLESS_TYPE_CODES);
    }
    const order = filter.runningLowAt !== undefined ? 'v.qty_in_stock, ' : '';
    const rows = await this.session.all<{
      product_id: string; title: string; id: string; sku: string; attributes_json: string; qty_in_stock: number; unlimited: number; product_type: number;
    }>(
      `SELECT v.product_id, p.title, v.id, v.sku, v.attributes_json, v.qty_in_stock, v.unlimited, p.product_type
       FROM variants v JOIN products p ON p.id = v.product_id${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}
       ORDER BY ${order}${shopOrder('p')}, v.display_order, v.id LIMIT ? OFFSET ?`,
      [...params, filter.limit, filter.offset],
    );
    return rows.map((row) => ({
      productId: row.product_id,
      productTitle: row.title,
      variantId: row.id,
      sku: row.sku,
      attributes: JSON.parse(row.attributes_json) as Record<string, string>,
      qtyInStock: Number(row.qty_in_stock),
      unlimited: Number(row.unlimited) === 1,
      stockKept: typeTakesStock(Number(row.product_type)),
    }));
  }

  /**
   * Sets a variant's stock (and whether it is unlimited, when given) by the rule of
   * stock-count-edit.ts; call inside a transaction. Returns the stock before and after, whether it
   * was unlimited before and whether it is now; or, when the count changed in the store since it
   * was loaded, the count now and nothing written; or undefined when there is no such variant.
   */
  async setStock(variantId: string, edit: StockCountEdit, unlimited?: boolean): Promise<StockSet | StockEditRefused | undefined> {
    const row = await this.session.get<{ product_id: string; sku: string; qty_in_stock: number; unlimited: number }>(
      `SELECT product_id, sku, qty_in_stock, unlimited FROM variants WHERE id = ?${forUpdate(this.session)}`,
      [variantId],
    );
    if (!row) return undefined;
    const before = Number(row.qty_in_stock);
    const outcome = stockCountToWrite(before, edit);
    if (!('write' in outcome)) {
      const product = await this.session.get<{ title: string }>('SELECT title FROM products WHERE id = ?', [row.product_id]);
      return { changedMeanwhile: true, productTitle: product?.title ?? '', sku: row.sku, qtyInStock: before };
    }
    const wasUnlimited = Number(row.unlimited) === 1;
    const nowUnlimited = unlimited ?? wasUnlimited;
    await this.session.run('UPDATE variants SET qty_in_stock = ?, unlimited = ? WHERE id = ?', [outcome.write, nowUnlimited ? 1 : 0, variantId]);
    return { productId: row.product_id, before, after: outcome.write, wasUnlimited, unlimited: nowUnlimited };
  }

  /** Puts units back into a limited variant (a cancelled order); false when the variant is gone. */
  async putBack(variantId: string, quantity: number): Promise<number | null> {
    const { changes } = await this.session.run('UPDATE variants SET qty_in_stock = qty_in_stock + ? WHERE id = ? AND unlimited = 0', [quantity, variantId]);
    if (changes !== 1) return null;
    const row = await this.session.get<{ qty_in_stock: number }>('SELECT qty_in_stock FROM variants WHERE id = ?', [variantId]);
    return row ? Number(row.qty_in_stock) : null;
  }

  /** A variant's changes, newest first: the recorded ones and its sales. */
  async history(variantId: string, limit = 200): Promise<StockChange[]> {
    const recorded = await this.session.all<StockChangeRow>(
      'SELECT * FROM stock_changes WHERE variant_id = ? ORDER BY created_on DESC, rowid DESC LIMIT ?',
      [variantId, limit],
    );
    const sales = await this.session.all<OrderLineRow>(
      `SELECT i.variant_id, i.product_id, i.quantity, i.order_id, o.order_number, o.created_on
       FROM order_items i JOIN orders o ON o.id = i.order_id
       WHERE i.variant_id = ? ORDER BY o.created_on DESC LIMIT ?`,
      [variantId, limit],
    );
    // a recorded change of an order (its cancellation or refund) is named by the order's number too,
    // and told apart by whether the order was ever cancelled
    const numbers = new Map(sales.map((row) => [row.order_id, row.order_number]));
    const neverCancelled = new Set<string>();
    const ofOrders = [...new Set(recorded.flatMap((row) => (row.order_id === null ? [] : [row.order_id])))];
    if (ofOrders.length > 0) {
      const orders = await this.session.all<{ id: string; order_number: number | string | null; cancelled_on: number | string | null }>(
        `SELECT id, order_number, cancelled_on FROM orders WHERE id IN (${placeholders(ofOrders.length)})`,
        ofOrders,
      );
      for (const order of orders) {
        numbers.set(order.id, order.order_number);
        if (order.cancelled_on === null) neverCancelled.add(order.id);
      }
    }
    const whyOf = (row: StockChangeRow): StockChangeWhy => (row.reason === 'cancel' && row.order_id !== null && neverCancelled.has(row.order_id) ? 'refund' : row.reason);
    const numberOf = (orderId: string | null): string | null => {
      const number = orderId === null ? null : numbers.get(orderId);
      return number === null || number === undefined ? null : String(number);
    };
    const changes: StockChange[] = [
      ...recorded.map((row) => ({
        variantId: row.variant_id,
        productId: row.product_id,
        delta: Number(row.delta),
        quantityAfter: row.quantity_after === null ? null : Number(row.quantity_after),
        reason: whyOf(row),
        actor: row.actor,
        orderId: row.order_id,
        orderNumber: numberOf(row.order_id),
        unlimitedAfter: row.unlimited_after === null ? null : Number(row.unlimited_after) === 1,
        createdOn: Number(row.created_on),
      })),
      ...sales.map((row) => ({
        variantId: row.variant_id,
        productId: row.product_id,
        delta: -Number(row.quantity),
        quantityAfter: null,
        reason: 'order' as const,
        actor: 'customer',
        orderId: row.order_id,
        orderNumber: numberOf(row.order_id),
        unlimitedAfter: null,
        createdOn: Number(row.created_on),
      })),
    ];
    return changes.sort((a, b) => b.createdOn - a.createdOn).slice(0, limit);
  }
}
