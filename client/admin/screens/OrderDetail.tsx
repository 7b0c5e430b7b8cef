/** One order: lines (each with its extra-field answers), totals (with its discount code, a gift card's payment and what was refunded), customer, shipping, payment, the gift cards it sold, its refunds of part of it, its emails; fulfil (with the parcel's tracking, corrected after), cancel, refund (a live order's card through the payment provider) in whole or in part, send an email again. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { TotalWithTax } from '../../components/TotalWithTax.tsx';
import { ADMIN_PATHS } from '../../lib/admin-paths.ts';
import { formatMoney } from '../../lib/money.ts';
import { adminCall, type FieldErrors } from '../admin-api.ts';
import type { Navigate } from '../AdminApp.tsx';
import { Notice } from '../Field.tsx';
import { NO_NOTICE, refusedNotice, useScreenNotice, type ScreenNotice } from '../screen-notice.ts';
import { useCall } from '../use-call.ts';
import { orderLabel, ordersListQuery, type OrderSummary } from './OrdersScreen.tsx';
import { useAddressQuery } from '../use-address-query.ts';
import { StoreDate } from '../StoreDate.tsx';
import { useStoreMoneyFormat } from '../store-money-format.ts';
import { giftCardConsequences, OrderGiftCards, type GiftCardPayment, type IssuedGiftCard } from './OrderGiftCards.tsx';
import { filledIn, TrackingFacts, TrackingForm, type TrackingValues } from './OrderTracking.tsx';
import type { ParcelTracking } from '../../lib/parcel-carriers.ts';
import { AdminLink } from '../AdminLink.tsx';
import { PartialRefund } from './PartialRefund.tsx';
import { OrderRefunds, type OrderRefund, type WholeRefund } from './OrderRefunds.tsx';
import { OrderLines, type LineDownloadState, type OrderLine } from './OrderLines.tsx';

interface OrderDetailData extends OrderSummary {
  subtotalCents: number; taxCents: number; shippingCents: number; discountCents: number;
  /** The prices included the tax: it is part of the total, not added to it (absent from an older server: added). */
  taxIncluded?: boolean;
  /** The rate it was taxed at, in tenths of a basis point; null (or absent) when not kept. */
  taxRateTenths?: number | null;
  /** The shop's name for its tax ('' or absent: the platform's words). */
  taxName?: string;
  shippingAddress: Record<string, unknown> | string | null;
  /** The address as lines, as the post of its country writes them (a server before them sends none). */
  shippingAddressLines?: string[];
  shippingOption: string | null; paymentReference: string | null;
  lines: OrderLine[];
  /** Each digital line's download: delivered or not, and what is left of its link (absent from an older server). */
  downloads?: LineDownloadState[];
  history: Array<{ status: string; on: number; by: string | null; tracking?: ParcelTracking | null; noticeSent?: boolean }>;
  emails: OrderEmail[];
  /** What a gift card paid of the total (absent from a server older than gift cards). */
  giftCardPayment?: GiftCardPayment | null;
  giftCardsIssued?: IssuedGiftCard[];
  /** How it was sent (absent from a server older than tracking). */
  tracking?: ParcelTracking | null;
  /** The discount code it used (absent from a server older than discount codes). */
  discount?: OrderDiscount | null;
  /** The last four digits of the card it charged; null when none was or the order is older (absent from an older server). */
  paymentCardLast4?: string | null;
  /** What the payment card paid, and whether its refund was begun or made (absent from an older server). */
  cardRefund?: CardRefund | null;
  /** Its refunds of part of it, oldest first (absent from an older server). */
  refunds?: OrderRefund[];
}

/**
 * What the payment card paid (0 when none was charged), what refunds of part of the order gave back
 * to it (absent from an older server), and when its refund through the provider was begun and made.
 */
interface CardRefund { paidCents: number; givenBackCents?: number; startedOn: number | null; refundedOn: number | null }

/** What a live order's card is owed by a refund, in words; null for none: a test order, one no card paid, or one whose card has its money back. */
function owedToCard(order: OrderDetailData, money: (cents: number) => string): { amount: string; card: string } | null {
  const refund = order.cardRefund;
  // refunds of part of the order gave some back already: a whole refund or a cancellation gives the rest
  const left = refund ? refund.paidCents - (refund.givenBackCents ?? 0) : 0;
  if (order.testMode || !refund || left <= 0 || refund.refundedOn !== null) return null;
  return { amount: money(left), card: ADMIN.refundCard(order.paymentCardLast4 ?? null) };
}

