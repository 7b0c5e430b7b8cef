import { orderDownloads } from './order-downloads.ts';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import type { AppDeps } from '../deps.ts';
import { AdminOrderRepository, OrderStateError, type AdminOrderExport, type OrderStatus } from '../db/admin-order-repository.ts';
import { shippingAddressFields } from '../db/checkout-order-repository.ts';
import { shipToLines } from './ship-to-lines.ts';
import { EmailOutboxRepository } from '../db/email-outbox-repository.ts';
import { OrderTrackingRepository } from '../db/order-tracking-repository.ts';
import type { ParcelTracking } from '../../client/lib/parcel-carriers.ts';
import { DiscountCodeRepository } from '../db/discount-code-repository.ts';
import { GiftCardRepository } from '../db/gift-card-repository.ts';
import { SiteRepository } from '../db/site-repository.ts';
import { taxNameOf } from '../commerce/tax-name.ts';
import type { StoreSession } from '../db/store.ts';
import { storeLocale, storeMoneyFormat } from '../pages/base-context.ts';
import { StockHistoryRepository } from '../db/stock-history-repository.ts';
import { checkoutServices } from '../commerce/checkout-services.ts';
import { GIFT_CARD_EMAIL_KIND, withCodesHidden } from '../email/gift-card-email.ts';
import { withDownloadLinksHidden } from '../email/download-links-hidden.ts';
import { isGivenUpReason } from '../email/late-email.ts';
import { canSendEmail, DELIVERY_CLAIM_MS } from '../email/mailer.ts';
import { orderStatusEmail, type OrderChange } from '../email/order-status-email.ts';
import { fillMessage } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { describeError } from '../security/error-handlers.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { actorOf } from './admin-actor.ts';
import { checkAdminInput, pageQuery, parseAdminInput, recordId } from './admin-validation.ts';
import { giftCardsOfOrder } from './order-gift-cards.ts';
import { cardChargeOf, cardRefundOfOrder, giveCardBack, isOwedToCard, REFUND_CLAIM_MS, type CardCharge } from './card-refund.ts';
import { CardRefundRepository } from '../db/card-refund-repository.ts';
import { OrderRefundRepository } from '../db/order-refund-repository.ts';
import { partialRefundInput, refundPart } from './partial-refund.ts';
import { orderRefunds } from './order-refunds.ts';
import { orderLineShares } from './order-line-shares.ts';
import { checkPeriod, type PeriodDays } from './order-period.ts';
import { orderFilterFields, orderFilterOf } from './order-filter.ts';
import { isoTime, streamCsv } from './csv.ts';
import { csvAmount, csvFormatOf, type CsvFormat } from './csv-format.ts';
import { trackingFields, trackingInput, trackingOf } from './tracking-input.ts';

export const ADMIN_ORDERS = '/api/admin/orders';
// The export has no cap: it streams in batches, so a shop's whole history is one file (an owner's
// accounts need every order; a cap of 10 000 left a grown shop's first year out without a word).
/** Orders the export reads and writes at a time. */
export const EXPORT_BATCH = 500;

const orderParams = z.object({ orderId: recordId });
const emailParams = z.object({ orderId: recordId, emailId: z.string().uuid({ error: ADMIN.server.notAnId }) });
/** Which orders the list and the export cover: by status, search and the days they were placed (order-filter.ts). */
const listQuery = z.object({ ...orderFilterFields, ...pageQuery }).superRefine(checkPeriod);
const exportQuery = z.object(orderFilterFields).superRefine(checkPeriod);
/** Cancel and refund take no fields (fulfil takes the parcel's tracking); a body, if any, must be an empty object. */
const noFields = z.object({}).strict();
/** A correction of a fulfilled order's tracking (all empty clears it); the notice goes again only when asked. */
const trackingCorrection = z.object({ ...trackingFields, sendNotice: z.boolean().optional() }).strict();


