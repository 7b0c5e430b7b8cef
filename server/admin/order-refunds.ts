/**
 * An order's refunds of part of it as the admin's order screen shows them: each refund (when, who,
 * how much, what went to the card and to the gift card, its items and whether they went back to
 * stock, why), and each line with how many of its units refunds took, so the refund form offers
 * only what is left.
 */
import type { AdminOrderLine } from '../db/admin-order-repository.ts';
import { OrderRefundRepository } from '../db/order-refund-repository.ts';
import type { StoreSession } from '../db/store.ts';

export async function orderRefunds(session: StoreSession, orderId: string, lines: readonly AdminOrderLine[], giftCardLast4: string | null) {
  const repository = new OrderRefundRepository(session);
  const [records, refunded] = await Promise.all([repository.ofOrder(orderId), repository.refundedLines(orderId)]);
  const lineOf = new Map(lines.map((line) => [line.itemId, line]));
  return {
    lines: lines.map((line) => ({
      ...line,
      refundedQuantity: refunded.get(line.itemId)?.quantity ?? 0,
      restockedQuantity: refunded.get(line.itemId)?.restocked ?? 0,
    })),
    refunds: records.map((refund) => ({
      id: refund.id,
      createdOn: refund.createdOn,
      actor: refund.actor,
      amountCents: refund.amountCents,
      cardCents: refund.cardCents,
      giftCardCents: refund.giftCardCents,
      giftCardLast4: refund.giftCardCents > 0 ? giftCardLast4 : null,
      reason: refund.reason,
      lines: refund.lines.map((line) => ({
        itemId: line.itemId,
        productName: lineOf.get(line.itemId)?.productName ?? '',
        variantLabel: lineOf.get(line.itemId)?.variantLabel ?? '',
        quantity: line.quantity,
        restocked: line.restocked,
      })),
    })),
    /** What the refunds gave back to the payment card, which a whole refund or a cancellation then leaves out. */
    cardRefundedCents: records.reduce((sum, refund) => sum + refund.cardCents, 0),
  };
}
