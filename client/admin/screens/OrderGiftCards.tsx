/**
 * The gift cards an order sold: each by its last four characters (the code is the recipient's),
 * its amount, what is left on it, its recipient, and whether it was cancelled (with its order).
 * A table on a wide screen, cards on a phone, as the other admin tables. And what cancelling or
 * refunding the order does to its gift cards, said before the owner confirms.
 */
import { ADMIN } from '../../lib/admin-messages.ts';
import { CardTableHead } from '../CardTableHead.tsx';
import { TableRegion } from '../TableRegion.tsx';

export interface IssuedGiftCard { last4: string; initialCents: number; balanceCents: number; recipientEmail: string; cancelled: boolean }

/**
 * What cancelling or refunding an order does to its gift cards ('' for nothing): the card that
 * paid gets its part back, and the cards it sold stop working. A cancelled order's are settled already.
 */
export function giftCardConsequences(
  status: string, payment: { last4: string; amountCents: number } | null | undefined, issued: readonly IssuedGiftCard[], money: (cents: number) => string,
): string {
  if (status !== 'paid' && status !== 'fulfilled') return '';
  const live = issued.filter((card) => !card.cancelled).map((card) => card.last4);
  return [
    payment ? ADMIN.giftCardPaymentBack(money(payment.amountCents), payment.last4) : '',
    live.length > 0 ? ADMIN.giftCardsSoldCancelled(live) : '',
  ].filter(Boolean).join(' ');
}

export function OrderGiftCards({ cards, money }: { cards: readonly IssuedGiftCard[]; money: (cents: number) => string }) {
  if (cards.length === 0) return null;
  const columns = [ADMIN.giftCard, ADMIN.giftCardAmount, ADMIN.giftCardBalance, ADMIN.giftCardRecipient, ADMIN.status];
  return (
    <>
      <h2 id="order-gift-cards">{ADMIN.giftCardsIssued}</h2>
      <TableRegion label={ADMIN.giftCardsIssued}>
        <table role="table" className="admin-table admin-table--cards admin-gift-cards" aria-labelledby="order-gift-cards">
          <CardTableHead columns={columns} />
          <tbody role="rowgroup">
            {cards.map((card, index) => (
              <tr role="row" key={index}>
                <td role="cell" data-label={ADMIN.giftCard}>{ADMIN.giftCardEnding(card.last4)}</td>
                <td role="cell" data-label={ADMIN.giftCardAmount}>{money(card.initialCents)}</td>
                <td role="cell" data-label={ADMIN.giftCardBalance}>{money(card.balanceCents)}</td>
                <td role="cell" data-label={ADMIN.giftCardRecipient}>{card.recipientEmail}</td>
                {/* empty while the card is in use: the phone's card leaves the line out */}
                <td role="cell" data-label={ADMIN.status}>{card.cancelled ? ADMIN.giftCardCancelled : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </>
  );
}