/**
 * The orders export, for a spreadsheet or a shipping tool: one row per item bought, each with
 * its order's number, customer and shipping address, so rows can be sorted, filtered and picked
 * on their own. The order's money (subtotal, discount, shipping, tax, total, and what a gift card
 * paid of it) is on its first row only, so a column's sum is what the orders took; an order
 * without lines has one row. The discount code used, then what was refunded (the whole total of
 * a refunded order, what refunds of part of it gave back of another), come last, after the
 * columns older exports had, so a tool that reads them by position reads them still; then whether
 * the tax was included in the prices (yes: the total holds the tax rather than adding it) and the
 * line's extra-field answers in words (`Initials: AB; Thread colour: Rust`), for a personalisation
 * made from the spreadsheet.
 */
const ORDER_CSV_COLUMNS = [
  'id', 'number', 'date', 'status', 'customer email', 'customer name',
  'address line 1', 'address line 2', 'city', 'region', 'postal code', 'country', 'shipping option',
  'item', 'variant', 'sku', 'quantity', 'unit price', 'line total',
  'subtotal', 'discount', 'shipping', 'tax', 'total', 'gift card', 'currency', 'test mode', 'payment reference',
  'carrier', 'tracking number', 'discount code', 'refunded', 'tax included', 'answers',
] as const;

/** The address's columns: the checkout's fields, or an older order's address text in the first. */
function addressColumns(address: AdminOrderExport['shippingAddress']): string[] {
  if (address === null) return ['', '', '', '', '', ''];
  if (typeof address === 'string') return [address, '', '', '', '', ''];
  const fields = shippingAddressFields(address);
  return [fields.line1, fields.line2, fields.city, fields.region, fields.postalCode, fields.countryCode];
}

/** An order's rows, its date written in the store's time zone `zone`, as the admin shows it, its amounts with the `format`'s decimal mark. */
function orderCsvRows(order: AdminOrderExport, zone: string, format: CsvFormat): unknown[][] {
  const amount = (cents: number): string => csvAmount(cents, order.currency, format);
  const head = [order.id, order.orderNumber, isoTime(order.createdOn, zone), order.status, order.email, order.name, ...addressColumns(order.shippingAddress), order.shippingOption];
  const tail = [order.currency, order.testMode ? 'yes' : 'no', order.paymentReference, order.tracking?.carrier ?? '', order.tracking?.number ?? '', order.discountCode];
  const money = [amount(order.subtotalCents), amount(order.discountCents), amount(order.shippingCents), amount(order.taxCents), amount(order.grandTotalCents), amount(order.giftCardCents)];
  const refunded = amount(order.status === 'refunded' ? order.grandTotalCents : order.refundedCents);
  const lines = order.lines.length > 0 ? order.lines : [null];
  return lines.map((line, index) => [
    ...head,
    ...(line === null ? ['', '', '', '', '', ''] : [
      line.productName, [line.variantLabel, line.billingInterval].filter(Boolean).join(', '), line.sku, line.quantity,
      amount(line.unitPriceCents), amount(line.unitPriceCents * line.quantity),
    ]),
    ...(index === 0 ? money : money.map(() => '')),
    ...tail,
    // money, so on the first row only, as the order's other amounts
    index === 0 ? refunded : '',
    order.taxIncluded ? 'yes' : 'no',
    line === null ? '' : line.answers.map((answer) => `${answer.label}: ${answer.value}`).join('; '),
  ]);
}

/**
 * A list or export query, checked: a refusal answers 400 with its first problem as the message
 * (a GET has no form to mark, and an address typed by hand is told what is wrong with it).
 */
function parseQuery<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const checked = checkAdminInput(schema, input);
  if (checked.ok) return checked.value;
  throw new HttpError(400, Object.values(checked.fieldErrors)[0] ?? ADMIN.server.invalidInput, { fieldErrors: checked.fieldErrors });
}