/** The discount code an order used, what it took off, and whether its use went back to the code (cancelled or refunded). */
interface OrderDiscount { code: string; amountCents: number; returned: boolean }

/** The totals' discount line, as a deduction: only for an order that had one, named by its code when it used one. */
function DiscountLine({ discount, discountCents, money }: { discount: OrderDiscount | null | undefined; discountCents: number; money: (cents: number) => string }) {
  if (!discount && discountCents <= 0) return null;
  const amount = money(-(discount?.amountCents ?? discountCents));
  return (
    <>
      <dt>{discount ? ADMIN.orderDiscount(discount.code) : ADMIN.discount}</dt>
      <dd>{discount?.returned ? `${amount} (${ADMIN.orderDiscountGivenBack})` : amount}</dd>
    </>
  );
}

interface OrderEmail {
  id: string; kind: string; recipient: string; subject: string; text: string;
  status: 'pending' | 'sent' | 'failed' | 'kept'; error: string | null; createdOn: number; sentOn: number | null;
  /** Given up by the store as too late to send, rather than refused by the mail server. */
  givenUp?: boolean;
}

/** How an email went, in words (with the mail server's answer when it refused it, or why the store gave it up). */
function emailStatusText(email: OrderEmail): ReactNode {
  const said = ADMIN.emailStatuses[email.status] ?? email.status;
  if (email.status === 'sent' && email.sentOn !== null) return <>{said} · <StoreDate on={email.sentOn} /></>;
  // the reason of one given up is a whole sentence ("Not sent: still waiting two days…"); no mail server refused it
  if (email.status === 'failed' && email.error && email.givenUp) return email.error;
  if (email.status === 'failed' && email.error) return `${said} (${email.error})`;
  // one the mail server could not take for now: the whole sentence says so, and that the store tries again by itself
  if (email.status === 'pending' && email.error) return email.error;
  return said;
}

/**
 * What Mark fulfilled asks, and says once done: the shopper is emailed a shipping notice at once,
 * unless the store has no mail server (the notice is kept to read) or the order has no email.
 */
function fulfilmentTexts(email: string | null, canSendEmail: boolean): { confirm: string; done: string } {
  if (!email) return { confirm: ADMIN.confirmFulfilNoEmail, done: ADMIN.fulfilledNoEmail };
  if (!canSendEmail) return { confirm: ADMIN.confirmFulfilNoMail(email), done: ADMIN.fulfilledNoMail };
  return { confirm: ADMIN.confirmFulfil(email), done: ADMIN.fulfilled(email) };
}

/** What a tracking correction says once saved: whether the notice asked for went, or could not (no mail server). */
function trackingSavedText(email: string | null, canSendEmail: boolean, sendNotice: boolean): string {
  if (!sendNotice || !email) return ADMIN.trackingSaved;
  return canSendEmail ? ADMIN.trackingSavedNoticeSent(email) : ADMIN.trackingSavedNoMail;
}

/**
 * What Cancel asks (how much of a live order goes back to which card, or that a test-mode order
 * moved no money, what becomes of the order's gift cards), and says once done: the shopper is
 * emailed a cancellation notice, as for Mark fulfilled.
 */
function cancellationTexts(
  email: string | null, canSendEmail: boolean, giftCards: string, testMode: boolean, toCard: { amount: string; card: string } | null,
): { confirm: string; done: string } {
  // the owner must know whether money goes back: a card named with its amount, or plainly none (test mode)
  const money = testMode ? ADMIN.cancelNoMoneyMoved : toCard ? ADMIN.refundToCard(toCard.amount, toCard.card) : '';
  const ask = (notice: string) => [ADMIN.confirmCancel, money, giftCards, notice].filter(Boolean).join(' ');
  const said = (done: string) => [done, testMode ? ADMIN.refundNoMoneyMoved : toCard ? ADMIN.refundedToCard(toCard.amount, toCard.card) : ''].filter(Boolean).join(' ');
  if (!email) return { confirm: ask(ADMIN.noticeNoEmail), done: said(ADMIN.cancelledNoEmail) };
  if (!canSendEmail) return { confirm: ask(ADMIN.cancelNoticeNoMail(email)), done: said(ADMIN.cancelledNoMail) };
  return { confirm: ask(ADMIN.cancelNotice(email)), done: said(ADMIN.cancelled(email)) };
}

