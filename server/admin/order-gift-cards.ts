/**
 * An order's gift cards as the admin's order screen shows them: what the order paid by gift card,
 * and the cards it bought (by their last four characters only: the code stays the recipient's).
 */
import { GiftCardRepository } from '../db/gift-card-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { giftCardCodeLast4 } from '../../client/lib/gift-card-code.ts';

/** Each card with its id, which the order screen links to the card's own screen. */
export interface OrderGiftCards {
  /**
   * `cancelled`: the card that paid is stopped now, so what the order's cancellation puts back on it cannot be spent until it is started again;
   * `returnedCents`: what of the payment went back on the card so far (refunds of part of the order, then the rest with its cancellation or refund).
   */
  giftCardPayment: { id: string; last4: string; amountCents: number; returnedCents: number; cancelled: boolean } | null;
  giftCardsIssued: Array<{ id: string; last4: string; initialCents: number; balanceCents: number; recipientEmail: string; cancelled: boolean }>;
}

export async function giftCardsOfOrder(session: StoreSession, orderId: string): Promise<OrderGiftCards> {
  const giftCards = new GiftCardRepository(session);
  const [payment, issued] = await Promise.all([giftCards.paymentOf(orderId), giftCards.issuedBy(orderId)]);
  const paidWith = payment ? await giftCards.findById(payment.giftCardId) : undefined;
  return {
    giftCardPayment: payment
      ? { id: payment.giftCardId, last4: payment.last4, amountCents: payment.amountCents, returnedCents: payment.returnedCents, cancelled: paidWith?.cancelledOn != null }
      : null,
    giftCardsIssued: issued.map((card) => ({
      id: card.id,
      last4: giftCardCodeLast4(card.code),
      initialCents: card.initialCents,
      balanceCents: card.balanceCents,
      recipientEmail: card.recipientEmail,
      cancelled: card.cancelledOn !== null,
    })),
  };
}
