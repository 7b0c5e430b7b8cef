/**
 * A refund of part of an order (POST /api/admin/orders/{id}/refunds): some of its items (each
 * with how many, and whether they go back to stock) and some of its money, or money alone. The
 * money goes back to the payment card first, up to what the card paid less what refunds gave back
 * to it already, and the rest onto the gift card that paid part of the order. As the whole refund
 * (card-refund.ts), the order's refund is taken before anything is read, so two refunds of one
 * order never run at once; the card's part goes back through the provider first, under the
 * refund's own key, then the refund is recorded in one transaction with its stock, its gift card
 * part and, once the refunds reach the order's total, the order's move to refunded.
 */
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { formatMoney } from '../../client/lib/money.ts';
import type { AppDeps } from '../deps.ts';
import { AdminOrderRepository, OrderStateError, type OrderStatus } from '../db/admin-order-repository.ts';
import { CardRefundRepository } from '../db/card-refund-repository.ts';
import { DiscountCodeRepository } from '../db/discount-code-repository.ts';
import { EmailOutboxRepository, type OutboxEmail } from '../db/email-outbox-repository.ts';
import { GiftCardRepository } from '../db/gift-card-repository.ts';
import { OrderRefundRepository, type OrderRefundRecord, type RefundedOfLine } from '../db/order-refund-repository.ts';
import { StockHistoryRepository } from '../db/stock-history-repository.ts';
import { forUpdate, type StoreSession } from '../db/store.ts';
import { partialRefundEmail } from '../email/partial-refund-email.ts';
import { fillMessage } from '../messages.ts';
import { storeMoneyFormat } from '../pages/base-context.ts';
import { SiteRepository } from '../db/site-repository.ts';
import { describeError } from '../security/error-handlers.ts';
import { HttpError } from '../security/http-error.ts';
import { ownerText, recordId } from './admin-validation.ts';
import { cardChargeOf, cardLeftCents, giveCardBack, isLiveCharge, partRefundKey, REFUND_CLAIM_MS, takeRefund, type CardCharge } from './card-refund.ts';

/** The statuses a refund of part of an order is allowed in: its money is still the store's. */
export const PART_REFUNDABLE: readonly OrderStatus[] = ['paid', 'fulfilled'];

/** Lines a refund may name: more than any order has. */
const MAX_REFUND_LINES = 500;

export const partialRefundInput = z.object({
  lines: z.array(z.object({
    itemId: recordId,
    quantity: z.number().int().min(1),
    restock: z.boolean(),
  }).strict()).max(MAX_REFUND_LINES),
  amountCents: z.number().int().min(1),
  // the owner's own note, kept with the refund; the shopper's notice does not show it
  reason: ownerText(500).default(''),
  notifyCustomer: z.boolean(),
}).strict();

export type PartialRefundInput = z.output<typeof partialRefundInput>;

/** An order line as the refund checks it. */
interface RefundableLine { itemId: string; productId: string; variantId: string; quantity: number; takesStock: boolean }

/** What is left to refund of an order: its money (its total less every refund so far) and each line's units. */
interface RefundableOrder {
  status: OrderStatus;
  grandTotalCents: number;
  currency: string;
  leftCents: number;
  lines: RefundableLine[];
  refundedLines: Map<string, RefundedOfLine>;
}

async function refundableOrder(session: StoreSession, orderId: string, lock: boolean): Promise<RefundableOrder | undefined> {
  const row = await session.get<{ status: OrderStatus; grand_total_cents: number | string; currency: string }>(
    `SELECT status, grand_total_cents, currency FROM orders WHERE id = ?${lock ? forUpdate(session) : ''}`,
    [orderId],
  );
  if (!row) return undefined;
  const refunds = new OrderRefundRepository(session);
  const totals = await refunds.totalsOf(orderId);
  const grandTotalCents = Number(row.grand_total_cents);
  return {
    status: row.status,
    grandTotalCents,
    currency: row.currency,
    leftCents: grandTotalCents - totals.amountCents,
    lines: await new AdminOrderRepository(session).lines(orderId),
    refundedLines: await refunds.refundedLines(orderId),
  };
}

/**
 * The problems of `input` against what is left of the order, each under its field as the form
 * names it ("lines.0.quantity", "amountCents"); empty when there are none.
 */
