/**
 * Refunding part of a live order (POST /api/admin/orders/{id}/refunds): some items, back in stock
 * or not, and some money, or money alone; the card gets its part back through the provider first,
 * under the refund's own key, then the gift card that paid part of the order; each problem is
 * refused under its field; refunds reaching the total refund the order; a whole refund or a
 * cancellation afterwards gives back only the rest; the list's money, the CSV and the shopper's
 * notice say what went back. Runs on SQLite, and on PostgreSQL with TEST_ENGINE=postgres.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { API_PATHS } from '../../../client/lib/api-paths.ts';
import { partRefundKey, refundKey } from '../../../server/admin/card-refund.ts';
import { EmailOutboxRepository } from '../../../server/db/email-outbox-repository.ts';
import { GiftCardRepository } from '../../../server/db/gift-card-repository.ts';
import { OrderRefundRepository } from '../../../server/db/order-refund-repository.ts';
import { fillMessage } from '../../../server/messages.ts';
import { CONTRIBUTOR_ROLES } from '../../../server/security/owner-permissions.ts';
import { SHOPPER_DETAILS } from '../helpers/checkout.ts';
import { livePayments, type LivePayments } from '../helpers/live-payments.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';
import { productInput } from './admin-helpers.ts';

interface Line { itemId: string; sku: string; quantity: number; unitPriceCents: number; takesStock: boolean; refundedQuantity: number; restockedQuantity: number }
interface Refund { id: string; amountCents: number; cardCents: number; giftCardCents: number; reason: string; actor: string; lines: Array<{ itemId: string; quantity: number; restocked: boolean }> }
interface Order {
  id: string; orderNumber: string; status: string; grandTotalCents: number; paymentReference: string; refundedCents: number;
  lines: Line[]; refunds: Refund[];
  cardRefund: { paidCents: number; givenBackCents: number; startedOn: number | null; refundedOn: number | null };
  giftCardPayment: { amountCents: number } | null;
}
interface Answer { order: Order; message?: string; fieldErrors?: Record<string, string> }

let server: PlatformServer;
let owner: SiteUserVisitor;
let payments: LivePayments;
let productId: string;

const store = () => server.app.deps.store;
const detail = async (orderId: string): Promise<Order> => (await owner.get<{ order: Order }>(`/api/admin/orders/${orderId}`)).body.order;
const refundPart = (orderId: string, body: Record<string, unknown>, as: SiteUserVisitor = owner) =>
  as.post<Answer>(`/api/admin/orders/${orderId}/refunds`, { lines: [], notifyCustomer: false, ...body });
const stockOf = async (sku: string): Promise<number> => Number((await store().get<{ qty: number }>('SELECT qty_in_stock AS qty FROM variants WHERE sku = ?', [sku]))!.qty);
const lineOf = (order: Order, sku: string): Line => order.lines.find((line) => line.sku === sku)!;
/** The refunds the provider was asked for of the order's charge, with their amounts and keys. */
const askedOf = (order: Order) => payments.amounts.filter((call) => call.reference === order.paymentReference)
  .map(({ amountCents, idempotencyKey }) => ({ amountCents, idempotencyKey }));
const stockRows = (orderId: string) =>
  store().all<{ variant_id: string; delta: number | string; reason: string }>('SELECT variant_id, delta, reason FROM stock_changes WHERE order_id = ? ORDER BY rowid', [orderId]);
const partNotices = async (orderId: string) =>
  (await new EmailOutboxRepository(store()).ofSubject(orderId)).filter((email) => email.kind === 'order-partly-refunded');