/** The export's file name, with its days when it has any, so two exports do not take one name. */
function exportName(days: PeriodDays): string {
  if (days.from !== null && days.to !== null) return `orders-${days.from}-to-${days.to}.csv`;
  if (days.from !== null) return `orders-from-${days.from}.csv`;
  if (days.to !== null) return `orders-until-${days.to}.csv`;
  return 'orders.csv';
}

/** Each batch as `map` makes it, as the batches are read. */
async function* mapBatches<T, U>(batches: AsyncIterable<T>, map: (batch: T) => U): AsyncGenerator<U> {
  for await (const batch of batches) yield map(batch);
}

/**
 * Orders in the admin: list (by status, found by number, email or name), detail with its emails
 * and gift cards, fulfil (with the parcel's tracking, corrected after), cancel (stock and gift card
 * payments come back, gift cards it bought are cancelled) and refund (with the shopper's refund
 * notice), each giving a live order's card charge back through the payment provider first, refund
 * part of it (partial-refund.ts), send an email again, CSV.
 */
/** How long after an email was written (or last sent again) it may not be sent again: one copy per double click. */
const RESEND_PAUSE_MS = 60_000;
/** Copies of one email (its kind, order and recipient) a day: a lost confirmation, not a flood. */
const COPIES_PER_DAY = 5;

