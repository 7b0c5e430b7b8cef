/**
 * An order's gift cards as the admin's order screen shows them: what the order paid by gift card,
 * and the cards it bought (by their last four characters only: the code stays the recipient's).
 */
import { GiftCardRepository } from '../db/gift-card-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { giftCardCodeLast4 } from '../../client/lib/gift-card-code.ts';

export interface OrderGiftCards {
  giftCardPayment: { last4: string; amountCents: number } | null;
  giftCardsIssued: Array<{ last4: string; initialCents: number; balanceCents: number; recipientEmail: string; cancelled: boolean }>;
}

export async function giftCardsOfOrder(session: StoreSession, orderId: string): Promise<OrderGiftCards> {
  const giftCards = new GiftCardRepository(session);
  const [payment, issued] = await Promise.all([giftCards.paymentOf(orderId), giftCards.issuedBy(orderId)]);
  return {
    giftCardPayment: payment ? { last4: payment.last4, amountCents: payment.amountCents } : null,
    giftCardsIssued: issued.map((card) => ({
      last4: giftCardCodeLast4(card.code),
      initialCents: card.initialCents,
      balanceCents: card.balanceCents,
      recipientEmail: card.recipientEmail,
      cancelled: card.cancelledOn !== null,
    })),
  };
}