/** A shopper buys `entries` (SKU, quantity) through the checkout, paying part with `giftCardCode` when given; the order's id. */
async function buy(entries: Array<[string, number]>, giftCardCode = ''): Promise<string> {
  const shopper = await new Visitor(server.url).start();
  for (const [sku, quantity] of entries) {
    const added = await shopper.post('/api/commerce/shopping-cart/entries', { itemId: productId, sku, quantity, additionalFields: null });
    expect(added.status, added.text).toBe(200);
  }
  const quote = await shopper.post<{ quote: { totalCents: number; amountDueCents: number; selectedShippingOptionId: string | null } }>(API_PATHS.checkoutQuote, { giftCardCode });
  expect(quote.status, quote.text).toBe(200);
  const placed = await shopper.post<{ confirmationUrl: string }>(API_PATHS.checkoutOrders, {
    ...SHOPPER_DETAILS,
    shippingOptionId: quote.body.quote.selectedShippingOptionId ?? 'none',
    giftCardCode,
    idempotencyKey: randomBytes(16).toString('hex'),
    expectedTotalCents: quote.body.quote.totalCents,
    expectedAmountDueCents: quote.body.quote.amountDueCents,
  });
  expect(placed.status, placed.text).toBe(201);
  return /order-confirmed\/([^?]+)/.exec(placed.body.confirmationUrl)![1]!;
}

/** A gift card worth `cents`, issued as an order issues one (it needs an order to belong to). */
async function giftCardOf(cents: number): Promise<{ id: string; code: string }> {
  const bearer = await buy([['HJ-S', 1]]);
  const card = await new GiftCardRepository(store()).issue({ orderId: bearer, currency: 'USD', amountCents: cents, recipientEmail: 'friend@example.com' }, Date.now());
  return { id: card.id, code: card.code };
}

const balanceOf = async (giftCardId: string): Promise<number> => (await new GiftCardRepository(store()).findById(giftCardId))!.balanceCents;

beforeAll(async () => {
  payments = livePayments();
  server = await startPlatformServer({ payments: payments.provider });
  owner = await server.signInOwner();
  const created = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput({
    variants: [
      { sku: 'HJ-S', priceCents: 12000, qtyInStock: 500, attributes: { Size: 'S' }, weightGrams: 900 },
      { sku: 'HJ-M', priceCents: 9000, qtyInStock: 500, attributes: { Size: 'M' }, weightGrams: 950 },
    ],
  }));
  expect(created.status, created.text).toBe(201);
  productId = created.body.product.id;
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await server.stop(true);
});

