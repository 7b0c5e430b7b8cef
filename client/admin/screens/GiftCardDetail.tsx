/**
 * One gift card: what it started with and what is left, its recipient, the order that bought it
 * and the orders that spent it (each linked to its screen), its emails to the recipient; send the
 * email again, stop the card or start it again, each asked first. The whole code is shown only
 * when asked for (to pass on by hand where the email cannot go), and only until the screen is left.
 */
import { useEffect, useRef, useState } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { ADMIN_PATHS } from '../../lib/admin-paths.ts';
import { formatMoney } from '../../lib/money.ts';
import { adminCall } from '../admin-api.ts';
import type { Navigate } from '../AdminApp.tsx';
import { CardTableHead } from '../CardTableHead.tsx';
import { Notice } from '../Field.tsx';
import { refusedNotice, useScreenNotice } from '../screen-notice.ts';
import { StoreDate } from '../StoreDate.tsx';
import { TableRegion } from '../TableRegion.tsx';
import { searchAndPageQuery, useAddressQuery } from '../use-address-query.ts';
import { useCall } from '../use-call.ts';
import { useStoreMoneyFormat } from '../store-money-format.ts';
import { type GiftCardSummary } from './GiftCardsScreen.tsx';
import { orderLabel } from './OrdersScreen.tsx';

interface GiftCardEmail { id: string; recipient: string; status: string; error: string | null; createdOn: number; sentOn: number | null }

interface GiftCardData extends GiftCardSummary {
  spending: Array<{ orderId: string; orderNumber: number | null; amountCents: number; createdOn: number; returnedOn: number | null; returnedCents?: number }>;
  emails: GiftCardEmail[];
}

interface GiftCardAnswer { giftCard: GiftCardData; canSendEmail: boolean }

