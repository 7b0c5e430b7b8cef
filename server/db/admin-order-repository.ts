import { forUpdate, placeholders, type SqlValue, type StoreDialect, type StoreSession } from './store.ts';
import { containsPattern, LIKE_ESCAPE, lowered } from './like-pattern.ts';
import { DiscountCodeRepository } from './discount-code-repository.ts';
import type { OrderItemRecord } from './order-repository.ts';
import { OrderTrackingRepository, trackingFromRow } from './order-tracking-repository.ts';
import { cardRefundFromRow, type CardRefundState } from './card-refund-repository.ts';
import type { ParcelTracking } from '../../client/lib/parcel-carriers.ts';
import { isDiscountCodeShape, normalisedDiscountCode } from '../../client/lib/discount-code.ts';
import { PRODUCT_TYPE } from '../commerce/pricing.ts';
import type { Logger } from 'pino';
import { answersLog, lineAnswers } from '../commerce/line-answers.ts';
import type { ReadableAnswer } from '../commerce/answers-in-words.ts';
import { ORDER_ITEMS_WITH_FORMS } from './checkout-order-repository.ts';

/** Items that count against stock: digital goods and gift cards never took any. */
export const takesStock = (productType: number): boolean => productType !== PRODUCT_TYPE.DIGITAL && productType !== PRODUCT_TYPE.GIFT_CARD;

/** What refunds of part of the order gave back so far, read with each order row (migration 151). */
const REFUNDED_CENTS = '(SELECT COALESCE(SUM(amount_cents), 0) FROM order_refunds WHERE order_refunds.order_id = orders.id) AS refunded_cents';

export type OrderStatus = 'paid' | 'fulfilled' | 'cancelled' | 'refunded';

/** The customer's side of an order; every field may be missing on orders placed before checkout collected it. */
export interface OrderCustomer {
  orderNumber: string | null;
  email: string | null;
  name: string | null;
  shippingAddress: Record<string, unknown> | string | null;
  shippingOption: string | null;
  paymentReference: string | null;
}

export interface AdminOrderSummary extends OrderCustomer {
  id: string;
  createdOn: number;
  currency: string;
  grandTotalCents: number;
  status: OrderStatus;
  testMode: boolean;
  itemCount: number;
  /** What refunds of part of the order gave back so far (0 when none did; a whole refund is its status). */
  refundedCents: number;
}

/**
 * An order line as the owner sees it: the stored item without its product type, with the
 * variant and billing interval in the shopper's words ("Size: L, Color: White"; empty for a
 * product without options and for lines from before the checkout recorded them).
 */
export type AdminOrderLine = Omit<OrderItemRecord, 'productType'> & {
  variantLabel: string; billingInterval: string;
  /** The order item's id, which a refund of part of the order names its lines by. */
  itemId: string;
  /** Whether its units count against stock, so a refund may put them back. */
  takesStock: boolean;
};

/**
 * A line of the order's detail: with its own extra-field answers in words (migration 162; an older
 * order's, kept by field id, read with its product's form now), so two lines of one SKU each show theirs.
 */
export type AdminOrderDetailLine = AdminOrderLine & { answers: ReadableAnswer[] };

/** An order's lines whole, with the form each product has now (checkout-order-repository.ts). */
const ITEMS_WITH_FORMS = `SELECT i.*, f.definition_json AS form_definition ${ORDER_ITEMS_WITH_FORMS}`;

type ItemWithFormRow = ItemRow & { form_answers_json: string | null; form_definition: string | null };

/** `log`: where answers that cannot be read are said (the line is then without them). */
function detailLineOf(item: ItemWithFormRow, log: Pick<Logger, 'warn'> | undefined): AdminOrderDetailLine {
  const answers = lineAnswers(item.form_answers_json, item.form_definition, answersLog(log, { orderId: item.order_id, orderItemId: item.id }));
  return { ...lineOf(item), answers };
}

/** An order as the CSV export writes it: the summary, the money and every line. */
export interface AdminOrderExport extends AdminOrderSummary {
  /** Each line with its own extra-field answers, as the order's detail has them. */
  lines: AdminOrderDetailLine[];
  subtotalCents: number;
  taxCents: number;
  /** The tax was part of the prices (the store's prices included it), not added to the total. */
  taxIncluded: boolean;
  shippingCents: number;
  discountCents: number;
  /** What a gift card paid of the total (0 when none did). */
  giftCardCents: number;
  /** The discount code the order used ('' for none). */
  discountCode: string;
  tracking: ParcelTracking | null;
}

