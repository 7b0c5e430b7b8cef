/**
 * The owner's Gift cards screen, through its admin calls: the cards listed newest first and found
 * by the buying order's number, an email or the code's last four (never answered whole); a card
 * with what it started with, what is left and the orders that spent it; its email sent again
 * once however often it is asked at once; stopped and started again (money an order's
 * cancellation put back on a stopped card spendable once it is started). Reading is the orders'
 * right, changing the right to manage them; signed out and without the session's token nothing
 * changes. And the shipping notice of an order a card paid for says so, as its confirmation does.
 * Runs on SQLite, and on PostgreSQL with TEST_ENGINE=postgres.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { API_PATHS } from '../../../client/lib/api-paths.ts';
import { CHECKOUT } from '../../../client/lib/messages.ts';
import { EmailOutboxRepository } from '../../../server/db/email-outbox-repository.ts';
import { CONTRIBUTOR_ROLES } from '../../../server/security/owner-permissions.ts';
import { createSiteUserAccount } from '../../../server/security/site-user-accounts.ts';
import { SITE_USER_XSRF_HEADER } from '../../../server/security/site-user.ts';
import { SHOPPER_DETAILS } from '../helpers/checkout.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { startTestMailServer, type TestMailServer } from '../helpers/test-mail-server.ts';
import { Visitor } from '../helpers/visitor.ts';
import { adminSnapshot } from './admin-helpers.ts';

const giftCardProduct = seededProduct('gift-card');
const visit = seededProduct('studio-visit');
const CODE = /\b[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}\b/;
const CARDS = '/api/admin/gift-cards';

interface Card {
  id: string; last4: string; initialCents: number; balanceCents: number; recipientEmail: string; stoppedOn: number | null;
  order: { id: string; orderNumber: number | null; status: string; email: string | null };
}
interface CardDetail extends Card {
  spending: Array<{ orderId: string; orderNumber: number | null; amountCents: number; createdOn: number; returnedOn: number | null }>;
  emails: Array<{ id: string; status: string }>;
}

let mailServer: TestMailServer;
let server: PlatformServer;
let owner: SiteUserVisitor;

beforeAll(async () => {
  mailServer = await startTestMailServer();
  server = await startPlatformServer({ mail: { smtpUrl: mailServer.url } });
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
  await mailServer.stop();
});

const outbox = () => new EmailOutboxRepository(server.app.deps.store);
const mailTo = (address: string) => mailServer.received.filter((mail) => mail.to.includes(address)).length;

/** The order as the checkout island places it: the quote shown, then the details with what it said to pay. */
async function pay(visitor: Visitor, giftCardCode: string, overrides: Record<string, unknown> = {}) {
  const shown = await visitor.post<{ quote: { totalCents: number; amountDueCents: number } }>(
    API_PATHS.checkoutQuote, { giftCardCode, ...(overrides.cartToken ? { cartToken: overrides.cartToken } : {}) },
  );
  expect(shown.status, shown.text).toBe(200);
  const placed = await visitor.post<{ orderNumber: number; confirmationUrl: string }>(API_PATHS.checkoutOrders, {
    ...SHOPPER_DETAILS, shippingOptionId: 'none', giftCardCode, idempotencyKey: randomBytes(16).toString('hex'),
    expectedTotalCents: shown.body.quote.totalCents, expectedAmountDueCents: shown.body.quote.amountDueCents, ...overrides,
  });
  expect(placed.status, placed.text).toBe(201);
  return { orderNumber: placed.body.orderNumber, orderId: new URL(placed.body.confirmationUrl, server.url).pathname.split('/').pop()! };
}

/** A gift card of `sku` bought for `recipient`: its order and the code the recipient was emailed (once sent). */
async function buyGiftCard(sku: string, recipient: string) {
  const visitor = await new Visitor(server.url).start();
  const bought = await visitor.post('/checkout/gift-card', undefined, { form: { crumb: decodeURIComponent(visitor.crumb), itemId: giftCardProduct.id, sku } });
  expect(bought.status).toBe(303);
  const cartToken = new URL(bought.headers.get('location')!, server.url).searchParams.get('cartToken')!;
  const order = await pay(visitor, '', { cartToken, recipientEmail: recipient });
  const email = async () => (await outbox().ofSubject(order.orderId)).find((one) => one.kind === 'gift-card');
  await expect.poll(async () => (await email())?.status).toBe('sent');
  return { ...order, code: (await email())!.text.match(CODE)![0] };
}

