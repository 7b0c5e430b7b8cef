/**
 * The gift cards owed to orders placed before gift cards were kept as cards (before migration 143,
 * which made the tables and issued none): such an order was paid and its gift card line recorded,
 * with its recipient, but no card, and so no code, was ever made, so neither the shop nor the
 * recipient had anything to spend. Each start, after the migrations, issues them as the checkout
 * issues a card today: one per gift card bought (the line's quantity, less what refunds of part of
 * the order took back), worth the line's unit price in the order's currency, for the order's
 * recipient, under the order and dated by it.
 *
 * Their emails are not sent: a code arriving unannounced weeks after the order would surprise
 * more than help. The owner finds each card under Gift cards and on its order's screen, and sends
 * its email from the card's screen (or shows its code to pass on); the log line says so.
 *
 * Orders cancelled or refunded are owed none (the checkout's cards are stopped with them). Each
 * order is issued in its own transaction, its row locked and its cards looked for again under the
 * lock, so processes starting together issue each card once; a later start finds nothing to do.
 */
import type { Store, StoreSession } from '../db/store.ts';
import { forUpdate } from '../db/store.ts';
import { GiftCardRepository } from '../db/gift-card-repository.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { PRODUCT_TYPE } from './pricing.ts';

/** Orders still kept: a cancelled or refunded order's cards would be stopped at once. */
const KEPT = ['paid', 'fulfilled'] as const;

/** The orders with a gift card line, kept, and no card at all: those a checkout before migration 143 left. */
export async function ordersOwedGiftCards(store: Store): Promise<string[]> {
  // the type written out, not a parameter: the planners use the partial index (migration 160) only for a condition they can read
  const rows = await store.all<{ order_id: string }>(
    `SELECT DISTINCT i.order_id, o.created_on FROM order_items i JOIN orders o ON o.id = i.order_id
     WHERE i.product_type = ${PRODUCT_TYPE.GIFT_CARD} AND o.status IN (?, ?)
       AND NOT EXISTS (SELECT 1 FROM gift_cards g WHERE g.order_id = i.order_id)
     ORDER BY o.created_on, i.order_id`,
    [...KEPT],
  );
  return rows.map((row) => row.order_id);
}

/**
 * Issues the cards of one order, under its row's lock; none when another process issued them
 * first, or the order was cancelled or refunded meanwhile. Returns how many it issued.
 */
async function issueForOrder(tx: StoreSession, orderId: string): Promise<number> {
  const order = await tx.get<{ status: string; currency: string; created_on: number | string; recipient_email: string | null; customer_email: string | null }>(
    `SELECT status, currency, created_on, recipient_email, customer_email FROM orders WHERE id = ?${forUpdate(tx)}`,
    [orderId],
  );
  if (!order || !(KEPT as readonly string[]).includes(order.status)) return 0;
  if (await tx.get('SELECT 1 AS found FROM gift_cards WHERE order_id = ?', [orderId])) return 0;
  // the checkout asked for the recipient; an order from before it kept one goes to its buyer, who paid and can pass it on
  const recipientEmail = order.recipient_email || order.customer_email || '';
  if (recipientEmail === '') return 0;
  const lines = await tx.all<{ id: string; quantity: number | string; unit_price_cents: number | string }>(
    'SELECT id, quantity, unit_price_cents FROM order_items WHERE order_id = ? AND product_type = ? ORDER BY rowid',
    [orderId, PRODUCT_TYPE.GIFT_CARD],
  );
  // units a refund of part of the order took back were given their money back: no card for them
  const refunded = new Map((await tx.all<{ item_id: string; quantity: number | string }>(
    'SELECT item_id, SUM(quantity) AS quantity FROM order_refund_lines WHERE order_id = ? GROUP BY item_id',
    [orderId],
  )).map((row) => [row.item_id, Number(row.quantity)]));
  const giftCards = new GiftCardRepository(tx);
  let issued = 0;
  for (const line of lines) {
    const owed = Number(line.quantity) - (refunded.get(line.id) ?? 0);
    for (let unit = 0; unit < owed; unit++) {
      await giftCards.issue({ orderId, currency: order.currency, amountCents: Number(line.unit_price_cents), recipientEmail }, Number(order.created_on));
      issued += 1;
    }
  }
  return issued;
}

/**
 * Issues the cards owed to `orderIds` (read by ordersOwedGiftCards, perhaps by another process
 * before this one), each order in its own transaction: one whose cards were issued since, or that
 * was cancelled or refunded since, gets none. The count issued and the orders that got cards.
 */
export async function issueOwedGiftCards(store: Store, orderIds: readonly string[]): Promise<{ issued: number; orders: string[] }> {
  let issued = 0;
  const orders: string[] = [];
  for (const orderId of orderIds) {
    const count = await store.transaction((tx) => issueForOrder(tx, orderId));
    if (count > 0) orders.push(orderId);
    issued += count;
  }
  return { issued, orders };
}

/**
 * Issues every card owed (see above) and logs how many, when any were: each start runs it after
 * the migrations, before the store serves, in every process. Returns the count this process issued.
 */
export async function issueGiftCardsOwed(store: Store, log: { info(fields: object, message: string): void }): Promise<number> {
  const { issued, orders } = await issueOwedGiftCards(store, await ordersOwedGiftCards(store));
  if (issued > 0) {
    log.info({ giftCards: issued, orders }, fillMessage(issued === 1 ? serverMessages.giftCardsOwedIssuedOneLog : serverMessages.giftCardsOwedIssuedLog, { count: issued }));
  }
  return issued;
}
