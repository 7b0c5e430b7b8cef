/**
 * A live order's card charge given back through the payment provider, for the owner's refund:
 * money first, then the order is moved (order-calls.ts). The refund is taken in the store before
 * the provider is asked, so two requests at once ask once; the provider is asked under a key of
 * the order's, so a refund asked again after a stop between the provider's answer and the store's
 * write is answered with the refund made, never a second. A refusal or a failure gives the refund
 * back and leaves the order as it was.
 */
import { ADMIN } from '../../client/lib/admin-messages.ts';
import type { AppDeps } from '../deps.ts';
import { checkoutServices } from '../commerce/checkout-services.ts';
import { GIFT_CARD_PAYMENT_REFERENCE, NOTHING_CHARGED_PAYMENT_REFERENCE } from '../commerce/checkout-order.ts';
import { OrderStateError, type OrderStatus } from '../db/admin-order-repository.ts';
import { CardRefundRepository, cardRefundFromRow, type CardRefundState } from '../db/card-refund-repository.ts';
import { GiftCardRepository } from '../db/gift-card-repository.ts';
import { OrderRefundRepository } from '../db/order-refund-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { fillMessage } from '../messages.ts';
import type { RefundResult } from '../payments/payment-provider.ts';
import { describeError } from '../security/error-handlers.ts';
import { HttpError } from '../security/http-error.ts';

/**
 * How long a refund taken stays another request's to finish: past it, one whose process stopped
 * before recording it may be asked again (under the same key, so the card is refunded once).
 */
export const REFUND_CLAIM_MS = 2 * 60 * 1000;

/** The key the provider is asked under: one per order, so its refund is made once however often asked. */
export const refundKey = (orderId: string): string => `order-refund-${orderId}`;

/** The key of a refund of part of an order: its own id, made before the provider is asked, so each is made once. */
export const partRefundKey = (refundId: string): string => `order-refund-${refundId}`;

/** An order's card charge: what the payment card paid of it and where its refund stands. */
export interface CardCharge extends CardRefundState {
  /** The provider's reference of the charge; null when no card was charged (a gift card or a discount paid it all). */
  reference: string | null;
  /** What the card paid: the total less a gift card's part (0 when no card was charged). */
  paidCents: number;
  /** What refunds of part of the order gave back to the card so far (recorded alike for a test-mode order). */
  givenBackCents: number;
  /** The provider that charged it ('' for an order placed before this was kept). */
  provider: string;
  testMode: boolean;
  status: OrderStatus;
}

type ChargeRow = Record<string, unknown> & {
  status: OrderStatus; test_mode: number; grand_total_cents: number | string; payment_reference: string | null; payment_provider: string | null;
};

/** Whether an order's payment reference is a card charge's (not a gift card or a discount paying it all, nor none). */
function isCardCharge(reference: string | null): reference is string {
  return reference !== null && reference !== '' && reference !== GIFT_CARD_PAYMENT_REFERENCE && reference !== NOTHING_CHARGED_PAYMENT_REFERENCE;
}

/** What the payment card paid of an order: its total less a gift card's part, 0 when no card was charged. */
function cardPaidCents(reference: string | null, grandTotalCents: number, giftCardCents: number): number {
  return isCardCharge(reference) ? grandTotalCents - giftCardCents : 0;
}

/** Order `orderId`'s card charge, or undefined when there is no such order. */
export async function cardChargeOf(session: StoreSession, orderId: string): Promise<CardCharge | undefined> {
  const row = await session.get<ChargeRow>(
    'SELECT status, test_mode, grand_total_cents, payment_reference, payment_provider, card_refund_started_on, card_refunded_on FROM orders WHERE id = ?',
    [orderId],
  );
  if (!row) return undefined;
  const giftCard = await new GiftCardRepository(session).paymentOf(orderId);
  const refunds = await new OrderRefundRepository(session).totalsOf(orderId);
  const charged = isCardCharge(row.payment_reference);
  return {
    reference: charged ? row.payment_reference : null,
    paidCents: cardPaidCents(row.payment_reference, Number(row.grand_total_cents), giftCard?.amountCents ?? 0),
    givenBackCents: refunds.cardCents,
    provider: row.payment_provider ?? '',
    testMode: Number(row.test_mode) === 1,
    status: row.status,
    ...cardRefundFromRow(row),
  };
}

