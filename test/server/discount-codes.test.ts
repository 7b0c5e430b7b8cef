/**
 * Discount codes at the checkout, through the calls a shopper's browser and the owner's admin
 * make: each kind priced in the quote (its goods part before tax, never off a gift card bought,
 * free shipping the chosen option's cost), each refusal saying why, the order taking a use and
 * keeping what it took off, a gift card paying the discounted rest, a use limit that two orders
 * at once never pass, a code that ends while the order is placed, and a cancellation giving
 * the use back once. Runs on SQLite, and on PostgreSQL with TEST_ENGINE=postgres.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { EmailOutboxRepository } from '../../server/db/email-outbox-repository.ts';
import { putLineFromBefore } from './helpers/cart-line-from-before.ts';
import { SHOPPER_DETAILS } from './helpers/checkout.ts';
import { insertDiscountCode, timesUsedOf } from './helpers/discount-codes.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from './helpers/platform-server.ts';
import { recordingPayments } from './helpers/recording-payments.ts';
import type { SiteUserVisitor } from './helpers/site-user-visitor.ts';
import { Visitor } from './helpers/visitor.ts';

const tote = seededProduct('canvas-tote');
const visit = seededProduct('studio-visit');
const giftCard = seededProduct('gift-card');
const GIFT_CARD_CODE = /\b[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}\b/;

const RATES = [
  { id: 'standard', name: 'Standard', kind: 'flat', priceCents: 600, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 },
  { id: 'express', name: 'Express', kind: 'flat', priceCents: 1500, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 },
];

interface QuoteView {
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  discountCents: number;
  totalCents: number;
  selectedShippingOptionId: string | null;
  discount: { code: string; freeShipping: boolean } | null;
  discountError: string | null;
  discountable: boolean;
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

interface UseRow {
  code: string;
  kind: string;
  amount_cents: number | string;
  returned_on: number | string | null;
}

const payments = recordingPayments();
let server: PlatformServer;
let owner: SiteUserVisitor;

/**
 * A visitor whose cart holds one of each sku given (a gift card's goes to a recipient asked for at
 * the order). The cart call refuses gift cards, so one is the line of a cart from before it did.
 */
async function shopper(...items: Array<{ itemId: string; sku: string }>): Promise<Visitor> {
  const visitor = await new Visitor(server.url).start();
  for (const item of items) {
    if (item.itemId === giftCard.id) {
      await putLineFromBefore(server.app.deps.store, visitor, giftCard.urlId, item.sku);
      continue;
    }
    const added = await visitor.post(API_PATHS.cartEntries, { ...item, quantity: 1 });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  return visitor;
}

const TOTE = { itemId: tote.id, sku: 'SQ-TOTE' };
const VISIT = { itemId: visit.id, sku: 'SQ-VISIT-60' };
const GIFT_CARD_25 = { itemId: giftCard.id, sku: 'SQ-GIFT-25' };

async function quote(visitor: Visitor, discountCode: string, more: Record<string, unknown> = {}): Promise<QuoteView> {
  const answer = await visitor.post<{ quote: QuoteView }>(API_PATHS.checkoutQuote, { discountCode, ...more });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.quote;
}

/** The order as the checkout island sends it after showing `shown`. */
function orderOf(shown: QuoteView, discountCode: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...SHOPPER_DETAILS,
    shippingOptionId: shown.selectedShippingOptionId ?? 'none',
    discountCode,
    idempotencyKey: randomBytes(16).toString('hex'),
    expectedTotalCents: shown.totalCents,
    expectedAmountDueCents: shown.amountDueCents,
    ...overrides,
  };
}

/** The quote shown with the code, then the order placed with it. */
async function pay(visitor: Visitor, discountCode: string, overrides: Record<string, unknown> = {}) {
  const { giftCardCode, cartToken, shippingOptionId } = overrides;
  const shown = await quote(visitor, discountCode, { giftCardCode, cartToken, shippingOptionId });
  return visitor.post<OrderAnswer>(API_PATHS.checkoutOrders, orderOf(shown, discountCode, overrides));
}

function orderIdOf(confirmationUrl: string): string {
  return new URL(confirmationUrl, server.url).pathname.split('/').pop()!;
}

async function useOf(orderId: string): Promise<UseRow | undefined> {
  return server.app.deps.store.get<UseRow>('SELECT code, kind, amount_cents, returned_on FROM discount_code_uses WHERE order_id = ?', [orderId]);
}