/** An order of a studio visit the card `code` pays for, whole or in part. */
async function spend(code: string, sku = 'SQ-VISIT-60') {
  const visitor = await new Visitor(server.url).start();
  const added = await visitor.post(API_PATHS.cartEntries, { itemId: visit.id, sku, quantity: 1 });
  expect(added.status, added.text).toBe(200);
  return pay(visitor, code);
}

async function find(q: string): Promise<Card[]> {
  const answer = await owner.get<{ giftCards: Card[] }>(`${CARDS}?q=${encodeURIComponent(q)}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.giftCards;
}

async function detail(id: string, who: SiteUserVisitor = owner): Promise<CardDetail> {
  const answer = await who.get<{ giftCard: CardDetail }>(`${CARDS}/${id}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.giftCard;
}

/** The quote's verdict on the code at a new checkout: null when it applies. */
async function refusalOf(code: string): Promise<string | null> {
  const visitor = await new Visitor(server.url).start();
  await visitor.post(API_PATHS.cartEntries, { itemId: visit.id, sku: 'SQ-VISIT-60', quantity: 1 });
  const shown = await visitor.post<{ quote: { giftCardError: string | null } }>(API_PATHS.checkoutQuote, { giftCardCode: code });
  return shown.body.quote.giftCardError;
}

/** An email's send time moved back, as if it went out `minutes` ago. */
async function sentMinutesAgo(orderId: string, minutes: number): Promise<void> {
  await server.app.deps.store.run('UPDATE email_outbox SET created_on = created_on - ? WHERE subject_id = ?', [minutes * 60_000, orderId]);
}

describe('the list and a card', () => {
  it('lists the cards newest first and finds one by its order number, an email or the last four, never answering the code', async () => {
    const first = await buyGiftCard('SQ-GIFT-25', 'first-friend@example.com');
    const second = await buyGiftCard('SQ-GIFT-50', 'second-friend@example.com');
    const all = await owner.get<{ giftCards: Card[]; hasMore: boolean }>(`${CARDS}?limit=2`);
    expect(all.status).toBe(200);
    expect(all.body.giftCards.map((card) => card.last4)).toEqual([second.code.slice(-4), first.code.slice(-4)]);
    expect(all.text).not.toContain(first.code.replace(/-/g, ''));
    expect(all.text).not.toContain(second.code.replace(/-/g, ''));

    const only = (cards: Card[]) => cards.map((card) => card.recipientEmail);
    expect(only(await find(`#${first.orderNumber}`))).toEqual(['first-friend@example.com']);
    expect(only(await find(String(second.orderNumber)))).toEqual(['second-friend@example.com']);
    expect(only(await find('FIRST-FRIEND'))).toEqual(['first-friend@example.com']);
    expect(only(await find(second.code.slice(-4).toLowerCase()))).toEqual(['second-friend@example.com']);
    // the whole code, as a shopper reads it out (any case, with or without its dashes), finds that card alone
    expect(only(await find(first.code.toLowerCase()))).toEqual(['first-friend@example.com']);
    expect(only(await find(first.code.replace(/-/g, ' ')))).toEqual(['first-friend@example.com']);
    expect((await owner.get(`${CARDS}?q=${encodeURIComponent(first.code)}`)).text).not.toContain(first.code.replace(/-/g, ''));
    // the buyer's email finds the cards they bought
    expect((await find(SHOPPER_DETAILS.email)).length).toBeGreaterThanOrEqual(2);
    expect(await find('nobody-at-all@example.com')).toEqual([]);
    const [card] = await find(`#${first.orderNumber}`);
    expect(card).toMatchObject({ initialCents: 2500, balanceCents: 2500, stoppedOn: null, order: { id: first.orderId, orderNumber: first.orderNumber, status: 'paid', email: SHOPPER_DETAILS.email } });
  });

  it('shows what is left, what the card started with and the orders that spent it, with the one cancelled marked as put back', async () => {
    const { code, orderNumber } = await buyGiftCard('SQ-GIFT-100', 'spent-friend@example.com');
    const paidFirst = await spend(code);
    const paidSecond = await spend(code);
    const [card] = await find(`#${orderNumber}`);
    const spent = await detail(card!.id);
    expect(spent.spending.map((one) => one.orderNumber)).toEqual([paidSecond.orderNumber, paidFirst.orderNumber]);
    const paid = spent.spending.reduce((sum, one) => sum + one.amountCents, 0);
    expect(spent).toMatchObject({ initialCents: 10000, balanceCents: 10000 - paid });
    expect(spent.spending.every((one) => one.returnedOn === null && one.createdOn > 0)).toBe(true);

    expect((await owner.post(`/api/admin/orders/${paidFirst.orderId}/cancel`, {})).status).toBe(200);
    const after = await detail(card!.id);
    expect(after.spending.find((one) => one.orderId === paidFirst.orderId)!.returnedOn).not.toBeNull();
    expect(after.balanceCents).toBe(10000 - paid + spent.spending.find((one) => one.orderId === paidFirst.orderId)!.amountCents);
  });

  it("shows the card's email on its order's screen without the code, which is the recipient's alone", async () => {
    const { orderId, code } = await buyGiftCard('SQ-GIFT-25', 'code-kept@example.com');
    const order = await owner.get<{ order: { emails: Array<{ kind: string; text: string }> } }>(`/api/admin/orders/${orderId}`);
    expect(order.status).toBe(200);
    expect(order.text).not.toContain(code);
    expect(order.body.order.emails.find((email) => email.kind === 'gift-card')!.text).toContain(`••••-••••-••••-${code.slice(-4)}`);
  });

  it('answers 404 for a card that does not exist', async () => {
    expect((await owner.get(`${CARDS}/no-such-card`)).status).toBe(404);
    expect((await owner.post(`${CARDS}/no-such-card/stop`, {})).status).toBe(404);
  });
});

describe('stopping and starting a card', () => {
  it('stops a card (refused at the checkout), says so when asked twice, and starts it again', async () => {
    const { code, orderNumber } = await buyGiftCard('SQ-GIFT-25', 'lost-card@example.com');
    const [card] = await find(`#${orderNumber}`);
    const stopped = await owner.post<{ giftCard: CardDetail }>(`${CARDS}/${card!.id}/stop`, {});
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.body.giftCard.stoppedOn).not.toBeNull();
    expect(await refusalOf(code)).toBe(CHECKOUT.giftCardCancelled);
    const again = await owner.post<{ message: string }>(`${CARDS}/${card!.id}/stop`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ADMIN.server.giftCardStoppedAlready);

    const started = await owner.post<{ giftCard: CardDetail }>(`${CARDS}/${card!.id}/start`, {});
    expect(started.status, started.text).toBe(200);
    expect(started.body.giftCard.stoppedOn).toBeNull();
    expect(await refusalOf(code)).toBeNull();
    expect((await owner.post<{ message: string }>(`${CARDS}/${card!.id}/start`, {})).body.message).toBe(ADMIN.server.giftCardLiveAlready);
  });

  it('lets the money a cancellation put back on a stopped card be spent once the card is started again, and the order says the card is stopped', async () => {
    const { code, orderNumber } = await buyGiftCard('SQ-GIFT-100', 'stopped-later@example.com');
    const paid = await spend(code);
    const [card] = await find(`#${orderNumber}`);
    const left = (await detail(card!.id)).balanceCents;
    expect((await owner.post(`${CARDS}/${card!.id}/stop`, {})).status).toBe(200);
    // the order's screen is told the card it would give the money back to is stopped
    const order = await owner.get<{ order: { giftCardPayment: { id: string; cancelled: boolean } } }>(`/api/admin/orders/${paid.orderId}`);
    expect(order.body.order.giftCardPayment).toMatchObject({ id: card!.id, cancelled: true });

    expect((await owner.post(`/api/admin/orders/${paid.orderId}/cancel`, {})).status).toBe(200);
    expect((await detail(card!.id)).balanceCents).toBe(10000);
    expect(await refusalOf(code)).toBe(CHECKOUT.giftCardCancelled);
    expect((await owner.post(`${CARDS}/${card!.id}/start`, {})).status).toBe(200);
    expect(await refusalOf(code)).toBeNull();
    expect(left).toBeLessThan(10000);
  });

  it('starts again a card stopped by cancelling the order that bought it', async () => {
    const { code, orderId, orderNumber } = await buyGiftCard('SQ-GIFT-50', 'order-cancelled@example.com');
    expect((await owner.post(`/api/admin/orders/${orderId}/cancel`, {})).status).toBe(200);
    const [card] = await find(`#${orderNumber}`);
    expect(card).toMatchObject({ order: { status: 'cancelled' } });
    expect(card!.stoppedOn).not.toBeNull();
    expect((await owner.post(`${CARDS}/${card!.id}/start`, {})).status).toBe(200);
    expect(await refusalOf(code)).toBeNull();
  });
});