function problemsOf(input: PartialRefundInput, order: RefundableOrder, money: (cents: number) => string): Record<string, string> {
  const server = ADMIN.server;
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  input.lines.forEach((asked, index) => {
    const line = order.lines.find((one) => one.itemId === asked.itemId);
    if (!line) {
      problems[`lines.${index}.itemId`] = server.refundItemNotInOrder;
      return;
    }
    if (seen.has(asked.itemId)) problems[`lines.${index}.itemId`] = server.refundItemTwice;
    seen.add(asked.itemId);
    const left = line.quantity - (order.refundedLines.get(line.itemId)?.quantity ?? 0);
    if (asked.quantity > left) {
      problems[`lines.${index}.quantity`] = left <= 0 ? server.refundItemAllRefunded : fillMessage(server.refundQuantityLeft, { count: String(left) });
    }
    if (asked.restock && !line.takesStock) problems[`lines.${index}.restock`] = server.refundItemTakesNoStock;
  });
  if (order.leftCents <= 0) problems.amountCents = server.refundNothingLeft;
  else if (input.amountCents > order.leftCents) problems.amountCents = fillMessage(server.refundAmountLeft, { amount: money(order.leftCents) });
  return problems;
}

/**
 * Where the refund's money goes: the card first, up to what it has left, then the gift card that
 * paid part of the order, up to what its payment has left. What neither can take (an order placed
 * before the store kept how it was paid) is the card's part, given back outside the store as a
 * test order's is: no provider is asked for a charge it has no reference of.
 */
function splitOf(amountCents: number, charge: CardCharge, giftCardLeftCents: number): { cardCents: number; giftCardCents: number } {
  const toCard = Math.min(amountCents, cardLeftCents(charge));
  const giftCardCents = Math.min(amountCents - toCard, giftCardLeftCents);
  return { cardCents: amountCents - giftCardCents, giftCardCents };
}

/** What of the gift card payment has not gone back on the card yet (0 without one). */
async function giftCardLeftCents(session: StoreSession, orderId: string): Promise<number> {
  const payment = await new GiftCardRepository(session).paymentOf(orderId);
  return payment === null || payment.returnedOn !== null ? 0 : payment.amountCents - payment.returnedCents;
}

/**
 * The refund's id, made before the provider is asked: the order's next refund by number, so a
 * refund asked again after its money went back and its record failed is asked under the same key,
 * and the provider answers with the refund it made rather than making a second.
 */
async function nextRefundId(session: StoreSession, orderId: string): Promise<string> {
  const row = await session.get<{ count: number | string }>('SELECT COUNT(*) AS count FROM order_refunds WHERE order_id = ?', [orderId]);
  return `${orderId}-refund-${Number(row?.count ?? 0) + 1}`;
}

/**
 * Makes the refund of `input` on order `orderId` by `actor`; returns the shopper's notice put in
 * the outbox (null when not asked for, or the order has no email), for the caller to send. Throws
 * an HttpError saying why it made none (the order left as it was), or OrderStateError when the
 * order's status does not allow it.
 */