async function usesOf(code: string): Promise<number> {
  const row = await server.app.deps.store.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM discount_code_uses WHERE code = ?', [code]);
  return Number(row!.n);
}

/** A gift card of `sku` bought on its own page: the code its recipient was emailed. */
async function boughtGiftCard(sku: string): Promise<string> {
  const visitor = await new Visitor(server.url).start();
  const bought = await visitor.post('/checkout/gift-card', undefined, { form: { crumb: decodeURIComponent(visitor.crumb), itemId: giftCard.id, sku } });
  expect(bought.status).toBe(303);
  const cartToken = new URL(bought.headers.get('location')!, server.url).searchParams.get('cartToken')!;
  const placed = await pay(visitor, '', { cartToken, recipientEmail: 'friend@example.com' });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const emails = await new EmailOutboxRepository(server.app.deps.store).ofSubject(orderIdOf(placed.body.confirmationUrl!));
  return emails.find((email) => email.kind === 'gift-card')!.text.match(GIFT_CARD_CODE)![0];
}

beforeAll(async () => {
  server = await startPlatformServer({ payments: payments.provider });
  const store = server.app.deps.store;
  const row = await store.get<{ value_json: string }>("SELECT value_json FROM site_settings WHERE key = 'websiteSettings'");
  const settings = JSON.parse(row!.value_json) as { storeSettings: Record<string, unknown> };
  settings.storeSettings = { ...settings.storeSettings, shippingRates: RATES, taxRateBasisPoints: 800 };
  await store.run("UPDATE site_settings SET value_json = ? WHERE key = 'websiteSettings'", [JSON.stringify(settings)]);
  owner = await server.signInOwner();
  const past = Date.now() - 60_000;
  const codes = [
    { code: 'PCT-25', kind: 'percent', percentBasisPoints: 2500 },
    { code: 'AMT-10', kind: 'amount', amountCents: 1000 },
    { code: 'AMT-100', kind: 'amount', amountCents: 10000 },
    { code: 'SHIP-FREE', kind: 'free-shipping' },
    { code: 'STOPPED', kind: 'percent', percentBasisPoints: 1000, stoppedOn: past },
    { code: 'ENDED', kind: 'percent', percentBasisPoints: 1000, endsOn: past },
    { code: 'USED-UP', kind: 'percent', percentBasisPoints: 1000, usageLimit: 2, timesUsed: 2 },
    { code: 'LATER', kind: 'percent', percentBasisPoints: 1000, startsOn: Date.now() + 86_400_000 },
    { code: 'EUR-10', kind: 'amount', amountCents: 1000, currency: 'EUR' },
    { code: 'EUR-PCT', kind: 'percent', percentBasisPoints: 1000, currency: 'EUR' },
    { code: 'MIN-100', kind: 'percent', percentBasisPoints: 1000, minimumSubtotalCents: 10000 },
  ] as const;
  for (const code of codes) await insertDiscountCode(store, code);
});

afterAll(async () => {
  await server.stop(true);
});

describe('the quote', () => {
  it('takes a percentage off the goods before tax, and nothing off a gift card in the cart', async () => {
    const visitor = await shopper(TOTE, GIFT_CARD_25);
    // the checkout shows the code's box: the tote may be discounted
    expect(await quote(visitor, '')).toMatchObject({ subtotalCents: 6700, taxCents: 336, discountCents: 0, totalCents: 7636, discount: null, discountError: null, discountable: true });
    // 25% of the tote's 42.00 alone; tax on the 31.50 left of it
    expect(await quote(visitor, ' pct-25 ')).toMatchObject({
      subtotalCents: 6700, shippingCents: 600, discountCents: 1050, taxCents: 252, totalCents: 6502, amountDueCents: 6502,
      discount: { code: 'PCT-25', freeShipping: false }, discountError: null,
    });
  });

  it('takes an amount off the goods, never more than they cost', async () => {
    expect(await quote(await shopper(TOTE), 'AMT-10')).toMatchObject({ discountCents: 1000, taxCents: 256, totalCents: 4056, discount: { code: 'AMT-10', freeShipping: false } });
    // 100.00 off a 42.00 tote and a 25.00 gift card: the tote is free, the gift card and the shipping are paid
    expect(await quote(await shopper(TOTE, GIFT_CARD_25), 'AMT-100')).toMatchObject({ discountCents: 4200, taxCents: 0, totalCents: 3100 });
  });

  it('makes the chosen shipping option free: its cost is what the code takes off', async () => {
    const visitor = await shopper(TOTE);
    const standard = await quote(visitor, 'ship-free', { shippingOptionId: 'standard' });
    expect(standard).toMatchObject({ shippingCents: 600, discountCents: 600, taxCents: 336, totalCents: 4536, discount: { code: 'SHIP-FREE', freeShipping: true } });
    const express = await quote(visitor, 'SHIP-FREE', { shippingOptionId: 'express' });
    expect(express).toMatchObject({ shippingCents: 1500, discountCents: 1500, totalCents: 4536 });
  });
});