type ItemRow = {
  id: string; order_id: string; product_id: string; variant_id: string; sku: string; product_name: string; quantity: number | string;
  unit_price_cents: number | string; variant_label: string | null; billing_interval: string | null; product_type: number | string;
};

function lineOf(item: ItemRow): AdminOrderLine {
  return {
    productId: item.product_id,
    variantId: item.variant_id,
    sku: item.sku,
    productName: item.product_name,
    variantLabel: item.variant_label ?? '',
    billingInterval: item.billing_interval ?? '',
    quantity: Number(item.quantity),
    unitPriceCents: Number(item.unit_price_cents),
    itemId: item.id,
    takesStock: takesStock(Number(item.product_type)),
  };
}

export interface AdminOrderDetail extends AdminOrderSummary {
  /** The rate it was taxed at, in tenths of a basis point (8875 = 8.875 %); null when not kept. */
  taxRateTenths: number | null;
  /** What the shop called the tax when the order was placed ('' for the platform's words); null when not kept. */
  taxNameThen: string | null;
  subtotalCents: number;
  taxCents: number;
  /** The tax was part of the prices (the store's prices included it), not added to the total. */
  taxIncluded: boolean;
  shippingCents: number;
  discountCents: number;
  /** The discount code the order used, what it took off, and whether its use was given back (the order cancelled or refunded); null without one. */
  discount: { code: string; amountCents: number; returned: boolean } | null;
  lines: AdminOrderDetailLine[];
  /** How it was sent, as the owner gave it when fulfilling (null when they gave nothing). */
  tracking: ParcelTracking | null;
  /**
   * Its moves, and each correction of its tracking after it was sent ('tracking-changed', with what
   * the tracking became and whether the shipping notice went again), oldest first.
   */
  history: Array<{ status: OrderStatus | 'tracking-changed'; on: number; by: string | null; tracking?: ParcelTracking | null; noticeSent?: boolean }>;
  /** The last four digits of the card it charged (migration 149); null when none was, or the order is older. */
  paymentCardLast4: string | null;
  /** Where a live order's card refund stands (the order screen's `cardRefund`, card-refund.ts). */
  cardRefundState: CardRefundState;
}

type OrderRow = Record<string, unknown> & {
  id: string;
  created_on: number;
  currency: string;
  grand_total_cents: number;
  subtotal_cents: number;
  tax_cents: number;
  tax_included: number | string;
  shipping_cents: number;
  discount_cents: number;
  test_mode: number;
  status: OrderStatus;
};

function text(row: Record<string, unknown>, ...names: string[]): string | null {
  for (const name of names) {
    const value = row[name];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return null;
}

/** A shipping address stored as JSON text (or plain text), whichever the checkout wrote. */
function address(row: Record<string, unknown>): Record<string, unknown> | string | null {
  const raw = text(row, 'shipping_address_json', 'shipping_address');
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : raw;
  } catch {
    return raw;
  }
}

/**
 * The customer columns come with the checkout (order number, email, name, shipping, payment);
 * they are read by name when present, so orders from before them read as unknown.
 */
function customerOf(row: Record<string, unknown>): OrderCustomer {
  return {
    orderNumber: text(row, 'order_number', 'number'),
    email: text(row, 'customer_email', 'email'),
    name: text(row, 'customer_name', 'name'),
    shippingAddress: address(row),
    shippingOption: text(row, 'shipping_option_name', 'shipping_option', 'shipping_option_id'),
    paymentReference: text(row, 'payment_reference', 'payment_ref'),
  };
}

function summaryOf(row: OrderRow, itemCount: number): AdminOrderSummary {
  return {
    id: row.id,
    createdOn: Number(row.created_on),
    currency: row.currency,
    grandTotalCents: Number(row.grand_total_cents),
    status: row.status,
    testMode: Number(row.test_mode) === 1,
    itemCount,
    refundedCents: Number(row.refunded_cents ?? 0),
    ...customerOf(row),
  };
}

export class OrderStateError extends Error {
  constructor(readonly status: OrderStatus) {
    super(`order is ${status}`);
  }
}

