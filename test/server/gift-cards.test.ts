/**
 * Gift cards that can be spent, through the calls a shopper's browser and the owner's admin make:
 * a card bought is issued with a code emailed to its recipient only, a quote applies it, an order
 * takes its part (the payment card is charged the rest, or not at all), the refusals each say
 * why, two orders spending one card never overdraw it, and the owner's cancellations give a
 * payment back and stop a card bought. Runs on SQLite, and on PostgreSQL with TEST_ENGINE=postgres.
 */
import { fillMessage, serverMessages } from '../../server/messages.ts';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { EmailOutboxRepository } from '../../server/db/email-outbox-repository.ts';
import type { ChargeRequest, PaymentProvider } from '../../server/payments/payment-provider.ts';
import { createTestPaymentProvider } from '../../server/payments/test-payment-provider.ts';
import { SHOPPER_DETAILS } from './helpers/checkout.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from './helpers/platform-server.ts';
import type { SiteUserVisitor } from './helpers/site-user-visitor.ts';
import { Visitor } from './helpers/visitor.ts';

const giftCard = seededProduct('gift-card');
const visit = seededProduct('studio-visit');
const CODE = /\b[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}\b/;

interface QuoteView {
  totalCents: number;
  giftCard: { last4: string; appliedCents: number; balanceAfterCents: number } | null;
  giftCardError: string | null;
  amountDueCents: number;
}

interface OrderAnswer {
  orderNumber?: number;
  confirmationUrl?: string;
  message?: string;
  fieldErrors?: Record<string, string>;
  quote?: QuoteView;
}

interface GiftCardsOfOrder {
  giftCardPayment: { id: string; last4: string; amountCents: number; returnedCents: number; cancelled: boolean } | null;
  giftCardsIssued: Array<{ id: string; last4: string; initialCents: number; balanceCents: number; recipientEmail: string; cancelled: boolean }>;
}

let server: PlatformServer;
let owner: SiteUserVisitor;
/** Every charge the payment provider was asked for, and every refund. */
const charges: ChargeRequest[] = [];
const refunds: string[] = [];
/** While set, charges wait until this many have arrived, so two checkouts have both looked the card up before either writes its order. */
let chargesTogether: { count: number; arrived: number; release: () => void; all: Promise<void> } | null = null;

function holdChargesUntil(count: number): void {
  let release = () => {};
  const all = new Promise<void>((resolve) => { release = resolve; });
  chargesTogether = { count, arrived: 0, release, all };
}

function recordingProvider(): PaymentProvider {
  const provider = createTestPaymentProvider();
  return {
    name: provider.name,
    testMode: provider.testMode,
    async charge(request) {
      charges.push(request);
      const held = chargesTogether;
      if (held) {
        held.arrived += 1;
        if (held.arrived >= held.count) held.release();
        await held.all;
      }
      return provider.charge(request);
    },
    async refund(reference, request) {
      refunds.push(reference);
      return provider.refund(reference, request);
    },
  };
}

function orderIdOf(confirmationUrl: string): string {
  return new URL(confirmationUrl, server.url).pathname.split('/').pop()!;
}

/** A shopper buys a gift card of `sku` for `recipient`: the order's id and the code the recipient was emailed. */
async function buyGiftCard(sku: string, recipient = 'friend@example.com'): Promise<{ orderId: string; code: string; confirmationUrl: string }> {
  const visitor = await new Visitor(server.url).start();
  const bought = await visitor.post('/checkout/gift-card', undefined, { form: { crumb: decodeURIComponent(visitor.crumb), itemId: giftCard.id, sku } });
  expect(bought.status).toBe(303);
  const cartToken = new URL(bought.headers.get('location')!, server.url).searchParams.get('cartToken')!;
  const placed = await pay(visitor, '', { cartToken, recipientEmail: recipient });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId = orderIdOf(placed.body.confirmationUrl!);
  const emails = await new EmailOutboxRepository(server.app.deps.store).ofSubject(orderId);
  const sent = emails.filter((email) => email.kind === 'gift-card');
  expect(sent).toHaveLength(1);
  return { orderId, code: sent[0]!.text.match(CODE)![0], confirmationUrl: placed.body.confirmationUrl! };
}

