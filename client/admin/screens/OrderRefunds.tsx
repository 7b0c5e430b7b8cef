/**
 * An order's refunds of part of it, oldest first: when (in the store's time zone), who, how much,
 * what went to the card and what to the gift card (or, in test mode, that no money moved), the
 * items each took back with whether they went back in stock, and the owner's reason; then the
 * whole-order refund that gave back the rest, when there was one.
 */
import { ADMIN } from '../../lib/admin-messages.ts';
import { StoreDate } from '../StoreDate.tsx';

export interface OrderRefund {
  id: string;
  createdOn: number;
  actor: string;
  amountCents: number;
  cardCents: number;
  giftCardCents: number;
  giftCardLast4: string | null;
  reason: string;
  lines: Array<{ itemId: string; productName: string; variantLabel: string; quantity: number; restocked: boolean }>;
}

/** The whole-order refund (Refund): when, by whom, and what was left of the order for it to give back. */
export interface WholeRefund {
  on: number;
  by: string | null;
  amountCents: number;
}

/** Where a refund's money went, in words. */
function moneyWent(refund: OrderRefund, testMode: boolean, money: (cents: number) => string): string {
  const parts = [
    refund.cardCents > 0 ? `${ADMIN.refundToCardPart(money(refund.cardCents))}${testMode ? ` (${ADMIN.refundNoMoneyMovedPart})` : ''}` : '',
    refund.giftCardCents > 0 ? ADMIN.refundToGiftCardPart(money(refund.giftCardCents), refund.giftCardLast4) : '',
  ];
  return parts.filter(Boolean).join(', ');
}

export function OrderRefunds({ refunds, whole, testMode, money }: {
  refunds: readonly OrderRefund[]; whole: WholeRefund | null; testMode: boolean; money: (cents: number) => string;
}) {
  // an order refunded whole with nothing refunded in part before shows its refund in the totals and History alone
  if (refunds.length === 0) return null;
  return (
    <>
      <h2>{ADMIN.refunds}</h2>
      <ul className="admin-refunds">
        {refunds.map((refund) => (
          <li key={refund.id}>
            <p><strong>{money(refund.amountCents)}</strong> · <StoreDate on={refund.createdOn} /> · {ADMIN.refundBy(refund.actor)}</p>
            <p>{moneyWent(refund, testMode, money)}</p>
            {refund.lines.length > 0 ? (
              <ul>
                {refund.lines.map((line) => (
                  <li key={line.itemId}>
                    {ADMIN.refundLine(line.quantity, line.variantLabel ? `${line.productName} (${line.variantLabel})` : line.productName)}
                    {' · '}{line.restocked ? ADMIN.refundRestocked : ADMIN.refundNotRestocked}
                  </li>
                ))}
              </ul>
            ) : <p>{ADMIN.refundMoneyOnly}</p>}
            {refund.reason ? <p>{ADMIN.refundReasonSaid(refund.reason)}</p> : null}
          </li>
        ))}
        {whole !== null && whole.amountCents > 0 ? (
          <li>
            <p><strong>{money(whole.amountCents)}</strong> · <StoreDate on={whole.on} />{whole.by ? ` · ${ADMIN.refundBy(whole.by)}` : ''}</p>
            <p>{ADMIN.refundOfTheRest}{testMode ? ` (${ADMIN.refundNoMoneyMovedPart})` : ''}</p>
          </li>
        ) : null}
      </ul>
    </>
  );
}
