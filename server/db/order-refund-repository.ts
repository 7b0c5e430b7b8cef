import { placeholders, type StoreSession } from './store.ts';

/** One line of a refund: how many units of order item `itemId` it took back, and whether they went back to stock. */
export interface OrderRefundLineRecord {
  itemId: string;
  quantity: number;
  restocked: boolean;
}

/** A refund of part of an order (migration 151): its money, where it went, why and who gave it. */
export interface OrderRefundRecord {
  id: string;
  orderId: string;
  amountCents: number;
  /** What went back to the payment card (recorded alike for a test-mode order, where no money moved). */
  cardCents: number;
  /** What went back on the gift card that paid part of the order. */
  giftCardCents: number;
  reason: string;
  actor: string;
  createdOn: number;
  lines: OrderRefundLineRecord[];
}

/** What an order's refunds so far add up to. */
export interface OrderRefundTotals {
  amountCents: number;
  cardCents: number;
  giftCardCents: number;
}

/** What the refunds took of one order line: the units, and how many of them went back to stock. */
export interface RefundedOfLine {
  quantity: number;
  restocked: number;
}

type RefundRow = {
  id: string; order_id: string; amount_cents: number | string; card_cents: number | string; gift_card_cents: number | string;
  reason: string; actor: string; created_on: number | string;
};
type LineRow = { refund_id: string; item_id: string; quantity: number | string; restocked: number | string };

export const NO_REFUNDS: OrderRefundTotals = { amountCents: 0, cardCents: 0, giftCardCents: 0 };

/**
 * The refunds of part of an order: written in the refund's transaction, read by the order's
 * screen, its list, its export and the whole refund or cancellation that gives back only the rest.
 */
export class OrderRefundRepository {
  constructor(private readonly session: StoreSession) {}

  async add(refund: OrderRefundRecord): Promise<void> {
    await this.session.run(
      `INSERT INTO order_refunds (id, order_id, amount_cents, card_cents, gift_card_cents, reason, actor, created_on)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [refund.id, refund.orderId, refund.amountCents, refund.cardCents, refund.giftCardCents, refund.reason, refund.actor, refund.createdOn],
    );
    for (const line of refund.lines) {
      await this.session.run(
        'INSERT INTO order_refund_lines (refund_id, order_id, item_id, quantity, restocked) VALUES (?, ?, ?, ?, ?)',
        [refund.id, refund.orderId, line.itemId, line.quantity, line.restocked ? 1 : 0],
      );
    }
  }

  /** The order's refunds, oldest first, each with its lines. */
  async ofOrder(orderId: string): Promise<OrderRefundRecord[]> {
    const rows = await this.session.all<RefundRow>('SELECT * FROM order_refunds WHERE order_id = ? ORDER BY created_on, rowid', [orderId]);
    const lines = await this.session.all<LineRow>('SELECT refund_id, item_id, quantity, restocked FROM order_refund_lines WHERE order_id = ? ORDER BY rowid', [orderId]);
    return rows.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      amountCents: Number(row.amount_cents),
      cardCents: Number(row.card_cents),
      giftCardCents: Number(row.gift_card_cents),
      reason: row.reason,
      actor: row.actor,
      createdOn: Number(row.created_on),
      lines: lines.filter((line) => line.refund_id === row.id)
        .map((line) => ({ itemId: line.item_id, quantity: Number(line.quantity), restocked: Number(line.restocked) === 1 })),
    }));
  }

  /** What the order's refunds add up to (nothing when it has none). */
  async totalsOf(orderId: string): Promise<OrderRefundTotals> {
    return (await this.totalsOfOrders([orderId])).get(orderId) ?? NO_REFUNDS;
  }

  /** The refunds' totals of each of `orderIds` that has any. */
  async totalsOfOrders(orderIds: readonly string[]): Promise<Map<string, OrderRefundTotals>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.session.all<{ order_id: string; amount: number | string; card: number | string; gift_card: number | string }>(
      `SELECT order_id, SUM(amount_cents) AS amount, SUM(card_cents) AS card, SUM(gift_card_cents) AS gift_card
       FROM order_refunds WHERE order_id IN (${placeholders(orderIds.length)}) GROUP BY order_id`,
      [...orderIds],
    );
    return new Map(rows.map((row) => [row.order_id, { amountCents: Number(row.amount), cardCents: Number(row.card), giftCardCents: Number(row.gift_card) }]));
  }

  /** What the order's refunds took of each of its lines, by order item id (lines none took are absent). */
  async refundedLines(orderId: string): Promise<Map<string, RefundedOfLine>> {
    const rows = await this.session.all<{ item_id: string; quantity: number | string; restocked: number | string }>(
      `SELECT item_id, SUM(quantity) AS quantity, SUM(CASE WHEN restocked = 1 THEN quantity ELSE 0 END) AS restocked
       FROM order_refund_lines WHERE order_id = ? GROUP BY item_id`,
      [orderId],
    );
    return new Map(rows.map((row) => [row.item_id, { quantity: Number(row.quantity), restocked: Number(row.restocked) }]));
  }
}