/** An order's summary, its money and its lines, as the detail and the export read them. */
function moneyOf<Line extends AdminOrderLine>(row: OrderRow, lines: Line[]) {
  return {
    ...summaryOf(row, lines.reduce((sum, line) => sum + line.quantity, 0)),
    subtotalCents: Number(row.subtotal_cents),
    taxCents: Number(row.tax_cents),
    taxIncluded: Number(row.tax_included) === 1,
    shippingCents: Number(row.shipping_cents),
    discountCents: Number(row.discount_cents),
    lines,
    tracking: trackingFromRow(row),
  };
}

/**
 * Which orders a list, its summary or the export covers: those of one status; those a search
 * finds (words of the customer's email or name, case-insensitive, and a number, with or without
 * its #, finds that order too, and a discount code, in either case, the orders that used it);
 * those placed from `since` (included) to `before` (left out).
 */
export interface AdminOrderFilter {
  status?: OrderStatus;
  search?: string;
  since?: number;
  before?: number;
}

/** What the orders a filter finds add up to (AdminOrderRepository.summary). */
export interface AdminOrdersSummary {
  orders: number;
  /** Cancelled and refunded orders: counted in `orders`, their money in no total. */
  notCounted: number;
  /** The totals of the live paid and fulfilled orders less what gift cards paid of them, a total per currency. */
  taken: Array<{ currency: string; cents: number }>;
  /** The same of test-mode orders, where no money moved. */
  takenInTestMode: Array<{ currency: string; cents: number }>;
}

/** The WHERE clause of a filter (with any conditions of the caller's own), and its values. */
function whereOf(dialect: StoreDialect, filter: AdminOrderFilter, more: string[] = [], moreParams: SqlValue[] = []): { where: string; params: SqlValue[] } {
  const where: string[] = [];
  const params: SqlValue[] = [];
  if (filter.status) {
    where.push('status = ?');
    params.push(filter.status);
  }
  const words = (filter.search ?? '').trim();
  if (words !== '') {
    const pattern = containsPattern(words);
    const number = /^#?\s*(\d{1,15})$/.exec(words)?.[1];
    // words that could be a discount code find the orders that used it (one lookup by order a row)
    const code = normalisedDiscountCode(words);
    const byCode = isDiscountCodeShape(code);
    where.push(`(${lowered(dialect, 'customer_email')} LIKE ? ${LIKE_ESCAPE} OR ${lowered(dialect, 'customer_name')} LIKE ? ${LIKE_ESCAPE}${number !== undefined ? ' OR order_number = ?' : ''}${
      byCode ? ' OR EXISTS (SELECT 1 FROM discount_code_uses WHERE discount_code_uses.order_id = orders.id AND discount_code_uses.code = ?)' : ''})`);
    params.push(pattern, pattern, ...(number !== undefined ? [Number(number)] : []), ...(byCode ? [code] : []));
  }
  // a range of created_on, which its index (orders_by_created) reads
  if (filter.since !== undefined) {
    where.push('created_on >= ?');
    params.push(filter.since);
  }
  if (filter.before !== undefined) {
    where.push('created_on < ?');
    params.push(filter.before);
  }
  where.push(...more);
  params.push(...moreParams);
  return { where: where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '', params };
}

/** Orders as the owner sees and moves them: paid → fulfilled, paid → cancelled, → refunded (test mode). */
export class AdminOrderRepository {
  /** `log`: where an order line's answers that cannot be read are said (line-answers.ts). */
  constructor(private readonly session: StoreSession, private readonly log?: Pick<Logger, 'warn'>) {}

  /**
   * Orders newest first, `limit` from `offset`: those the filter finds (see AdminOrderFilter).
   */
  async list(limit: number, offset: number, filter: AdminOrderFilter = {}): Promise<AdminOrderSummary[]> {
    const { where, params } = whereOf(this.session.dialect, filter);
    const rows = await this.session.all<OrderRow>(
      `SELECT *, ${REFUNDED_CENTS} FROM orders${where} ORDER BY created_on DESC, rowid DESC LIMIT ? OFFSET ?`,
      [...params, limit, offset],
    );
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const counts = await this.session.all<{ order_id: string; quantity: number }>(
      `SELECT order_id, quantity FROM order_items WHERE order_id IN (${placeholders(ids.length)})`,
      ids,
    );
    return rows.map((row) => summaryOf(row, counts.filter((item) => item.order_id === row.id).reduce((sum, item) => sum + Number(item.quantity), 0)));
  }