/** A shopper with a studio visit (no shipping) in the cart. */
async function shopper(sku = 'SQ-VISIT-60'): Promise<Visitor> {
  const visitor = await new Visitor(server.url).start();
  const added = await visitor.post(API_PATHS.cartEntries, { itemId: visit.id, sku, quantity: 1 });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return visitor;
}

async function quote(visitor: Visitor, giftCardCode: string, cartToken?: string): Promise<QuoteView> {
  const answer = await visitor.post<{ quote: QuoteView }>(API_PATHS.checkoutQuote, { giftCardCode, ...(cartToken ? { cartToken } : {}) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.quote;
}

/** The order as the island places it: the quote shown, then the details with what it said to pay. */
async function pay(visitor: Visitor, giftCardCode: string, overrides: Record<string, unknown> = {}) {
  const shown = await quote(visitor, giftCardCode, overrides.cartToken as string | undefined);
  return visitor.post<OrderAnswer>(API_PATHS.checkoutOrders, {
    ...SHOPPER_DETAILS,
    shippingOptionId: 'none',
    giftCardCode,
    idempotencyKey: randomBytes(16).toString('hex'),
    expectedTotalCents: shown.totalCents,
    expectedAmountDueCents: shown.amountDueCents,
    ...overrides,
  });
}

const NO_CARD = { cardNumber: '', cardExpiry: '', cardCvc: '' };

async function balanceOf(code: string): Promise<number> {
  const row = await server.app.deps.store.get<{ balance_cents: number | string }>('SELECT balance_cents FROM gift_cards WHERE code = ?', [code.replace(/-/g, '')]);
  return Number(row!.balance_cents);
}

async function giftCardsOf(orderId: string): Promise<GiftCardsOfOrder> {
  const detail = await owner.get<{ order: GiftCardsOfOrder }>(`/api/admin/orders/${orderId}`);
  expect(detail.status, detail.text).toBe(200);
  return { giftCardPayment: detail.body.order.giftCardPayment, giftCardsIssued: detail.body.order.giftCardsIssued };
}

beforeAll(async () => {
  server = await startPlatformServer({ payments: recordingProvider() });
  owner = await server.signInOwner();
});

afterAll(async () => {
  await server.stop(true);
});

describe('issuing', () => {
  it('issues a card per gift card bought and emails its code to the recipient, never to the buyer', async () => {
    const { orderId, code, confirmationUrl } = await buyGiftCard('SQ-GIFT-50', 'Friend@Example.com');
    expect(await balanceOf(code)).toBe(5000);
    const emails = await new EmailOutboxRepository(server.app.deps.store).ofSubject(orderId);
    const toRecipient = emails.find((email) => email.kind === 'gift-card')!;
    expect(toRecipient.recipient).toBe('friend@example.com');
    expect(toRecipient.subject).toContain('$50.00');
    expect(toRecipient.text).toContain(SHOPPER_DETAILS.name);
    expect(toRecipient.html).toContain(code);
    const confirmation = emails.find((email) => email.kind === 'order-confirmation')!;
    expect(confirmation.text).toContain('The gift card goes to friend@example.com.');
    expect(confirmation.text).not.toMatch(CODE);
    expect(confirmation.html).not.toMatch(CODE);
    const page = await new Visitor(server.url).get<string>(confirmationUrl);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(code);
    // this store has no mail server: the page does not say the card "goes to" the friend, whom no email reaches
    expect(page.text).toContain(fillMessage(serverMessages.giftCardNoEmailNote, { recipient: 'friend@example.com' }));
    expect(page.text).not.toContain('The gift card goes to');
    expect(await giftCardsOf(orderId)).toEqual({
      giftCardPayment: null,
      giftCardsIssued: [{ id: expect.any(String), last4: code.slice(-4), initialCents: 5000, balanceCents: 5000, recipientEmail: 'friend@example.com', cancelled: false }],
    });
  });
});

describe('spending', () => {
  it('applies a card in the quote, then takes its part and charges the payment card the rest', async () => {
    const { code } = await buyGiftCard('SQ-GIFT-25');
    const visitor = await shopper();
    const shown = await quote(visitor, code.toLowerCase());
    expect(shown.giftCardError).toBeNull();
    expect(shown.giftCard).toEqual({ last4: code.slice(-4), appliedCents: 2500, balanceAfterCents: 0 });
    expect(shown.amountDueCents).toBe(shown.totalCents - 2500);
    const placed = await pay(visitor, code);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(charges.at(-1)!.amountCents).toBe(shown.totalCents - 2500);
    expect(await balanceOf(code)).toBe(0);
    const orderId = orderIdOf(placed.body.confirmationUrl!);
    expect((await giftCardsOf(orderId)).giftCardPayment).toEqual({ id: expect.any(String), last4: code.slice(-4), amountCents: 2500, returnedCents: 0, cancelled: false });
    const [confirmation] = (await new EmailOutboxRepository(server.app.deps.store).ofSubject(orderId)).filter((email) => email.kind === 'order-confirmation');
    expect(confirmation!.text).toContain(`${CHECKOUT.giftCardLine(code.slice(-4))}: -$25.00`);
    expect(confirmation!.text).not.toContain(code);
    const page = await visitor.get<string>(placed.body.confirmationUrl!);
    expect(page.text).toContain(CHECKOUT.giftCardLine(code.slice(-4)));
    expect(page.text).toContain('-$25.00');
    expect(page.text).toContain('Paid by card');
    expect(page.text).not.toContain(code);
  });

  it("counts in the orders' summary only what the payment card took, the card's money having been taken when it was sold", async () => {
    const { code } = await buyGiftCard('SQ-GIFT-25');
    const visitor = await shopper();
    const placed = await pay(visitor, code);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const listed = await owner.get<{ summary: { taken: unknown[]; takenInTestMode: Array<{ currency: string; cents: number }> }; orders: Array<{ grandTotalCents: number }> }>(
      `/api/admin/orders?q=${placed.body.orderNumber}`,
    );
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.orders).toHaveLength(1);
    expect(listed.body.summary.takenInTestMode).toEqual([{ currency: 'USD', cents: listed.body.orders[0]!.grandTotalCents - 2500 }]);
    // the orders export says it too, in its own column beside the total
    const csv = await owner.get<string>(`/api/admin/orders.csv?q=${placed.body.orderNumber}`);
    expect(csv.status).toBe(200);
    const [header, first] = csv.text.trim().split('\n').map((row) => row.split(','));
    const column = (name: string): string => first![header!.indexOf(name)]!;
    expect(column('gift card')).toBe('25.00');
    expect(column('total')).toBe((listed.body.orders[0]!.grandTotalCents / 100).toFixed(2));
  });

  it('places an order a card pays whole without card details and without asking the payment provider', async () => {
    const { code } = await buyGiftCard('SQ-GIFT-100');
    const visitor = await shopper();
    const shown = await quote(visitor, code);
    expect(shown.amountDueCents).toBe(0);
    const before = charges.length;
    const placed = await pay(visitor, code, NO_CARD);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(charges.length).toBe(before);
    expect(await balanceOf(code)).toBe(10000 - shown.totalCents);
    const row = await server.app.deps.store.get<{ payment_reference: string }>('SELECT payment_reference FROM orders WHERE order_number = ?', [placed.body.orderNumber!]);
    expect(row!.payment_reference).toBe('gift-card');
    // the card's part, and no line of what a payment card paid, which paid nothing
    const orderId = orderIdOf(placed.body.confirmationUrl!);
    const [confirmation] = (await new EmailOutboxRepository(server.app.deps.store).ofSubject(orderId)).filter((email) => email.kind === 'order-confirmation');
    expect(confirmation!.text).toContain(`${CHECKOUT.giftCardLine(code.slice(-4))}: -$`);
    expect(confirmation!.text).not.toContain('Paid by card');
    expect(confirmation!.html).not.toContain('Paid by card');
    const page = await visitor.get<string>(placed.body.confirmationUrl!);
    expect(page.text).toContain(CHECKOUT.giftCardLine(code.slice(-4)));
    expect(page.text).not.toContain('Paid by card');
  });

  it('asks for the card details when the card pays only part, and refuses an amount due that changed', async () => {
    const { code } = await buyGiftCard('SQ-GIFT-25');
    const visitor = await shopper();
    const missing = await pay(visitor, code, NO_CARD);
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual({ cardNumber: CHECKOUT.cardNumberInvalid, cardExpiry: CHECKOUT.cardExpiryInvalid, cardCvc: CHECKOUT.cardCvcInvalid });
    const shown = await quote(visitor, code);
    const stale = await pay(visitor, code, { expectedAmountDueCents: shown.totalCents });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(CHECKOUT.totalChanged);
    expect(stale.body.quote!.amountDueCents).toBe(shown.totalCents - 2500);
    expect(await balanceOf(code)).toBe(2500);
  });

  it('says why a code is not applied: its shape, unknown, used up, another currency, or a gift card bought with it', async () => {
    const visitor = await shopper();
    const refusal = async (code: string) => {
      const shown = await quote(visitor, code);
      expect(shown.giftCard).toBeNull();
      expect(shown.amountDueCents).toBe(shown.totalCents);
      return shown.giftCardError;
    };
    expect(await refusal('ABCD-EFGH')).toBe(CHECKOUT.giftCardCodeInvalid);
    expect(await refusal('ABCD-EFGH-JKLM-NPQR')).toBe(CHECKOUT.giftCardUnknown);
    const unknown = await pay(visitor, 'ABCD-EFGH-JKLM-NPQR');
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors).toEqual({ giftCardCode: CHECKOUT.giftCardUnknown });

    const { code } = await buyGiftCard('SQ-GIFT-25');
    expect((await pay(await shopper(), code)).status).toBe(201);
    expect(await refusal(code)).toBe(CHECKOUT.giftCardUsedUp);

    const other = await buyGiftCard('SQ-GIFT-25');
    await server.app.deps.store.run("UPDATE gift_cards SET currency = 'EUR' WHERE code = ?", [other.code.replace(/-/g, '')]);
    expect(await refusal(other.code)).toBe(CHECKOUT.giftCardOtherCurrency);

    // a gift card is not paid with a gift card, in the quote or the order
    const friend = await buyGiftCard('SQ-GIFT-100');
    const buyer = await new Visitor(server.url).start();
    const bought = await buyer.post('/checkout/gift-card', undefined, { form: { crumb: decodeURIComponent(buyer.crumb), itemId: giftCard.id, sku: 'SQ-GIFT-25' } });
    const cartToken = new URL(bought.headers.get('location')!, server.url).searchParams.get('cartToken')!;
    expect((await quote(buyer, friend.code, cartToken)).giftCardError).toBe(CHECKOUT.giftCardForGiftCard);
    const refused = await pay(buyer, friend.code, { cartToken, recipientEmail: 'someone@example.com' });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ giftCardCode: CHECKOUT.giftCardForGiftCard });
    expect(await balanceOf(friend.code)).toBe(10000);
  });

  it('lets only one of two orders spending the same card at once have it, and gives the other its charge back', async () => {
    const { code } = await buyGiftCard('SQ-GIFT-50');
    const [first, second] = [await shopper('SQ-VISIT-90'), await shopper('SQ-VISIT-90')];
    const [shownA, shownB] = [await quote(first, code), await quote(second, code)];
    expect(shownA.giftCard!.appliedCents).toBe(5000);
    expect(shownB.giftCard!.appliedCents).toBe(5000);
    const order = (shown: QuoteView) => ({
      ...SHOPPER_DETAILS, shippingOptionId: 'none', giftCardCode: code, idempotencyKey: randomBytes(16).toString('hex'),
      expectedTotalCents: shown.totalCents, expectedAmountDueCents: shown.amountDueCents,
    });
    const refundsBefore = refunds.length;
    holdChargesUntil(2);
    const answers = await Promise.all([
      first.post<OrderAnswer>(API_PATHS.checkoutOrders, order(shownA)),
      second.post<OrderAnswer>(API_PATHS.checkoutOrders, order(shownB)),
    ]).finally(() => { chargesTogether = null; });
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body.message).toBe(CHECKOUT.totalChanged);
    expect(loser.body.quote).toMatchObject({ giftCard: null, giftCardError: CHECKOUT.giftCardUsedUp });
    expect(await balanceOf(code)).toBe(0);
    expect(refunds.length).toBe(refundsBefore + 1);
    const payments = await server.app.deps.store.all('SELECT p.order_id FROM gift_card_payments p JOIN gift_cards c ON c.id = p.gift_card_id WHERE c.code = ?', [code.replace(/-/g, '')]);
    expect(payments).toHaveLength(1);
  });
});