describe('refusals', () => {
  it('says why a code is not applied, and prices the order without it', async () => {
    const visitor = await shopper(TOTE);
    const without = await quote(visitor, '');
    const refusal = async (code: string, cart: Visitor = visitor) => {
      const shown = await quote(cart, code);
      expect(shown.discount).toBeNull();
      expect(shown.discountCents).toBe(0);
      return shown.discountError;
    };
    expect(await refusal('AB')).toBe(CHECKOUT.discountCodeInvalid);
    expect(await refusal('SUMMER 25')).toBe(CHECKOUT.discountCodeInvalid);
    expect(await refusal('NO-SUCH-CODE')).toBe(CHECKOUT.discountUnknown);
    expect(await refusal('STOPPED')).toBe(CHECKOUT.discountStopped);
    expect(await refusal('ENDED')).toBe(CHECKOUT.discountEnded);
    expect(await refusal('USED-UP')).toBe(CHECKOUT.discountUsedUp);
    expect(await refusal('LATER')).toBe(CHECKOUT.discountNotStarted);
    expect(await refusal('EUR-10')).toBe(CHECKOUT.discountOtherCurrency);
    expect(await refusal('MIN-100')).toBe(CHECKOUT.discountMinimum('$100.00'));
    expect(await refusal('PCT-25', await shopper(GIFT_CARD_25))).toBe(CHECKOUT.discountOnlyGiftCards);
    // nor does the checkout of gift cards alone show the code's box
    expect((await quote(await shopper(GIFT_CARD_25), '')).discountable).toBe(false);
    expect(await refusal('SHIP-FREE', await shopper(VISIT))).toBe(CHECKOUT.discountNothingToShip);
    expect((await quote(visitor, 'NO-SUCH-CODE')).totalCents).toBe(without.totalCents);
    // a percentage means the same in any currency: only an amount is bound to its own
    expect((await quote(visitor, 'EUR-PCT')).discountCents).toBe(420);
  });

  it('refuses the order of a code ended since the quote under the code field, before anything is charged', async () => {
    await insertDiscountCode(server.app.deps.store, { code: 'ENDS-NEXT', kind: 'percent', percentBasisPoints: 1000 });
    const visitor = await shopper(TOTE);
    const shown = await quote(visitor, 'ENDS-NEXT');
    expect(shown.discountCents).toBe(420);
    await server.app.deps.store.run('UPDATE discount_codes SET ends_on = ? WHERE code = ?', [Date.now() - 1, 'ENDS-NEXT']);
    const charged = payments.charges.length;
    const refused = await visitor.post<OrderAnswer>(API_PATHS.checkoutOrders, orderOf(shown, 'ENDS-NEXT'));
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ discountCode: CHECKOUT.discountRefusedOnOrder(CHECKOUT.discountEnded) });
    expect(payments.charges.length).toBe(charged);
  });
});