describe('sending the email again', () => {
  it('sends the recipient the same email once when asked twice at once, and not again within the minute', async () => {
    const { orderId, orderNumber, code } = await buyGiftCard('SQ-GIFT-25', 'lost-email@example.com');
    const [card] = await find(`#${orderNumber}`);
    expect(mailTo('lost-email@example.com')).toBe(1);
    // the email of the purchase went out a while ago
    await sentMinutesAgo(orderId, 10);
    const answers = await Promise.all([owner.post<{ message?: string }>(`${CARDS}/${card!.id}/email`, {}), owner.post<{ message?: string }>(`${CARDS}/${card!.id}/email`, {})]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect([ADMIN.server.giftCardEmailWaiting, ADMIN.server.giftCardEmailJustSent]).toContain(answers.find((answer) => answer.status === 409)!.body.message);
    expect(mailTo('lost-email@example.com')).toBe(2);
    const emails = (await outbox().ofSubject(orderId)).filter((email) => email.kind === 'gift-card');
    expect(emails).toHaveLength(2);
    // the same email: its code, its subject
    expect(emails[1]!.text).toContain(code);
    expect(emails[1]!.subject).toBe(emails[0]!.subject);
    const shown = await owner.get(`${CARDS}/${card!.id}`);
    expect(shown.text).not.toContain(code.replace(/-/g, ''));
    expect(shown.text).not.toContain(code);
    expect((await detail(card!.id)).emails.map((email) => email.status)).toEqual(['sent', 'sent']);
    // asked again at once
    const soon = await owner.post<{ message: string }>(`${CARDS}/${card!.id}/email`, {});
    expect(soon.status).toBe(409);
    expect(soon.body.message).toBe(ADMIN.server.giftCardEmailJustSent);
  });

  it('refuses while the email is waiting to be sent, and for a stopped card', async () => {
    const { orderId, orderNumber } = await buyGiftCard('SQ-GIFT-25', 'waiting-email@example.com');
    const [card] = await find(`#${orderNumber}`);
    await sentMinutesAgo(orderId, 10);
    await server.app.deps.store.run("UPDATE email_outbox SET status = 'pending' WHERE subject_id = ? AND kind = 'gift-card'", [orderId]);
    const waiting = await owner.post<{ message: string }>(`${CARDS}/${card!.id}/email`, {});
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toBe(ADMIN.server.giftCardEmailWaiting);
    await server.app.deps.store.run("UPDATE email_outbox SET status = 'sent' WHERE subject_id = ? AND kind = 'gift-card'", [orderId]);
    expect((await owner.post(`${CARDS}/${card!.id}/stop`, {})).status).toBe(200);
    const stopped = await owner.post<{ message: string }>(`${CARDS}/${card!.id}/email`, {});
    expect(stopped.status).toBe(409);
    expect(stopped.body.message).toBe(ADMIN.server.giftCardStoppedNoEmail);
    expect(mailTo('waiting-email@example.com')).toBe(1);
  });
});

describe('who may', () => {
  it('shows the whole code to whoever manages orders when asked for it, so a card whose email cannot go can be passed on by hand', async () => {
    const { code, orderNumber } = await buyGiftCard('SQ-GIFT-25', 'by-hand@example.com');
    const [card] = await find(`#${orderNumber}`);
    // the card's own answer never holds it
    expect(JSON.stringify(await detail(card!.id))).not.toContain(code.replace(/-/g, '').slice(0, 12));
    const shown = await owner.post<{ code: string }>(`${CARDS}/${card!.id}/code`, {});
    expect(shown.status).toBe(200);
    expect(shown.body.code).toBe(code);
    expect((await owner.post(`${CARDS}/unknown-card/code`, {})).status).toBe(404);
  });

  it('lets a role that reads orders see the cards but not stop, start or email them; signed out and without the session token nothing changes', async () => {
    const { orderId, orderNumber } = await buyGiftCard('SQ-GIFT-25', 'guarded@example.com');
    await sentMinutesAgo(orderId, 10);
    const [card] = await find(`#${orderNumber}`);
    // billing: reads the orders, manages none
    await createSiteUserAccount(server.app.deps, { email: 'bookkeeper@example.com', password: 'a bookkeeper passphrase', contributorRole: CONTRIBUTOR_ROLES.billing });
    const bookkeeper = await new SiteUserVisitor(server.url).signIn('bookkeeper@example.com', 'a bookkeeper passphrase');
    expect((await bookkeeper.get(CARDS)).status).toBe(200);
    expect((await detail(card!.id, bookkeeper)).id).toBe(card!.id);

    const before = await adminSnapshot(server.app.deps.store);
    const stateBefore = await server.app.deps.store.all('SELECT * FROM gift_cards ORDER BY id');
    for (const action of ['stop', 'start', 'email', 'code']) {
      expect((await bookkeeper.post(`${CARDS}/${card!.id}/${action}`, {})).status, action).toBe(403);
    }
    const stranger = await new Visitor(server.url).start();
    expect((await stranger.get(CARDS)).status).toBe(401);
    expect((await stranger.get(`${CARDS}/${card!.id}`)).status).toBe(401);
    expect((await stranger.post(`${CARDS}/${card!.id}/stop`, {})).status).toBe(401);
    // the owner's own session without its token: a forged request from another site
    const forged = { headers: { [SITE_USER_XSRF_HEADER]: 'not-the-token' } };
    expect((await owner.post(`${CARDS}/${card!.id}/stop`, {}, forged)).status).toBe(403);
    expect((await owner.post(`${CARDS}/${card!.id}/email`, {}, forged)).status).toBe(403);
    expect((await owner.post(`${CARDS}/${card!.id}/code`, {}, forged)).status).toBe(403);
    expect((await stranger.post(`${CARDS}/${card!.id}/code`, {})).status).toBe(401);
    expect(await adminSnapshot(server.app.deps.store)).toBe(before);
    expect(await server.app.deps.store.all('SELECT * FROM gift_cards ORDER BY id')).toEqual(stateBefore);
    expect(mailTo('guarded@example.com')).toBe(1);
  });
});

describe("the shipping notice of an order a gift card paid for", () => {
  it("says the card's part and what the payment card paid, as the confirmation does", async () => {
    const { code } = await buyGiftCard('SQ-GIFT-25', 'shipped-friend@example.com');
    const { orderId } = await spend(code, 'SQ-VISIT-90');
    expect((await owner.post(`/api/admin/orders/${orderId}/fulfil`, {})).status).toBe(200);
    const emails = await outbox().ofSubject(orderId);
    const confirmation = emails.find((email) => email.kind === 'order-confirmation')!;
    const shipped = emails.find((email) => email.kind === 'order-shipped')!;
    const cardLine = `${CHECKOUT.giftCardLine(code.slice(-4))}: -$25.00`;
    expect(confirmation.text).toContain(cardLine);
    expect(shipped.text).toContain(cardLine);
    const paidByCard = /Paid by card: \S+/.exec(confirmation.text)![0];
    expect(shipped.text).toContain(paidByCard);
    expect(shipped.text).toContain(/Total: \S+/.exec(confirmation.text)![0]);
    expect(shipped.html).toContain(CHECKOUT.giftCardLine(code.slice(-4)));
    expect(shipped.html).toContain('Paid by card');
    expect(shipped.text).not.toContain(code);
  });
});