export async function refundPart(deps: AppDeps, orderId: string, input: PartialRefundInput, actor: string): Promise<OutboxEmail | null> {
  const now = Date.now();
  const before = await cardChargeOf(deps.store, orderId);
  if (!before) throw new HttpError(404, ADMIN.server.orderNotFound);
  if (!PART_REFUNDABLE.includes(before.status)) throw new OrderStateError(before.status);
  // taken before anything is read, so what is left to refund does not change under it
  await takeRefund(deps, orderId, PART_REFUNDABLE, now);
  const refunds = new CardRefundRepository(deps.store);
  let refund: OrderRefundRecord;
  let charge: CardCharge;
  let cardMoved = false;
  try {
    charge = (await cardChargeOf(deps.store, orderId))!;
    const order = (await refundableOrder(deps.store, orderId, false))!;
    const format = await storeMoneyFormat(new SiteRepository(deps.store));
    const problems = problemsOf(input, order, (cents) => formatMoney(cents, order.currency, format));
    if (Object.keys(problems).length > 0) throw new HttpError(400, ADMIN.server.invalidInput, { fieldErrors: problems });
    refund = {
      id: await nextRefundId(deps.store, orderId), orderId, amountCents: input.amountCents,
      ...splitOf(input.amountCents, charge, await giftCardLeftCents(deps.store, orderId)),
      reason: input.reason.trim(), actor, createdOn: now,
      lines: input.lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity, restocked: line.restock })),
    };
    // a test-mode order moves no money through the provider; its refund is recorded all the same
    if (refund.cardCents > 0 && isLiveCharge(charge)) {
      await giveCardBack(deps, orderId, charge, PART_REFUNDABLE, now, { amountCents: refund.cardCents, idempotencyKey: partRefundKey(refund.id) }, true);
      cardMoved = true;
    }
  } catch (error) {
    await refunds.release(orderId, now);
    throw error;
  }
  try {
    return await deps.store.transaction((tx) => recordRefund(tx, refund, charge, input.notifyCustomer, actor, now));
  } catch (error) {
    // the money went back but the store could not record it: the refund stays begun on the order,
    // and asked again (the same refund, under the same key) the provider answers with the one it made
    if (cardMoved) {
      deps.log.error({ err: describeError(error), orderId, refundId: refund.id }, 'card refund of part of an order not recorded');
      await refunds.leaveUnfinished(orderId, now, REFUND_CLAIM_MS).catch(() => undefined);
      throw new HttpError(500, ADMIN.server.refundNotRecorded);
    }
    await refunds.release(orderId, now).catch(() => undefined);
    throw error;
  }
}

/**
 * The refund's transaction: checked again under the order's lock (a whole refund of a test-mode
 * order takes no refund of the card), recorded, its units put back, its gift card part given back
 * and, once the refunds reach the total, the order moved to refunded as a whole refund moves it.
 */
async function recordRefund(tx: StoreSession, refund: OrderRefundRecord, charge: CardCharge, notify: boolean, actor: string, now: number): Promise<OutboxEmail | null> {
  const order = await refundableOrder(tx, refund.orderId, true);
  if (!order) throw new HttpError(404, ADMIN.server.orderNotFound);
  if (!PART_REFUNDABLE.includes(order.status)) throw new OrderStateError(order.status);
  if (refund.amountCents > order.leftCents) throw new HttpError(409, ADMIN.server.refundBeingMade);
  await new OrderRefundRepository(tx).add(refund);
  const stock = new StockHistoryRepository(tx);
  for (const line of refund.lines) {
    if (!line.restocked) continue;
    const bought = order.lines.find((one) => one.itemId === line.itemId)!;
    const after = await stock.putBack(bought.variantId, line.quantity);
    if (after === null) continue;
    // recorded as the whole refund's units are, with the order, so the history tells it a refund
    await stock.record({ productId: bought.productId, variantId: bought.variantId, delta: line.quantity, quantityAfter: after, reason: 'cancel', actor, orderId: refund.orderId }, now);
  }
  const giftCards = new GiftCardRepository(tx);
  if (refund.giftCardCents > 0 && !(await giftCards.givePartBack(refund.orderId, refund.giftCardCents))) {
    throw new HttpError(409, ADMIN.server.refundBeingMade);
  }
  const cardRefunds = new CardRefundRepository(tx);
  const refundedInFull = refund.amountCents === order.leftCents;
  if (refundedInFull) {
    // every cent went back: the order is refunded, as a whole refund leaves it
    await new AdminOrderRepository(tx).move(refund.orderId, PART_REFUNDABLE, 'refunded', actor, now);
    await giftCards.givePaymentBack(refund.orderId, now);
    await giftCards.cancelIssuedBy(refund.orderId, now);
    await new DiscountCodeRepository(tx).giveUseBack(refund.orderId, now);
  }
  // the card's refund is recorded as made only when the order is refunded in full; until then the refund taken is given back
  if (refundedInFull && isLiveCharge(charge) && charge.paidCents > 0) await cardRefunds.done(refund.orderId, now);
  else await cardRefunds.release(refund.orderId, now);
  if (!notify) return null;
  const notice = await partialRefundEmail(tx, refund, refundedInFull);
  return notice === null ? null : new EmailOutboxRepository(tx).add(notice, now);
}