  /**
   * What every order the filter finds adds up to, whatever page is shown: how many, and the
   * totals of those paid or fulfilled (the money the store keeps) by currency, live orders apart
   * from test-mode ones; cancelled and refunded orders are counted apart, their money not taken.
   * What a gift card paid is not counted again: its money was taken when the card was sold; what
   * refunds of part of an order gave back to its card is not taken either.
   */
  async summary(filter: AdminOrderFilter = {}): Promise<AdminOrdersSummary> {
    const { where, params } = whereOf(this.session.dialect, filter);
    const rows = await this.session.all<{ currency: string; kept: number | string; test_mode: number | string; orders: number | string; cents: number | string | null }>(
      `SELECT currency, CASE WHEN status IN ('paid', 'fulfilled') THEN 1 ELSE 0 END AS kept, test_mode,
         COUNT(*) AS orders,
         SUM(grand_total_cents - COALESCE((SELECT amount_cents FROM gift_card_payments WHERE gift_card_payments.order_id = orders.id), 0)
           - COALESCE((SELECT SUM(card_cents) FROM order_refunds WHERE order_refunds.order_id = orders.id), 0)) AS cents
       FROM orders${where} GROUP BY currency, CASE WHEN status IN ('paid', 'fulfilled') THEN 1 ELSE 0 END, test_mode`,
      params,
    );
    const summary: AdminOrdersSummary = { orders: 0, notCounted: 0, taken: [], takenInTestMode: [] };
    for (const row of rows) {
      const orders = Number(row.orders);
      summary.orders += orders;
      if (Number(row.kept) !== 1) {
        summary.notCounted += orders;
        continue;
      }
      const totals = Number(row.test_mode) === 1 ? summary.takenInTestMode : summary.taken;
      const cents = Number(row.cents ?? 0);
      const same = totals.find((total) => total.currency === row.currency);
      if (same) same.cents += cents;
      else totals.push({ currency: row.currency, cents });
    }
    return summary;
  }

  /** Whether an order of this id exists (a read of its key alone). */
  async exists(id: string): Promise<boolean> {
    return (await this.session.get<{ id: string }>('SELECT id FROM orders WHERE id = ?', [id])) !== undefined;
  }

  async findById(id: string): Promise<AdminOrderDetail | undefined> {
    const row = await this.session.get<OrderRow>(`SELECT *, ${REFUNDED_CENTS} FROM orders WHERE id = ?`, [id]);
    if (!row) return undefined;
    // each line with its own answers
    const items = await this.session.all<ItemWithFormRow>(`${ITEMS_WITH_FORMS} WHERE i.order_id = ? ORDER BY i.rowid`, [id]);
    const lines = items.map((item) => detailLineOf(item, this.log));
    const history: AdminOrderDetail['history'] = [{ status: 'paid', on: Number(row.created_on), by: null }];
    for (const status of ['fulfilled', 'cancelled', 'refunded'] as const) {
      const on = row[`${status}_on`];
      if (on !== null && on !== undefined) history.push({ status, on: Number(on), by: text(row, `${status}_by`) });
    }
    for (const change of await new OrderTrackingRepository(this.session).changesOf(id)) {
      history.push({ status: 'tracking-changed', on: change.on, by: change.by, tracking: change.tracking, noticeSent: change.noticeSent });
    }
    const discountUse = await new DiscountCodeRepository(this.session).useOf(id);
    return {
      ...moneyOf(row, lines),
      // the rate it was taxed at, said beside its tax (null for an order placed before it was kept)
      taxRateTenths: row.tax_rate_tenths === null || row.tax_rate_tenths === undefined ? null : Number(row.tax_rate_tenths),
      taxNameThen: typeof row.tax_name === 'string' ? row.tax_name : null,
      discount: discountUse ? { code: discountUse.code, amountCents: discountUse.amountCents, returned: discountUse.returnedOn !== null } : null,
      history: history.sort((a, b) => a.on - b.on),
      paymentCardLast4: text(row, 'payment_card_last4'),
      cardRefundState: cardRefundFromRow(row),
    };
  }