describe("the owner's cancellations", () => {
  it('puts what a cancelled order paid back on the card, once, and shows it in the order', async () => {
    const { code } = await buyGiftCard('SQ-GIFT-100');
    const placed = await pay(await shopper(), code, NO_CARD);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = orderIdOf(placed.body.confirmationUrl!);
    const paid = (await giftCardsOf(orderId)).giftCardPayment!;
    expect(await balanceOf(code)).toBe(10000 - paid.amountCents);
    const cancelled = await owner.post<{ order: GiftCardsOfOrder }>(`/api/admin/orders/${orderId}/cancel`, {});
    expect(cancelled.status, cancelled.text).toBe(200);
    // all of it went back on the card
    expect(cancelled.body.order.giftCardPayment).toEqual({ ...paid, returnedCents: paid.amountCents });
    expect(await balanceOf(code)).toBe(10000);
    // the shopper's notice says where the money went
    const [notice] = (await new EmailOutboxRepository(server.app.deps.store).ofSubject(orderId)).filter((email) => email.kind === 'order-cancelled');
    expect(notice!.text).toContain(`$${(paid.amountCents / 100).toFixed(2)} is back on your gift card ending ${code.slice(-4)}.`);
    expect(notice!.html).toContain(`is back on your gift card ending ${code.slice(-4)}.`);
    // nothing is left to refund after its cancellation: refused, the card not paid twice, no refund notice
    const refund = await owner.post<{ message: string }>(`/api/admin/orders/${orderId}/refund`, {});
    expect(refund.status).toBe(409);
    expect(refund.body.message).toBe(ADMIN.cancelledNothingToRefundTest);
    expect(await balanceOf(code)).toBe(10000);
    expect((await new EmailOutboxRepository(server.app.deps.store).ofSubject(orderId)).map((email) => email.kind)).not.toContain('order-refunded');
  });

  it('cancels the cards a cancelled order bought: they are refused at the checkout', async () => {
    const { orderId, code } = await buyGiftCard('SQ-GIFT-50');
    expect((await owner.post(`/api/admin/orders/${orderId}/cancel`, {})).status).toBe(200);
    expect((await giftCardsOf(orderId)).giftCardsIssued).toEqual([expect.objectContaining({ last4: code.slice(-4), cancelled: true })]);
    // the buyer's notice says the card is stopped (and by its last four only)
    const [notice] = (await new EmailOutboxRepository(server.app.deps.store).ofSubject(orderId)).filter((email) => email.kind === 'order-cancelled');
    expect(notice!.text).toContain(`The gift card it bought, ending ${code.slice(-4)}, can no longer be used.`);
    expect(notice!.text).not.toContain(code);
    const visitor = await shopper();
    expect((await quote(visitor, code)).giftCardError).toBe(CHECKOUT.giftCardCancelled);
    const refused = await pay(visitor, code);
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ giftCardCode: CHECKOUT.giftCardCancelled });
  });
});