/**
 * What Refund asks (how much goes back to which card, what becomes of the order's gift cards), and
 * says once done: the shopper is emailed a refund notice, as for Cancel order; the items of an
 * order not sent yet (`stockBack`) come back to stock. A test-mode order moved no money.
 */
function refundTexts(
  email: string | null, canSendEmail: boolean, giftCards: string, stockBack: boolean, testMode: boolean, toCard: { amount: string; card: string } | null, left: string,
): { confirm: string; done: string } {
  const question = testMode ? ADMIN.confirmRefund(left) : ADMIN.confirmRefundLive;
  const card = toCard ? ADMIN.refundToCard(toCard.amount, toCard.card) : '';
  const ask = (notice: string) => [question, card, giftCards, notice].filter(Boolean).join(' ');
  const money = testMode ? ADMIN.refundNoMoneyMoved : toCard ? ADMIN.refundedToCard(toCard.amount, toCard.card) : '';
  if (!email) return { confirm: ask(ADMIN.noticeNoEmail), done: ADMIN.refundedNoEmail(stockBack, money) };
  if (!canSendEmail) return { confirm: ask(ADMIN.refundNoticeNoMail(email)), done: ADMIN.refundedNoMail(stockBack, money) };
  return { confirm: ask(ADMIN.refundNotice(email)), done: ADMIN.refunded(stockBack, email, money) };
}

/**
 * The whole-order refund, for the Refunds list after the refunds of part of the order: when and by
 * whom (its History step) and what it gave back (what those had left); null for an order not refunded.
 */
function wholeRefund(order: OrderDetailData): WholeRefund | null {
  if (order.status !== 'refunded') return null;
  const step = [...order.history].reverse().find((one) => one.status === 'refunded');
  if (step === undefined) return null;
  // refundedCents: what the refunds of part of the order gave back (the server's sum of them)
  return { on: step.on, by: step.by, amountCents: Math.max(0, order.grandTotalCents - (order.refundedCents ?? 0)) };
}

/** The address line by line as the server laid it out, else its parts joined. */
function AddressText({ order }: { order: Pick<OrderDetailData, 'shippingAddress' | 'shippingAddressLines'> }) {
  const lines = order.shippingAddressLines ?? [];
  if (order.shippingAddress === null || lines.length === 0) return <>{addressText(order.shippingAddress)}</>;
  return <>{lines.map((line, index) => <span key={index} className="admin-address-line">{line}</span>)}</>;
}

function addressText(address: OrderDetailData['shippingAddress']): string {
  if (address === null) return ADMIN.notRecorded;
  if (typeof address === 'string') return address;
  return Object.values(address).filter((part) => typeof part === 'string' && part !== '').join(', ');
}

/** A History line's words: a move's status, or what a correction made the tracking (and whether the shopper was told). */
function historyStepText(step: OrderDetailData['history'][number]): string {
  if (step.status !== 'tracking-changed') return ADMIN.orderStatuses[step.status] ?? step.status;
  const tracking = step.tracking ? [step.tracking.carrier, step.tracking.number].filter(Boolean).join(' ') || step.tracking.url || '' : '';
  const changed = tracking === '' ? ADMIN.trackingCleared : ADMIN.trackingChangedTo(tracking);
  return step.noticeSent ? `${changed}, ${ADMIN.trackingNoticeSentAgain}` : changed;
}