  /**
   * The newest `limit` orders the filter finds (newest first, as the list) with their money and
   * every line (in the order bought), what a gift card paid and the discount code used, for the
   * CSV export, read `batchSize` orders at a time (four queries a batch), so the export holds one
   * batch in memory however many orders it writes.
   */
  async *exportBatches(limit: number, batchSize: number, filter: AdminOrderFilter = {}): AsyncGenerator<AdminOrderExport[]> {
    let after: { createdOn: number; position: number } | undefined;
    for (let read = 0; read < limit;) {
      // each batch goes on from the last order of the one before, in the list's own order
      const { where, params } = whereOf(this.session.dialect, filter, after ? ['created_on <= ? AND (created_on < ? OR rowid < ?)'] : [], after ? [after.createdOn, after.createdOn, after.position] : []);
      const rows = await this.session.all<OrderRow & { row_position: number | string }>(
        `SELECT rowid AS row_position, *, ${REFUNDED_CENTS} FROM orders${where} ORDER BY created_on DESC, rowid DESC LIMIT ?`,
        [...params, Math.min(batchSize, limit - read)],
      );
      if (rows.length === 0) return;
      yield await this.withLines(rows);
      read += rows.length;
      const last = rows[rows.length - 1]!;
      after = { createdOn: Number(last.created_on), position: Number(last.row_position) };
    }
  }

  private async withLines(rows: readonly OrderRow[]): Promise<AdminOrderExport[]> {
    const ids = rows.map((row) => row.id);
    const items = await this.session.all<ItemWithFormRow>(`${ITEMS_WITH_FORMS} WHERE i.order_id IN (${placeholders(ids.length)}) ORDER BY i.rowid`, ids);
    const linesOf = new Map<string, AdminOrderDetailLine[]>(ids.map((id) => [id, []]));
    for (const item of items) linesOf.get(item.order_id)?.push(detailLineOf(item, this.log));
    const giftCardPaid = await this.session.all<{ order_id: string; amount_cents: number | string }>(
      `SELECT order_id, amount_cents FROM gift_card_payments WHERE order_id IN (${placeholders(ids.length)})`,
      ids,
    );
    const giftCardOf = new Map(giftCardPaid.map((row) => [row.order_id, Number(row.amount_cents)]));
    const discountUses = await this.session.all<{ order_id: string; code: string }>(
      `SELECT order_id, code FROM discount_code_uses WHERE order_id IN (${placeholders(ids.length)})`,
      ids,
    );
    const discountCodeOf = new Map(discountUses.map((row) => [row.order_id, row.code]));
    return rows.map((row) => ({
      ...moneyOf(row, linesOf.get(row.id) ?? []), giftCardCents: giftCardOf.get(row.id) ?? 0, discountCode: discountCodeOf.get(row.id) ?? '',
    }));
  }

  /**
   * Moves an order from one of `from` to `to`, recording when and who; call inside a
   * transaction. Returns the status it had, or undefined when there is no such order; throws
   * OrderStateError when its status does not allow the move.
   */
  async move(id: string, from: readonly OrderStatus[], to: Exclude<OrderStatus, 'paid'>, by: string, now: number): Promise<{ before: OrderStatus; testMode: boolean } | undefined> {
    const row = await this.session.get<{ status: OrderStatus; test_mode: number }>(`SELECT status, test_mode FROM orders WHERE id = ?${forUpdate(this.session)}`, [id]);
    if (!row) return undefined;
    if (!from.includes(row.status)) throw new OrderStateError(row.status);
    // the column names come from the fixed list of statuses, never from input
    const { changes } = await this.session.run(
      `UPDATE orders SET status = ?, ${to}_on = ?, ${to}_by = ? WHERE id = ? AND status = ?`,
      [to, now, by, id, row.status],
    );
    if (changes !== 1) throw new OrderStateError(row.status);
    return { before: row.status, testMode: Number(row.test_mode) === 1 };
  }

  async lines(id: string): Promise<Array<{ itemId: string; productId: string; variantId: string; quantity: number; unitPriceCents: number; takesStock: boolean }>> {
    const rows = await this.session.all<{ id: string; product_id: string; variant_id: string; quantity: number; unit_price_cents: number; product_type: number }>(
      'SELECT id, product_id, variant_id, quantity, unit_price_cents, product_type FROM order_items WHERE order_id = ? ORDER BY rowid',
      [id],
    );
    return rows.map((row) => ({
      itemId: row.id, productId: row.product_id, variantId: row.variant_id, quantity: Number(row.quantity),
      unitPriceCents: Number(row.unit_price_cents), takesStock: takesStock(Number(row.product_type)),
    }));
  }
}

