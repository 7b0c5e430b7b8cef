/**
 * Gift cards: each card sold, newest first, by its last four characters (the whole code is the
 * recipient's), what it started with and what is left, its recipient, the order that bought it
 * and whether it is stopped; found by that order's number, an email or the last four. The
 * search and the page are kept in the address; on a phone each card is a card, as Orders' rows.
 */
import { ADMIN } from '../../lib/admin-messages.ts';
import { ADMIN_PATHS } from '../../lib/admin-paths.ts';
import { formatMoney } from '../../lib/money.ts';
import type { Navigate } from '../AdminApp.tsx';
import { CardTableHead } from '../CardTableHead.tsx';
import { Notice } from '../Field.tsx';
import { ADMIN_PAGE_SIZE, Pager } from '../Pager.tsx';
import { SearchForm } from '../SearchForm.tsx';
import { StoreDate } from '../StoreDate.tsx';
import { TableRegion } from '../TableRegion.tsx';
import { pageOf, searchAndPageQuery, useAddressQuery } from '../use-address-query.ts';
import { useCall } from '../use-call.ts';
import { useStoreMoneyFormat } from '../store-money-format.ts';
import { orderLabel } from './OrdersScreen.tsx';

/** A card as the list and its own screen show it (server/db/admin-gift-card-repository.ts). */
export interface GiftCardSummary {
  id: string; last4: string; currency: string; initialCents: number; balanceCents: number; recipientEmail: string;
  createdOn: number; stoppedOn: number | null;
  order: { id: string; orderNumber: number | null; status: string; email: string | null };
}

export function GiftCardsScreen({ navigate }: { navigate: Navigate }) {
  const [address, setAddress] = useAddressQuery();
  const q = address.get('q') ?? '';
  const { page, offset } = pageOf(address, ADMIN_PAGE_SIZE);
  const { data, error } = useCall<{ giftCards: GiftCardSummary[]; hasMore: boolean }>(
    `/api/admin/gift-cards?limit=${ADMIN_PAGE_SIZE}&offset=${offset}${q ? `&q=${encodeURIComponent(q)}` : ''}`,
  );
  const moneyFormat = useStoreMoneyFormat();
  const go = (event: { preventDefault(): void }, path: string) => {
    event.preventDefault();
    navigate(path);
  };
  // a card opened from the list keeps its search and page, for its way back
  const cardPath = (id: string) => `${ADMIN_PATHS.giftCard(id)}${searchAndPageQuery(address)}`;
  return (
    <section aria-labelledby="gift-cards-title">
      <div className="admin-toolbar">
        <h1 id="gift-cards-title">{ADMIN.screens['gift-cards']}</h1>
      </div>
      <SearchForm id="gift-card-search" hint={ADMIN.giftCardSearchHint} initialWords={q} onSearch={(words) => setAddress({ q: words, page: '' })} />
      <Notice text={error} kind="error" />
      {data && data.giftCards.length === 0 ? <p>{q ? ADMIN.noMatchingGiftCards : ADMIN.noGiftCards}</p> : null}
      {data && data.giftCards.length > 0 ? (
        <TableRegion label={ADMIN.screens['gift-cards']}>
          <table role="table" className="admin-table admin-table--cards admin-gift-card-list" aria-labelledby="gift-cards-title">
            <CardTableHead columns={[ADMIN.giftCard, ADMIN.giftCardSoldOn, ADMIN.giftCardAmount, ADMIN.giftCardBalance, ADMIN.giftCardRecipient, ADMIN.giftCardBoughtWith, ADMIN.status]} />
            <tbody role="rowgroup">
              {data.giftCards.map((card) => {
                const money = (cents: number) => formatMoney(cents, card.currency, moneyFormat);
                return (
                  <tr role="row" key={card.id} data-gift-card-id={card.id}>
                    <td role="cell" data-label={ADMIN.giftCard}>
                      <a href={cardPath(card.id)} onClick={(event) => go(event, cardPath(card.id))}>{ADMIN.giftCardEnding(card.last4)}</a>
                    </td>
                    <td role="cell" data-label={ADMIN.giftCardSoldOn}><StoreDate on={card.createdOn} /></td>
                    <td role="cell" data-label={ADMIN.giftCardAmount}>{money(card.initialCents)}</td>
                    <td role="cell" data-label={ADMIN.giftCardBalance}>{money(card.balanceCents)}</td>
                    <td role="cell" data-label={ADMIN.giftCardRecipient}>{card.recipientEmail}</td>
                    <td role="cell" data-label={ADMIN.giftCardBoughtWith}>
                      <a href={ADMIN_PATHS.order(card.order.id)} onClick={(event) => go(event, ADMIN_PATHS.order(card.order.id))}>{orderLabel(card.order)}</a>
                    </td>
                    <td role="cell" data-label={ADMIN.status}>{card.stoppedOn === null ? ADMIN.giftCardLive : ADMIN.giftCardStopped}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {data ? (
        <Pager offset={offset} shown={data.giftCards.length} hasMore={data.hasMore} onPage={(next) => setAddress({ q, page: next === 0 ? '' : String(next / ADMIN_PAGE_SIZE + 1) })} />
      ) : null}
    </section>
  );
}