describe('orders', () => {
  it('takes a use, keeps what the code took off, and lets a gift card pay the discounted rest', async () => {
    await insertDiscountCode(server.app.deps.store, { code: 'ORDER-10', kind: 'amount', amountCents: 1000 });
    const card = await boughtGiftCard('SQ-GIFT-25');
    const visitor = await shopper(TOTE);
    const shown = await quote(visitor, 'order-10', { giftCardCode: card });
    expect(shown).toMatchObject({ discountCents: 1000, totalCents: 4056, giftCard: { appliedCents: 2500, balanceAfterCents: 0 }, amountDueCents: 1556 });
    const placed = await visitor.post<OrderAnswer>(API_PATHS.checkoutOrders, orderOf(shown, 'order-10', { giftCardCode: card }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(payments.charges.at(-1)!.amountCents).toBe(1556);
    const orderId = orderIdOf(placed.body.confirmationUrl!);
    const order = await server.app.deps.store.get<{ discount_cents: number | string; grand_total_cents: number | string }>(
      'SELECT discount_cents, grand_total_cents FROM orders WHERE id = ?', [orderId],
    );
    expect({ discount: Number(order!.discount_cents), total: Number(order!.grand_total_cents) }).toEqual({ discount: 1000, total: 4056 });
    const use = await useOf(orderId);
    expect({ ...use, amount_cents: Number(use!.amount_cents) }).toEqual({ code: 'ORDER-10', kind: 'amount', amount_cents: 1000, returned_on: null });
    expect(await timesUsedOf(server.app.deps.store, 'ORDER-10')).toBe(1);
  });

  it("keeps a free shipping code's part: the shipping it took off", async () => {
    const placed = await pay(await shopper(TOTE), 'SHIP-FREE', { shippingOptionId: 'express' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(Number((await useOf(orderIdOf(placed.body.confirmationUrl!)))!.amount_cents)).toBe(1500);
  });

  it('places an order a code leaves nothing to pay without a payment card, charging nothing', async () => {
    await insertDiscountCode(server.app.deps.store, { code: 'ALL-OFF', kind: 'percent', percentBasisPoints: 10000 });
    const visitor = await shopper(VISIT);
    const charged = payments.charges.length;
    const placed = await pay(visitor, 'all-off', { cardNumber: '', cardExpiry: '', cardCvc: '' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(payments.charges.length).toBe(charged);
    const orderId = orderIdOf(placed.body.confirmationUrl!);
    const order = await server.app.deps.store.get<{ grand_total_cents: number | string; payment_reference: string }>(
      'SELECT grand_total_cents, payment_reference FROM orders WHERE id = ?', [orderId],
    );
    expect({ total: Number(order!.grand_total_cents), reference: order!.payment_reference }).toEqual({ total: 0, reference: 'nothing-to-pay' });
  });

  it('asks for the payment card when a code leaves something to pay', async () => {
    const placed = await pay(await shopper(VISIT), 'AMT-10', { cardNumber: '', cardExpiry: '', cardCvc: '' });
    expect(placed.status).toBe(400);
    expect(placed.body.fieldErrors).toMatchObject({ cardNumber: CHECKOUT.cardNumberInvalid });
  });

  it('answers a code typed but not applied with the total it makes, charging nothing', async () => {
    const visitor = await shopper(TOTE);
    const shown = await quote(visitor, '');
    const charged = payments.charges.length;
    const answer = await visitor.post<OrderAnswer>(API_PATHS.checkoutOrders, orderOf(shown, 'PCT-25'));
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(CHECKOUT.totalChanged);
    expect(answer.body.quote).toMatchObject({ discount: { code: 'PCT-25' }, discountCents: 1050 });
    expect(payments.charges.length).toBe(charged);
  });

  it('lets only one of two orders at once have the last use, and gives the other its charge back', async () => {
    await insertDiscountCode(server.app.deps.store, { code: 'ONCE', kind: 'percent', percentBasisPoints: 1000, usageLimit: 1 });
    const [first, second] = [await shopper(TOTE), await shopper(TOTE)];
    const [shownA, shownB] = [await quote(first, 'ONCE'), await quote(second, 'ONCE')];
    expect(shownA.discountCents).toBe(420);
    expect(shownB.discountCents).toBe(420);
    const refunded = payments.refunds.length;
    const held = payments.holdChargesUntil(2);
    const answers = await Promise.all([
      first.post<OrderAnswer>(API_PATHS.checkoutOrders, orderOf(shownA, 'ONCE')),
      second.post<OrderAnswer>(API_PATHS.checkoutOrders, orderOf(shownB, 'ONCE')),
    ]).finally(held.release);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body.message).toBe(CHECKOUT.totalChanged);
    expect(loser.body.quote).toMatchObject({ discount: null, discountCents: 0, discountError: CHECKOUT.discountUsedUp });
    expect(payments.refunds.length).toBe(refunded + 1);
    expect(await timesUsedOf(server.app.deps.store, 'ONCE')).toBe(1);
    expect(await usesOf('ONCE')).toBe(1);
  });

  it('refuses a code that ended while the card was charged, and gives the charge back', async () => {
    await insertDiscountCode(server.app.deps.store, { code: 'ENDS-SOON', kind: 'percent', percentBasisPoints: 1000 });
    const visitor = await shopper(TOTE);
    const shown = await quote(visitor, 'ENDS-SOON');
    expect(shown.discountCents).toBe(420);
    const refunded = payments.refunds.length;
    payments.duringNextCharge(async () => {
      await server.app.deps.store.run('UPDATE discount_codes SET ends_on = ? WHERE code = ?', [Date.now() - 1, 'ENDS-SOON']);
    });
    const answer = await visitor.post<OrderAnswer>(API_PATHS.checkoutOrders, orderOf(shown, 'ENDS-SOON'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body.message).toBe(CHECKOUT.totalChanged);
    expect(answer.body.quote).toMatchObject({ discount: null, discountError: CHECKOUT.discountEnded });
    expect(payments.refunds.length).toBe(refunded + 1);
    expect(await timesUsedOf(server.app.deps.store, 'ENDS-SOON')).toBe(0);
    expect(await usesOf('ENDS-SOON')).toBe(0);
  });
});

describe("the owner's cancellations", () => {
  it("gives a cancelled order's use back to its code, once", async () => {
    await insertDiscountCode(server.app.deps.store, { code: 'KEPT-ONLY', kind: 'percent', percentBasisPoints: 1000, usageLimit: 1 });
    const placed = await pay(await shopper(TOTE), 'KEPT-ONLY');
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = orderIdOf(placed.body.confirmationUrl!);
    expect(await timesUsedOf(server.app.deps.store, 'KEPT-ONLY')).toBe(1);
    expect((await quote(await shopper(TOTE), 'KEPT-ONLY')).discountError).toBe(CHECKOUT.discountUsedUp);

    expect((await owner.post(`/api/admin/orders/${orderId}/cancel`, {})).status).toBe(200);
    expect(await timesUsedOf(server.app.deps.store, 'KEPT-ONLY')).toBe(0);
    expect((await useOf(orderId))!.returned_on).not.toBeNull();
    // the use given back serves another order; refunding the cancelled one gives nothing back again
    const again = await pay(await shopper(TOTE), 'KEPT-ONLY');
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    // (a refund of the cancelled order is refused: nothing is left to refund)
    expect((await owner.post(`/api/admin/orders/${orderId}/refund`, {})).status).toBe(409);
    expect(await timesUsedOf(server.app.deps.store, 'KEPT-ONLY')).toBe(1);
    expect((await quote(await shopper(TOTE), 'KEPT-ONLY')).discountError).toBe(CHECKOUT.discountUsedUp);
  });
});

describe('a code once per customer', () => {
  it("refuses it to an order placed with an email that used it, until that order is cancelled; other customers' orders have it", async () => {
    await insertDiscountCode(server.app.deps.store, { code: 'FIRST-ORDER', kind: 'percent', percentBasisPoints: 1000, oncePerCustomer: true });
    const first = await pay(await shopper(TOTE), 'FIRST-ORDER', { email: 'once@example.com' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // the quote has no email yet: it applies the code, and placing the order refuses it, before any charge
    const visitor = await shopper(TOTE);
    expect((await quote(visitor, 'FIRST-ORDER')).discountCents).toBe(420);
    const charged = payments.charges.length;
    const again = await pay(visitor, 'FIRST-ORDER', { email: 'Once@Example.com' });
    expect(again.status).toBe(400);
    expect(again.body.fieldErrors).toEqual({ discountCode: CHECKOUT.discountRefusedOnOrder(CHECKOUT.discountUsedByCustomer) });
    expect(payments.charges.length).toBe(charged);
    expect((await pay(await shopper(TOTE), 'FIRST-ORDER', { email: 'someone-else@example.com' })).status).toBe(201);

    expect((await owner.post(`/api/admin/orders/${orderIdOf(first.body.confirmationUrl!)}/cancel`, {})).status).toBe(200);
    const afterCancel = await pay(await shopper(TOTE), 'FIRST-ORDER', { email: 'once@example.com' });
    expect(afterCancel.status, JSON.stringify(afterCancel.body)).toBe(201);
  });

  it('lets only one of two orders of one customer at once have it, and gives the other its charge back', async () => {
    await insertDiscountCode(server.app.deps.store, { code: 'ONE-EACH', kind: 'percent', percentBasisPoints: 1000, oncePerCustomer: true });
    const [a, b] = [await shopper(TOTE), await shopper(TOTE)];
    const [shownA, shownB] = [await quote(a, 'ONE-EACH'), await quote(b, 'ONE-EACH')];
    const refunded = payments.refunds.length;
    const held = payments.holdChargesUntil(2);
    const answers = await Promise.all([
      a.post<OrderAnswer>(API_PATHS.checkoutOrders, orderOf(shownA, 'ONE-EACH', { email: 'twice@example.com' })),
      b.post<OrderAnswer>(API_PATHS.checkoutOrders, orderOf(shownB, 'ONE-EACH', { email: 'twice@example.com' })),
    ]).finally(held.release);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body.quote).toMatchObject({ discount: null, discountError: CHECKOUT.discountUsedByCustomer });
    expect(payments.refunds.length).toBe(refunded + 1);
    expect(await usesOf('ONE-EACH')).toBe(1);
  });
});

describe('codes for chosen products or categories', () => {
  beforeAll(async () => {
    const store = server.app.deps.store;
    await insertDiscountCode(store, { code: 'VISITS-20', kind: 'percent', percentBasisPoints: 2000, appliesTo: 'categories', targets: ['Experiences', 'Learning'] });
    await insertDiscountCode(store, { code: 'VISITS-MIN', kind: 'percent', percentBasisPoints: 2000, minimumSubtotalCents: 10000, appliesTo: 'categories', targets: ['Experiences'] });
    await insertDiscountCode(store, { code: 'TOTE-5', kind: 'amount', amountCents: 500, appliesTo: 'products', targets: [tote.id] });
    await insertDiscountCode(store, { code: 'TOTE-100', kind: 'amount', amountCents: 10000, appliesTo: 'products', targets: [tote.id] });
  });

  it("takes a category's percentage off its lines alone, before tax, and the order keeps it", async () => {
    const visitor = await shopper(TOTE, VISIT);
    // 20% of the 60.00 visit only; tax on the 42.00 tote and the 48.00 left of the visit
    const shown = await quote(visitor, 'visits-20');
    expect(shown).toMatchObject({ subtotalCents: 10200, shippingCents: 600, discountCents: 1200, taxCents: 720, totalCents: 10320, discountError: null });
    const placed = await visitor.post<OrderAnswer>(API_PATHS.checkoutOrders, orderOf(shown, 'visits-20'));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const use = await useOf(orderIdOf(placed.body.confirmationUrl!));
    expect({ ...use, amount_cents: Number(use!.amount_cents) }).toEqual({ code: 'VISITS-20', kind: 'percent', amount_cents: 1200, returned_on: null });
  });

  it("takes a product's amount off its lines, at most what they cost, and the order keeps what it took", async () => {
    expect(await quote(await shopper(TOTE, VISIT), 'TOTE-5')).toMatchObject({ discountCents: 500, taxCents: 776, totalCents: 11076 });
    // 100.00 off the 42.00 tote: the tote is free, the visit and the shipping are paid
    const visitor = await shopper(TOTE, VISIT);
    const shown = await quote(visitor, 'TOTE-100');
    expect(shown).toMatchObject({ discountCents: 4200, taxCents: 480, totalCents: 7080 });
    const placed = await visitor.post<OrderAnswer>(API_PATHS.checkoutOrders, orderOf(shown, 'TOTE-100'));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(Number((await useOf(orderIdOf(placed.body.confirmationUrl!)))!.amount_cents)).toBe(4200);
    expect(await timesUsedOf(server.app.deps.store, 'TOTE-100')).toBe(1);
  });

  it("counts the whole order's goods towards the minimum", async () => {
    // the visit alone is 60.00, the order's goods 102.00
    expect(await quote(await shopper(TOTE, VISIT), 'VISITS-MIN')).toMatchObject({ discountCents: 1200, discountError: null });
    expect((await quote(await shopper(VISIT), 'VISITS-MIN')).discountError).toBe(CHECKOUT.discountMinimum('$100.00'));
  });

  it('refuses a code none of whose products is in the cart, saying what it is for, and the order with it', async () => {
    // a gift card bought is in no code's categories
    const withGiftCard = await quote(await shopper(TOTE, GIFT_CARD_25), 'VISITS-20');
    expect(withGiftCard).toMatchObject({ discount: null, discountCents: 0, discountError: CHECKOUT.discountOtherCategories('Experiences or Learning') });
    const shown = await quote(await shopper(VISIT), 'TOTE-5');
    expect(shown).toMatchObject({ discount: null, discountCents: 0, discountError: CHECKOUT.discountOtherProducts });
    const visitor = await shopper(TOTE);
    const charged = payments.charges.length;
    const refused = await visitor.post<OrderAnswer>(API_PATHS.checkoutOrders, orderOf(await quote(visitor, 'VISITS-20'), 'VISITS-20'));
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ discountCode: CHECKOUT.discountRefusedOnOrder(CHECKOUT.discountOtherCategories('Experiences or Learning')) });
    expect(payments.charges.length).toBe(charged);
  });
});