export function createOrderCalls(deps: AppDeps): Router {
  const router = Router();
  const canRead = requireOwner(deps, 'orders.read');
  const canManage = requireOwner(deps, 'orders.manage');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');

  const filterOf = (query: z.output<typeof exportQuery>) => orderFilterOf(deps, query);

  router.get(ADMIN_ORDERS, canRead, async (req, res) => {
    const query = parseQuery(listQuery, req.query);
    const { filter, days, timeZone } = await filterOf(query);
    const repository = new AdminOrderRepository(deps.store);
    const orders = await repository.list(query.limit + 1, query.offset, filter);
    const summary = await repository.summary(filter);
    const shown = orders.slice(0, query.limit);
    // an order whose email failed (refused, or given up as too late) is flagged, so the owner opens it and sends it again
    const failed = await new EmailOutboxRepository(deps.store).failedCounts(shown.map((order) => order.id));
    res.json({
      orders: shown.map((order) => ({ ...order, emailsNotSent: failed.get(order.id) ?? 0 })),
      hasMore: orders.length > query.limit,
      summary,
      // the screen writes dates in the store's zone and money in its format, as its pages do
      period: days,
      timeZone,
      moneyFormat: await storeMoneyFormat(new SiteRepository(deps.store)),
    });
  });

  router.get(`${ADMIN_ORDERS}.csv`, canRead, async (req, res) => {
    const { filter, days, timeZone } = await filterOf(parseQuery(exportQuery, req.query));
    // the store language's CSV format: semicolons and 12,50 in a German store (csv-format.ts)
    const format = csvFormatOf(storeLocale(await new SiteRepository(deps.store).website()));
    const batches = new AdminOrderRepository(deps.store, deps.log).exportBatches(Number.POSITIVE_INFINITY, EXPORT_BATCH, filter);
    await streamCsv(res, exportName(days), ORDER_CSV_COLUMNS, mapBatches(batches, (orders) => orders.flatMap((order) => orderCsvRows(order, timeZone, format))), format);
  });

  router.get(`${ADMIN_ORDERS}/:orderId`, canRead, async (req, res) => {
    const { orderId } = parseAdminInput(orderParams, req.params);
    const order = await orderScreen(orderId);
    if (!order) throw new HttpError(404, ADMIN.server.orderNotFound);
    // without a mail server an email cannot be sent again: the screen says so instead of offering it
    res.json({ order: { ...order, emails: await orderEmails(orderId) }, canSendEmail: canSendEmail(deps.options.mail) });
  });

  /** The order's emails (the shopper's confirmation, the owner's notice) and how each went. */
  async function orderEmails(orderId: string) {
    const emails = await new EmailOutboxRepository(deps.store).ofSubject(orderId);
    return emails.map((email) => ({
      // a gift card's email is shown without its code, which is the recipient's alone, and every
      // email without its download links, which are the buyer's alone
      id: email.id, kind: email.kind, recipient: email.recipient, subject: email.subject,
      text: withDownloadLinksHidden(email.kind === GIFT_CARD_EMAIL_KIND ? withCodesHidden(email.text) : email.text),
      status: email.status, error: email.error, createdOn: email.createdOn, sentOn: email.sentOn,
      // given up by the outbox sweep rather than refused: the error alone says what happened
      givenUp: email.status === 'failed' && isGivenUpReason(email.error),
    }));
  }

  /** The order's email a send call names (404 when the order has no such email), the call taking no fields. */
  async function orderEmailAsked(req: Request) {
    const { orderId, emailId } = parseAdminInput(emailParams, req.params);
    parseAdminInput(noFields, req.body ?? {});
    const outbox = new EmailOutboxRepository(deps.store);
    const email = await outbox.findById(emailId);
    // an email of an order that exists: account emails (a password link) have another record as subject
    const order = email && email.subjectId === orderId ? await new AdminOrderRepository(deps.store).exists(orderId) : false;
    if (!email || !order) throw new HttpError(404, ADMIN.server.emailNotFound);
    return { orderId, outbox, email };
  }

  // Sends one of the order's emails again (one that failed, or was kept while the store had no mail server).
  router.post(`${ADMIN_ORDERS}/:orderId/emails/:emailId/send`, canManage, ownerWrite, async (req, res) => {
    const { orderId, outbox, email } = await orderEmailAsked(req);
    if (email.status === 'sent') throw new HttpError(409, ADMIN.server.emailAlreadySent);
    // 409 as for a password link: the store's set-up, not the request, stands in the way, and a
    // retry fails alike until a mail server is configured (not an outage, so not 503)
    if (!canSendEmail(deps.options.mail)) throw new HttpError(409, ADMIN.server.emailNeedsMailServer);
    // taken first, as the sweep takes an email: of two clicks (or staff, or processes) one sends it
    if (!(await outbox.takeToSendAgain(email.id, Date.now(), DELIVERY_CLAIM_MS))) {
      const current = await outbox.findById(email.id);
      throw new HttpError(409, current?.status === 'sent' ? ADMIN.server.emailAlreadySent : ADMIN.server.emailBeingSent);
    }
    await checkoutServices(deps).mailer.deliverTaken(deps.store, email);
    res.json({ emails: await orderEmails(orderId) });
  });

  // Sends a copy of an email that was sent (the shopper lost it, or it went to spam). A second ask
  // within a minute of the last copy is refused, so a double click or two staff send one copy.
  router.post(`${ADMIN_ORDERS}/:orderId/emails/:emailId/resend`, canManage, ownerWrite, async (req, res) => {
    const { orderId, outbox, email } = await orderEmailAsked(req);
    if (email.status !== 'sent') throw new HttpError(409, ADMIN.server.emailNotSentYet);
    // a gift card's code goes again only from its card's screen, which knows whether the card still works
    if (email.kind === GIFT_CARD_EMAIL_KIND) throw new HttpError(409, ADMIN.server.giftCardEmailFromItsCard);
    if (!canSendEmail(deps.options.mail)) throw new HttpError(409, ADMIN.server.emailNeedsMailServer);
    const copy = await outbox.addCopyOfSent(email.id, Date.now(), { notWithinMs: RESEND_PAUSE_MS, perDay: COPIES_PER_DAY });
    if (copy === 'not-sent') throw new HttpError(409, ADMIN.server.emailNotSentYet);
    if (copy === 'too-soon') throw new HttpError(409, fillMessage(ADMIN.server.emailSentMomentAgo, { perDay: COPIES_PER_DAY }));
    await checkoutServices(deps).mailer.deliverTaken(deps.store, copy);
    res.json({ emails: await orderEmails(orderId), copyId: copy.id });
  });

  /** The shopper's notice of `change`, put in the outbox in the move's transaction; null for an order without the shopper's email. */
  async function queueNotice(tx: StoreSession, orderId: string, change: OrderChange, now: number, refundedFrom?: OrderStatus) {
    const notice = await orderStatusEmail(tx, orderId, change, refundedFrom);
    return notice === null ? null : new EmailOutboxRepository(tx).add(notice, now);
  }

  /**
   * The order as its screen shows it: the detail, its gift cards, its refunds of part of it (with
   * what each line has left to refund), and what its card paid and got back (from those reads);
   * undefined when there is no such order.
   */
  async function orderScreen(orderId: string) {
    const detail = await new AdminOrderRepository(deps.store, deps.log).findById(orderId);
    if (!detail) return undefined;
    const giftCards = await giftCardsOfOrder(deps.store, orderId);
    const { cardRefundState, lines, taxNameThen, ...order } = detail;
    const { cardRefundedCents, ...refunds } = await orderRefunds(deps.store, orderId, lines, giftCards.giftCardPayment?.last4 ?? null);
    // each line's share of the discount and tax, for the partial refund's suggested amount
    const shares = await orderLineShares(deps.store, orderId);
    return {
      ...order, ...giftCards, ...refunds,
      lines: refunds.lines.map((line) => ({
        ...line, discountShareCents: shares.get(line.itemId)?.discountCents ?? 0, taxShareCents: shares.get(line.itemId)?.taxCents ?? 0,
      })),
      // each digital line: whether its file was delivered and what is left of its link
      downloads: await orderDownloads(deps.store, orderId),
      cardRefund: cardRefundOfOrder({ ...order, ...cardRefundState }, giftCards.giftCardPayment?.amountCents ?? 0, cardRefundedCents),
      // the address as the post of its country writes it, the country named in the admin's English
      shippingAddressLines: shipToLines(order.shippingAddress, 'en'),
      // what the shop called its tax when the order was placed, as its page and emails say; the
      // shop's name now for an order placed before it was kept
      taxName: taxNameThen ?? taxNameOf(await new SiteRepository(deps.store).storeSettings()),
    };
  }

  /** The order as the screen shows it after a change. */
  async function orderAnswer(orderId: string) {
    return (await orderScreen(orderId))!;
  }

  /** The refusal of a move the order's status does not allow. */
  function stateRefused(status: OrderStatus): HttpError {
    return new HttpError(409, fillMessage(ADMIN.server.orderStateRefused, { status: ADMIN.orderStatuses[status]!.toLowerCase() }));
  }

  /**
   * Why a cancelled order has nothing left to refund, in the words its screen greys Refund with;
   * null for an order not cancelled, or one whose card is still owed what it paid (a live order
   * cancelled before cancellations refunded the card), which a refund gives back. A refund of the
   * others would only move cancelled to refunded and tell the shopper a second time.
   */
  function nothingToRefundAfterCancel(charge: CardCharge): string | null {
    if (charge.status !== 'cancelled' || isOwedToCard(charge)) return null;
    // its cancellation gave the card its money back
    if (!charge.testMode && charge.refundedOn !== null) return ADMIN.server.refundGivenBackOnCancel;
    return charge.testMode ? ADMIN.cancelledNothingToRefundTest : ADMIN.cancelledNothingToRefund;
  }

  /**
   * Money first: a live order's card charge goes back through the payment provider before a
   * refund or a cancellation moves the order (the provider refusing or failing leaves it as it
   * was); true when it did.
   */
  async function moneyBack(orderId: string, from: readonly OrderStatus[], now: number): Promise<boolean> {
    const charge = await cardChargeOf(deps.store, orderId);
    if (!charge) throw new HttpError(404, ADMIN.server.orderNotFound);
    if (!from.includes(charge.status)) throw stateRefused(charge.status);
    const nothingLeft = nothingToRefundAfterCancel(charge);
    if (nothingLeft !== null) throw new HttpError(409, nothingLeft);
    if (!isOwedToCard(charge)) return false;
    await giveCardBack(deps, orderId, charge, from, now);
    return true;
  }

  /** One move of an order's status; a fulfilment may come with the parcel's `tracking`. */
  async function move(req: import('express').Request, from: readonly OrderStatus[], to: 'fulfilled' | 'cancelled' | 'refunded', tracking: ParcelTracking | null = null) {
    const { orderId } = parseAdminInput(orderParams, req.params);
    if (to !== 'fulfilled') parseAdminInput(noFields, req.body ?? {});
    const actor = await actorOf(deps, req);
    const now = Date.now();
    let cardBack = false;
    try {
      if (to === 'refunded' || to === 'cancelled') cardBack = await moneyBack(orderId, from, now);
    } catch (error) {
      if (error instanceof OrderStateError) throw stateRefused(error.status);
      throw error;
    }
    const sent = await deps.store.transaction(async (tx) => {
      const orders = new AdminOrderRepository(tx);
      let moved;
      try {
        moved = await orders.move(orderId, from, to, actor, now);
      } catch (error) {
        if (error instanceof OrderStateError) throw stateRefused(error.status);
        throw error;
      }
      if (!moved) throw new HttpError(404, ADMIN.server.orderNotFound);
      // cancelled since moneyBack read it paid (a cancellation at the same moment): refused as above, the move undone
      if (to === 'refunded' && moved.before === 'cancelled' && !cardBack) {
        const charge = await cardChargeOf(tx, orderId);
        // read after the move: as it was before it, cancelled
        const nothingLeft = charge ? nothingToRefundAfterCancel({ ...charge, status: 'cancelled' }) : null;
        if (nothingLeft !== null) throw new HttpError(409, nothingLeft);
      }
      const cardRefunds = new CardRefundRepository(tx);
      if (cardBack) await cardRefunds.done(orderId, now);
      // an order whose card refund was begun and never recorded may have its money back: not sent until that is settled
      if (to === 'fulfilled' && (await cardRefunds.of(orderId))?.startedOn != null) throw new HttpError(409, ADMIN.server.refundUnfinished);
      // goods never sent come back: a cancelled order, or one refunded before it was fulfilled
      // (less the units refunds of part of the order put back already)
      if (to === 'cancelled' || (to === 'refunded' && moved.before === 'paid')) {
        const stock = new StockHistoryRepository(tx);
        const restocked = await new OrderRefundRepository(tx).refundedLines(orderId);
        for (const line of await orders.lines(orderId)) {
          const units = line.quantity - (restocked.get(line.itemId)?.restocked ?? 0);
          if (!line.takesStock || units <= 0) continue;
          const after = await stock.putBack(line.variantId, units);
          if (after === null) continue;
          await stock.record({ productId: line.productId, variantId: line.variantId, delta: units, quantityAfter: after, reason: 'cancel', actor, orderId }, now);
        }
      }
      // what it paid by gift card goes back on that card (once), and the cards it bought are spent no
      // more; its discount code's use goes back too (once), so a use limit counts only orders kept
      if (to === 'cancelled' || to === 'refunded') {
        const giftCards = new GiftCardRepository(tx);
        await giftCards.givePaymentBack(orderId, now);
        await giftCards.cancelIssuedBy(orderId, now);
        await new DiscountCodeRepository(tx).giveUseBack(orderId, now);
      }
      // stored before the notice is written, which shows it
      if (tracking !== null) await new OrderTrackingRepository(tx).set(orderId, tracking);
      // every move tells the shopper, with the move or not at all: the move is made once (a second
      // refund or cancel is refused above), so a repeated request never writes a second notice
      if (to === 'refunded') return queueNotice(tx, orderId, 'refunded', now, moved.before);
      return queueNotice(tx, orderId, to === 'fulfilled' ? 'shipped' : 'cancelled', now);
    }).catch(async (error: unknown) => {
      // the money went back but the store could not record it: the refund stays begun on the
      // order, and asked again it is recorded (the provider answers with the refund it made). A
      // refusal of the move says itself why: another request, which took the refund over once this
      // one had run past its time, recorded it
      if (!cardBack || error instanceof HttpError) throw error;
      deps.log.error({ err: describeError(error), orderId }, 'card refund not recorded');
      await new CardRefundRepository(deps.store).leaveUnfinished(orderId, now, REFUND_CLAIM_MS).catch(() => undefined);
      throw new HttpError(500, ADMIN.server.refundNotRecorded);
    });
    if (sent !== null) deps.background.start(() => checkoutServices(deps).mailer.deliver(deps.store, sent));
    return orderAnswer(orderId);
  }

  router.post(`${ADMIN_ORDERS}/:orderId/fulfil`, canManage, ownerWrite, async (req, res) => {
    parseAdminInput(orderParams, req.params);
    const tracking = trackingOf(parseAdminInput(trackingInput, req.body ?? {}));
    res.json({ order: await move(req, ['paid'], 'fulfilled', tracking) });
  });

  // Corrects (or adds, or clears) a fulfilled order's tracking; the shipping notice goes again only with sendNotice.
  router.put(`${ADMIN_ORDERS}/:orderId/tracking`, canManage, ownerWrite, async (req, res) => {
    const { orderId } = parseAdminInput(orderParams, req.params);
    const { sendNotice, ...fields } = parseAdminInput(trackingCorrection, req.body ?? {});
    const actor = await actorOf(deps, req);
    const tracking = trackingOf(fields);
    const sent = await deps.store.transaction(async (tx) => {
      const trackings = new OrderTrackingRepository(tx);
      if (!(await trackings.set(orderId, tracking))) {
        const order = await new AdminOrderRepository(tx).findById(orderId);
        throw order ? new HttpError(409, ADMIN.server.trackingNotFulfilled) : new HttpError(404, ADMIN.server.orderNotFound);
      }
      const now = Date.now();
      const notice = sendNotice === true ? await queueNotice(tx, orderId, 'shipped', now) : null;
      // in the order's History: the shopper may hold the number of an earlier notice
      await trackings.recordChange(orderId, tracking, notice !== null, actor, now);
      return notice;
    });
    if (sent !== null) deps.background.start(() => checkoutServices(deps).mailer.deliver(deps.store, sent));
    res.json({ order: await orderAnswer(orderId) });
  });

  router.post(`${ADMIN_ORDERS}/:orderId/cancel`, canManage, ownerWrite, async (req, res) => {
    res.json({ order: await move(req, ['paid'], 'cancelled') });
  });

  router.post(`${ADMIN_ORDERS}/:orderId/refund`, canManage, ownerWrite, async (req, res) => {
    res.json({ order: await move(req, ['paid', 'fulfilled', 'cancelled'], 'refunded') });
  });

  // Refunds part of a paid or fulfilled order: some items (back to stock or not) and some money, or money alone (partial-refund.ts).
  router.post(`${ADMIN_ORDERS}/:orderId/refunds`, canManage, ownerWrite, async (req, res) => {
    const { orderId } = parseAdminInput(orderParams, req.params);
    const input = parseAdminInput(partialRefundInput, req.body ?? {});
    let sent;
    try {
      sent = await refundPart(deps, orderId, input, await actorOf(deps, req));
    } catch (error) {
      if (error instanceof OrderStateError) throw stateRefused(error.status);
      throw error;
    }
    if (sent !== null) deps.background.start(() => checkoutServices(deps).mailer.deliver(deps.store, sent));
    res.json({ order: await orderAnswer(orderId) });
  });

  return router;
}