export function OrderDetail({ orderId, navigate, canManage }: { orderId: string; navigate: Navigate; canManage: boolean }) {
  const { data, error, reload } = useCall<{ order: OrderDetailData; canSendEmail?: boolean }>(`/api/admin/orders/${encodeURIComponent(orderId)}`);
  const [notice, setNotice] = useScreenNotice();
  // a tracking correction's answer, shown in its section: on a phone the screen's line is far below, out of sight
  const [trackingNotice, setTrackingNotice] = useScreenNotice();
  const [busy, setBusy] = useState(false);
  // Cancel and Refund are disabled while their call is on its way, and stay so once the order
  // moved, and the tracking form's buttons go with the form once it is sent, which drops the
  // focus to the page's body: it goes to the line saying what happened
  const [acted, setActed] = useState(0);
  const screenRef = useRef<HTMLElement>(null);
  // where the line saying what happened is: the screen's first, or an email's own (Send again, Send a copy)
  const actedNotice = useRef<(screen: HTMLElement) => HTMLElement | null>((screen) => screen.querySelector('.admin-notice'));
  useEffect(() => {
    if (acted === 0 || (document.activeElement !== null && document.activeElement !== document.body)) return;
    const said = screenRef.current ? actedNotice.current(screenRef.current) : null;
    if (!said) return;
    said.tabIndex = -1;
    said.focus();
  }, [acted]);
  // the order reloaded after a move lists its new email (a notice) above that line, pushing it
  // down: on a phone out of the window, so it is brought back into view while it has the focus
  useEffect(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused.classList.contains('admin-notice') && screenRef.current?.contains(focused)) {
      focused.scrollIntoView?.({ block: 'nearest' });
    }
  }, [data]);
  // the tracking form open: asked with Mark fulfilled, or correcting it after
  const [asking, setAsking] = useState<'fulfil' | 'tracking' | null>(null);
  // the form closed unsent (Not now, Escape): the focus goes back to the button that opened it,
  // which comes back with the form gone
  const openers = { fulfil: useRef<HTMLButtonElement>(null), tracking: useRef<HTMLButtonElement>(null) };
  const [closedUnsent, setClosedUnsent] = useState<'fulfil' | 'tracking' | null>(null);
  useEffect(() => {
    if (closedUnsent === null) return;
    openers[closedUnsent].current?.focus();
    setClosedUnsent(null);
  });
  function closeUnsent() {
    setClosedUnsent(asking);
    setAsking(null);
  }
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // back to the list as the owner left it: its filters came along in this order's address
  const [address] = useAddressQuery();
  const moneyFormat = useStoreMoneyFormat();
  const backToList = `${ADMIN_PATHS.orders}${ordersListQuery(address)}`;

  // Send again's and Send a copy's answer, said in that email's row under its button: the screen's
  // line is far below on a phone, where a tap seemed to do nothing
  const [emailNotice, setEmailNotice] = useScreenNotice();
  const [emailNoticeFor, setEmailNoticeFor] = useState<string | null>(null);

  /** Says `said` in the email's row; the focus, dropped with its disabled button, goes to it. */
  function saidOfEmail(email: OrderEmail, said: ScreenNotice) {
    setNotice(NO_NOTICE);
    setEmailNoticeFor(email.id);
    setEmailNotice(said);
    actedNotice.current = (screen) => Array.from(screen.querySelectorAll<HTMLElement>('li[data-email-id]'))
      .find((row) => row.dataset.emailId === email.id)?.querySelector<HTMLElement>('.admin-notice') ?? null;
    setActed((count) => count + 1);
  }

  /** The screen's line says what happened (the email rows' lines are cleared). */
  function saidOfOrder() {
    setEmailNotice(NO_NOTICE);
    actedNotice.current = (screen) => screen.querySelector('.admin-notice');
  }

  async function sendAgain(email: OrderEmail) {
    setBusy(true);
    setTrackingNotice(NO_NOTICE);
    const answer = await adminCall<{ emails: OrderEmail[] }>('POST', `/api/admin/orders/${encodeURIComponent(orderId)}/emails/${encodeURIComponent(email.id)}/send`, {});
    setBusy(false);
    const after = answer.ok ? answer.data.emails.find((one) => one.id === email.id) : undefined;
    saidOfEmail(email, !answer.ok ? refusedNotice(answer) : after?.status === 'sent' ? { text: ADMIN.emailSent, kind: 'info' } : { text: ADMIN.emailNotSent, kind: 'error' });
    reload();
  }

  /** Sends a copy of an email that went out (the shopper lost it); the copy joins the list. */
  async function sendCopy(email: OrderEmail) {
    setBusy(true);
    setTrackingNotice(NO_NOTICE);
    const answer = await adminCall<{ emails: OrderEmail[]; copyId: string }>('POST', `/api/admin/orders/${encodeURIComponent(orderId)}/emails/${encodeURIComponent(email.id)}/resend`, {});
    setBusy(false);
    const copy = answer.ok ? answer.data.emails.find((one) => one.id === answer.data.copyId) : undefined;
    saidOfEmail(email, !answer.ok ? refusedNotice(answer) : copy?.status === 'sent' ? { text: ADMIN.emailSentAgain, kind: 'info' } : { text: ADMIN.emailNotSent, kind: 'error' });
    reload();
  }

  /** Sends the tracking form: the fulfilment with it, or its correction; the form stays open with the fields refused. */
  async function sendTracking(values: TrackingValues, sendNotice: boolean, doneText: string) {
    setBusy(true);
    saidOfOrder();
    const path = `/api/admin/orders/${encodeURIComponent(orderId)}`;
    const answer = asking === 'fulfil'
      ? await adminCall('POST', `${path}/fulfil`, filledIn(values))
      : await adminCall('PUT', `${path}/tracking`, { ...values, sendNotice });
    setBusy(false);
    setFieldErrors(answer.ok ? {} : answer.fieldErrors);
    const said = answer.ok ? { text: doneText, kind: 'info' as const } : refusedNotice(answer);
    (asking === 'tracking' ? setTrackingNotice : setNotice)(said);
    (asking === 'tracking' ? setNotice : setTrackingNotice)(NO_NOTICE);
    if (answer.ok) setAsking(null);
    setActed((count) => count + 1);
    reload();
  }

  function ask(form: 'fulfil' | 'tracking') {
    setFieldErrors({});
    setTrackingNotice(NO_NOTICE);
    setAsking(form);
  }

  /** A refund of part of the order was made: said on the screen's line, and the order reloaded. */
  function partlyRefunded(doneText: string) {
    saidOfOrder();
    setTrackingNotice(NO_NOTICE);
    setNotice({ text: doneText, kind: 'info' });
    setActed((count) => count + 1);
    reload();
  }

  async function act(action: 'cancel' | 'refund', confirmText: string, doneText: string) {
    if (!window.confirm(confirmText)) return;
    setBusy(true);
    saidOfOrder();
    setTrackingNotice(NO_NOTICE);
    const answer = await adminCall('POST', `/api/admin/orders/${encodeURIComponent(orderId)}/${action}`, {});
    setBusy(false);
    setNotice(answer.ok ? { text: doneText, kind: 'info' } : refusedNotice(answer));
    setActed((count) => count + 1);
    reload();
  }

  if (!data) return <><Notice text={error} kind="error" />{error ? null : <p>{ADMIN.loading}</p>}</>;
  const order = data.order;
  const canSendEmail = data.canSendEmail !== false;
  const money = (cents: number) => formatMoney(cents, order.currency, moneyFormat);
  // the card that paid, linked to its own screen (where a stopped one is started again)
  const giftCardLink = (card: GiftCardPayment, label: string) => (card.id
    ? <AdminLink to={ADMIN_PATHS.giftCard(card.id)} navigate={navigate}>{label}</AdminLink>
    : label);
  const fulfilment = fulfilmentTexts(order.email, canSendEmail);
  const giftCards = giftCardConsequences(order.status, order.giftCardPayment, order.giftCardsIssued ?? [], money);
  const toCard = owedToCard(order, money);
  const cancellation = cancellationTexts(order.email, canSendEmail, giftCards, order.testMode, toCard);
  // what refunds gave back: the whole total once refunded, what refunds of part of it gave back before that
  const refundedCents = order.status === 'refunded' ? order.grandTotalCents : (order.refundedCents ?? 0);
  const refund = refundTexts(order.email, canSendEmail, giftCards, order.status === 'paid', order.testMode, toCard, money(order.grandTotalCents - refundedCents));
  // a card refund begun and never recorded (the server stopped between the provider's answer and its write)
  const refundUnfinished = toCard !== null && order.cardRefund?.startedOn != null;
  // a live order's cancellation gave its card the money back: nothing is left to refund
  const givenBackOnCancel = !order.testMode && order.status === 'cancelled' && order.cardRefund?.refundedOn != null;
  // a cancellation gave back everything but a card charge it did not refund (a live order cancelled
  // before cancelling refunded the card): only then is Refund left to do, and the screen says why
  const refundAfterCancel = order.status === 'cancelled' ? (toCard === null ? 'none' : 'card') : null;
  const partlyRefundedNow = (order.status === 'paid' || order.status === 'fulfilled') && (order.refundedCents ?? 0) > 0;
  // the download links went out with the buyer's confirmation email: "sent" only once it was (never without a mail server)
  const confirmationSent = order.emails.some((email) => email.kind === 'order-confirmation' && email.status === 'sent');
  return (
    <section aria-labelledby="order-title" ref={screenRef}>
      <div className="admin-toolbar">
        <h1 id="order-title">{`${ADMIN.orderDetail} ${orderLabel(order)}`}</h1>
        <div className="admin-toolbar-actions">
          <AdminLink to={backToList} navigate={navigate}>{ADMIN.backToOrders}</AdminLink>
          {order.status === 'paid' || order.status === 'fulfilled' ? <a href={ADMIN_PATHS.packingSlips(`order=${encodeURIComponent(order.id)}`)}>{ADMIN.packingSlip}</a> : null}
          {/* the customer's invoice, whatever became of the order: a refund after it is noted on it */}
          <a href={ADMIN_PATHS.invoice(order.id)}>{ADMIN.printInvoice}</a>
        </div>
      </div>
      <p className={`admin-status admin-status--${order.status}`} data-status={order.status}>
        {ADMIN.status}: {ADMIN.orderStatuses[order.status] ?? order.status}{order.testMode ? ` · ${ADMIN.testMode}` : ''}
        {partlyRefundedNow ? ` · ${ADMIN.partlyRefunded(money(order.refundedCents ?? 0))}` : ''}
      </p>
      <dl className="admin-facts">
        <dt>{ADMIN.date}</dt><dd><StoreDate on={order.createdOn} /></dd>
        <dt>{ADMIN.customer}</dt><dd>{[order.name, order.email].filter(Boolean).join(' · ') || ADMIN.notRecorded}</dd>
        <dt>{ADMIN.shippingAddress}</dt><dd><AddressText order={order} /></dd>
        <dt>{ADMIN.shippingOption}</dt><dd>{order.shippingOption ?? ADMIN.notRecorded}</dd>
        <dt>{ADMIN.paymentReference}</dt><dd>{order.paymentReference ?? ADMIN.notRecorded}{order.paymentCardLast4 ? ` · ${ADMIN.paymentCardEnding(order.paymentCardLast4)}` : ''}</dd>
      </dl>
      <OrderLines lines={order.lines} downloads={order.downloads} emailed={confirmationSent} money={money} />
      <dl className="admin-facts admin-totals">
        <dt>{ADMIN.subtotal}</dt><dd>{money(order.subtotalCents)}</dd>
        <DiscountLine discount={order.discount} discountCents={order.discountCents} money={money} />
        {/* shipped at no cost: Free, as the shop's totals wrote it to the shopper */}
        <dt>{ADMIN.shipping}</dt><dd>{order.shippingCents === 0 && order.shippingAddress !== null ? ADMIN.shippingFree : money(order.shippingCents)}</dd>
        <TotalWithTax tax={order} money={money}>
          <dt>{ADMIN.total}</dt><dd>{money(order.grandTotalCents)}</dd>
        </TotalWithTax>
        {order.giftCardPayment ? (
          <><dt>{giftCardLink(order.giftCardPayment, ADMIN.giftCardPayment(order.giftCardPayment.last4))}</dt><dd>{money(-order.giftCardPayment.amountCents)}</dd></>
        ) : null}
        {refundedCents > 0 ? (
          <><dt>{ADMIN.refundedTotal}</dt><dd>{money(-refundedCents)}</dd><dt>{ADMIN.netTotal}</dt><dd>{money(order.grandTotalCents - refundedCents)}</dd></>
        ) : null}
      </dl>
      <OrderRefunds refunds={order.refunds ?? []} whole={wholeRefund(order)} testMode={order.testMode} money={money} />
      <OrderGiftCards cards={order.giftCardsIssued ?? []} money={money} navigate={navigate} />
      {order.status === 'fulfilled' || order.tracking ? (
        <>
          <h2>{ADMIN.tracking}</h2>
          {asking === 'tracking' ? (
            <TrackingForm question={ADMIN.editTracking} submitLabel={ADMIN.saveTracking} initial={order.tracking ?? null} busy={busy} fieldErrors={fieldErrors}
              offerNotice={Boolean(order.email)} onCancel={closeUnsent}
              onSubmit={(values, sendNotice) => void sendTracking(values, sendNotice, trackingSavedText(order.email, canSendEmail, sendNotice))} />
          ) : (
            <>
              <TrackingFacts tracking={order.tracking ?? null} />
              {canManage && order.status === 'fulfilled' ? <button type="button" ref={openers.tracking} disabled={busy} onClick={() => ask('tracking')}>{ADMIN.editTracking}</button> : null}
            </>
          )}
          <Notice text={trackingNotice.text} kind={trackingNotice.kind} />
        </>
      ) : null}
      <h2>{ADMIN.history}</h2>
      <ul>{order.history.map((step, index) => <li key={index}>{historyStepText(step)} · <StoreDate on={step.on} />{step.by ? ` · ${step.by}` : ''}</li>)}</ul>
      {order.emails.length > 0 ? (
        <>
          <h2>{ADMIN.emails}</h2>
          {!canSendEmail && order.emails.some((email) => email.status !== 'sent') ? <p className="admin-hint">{ADMIN.emailsNeedMailServer}</p> : null}
          <ul className="admin-emails">
            {order.emails.map((email) => (
              <li key={email.id} data-email-id={email.id} data-email-status={email.status}>
                <p><strong>{ADMIN.emailKinds[email.kind] ?? email.kind}</strong> · {ADMIN.emailTo} {email.recipient}</p>
                <p>{emailStatusText(email)}</p>
                <details>
                  <summary>{ADMIN.showEmail}</summary>
                  <p>{ADMIN.emailSubject}: {email.subject}</p>
                  <pre>{email.text}</pre>
                </details>
                {canManage && canSendEmail && email.status !== 'sent' ? <button type="button" disabled={busy} onClick={() => void sendAgain(email)}>{ADMIN.sendAgain}</button> : null}
                {canManage && canSendEmail && email.status === 'sent' ? <button type="button" disabled={busy} onClick={() => void sendCopy(email)}>{ADMIN.sendCopy}</button> : null}
                {emailNoticeFor === email.id ? <Notice text={emailNotice.text} kind={emailNotice.kind} /> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {refundUnfinished ? <p className="admin-hint">{ADMIN.refundUnfinishedNote}</p> : null}
      {canManage && (order.status === 'paid' || order.status === 'fulfilled') && order.grandTotalCents - refundedCents > 0 ? (
        <PartialRefund orderId={orderId} status={order.status} currency={order.currency} testMode={order.testMode} taxIncluded={order.taxIncluded === true} lines={order.lines}
          leftCents={order.grandTotalCents - refundedCents} money={money} onRefunded={partlyRefunded} canSendEmail={canSendEmail} />
      ) : null}
      {canManage && refundAfterCancel === 'none' ? <p className="admin-hint">{order.testMode ? ADMIN.cancelledNothingToRefundTest : ADMIN.cancelledNothingToRefund}</p> : null}
      {canManage && refundAfterCancel === 'card' && toCard ? <p className="admin-hint">{ADMIN.cancelledCardStillOwed(toCard.amount, toCard.card)}</p> : null}
      <Notice text={notice.text} kind={notice.kind} />
      {canManage && asking === 'fulfil' && order.status === 'paid' ? (
        <TrackingForm question={fulfilment.confirm} submitLabel={ADMIN.markFulfilled} initial={null} busy={busy} fieldErrors={fieldErrors}
          onCancel={closeUnsent} onSubmit={(values) => void sendTracking(values, false, fulfilment.done)} />
      ) : null}
      {canManage ? (
        <div className="admin-actions">
          {asking === 'fulfil' ? null : <button type="button" ref={openers.fulfil} disabled={busy || order.status !== 'paid'} onClick={() => ask('fulfil')}>{ADMIN.markFulfilled}</button>}
          <button type="button" disabled={busy || order.status !== 'paid'} onClick={() => act('cancel', cancellation.confirm, cancellation.done)}>{ADMIN.cancelOrder}</button>
          <button type="button" disabled={busy || order.status === 'refunded' || givenBackOnCancel || refundAfterCancel === 'none'} onClick={() => act('refund', refund.confirm, refund.done)}>{order.testMode ? ADMIN.refund : ADMIN.refundLive}</button>
        </div>
      ) : null}
    </section>
  );
}