/** What of the card's payment has not gone back yet: all of it less what refunds of part of the order gave back. */
export function cardLeftCents(charge: Pick<CardCharge, 'paidCents' | 'givenBackCents'>): number {
  return Math.max(0, charge.paidCents - charge.givenBackCents);
}

/** True when a live charge is on the card (no money moves for a test-mode order): a refund of it asks the provider. */
export function isLiveCharge(charge: CardCharge): boolean {
  return !charge.testMode && charge.reference !== null;
}

/** True when some of the order's money is on a live card and has not gone back: a refund asks the provider for it. */
export function isOwedToCard(charge: CardCharge): boolean {
  return isLiveCharge(charge) && cardLeftCents(charge) > 0 && charge.refundedOn === null;
}

/**
 * The order screen's part, from what the screen read already (the order's detail and what a gift
 * card paid of it): what the card paid, and whether its refund was begun or made.
 */
export function cardRefundOfOrder(order: { paymentReference: string | null; grandTotalCents: number } & CardRefundState, giftCardCents: number, givenBackCents: number) {
  return {
    paidCents: cardPaidCents(order.paymentReference, order.grandTotalCents, giftCardCents),
    // what refunds of part of the order gave back to it: a whole refund or a cancellation gives back the rest
    givenBackCents,
    startedOn: order.startedOn,
    refundedOn: order.refundedOn,
  };
}

/** What a refund asks of the provider: how much, under which key. */
export interface CardRefundAsk {
  amountCents: number;
  idempotencyKey: string;
}

/**
 * Takes the order's refund at `now` while its status is one of `statuses`: of two refunds of one
 * order (whole or in part) one runs at a time. Throws an HttpError saying so when another holds it,
 * or OrderStateError when the order moved meanwhile.
 */
export async function takeRefund(deps: AppDeps, orderId: string, statuses: readonly OrderStatus[], now: number): Promise<void> {
  if (await new CardRefundRepository(deps.store).begin(orderId, statuses, now, REFUND_CLAIM_MS)) return;
  const current = await cardChargeOf(deps.store, orderId);
  if (current && !statuses.includes(current.status)) throw new OrderStateError(current.status);
  throw new HttpError(409, ADMIN.server.refundBeingMade);
}

/**
 * Gives the card's money back through the provider while the order's status is one of
 * `statuses`, the refund taken at `now` until the order's move records it as made; throws an
 * HttpError saying why when it does not (the order left as it was), or OrderStateError when the
 * order moved meanwhile. A whole refund or cancellation asks for what is left on the card under
 * the order's key; a refund of part of it (partial-refund.ts) takes the refund itself and passes
 * `ask` and `taken`.
 */
export async function giveCardBack(
  deps: AppDeps, orderId: string, charge: CardCharge, statuses: readonly OrderStatus[], now: number,
  ask: CardRefundAsk = { amountCents: cardLeftCents(charge), idempotencyKey: refundKey(orderId) }, taken = false,
): Promise<void> {
  const payments = checkoutServices(deps).payments;
  // a store on its test provider (or another provider) cannot give back what a live one took
  if (payments.testMode || (charge.provider !== '' && charge.provider !== payments.name)) {
    throw new HttpError(409, fillMessage(ADMIN.server.refundProviderMissing, { provider: charge.provider || ADMIN.server.refundProviderUnnamed }));
  }
  const refunds = new CardRefundRepository(deps.store);
  if (!taken) await takeRefund(deps, orderId, statuses, now);
  let result: RefundResult;
  try {
    result = await payments.refund(charge.reference!, ask);
  } catch (error) {
    await refunds.release(orderId, now);
    deps.log.error({ err: describeError(error), orderId }, 'card refund failed');
    throw new HttpError(502, ADMIN.server.refundFailed);
  }
  if (result.outcome !== 'refunded') {
    await refunds.release(orderId, now);
    throw new HttpError(409, result.reason ? fillMessage(ADMIN.server.refundRefusedBecause, { reason: result.reason }) : ADMIN.server.refundRefused);
  }
}
