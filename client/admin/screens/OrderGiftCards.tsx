/**
 * The gift cards an order sold: each by its last four characters (the code is the recipient's),
 * a link to its own screen, its amount, what is left on it, its recipient, and whether it was
 * cancelled (with its order, or by the owner). A table on a wide screen, cards on a phone, as the
 * other admin tables. And what cancelling or refunding the order does to its gift cards, said
 * before the owner confirms.
 */
import { ADMIN } from '../../lib/admin-messages.ts';
import { ADMIN_PATHS } from '../../lib/admin-paths.ts';
import type { Navigate } from '../AdminApp.tsx';
import { CardTableHead } from '../CardTableHead.tsx';
import { TableRegion } from '../TableRegion.tsx';
import { AdminLink } from '../AdminLink.tsx';

export interface IssuedGiftCard { id?: string; last4: string; initialCents: number; balanceCents: number; recipientEmail: string; cancelled: boolean }

/**
 * The card that paid; `cancelled` when it is stopped now (absent from a server older than the Gift cards screen);
 * `returnedCents`, what went back on it so far (absent from a server older than refunds of part of an order).
 */
export interface GiftCardPayment { id?: string; last4: string; amountCents: number; returnedCents?: number; cancelled?: boolean }

/**
 * What cancelling or refunding an order does to its gift cards ('' for nothing): the card that
 * paid gets its part back (said when that card is stopped, as the money cannot be spent then),
 * and the cards it sold stop working (said of each one spent in part, what it paid and what is
 * voided). A cancelled order gave its payment back already; a refund of it still stops the cards
 * it sold that were started again since. After refunds of part of the order, only the rest of the
 * payment goes back.
 */
export function giftCardConsequences(
  status: string, payment: GiftCardPayment | null | undefined, issued: readonly IssuedGiftCard[], money: (cents: number) => string,
): string {
  if (status !== 'paid' && status !== 'fulfilled' && status !== 'cancelled') return '';
  const live = issued.filter((card) => !card.cancelled);
  const rest = payment ? payment.amountCents - (payment.returnedCents ?? 0) : 0;
  const back = payment && status !== 'cancelled' && rest > 0
    ? (payment.cancelled ? ADMIN.giftCardPaymentBackStopped : ADMIN.giftCardPaymentBack)(money(rest), payment.last4)
    : '';
  const spent = live.filter((card) => card.balanceCents < card.initialCents)
    .map((card) => ADMIN.giftCardSoldSpent(card.last4, money(card.initialCents - card.balanceCents), card.balanceCents > 0 ? money(card.balanceCents) : ''));
  return [back, live.length > 0 ? ADMIN.giftCardsSoldCancelled(live.map((card) => card.last4)) : '', ...spent].filter(Boolean).join(' ');
}

export function OrderGiftCards({ cards, money, navigate }: { cards: readonly IssuedGiftCard[]; money: (cents: number) => string; navigate?: Navigate }) {
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
                <td role="cell" data-label={ADMIN.giftCard}>
                  {card.id && navigate ? (
                    <AdminLink to={ADMIN_PATHS.giftCard(card.id)} navigate={navigate}>{ADMIN.giftCardEnding(card.last4)}</AdminLink>
                  ) : ADMIN.giftCardEnding(card.last4)}
                </td>
                <td role="cell" data-label={ADMIN.giftCardAmount}>{money(card.initialCents)}</td>
                <td role="cell" data-label={ADMIN.giftCardBalance}>{money(card.balanceCents)}</td>
                <td role="cell" data-label={ADMIN.giftCardRecipient}>{card.recipientEmail}</td>
                {/* empty while the card is in use: the phone's card leaves the line out */}
                <td role="cell" data-label={ADMIN.status}>{card.cancelled ? ADMIN.giftCardCancelled : ADMIN.giftCardLive}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </>
  );
}