describe('refunding part of an order', () => {
  it('refunds one unit of a line back to stock: the card gets its money under the refund\'s own key, the stock and its history the unit', async () => {
    const orderId = await buy([['HJ-S', 3], ['HJ-M', 1]]);
    const before = await detail(orderId);
    const shirt = lineOf(before, 'HJ-S');
    const stock = await stockOf('HJ-S');
    const answer = await refundPart(orderId, { lines: [{ itemId: shirt.itemId, quantity: 1, restock: true }], amountCents: 12000, reason: 'Returned: too small' });
    expect(answer.status, answer.text).toBe(200);
    const after = answer.body.order;
    expect(after.status).toBe('paid');
    expect(after.refundedCents).toBe(12000);
    expect(after.refunds).toEqual([expect.objectContaining({
      amountCents: 12000, cardCents: 12000, giftCardCents: 0, reason: 'Returned: too small', actor: expect.any(String),
      lines: [expect.objectContaining({ itemId: shirt.itemId, quantity: 1, restocked: true })],
    })]);
    expect(lineOf(after, 'HJ-S')).toMatchObject({ refundedQuantity: 1, restockedQuantity: 1 });
    expect(after.cardRefund).toMatchObject({ givenBackCents: 12000, startedOn: null, refundedOn: null });
    expect(askedOf(before)).toEqual([{ amountCents: 12000, idempotencyKey: partRefundKey(after.refunds[0]!.id) }]);
    expect(partRefundKey(after.refunds[0]!.id)).not.toBe(refundKey(orderId));
    expect(await stockOf('HJ-S')).toBe(stock + 1);
    expect(await stockRows(orderId)).toEqual([expect.objectContaining({ delta: 1, reason: 'cancel' })]);
  });

  it('refunds money alone (a late parcel), leaving the stock and the status as they were', async () => {
    const orderId = await buy([['HJ-M', 1]]);
    const stock = await stockOf('HJ-M');
    const answer = await refundPart(orderId, { amountCents: 500, reason: 'Late parcel' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.order).toMatchObject({ status: 'paid', refundedCents: 500 });
    expect(answer.body.order.refunds[0]!.lines).toEqual([]);
    expect(await stockOf('HJ-M')).toBe(stock);
    expect(await stockRows(orderId)).toEqual([]);
  });

  it('gives the card what it paid first and the rest back on the gift card that paid part of the order; a whole refund then gives the gift card only the rest', async () => {
    const card = await giftCardOf(5000);
    const orderId = await buy([['HJ-S', 1]], card.code);
    const before = await detail(orderId);
    expect(before.giftCardPayment!.amountCents).toBe(5000);
    expect(await balanceOf(card.id)).toBe(0);
    const cardPaid = before.cardRefund.paidCents;
    expect(cardPaid).toBe(before.grandTotalCents - 5000);
    const answer = await refundPart(orderId, { amountCents: cardPaid + 1500 });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.order.refunds[0]).toMatchObject({ cardCents: cardPaid, giftCardCents: 1500 });
    expect(await balanceOf(card.id)).toBe(1500);
    // the card's screen says what of that payment came back, though not all of it did
    const spentOnCard = async () => (await owner.get<{ giftCard: { spending: Array<{ orderId: string; returnedOn: number | null; returnedCents: number }> } }>(`/api/admin/gift-cards/${card.id}`))
      .body.giftCard.spending.find((spent) => spent.orderId === orderId)!;
    expect(await spentOnCard()).toMatchObject({ returnedOn: null, returnedCents: 1500 });
    expect(askedOf(before).map((call) => call.amountCents)).toEqual([cardPaid]);
    // the card has all its money back: the whole refund asks the provider nothing, and the gift card gets the rest of its payment
    const whole = await owner.post<Answer>(`/api/admin/orders/${orderId}/refund`, {});
    expect(whole.status, whole.text).toBe(200);
    expect(whole.body.order.status).toBe('refunded');
    expect(askedOf(before)).toHaveLength(1);
    expect(await balanceOf(card.id)).toBe(5000);
    expect(await spentOnCard()).toMatchObject({ returnedOn: expect.any(Number), returnedCents: 5000 });
  });

  it('refuses an amount above what is left, and a quantity above what is left of its line, each under its field, changing nothing', async () => {
    const orderId = await buy([['HJ-S', 2]]);
    const order = await detail(orderId);
    const shirt = lineOf(order, 'HJ-S');
    expect((await refundPart(orderId, { lines: [{ itemId: shirt.itemId, quantity: 1, restock: true }], amountCents: 12000 })).status).toBe(200);
    const left = order.grandTotalCents - 12000;
    const tooMuch = await refundPart(orderId, { amountCents: left + 1 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fieldErrors).toEqual({ amountCents: fillMessage(ADMIN.server.refundAmountLeft, { amount: `$${(left / 100).toFixed(2)}` }) });
    const tooMany = await refundPart(orderId, { lines: [{ itemId: shirt.itemId, quantity: 2, restock: false }], amountCents: 100 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fieldErrors).toEqual({ 'lines.0.quantity': fillMessage(ADMIN.server.refundQuantityLeft, { count: '1' }) });
    const stranger = await refundPart(orderId, { lines: [{ itemId: 'not-a-line', quantity: 1, restock: false }], amountCents: 100 });
    expect(stranger.body.fieldErrors).toEqual({ 'lines.0.itemId': ADMIN.server.refundItemNotInOrder });
    const zero = await refundPart(orderId, { amountCents: 0, reason: 'x'.repeat(501) });
    expect(zero.status).toBe(400);
    expect(Object.keys(zero.body.fieldErrors!).sort()).toEqual(['amountCents', 'reason']);
    const after = await detail(orderId);
    expect(after.refunds).toHaveLength(1);
    expect(after.cardRefund.startedOn).toBeNull();
    expect(askedOf(order)).toHaveLength(1);
  });

  it("shows what refunds of part of it gave back on the shopper's order page, under the total, until the order is refunded", async () => {
    const orderId = await buy([['HJ-M', 1]]);
    const token = (await store().get<{ view_token: string }>('SELECT view_token FROM orders WHERE id = ?', [orderId]))!.view_token;
    const page = async () => (await new Visitor(server.url).get<string>(`/checkout/order-confirmed/${orderId}?token=${token}`)).text;
    expect(await page()).not.toContain('class="refunded"');
    await refundPart(orderId, { amountCents: 500 });
    await refundPart(orderId, { amountCents: 250 });
    expect(await page()).toContain('<dt>Refunded</dt><dd class="refunded">-$7.50</dd>');
    await refundPart(orderId, { amountCents: (await detail(orderId)).grandTotalCents - 750 });
    const refunded = await page();
    expect(refunded).toContain('<h1>Order refunded</h1>');
    expect(refunded).not.toContain('class="refunded"');
  });

  it('moves the order to refunded once two refunds reach its total, and a whole refund is then refused', async () => {
    const orderId = await buy([['HJ-M', 1]]);
    const order = await detail(orderId);
    expect((await refundPart(orderId, { amountCents: 1000 })).body.order.status).toBe('paid');
    const last = await refundPart(orderId, { amountCents: order.grandTotalCents - 1000 });
    expect(last.status, last.text).toBe(200);
    expect(last.body.order.status).toBe('refunded');
    expect(last.body.order.cardRefund.refundedOn).toEqual(expect.any(Number));
    expect(payments.givenBackCents.get(order.paymentReference)).toBe(order.grandTotalCents);
    const whole = await owner.post<Answer>(`/api/admin/orders/${orderId}/refund`, {});
    expect(whole.status).toBe(409);
    expect(whole.body.message).toBe(fillMessage(ADMIN.server.orderStateRefused, { status: 'refunded' }));
    const more = await refundPart(orderId, { amountCents: 1 });
    expect(more.status).toBe(409);
  });

  it('after a refund of part, a whole refund gives the card only the rest and puts back only the units not put back already', async () => {
    const orderId = await buy([['HJ-S', 3]]);
    const order = await detail(orderId);
    const shirt = lineOf(order, 'HJ-S');
    const stock = await stockOf('HJ-S');
    const part = await refundPart(orderId, { lines: [{ itemId: shirt.itemId, quantity: 1, restock: true }], amountCents: 12000 });
    expect(part.status, part.text).toBe(200);
    const whole = await owner.post<Answer>(`/api/admin/orders/${orderId}/refund`, {});
    expect(whole.status, whole.text).toBe(200);
    expect(askedOf(order)).toEqual([
      { amountCents: 12000, idempotencyKey: partRefundKey(part.body.order.refunds[0]!.id) },
      { amountCents: order.grandTotalCents - 12000, idempotencyKey: refundKey(orderId) },
    ]);
    expect(payments.givenBackCents.get(order.paymentReference)).toBe(order.grandTotalCents);
    expect(await stockOf('HJ-S')).toBe(stock + 3);
    expect((await stockRows(orderId)).map((row) => Number(row.delta))).toEqual([1, 2]);
    // the refund notice says what went back now
    const [notice] = (await new EmailOutboxRepository(store()).ofSubject(orderId)).filter((email) => email.kind === 'order-refunded');
    const rest = `$${((order.grandTotalCents - 12000) / 100).toFixed(2)}`;
    expect(notice!.text).toContain(`Refunded: ${rest}`);
    expect(notice!.text).toContain(`${rest} goes back to your card ending 4242.`);
  });

  it('after a refund of part, a cancellation gives back only the rest and restocks only the units still out', async () => {
    const orderId = await buy([['HJ-S', 3], ['HJ-M', 1]]);
    const order = await detail(orderId);
    const stockS = await stockOf('HJ-S');
    const stockM = await stockOf('HJ-M');
    const part = await refundPart(orderId, {
      lines: [{ itemId: lineOf(order, 'HJ-S').itemId, quantity: 2, restock: true }, { itemId: lineOf(order, 'HJ-M').itemId, quantity: 1, restock: false }],
      amountCents: 33000,
    });
    expect(part.status, part.text).toBe(200);
    expect(await stockOf('HJ-S')).toBe(stockS + 2);
    expect(await stockOf('HJ-M')).toBe(stockM);
    const cancelled = await owner.post<Answer>(`/api/admin/orders/${orderId}/cancel`, {});
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await stockOf('HJ-S')).toBe(stockS + 3);
    // the unit refunded without restocking was the owner's choice: the cancellation puts it back, as it was never sent
    expect(await stockOf('HJ-M')).toBe(stockM + 1);
    expect(askedOf(order).map((call) => call.amountCents)).toEqual([33000, order.grandTotalCents - 33000]);
  });

  it('leaves the order as it was when the provider refuses, and of two refunds at once makes one', async () => {
    const orderId = await buy([['HJ-M', 1]]);
    const order = await detail(orderId);
    payments.refuseNext('the charge is disputed');
    const refused = await refundPart(orderId, { amountCents: 1000 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(fillMessage(ADMIN.server.refundRefusedBecause, { reason: 'the charge is disputed' }));
    expect(await detail(orderId)).toMatchObject({ refunds: [], refundedCents: 0, cardRefund: { startedOn: null } });
    const held = payments.holdNext();
    const first = refundPart(orderId, { amountCents: 1000 });
    await held.arrived;
    const second = await refundPart(orderId, { amountCents: 1000 });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(ADMIN.server.refundBeingMade);
    held.release();
    expect((await first).status).toBe(200);
    expect((await detail(orderId)).refunds).toHaveLength(1);
    expect(payments.givenBackCents.get(order.paymentReference)).toBe(1000);
  });

  it('after the money went back but the store could not record it, asked again records it under the same key, the card refunded once', async () => {
    const orderId = await buy([['HJ-M', 1]]);
    const order = await detail(orderId);
    vi.spyOn(OrderRefundRepository.prototype, 'add').mockRejectedValueOnce(new Error('the store went away'));
    const lost = await refundPart(orderId, { amountCents: 1500 });
    expect(lost.status).toBe(500);
    expect(lost.body.message).toBe(ADMIN.server.refundNotRecorded);
    const between = await detail(orderId);
    expect(between).toMatchObject({ refunds: [], refundedCents: 0 });
    expect(between.cardRefund.startedOn).toEqual(expect.any(Number));
    const again = await refundPart(orderId, { amountCents: 1500 });
    expect(again.status, again.text).toBe(200);
    expect(again.body.order.cardRefund.startedOn).toBeNull();
    const keys = askedOf(order).map((call) => call.idempotencyKey);
    expect(keys).toEqual([partRefundKey(again.body.order.refunds[0]!.id), partRefundKey(again.body.order.refunds[0]!.id)]);
    expect(payments.givenBackCents.get(order.paymentReference)).toBe(1500);
  });

  it('is refused to a role without orders.manage, and to a cancelled order', async () => {
    const orderId = await buy([['HJ-M', 1]]);
    const added = await owner.post<{ password: string }>('/api/admin/staff', { email: 'viewer-refunds@example.com', role: CONTRIBUTOR_ROLES.viewer });
    expect(added.status, added.text).toBe(201);
    const viewer = await new SiteUserVisitor(server.url).signIn('viewer-refunds@example.com', added.body.password);
    expect((await refundPart(orderId, { amountCents: 100 }, viewer)).status).toBe(403);
    expect((await detail(orderId)).refunds).toEqual([]);
    expect((await owner.post(`/api/admin/orders/${orderId}/cancel`, {})).status).toBe(200);
    const refused = await refundPart(orderId, { amountCents: 100 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(fillMessage(ADMIN.server.orderStateRefused, { status: 'cancelled' }));
  });

  it('takes what went back to the card out of the list\'s money, and adds what was refunded to the CSV as its last column', async () => {
    const orderId = await buy([['HJ-M', 1]]);
    const order = await detail(orderId);
    expect((await refundPart(orderId, { amountCents: 2500 })).status).toBe(200);
    const list = await owner.get<{ orders: Array<{ id: string; refundedCents: number }>; summary: { taken: Array<{ currency: string; cents: number }> } }>(`/api/admin/orders?q=${order.orderNumber}`);
    expect(list.body.orders).toEqual([expect.objectContaining({ id: orderId, refundedCents: 2500 })]);
    expect(list.body.summary.taken).toEqual([{ currency: 'USD', cents: order.grandTotalCents - 2500 }]);
    const csv = await owner.get(`/api/admin/orders.csv?q=${order.orderNumber}`);
    const [header, first] = csv.text.trim().split(/\r?\n/).map((row) => row.split(','));
    expect(header!.slice(-4)).toEqual(['discount code', 'refunded', 'tax included', 'answers']);
    expect(first!.at(-3)).toBe('25.00');
  });

  it('emails the shopper a notice of the amount, the items and where the money goes when asked, and none when not', async () => {
    const orderId = await buy([['HJ-S', 2]]);
    const shirt = lineOf(await detail(orderId), 'HJ-S');
    expect((await refundPart(orderId, { lines: [{ itemId: shirt.itemId, quantity: 1, restock: false }], amountCents: 6000, notifyCustomer: false })).status).toBe(200);
    expect(await partNotices(orderId)).toEqual([]);
    const told = await refundPart(orderId, { lines: [{ itemId: shirt.itemId, quantity: 1, restock: true }], amountCents: 12000, notifyCustomer: true, reason: 'Owner note' });
    expect(told.status, told.text).toBe(200);
    const [notice, ...more] = await partNotices(orderId);
    expect(more).toEqual([]);
    expect(notice!.recipient).toBe(SHOPPER_DETAILS.email);
    expect(notice!.subject).toContain('$120.00');
    expect(notice!.text).toContain('1 × Harbour Jacket (Size: S)');
    expect(notice!.text).toContain('$120.00 goes back to your card ending 4242.');
    expect(notice!.text).not.toContain('Owner note');
  });
});

describe('refunding part of a test-mode order', () => {
  let testServer: PlatformServer;
  let testOwner: SiteUserVisitor;

  beforeAll(async () => {
    testServer = await startPlatformServer();
    testOwner = await testServer.signInOwner();
  });
  afterAll(async () => {
    await testServer.stop(true);
  });

  it('records the card\'s part as a live one\'s, moving no money, and the notice says nothing was charged', async () => {
    const created = await testOwner.post<{ product: { id: string } }>('/api/admin/products', productInput());
    expect(created.status, created.text).toBe(201);
    const shopper = await new Visitor(testServer.url).start();
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: created.body.product.id, sku: 'HJ-S', quantity: 1, additionalFields: null })).status).toBe(200);
    const quote = await shopper.post<{ quote: { totalCents: number; selectedShippingOptionId: string | null } }>(API_PATHS.checkoutQuote, {});
    const placed = await shopper.post<{ confirmationUrl: string }>(API_PATHS.checkoutOrders, {
      ...SHOPPER_DETAILS, shippingOptionId: quote.body.quote.selectedShippingOptionId ?? 'none', idempotencyKey: randomBytes(16).toString('hex'), expectedTotalCents: quote.body.quote.totalCents,
    });
    expect(placed.status, placed.text).toBe(201);
    const orderId = /order-confirmed\/([^?]+)/.exec(placed.body.confirmationUrl)![1]!;
    const answer = await testOwner.post<Answer>(`/api/admin/orders/${orderId}/refunds`, { lines: [], amountCents: 700, notifyCustomer: true });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.order.refunds).toEqual([expect.objectContaining({ amountCents: 700, cardCents: 700, giftCardCents: 0 })]);
    const [notice] = (await new EmailOutboxRepository(testServer.app.deps.store).ofSubject(orderId)).filter((email) => email.kind === 'order-partly-refunded');
    expect(notice!.text).toContain('This was a test order: nothing was charged, so nothing goes back to your card.');
    expect(notice!.text).not.toContain('goes back to your card ending');
  });
});