export function GiftCardDetail({ giftCardId, navigate, canManage }: { giftCardId: string; navigate: Navigate; canManage: boolean }) {
  const path = `/api/admin/gift-cards/${encodeURIComponent(giftCardId)}`;
  const { data, error, reload } = useCall<GiftCardAnswer>(path);
  // the answer of a move, shown until the next load
  const [moved, setMoved] = useState<GiftCardAnswer | null>(null);
  const [notice, setNotice] = useScreenNotice();
  // one call at a time: a second tap while the email is on its way sends nothing
  const [busy, setBusy] = useState<'email' | 'state' | 'code' | null>(null);
  // the whole code, once asked for: kept in this screen's state only
  const [code, setCode] = useState<string | null>(null);
  // the button asked with is gone once the code is shown: the focus goes to the code, brought into
  // sight (on a phone it is far up the screen), instead of being dropped on the page
  const codeRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (code !== null) codeRef.current?.focus();
  }, [code]);
  const [address] = useAddressQuery();
  const moneyFormat = useStoreMoneyFormat();
  const backToList = `${ADMIN_PATHS.giftCards}${searchAndPageQuery(address)}`;
  const go = (event: { preventDefault(): void }, to: string) => {
    event.preventDefault();
    navigate(to);
  };

  const shown = moved ?? data;
  if (!shown) return <><Notice text={error} kind="error" />{error ? null : <p>{ADMIN.loading}</p>}</>;
  const card = shown.giftCard;
  const money = (cents: number) => formatMoney(cents, card.currency, moneyFormat);
  const stopped = card.stoppedOn !== null;
  // a card issued on the upgrade from before gift cards were kept as cards never had its email: sending it is not "again"
  const neverEmailed = card.emails.length === 0;

  async function call(kind: 'email' | 'state', action: 'email' | 'stop' | 'start', confirmText: string, done: string) {
    if (busy !== null || !window.confirm(confirmText)) return;
    setBusy(kind);
    const answer = await adminCall<GiftCardAnswer>('POST', `${path}/${action}`, {});
    setBusy(null);
    if (answer.ok) {
      setMoved(answer.data);
      const sent = action !== 'email' || answer.data.giftCard.emails.at(-1)?.status === 'sent';
      setNotice(sent ? { text: done, kind: 'info' } : { text: ADMIN.emailNotSent, kind: 'error' });
    } else {
      setNotice(refusedNotice(answer));
      setMoved(null);
      reload();
    }
  }

  async function showCode() {
    if (busy !== null || !window.confirm(ADMIN.confirmShowGiftCardCode(card.last4))) return;
    setBusy('code');
    const answer = await adminCall<{ code: string }>('POST', `${path}/code`, {});
    setBusy(null);
    if (answer.ok) setCode(answer.data.code);
    else setNotice(refusedNotice(answer));
  }

  const orderNotLive = card.order.status === 'cancelled' || card.order.status === 'refunded'
    ? ADMIN.giftCardOrderNotLive((ADMIN.orderStatuses[card.order.status] ?? card.order.status).toLowerCase())
    : '';
  const confirmStart = [ADMIN.confirmStartGiftCard(card.last4, money(card.balanceCents)), orderNotLive].filter(Boolean).join(' ');
  const orderLink = (orderId: string, label: string) => (
    <a href={ADMIN_PATHS.order(orderId)} onClick={(event) => go(event, ADMIN_PATHS.order(orderId))}>{label}</a>
  );
  return (
    <section aria-labelledby="gift-card-title">
      <div className="admin-toolbar">
        <h1 id="gift-card-title">{ADMIN.giftCardTitle(card.last4)}</h1>
        <a href={backToList} onClick={(event) => go(event, backToList)}>{ADMIN.backToGiftCards}</a>
      </div>
      <p className="admin-status" data-gift-card-status={stopped ? 'stopped' : 'live'}>
        {ADMIN.status}: {stopped ? ADMIN.giftCardStopped : ADMIN.giftCardLive}
      </p>
      <dl className="admin-facts">
        <dt>{ADMIN.giftCardBalance}</dt><dd>{money(card.balanceCents)}</dd>
        <dt>{ADMIN.giftCardAmount}</dt><dd>{money(card.initialCents)}</dd>
        <dt>{ADMIN.giftCardRecipient}</dt><dd>{card.recipientEmail}</dd>
        <dt>{ADMIN.giftCardBoughtWith}</dt>
        <dd>{orderLink(card.order.id, orderLabel(card.order))}{orderNotLive ? ` · ${ADMIN.orderStatuses[card.order.status]}` : ''}</dd>
        <dt>{ADMIN.giftCardBuyer}</dt><dd>{card.order.email ?? ADMIN.notRecorded}</dd>
        <dt>{ADMIN.giftCardSoldOn}</dt><dd><StoreDate on={card.createdOn} /></dd>
        {card.stoppedOn !== null ? <><dt>{ADMIN.giftCardStoppedOn}</dt><dd><StoreDate on={card.stoppedOn} /></dd></> : null}
        {code !== null ? <><dt>{ADMIN.giftCardCode}</dt><dd><code ref={codeRef} tabIndex={-1} data-gift-card-code>{code}</code></dd></> : null}
      </dl>
      <h2 id="gift-card-spending">{ADMIN.giftCardSpending}</h2>
      {card.spending.length === 0 ? <p>{ADMIN.giftCardNoSpending}</p> : (
        <TableRegion label={ADMIN.giftCardSpending}>
          <table role="table" className="admin-table admin-table--cards" aria-labelledby="gift-card-spending">
            <CardTableHead columns={[ADMIN.orderNumber, ADMIN.date, ADMIN.giftCardAmount]} />
            <tbody role="rowgroup">
              {card.spending.map((spent) => (
                <tr role="row" key={spent.orderId}>
                  <td role="cell" data-label={ADMIN.orderNumber}>{orderLink(spent.orderId, orderLabel({ id: spent.orderId, orderNumber: spent.orderNumber }))}</td>
                  <td role="cell" data-label={ADMIN.date}><StoreDate on={spent.createdOn} /></td>
                  <td role="cell" data-label={ADMIN.giftCardAmount}>
                    {money(spent.amountCents)}{spent.returnedOn !== null ? <small className="admin-hint"> · {ADMIN.giftCardPutBack}</small>
                      : (spent.returnedCents ?? 0) > 0 ? <small className="admin-hint"> · {ADMIN.giftCardPartlyPutBack(money(spent.returnedCents ?? 0))}</small> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <h2>{ADMIN.giftCardEmails}</h2>
      {neverEmailed ? <p>{ADMIN.giftCardNoEmails}</p> : (
        <ul className="admin-emails">
          {card.emails.map((email) => (
            <li key={email.id} data-email-status={email.status}>
              <p>{ADMIN.emailTo} {email.recipient} · <StoreDate on={email.createdOn} /></p>
              {/* one the mail server could not take for now says so in a whole sentence, and that the store tries again by itself */}
              <p>{email.status === 'pending' && email.error ? email.error
                : <>{ADMIN.emailStatuses[email.status] ?? email.status}{email.status === 'failed' && email.error ? ` (${email.error})` : ''}</>}</p>
            </li>
          ))}
        </ul>
      )}
      <Notice text={notice.text} kind={notice.kind} />
      {canManage ? (
        <>
          {!shown.canSendEmail ? <p className="admin-hint">{ADMIN.giftCardEmailNoMail}</p> : stopped ? <p className="admin-hint">{ADMIN.giftCardEmailStopped}</p> : null}
          <div className="admin-actions">
            <button
              type="button"
              disabled={busy !== null || stopped || !shown.canSendEmail}
              onClick={() => void call('email', 'email', (neverEmailed ? ADMIN.confirmSendGiftCardEmailFirst : ADMIN.confirmSendGiftCardEmail)(card.recipientEmail), ADMIN.giftCardEmailSent(card.recipientEmail))}
            >
              {busy === 'email' ? ADMIN.sendingGiftCardEmail : neverEmailed ? ADMIN.sendGiftCardEmailFirst : ADMIN.sendGiftCardEmail}
            </button>
            {code === null ? (
              <button type="button" disabled={busy !== null} onClick={() => void showCode()}>{ADMIN.showGiftCardCode}</button>
            ) : null}
            {stopped ? (
              <button type="button" disabled={busy !== null} onClick={() => void call('state', 'start', confirmStart, ADMIN.giftCardStartedDone)}>{ADMIN.startGiftCard}</button>
            ) : (
              <button type="button" disabled={busy !== null} onClick={() => void call('state', 'stop', ADMIN.confirmStopGiftCard(card.last4, money(card.balanceCents)), ADMIN.giftCardStoppedDone)}>{ADMIN.stopGiftCard}</button>
            )}
          </div>
        </>
      ) : null}
    </section>
  );
}
