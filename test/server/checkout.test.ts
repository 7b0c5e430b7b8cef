/**
 * The checkout, step by step, through the calls the checkout island makes: a quote priced by the
 * server for each shipping choice, field errors named by field with catalogue texts only, the
 * test card numbers (paid, declined, try again), the order with its short number, stock taken
 * and the cart bought in one transaction, the confirmation page in words, the email in the
 * outbox, one order for a repeated submit, and one order for two shoppers after the last item.
 * Runs on SQLite, and on PostgreSQL with TEST_ENGINE=postgres.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { CHECKOUT, ADD_TO_CART } from '../../client/lib/messages.ts';
import { EmailOutboxRepository } from '../../server/db/email-outbox-repository.ts';
import { createMailer } from '../../server/email/mailer.ts';
import { serverMessages } from '../../server/messages.ts';
import { TEST_CARDS } from '../../server/payments/test-payment-provider.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { Visitor } from './helpers/visitor.ts';

const shirt = seededProduct('linen-shirt');
const vase = seededProduct('bud-vase');
const giftCard = seededProduct('gift-card');
const coffee = seededProduct('coffee-club');

const RATES = [
  { id: 'standard', name: 'Standard', kind: 'flat', priceCents: 600, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 },
  { id: 'express', name: 'Express', kind: 'flat', priceCents: 1500, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 },
];

interface QuoteView {
  lines: Array<{ productName: string; variantLabel: string; quantity: number; lineTotalCents: number; billingInterval: string }>;
  subtotalCents: number; shippingCents: number; taxCents: number; totalCents: number;
  shippingOptions: Array<{ id: string; name: string; costCents: number }>;
  selectedShippingOptionId: string | null;
  needsRecipient: boolean;
}

let server: RunningServer;
let attempt = 0;

function attemptKey(): string {
  attempt += 1;
  return `attempt-${String(attempt).padStart(4, '0')}-${Date.now().toString(36)}`;
}

/** What the shopper reads: no script elements (analytics carry SKUs), no tags or attributes. */
function visibleText(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/g, ' ').replace(/<[^>]*>/g, ' ');
}

function details(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: ' Jane@Linen.Studio ',
    name: 'Jane Doe',
    line1: '12 Mercer Street',
    line2: '',
    city: 'New York',
    region: 'NY',
    postalCode: '10013',
    countryCode: 'US',
    shippingOptionId: 'standard',
    recipientEmail: '',
    cardNumber: '4242 4242 4242 4242',
    cardExpiry: '12/39',
    cardCvc: '123',
    idempotencyKey: attemptKey(),
    ...overrides,
  };
}

async function shopperWith(itemId: string, sku: string, quantity = 1): Promise<Visitor> {
  const visitor = await new Visitor(server.url).start();
  const added = await visitor.post(API_PATHS.cartEntries, { itemId, sku, quantity });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return visitor;
}

async function quote(visitor: Visitor, shippingOptionId?: string, cartToken?: string): Promise<QuoteView> {
  const answer = await visitor.post<{ quote: QuoteView }>(API_PATHS.checkoutQuote, { shippingOptionId, cartToken });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.quote;
}

async function place(visitor: Visitor, overrides: Record<string, unknown> = {}) {
  const shown = await quote(visitor, (overrides.shippingOptionId as string | undefined) ?? 'standard', overrides.cartToken as string | undefined);
  return visitor.post<{ orderNumber?: number; confirmationUrl?: string; message?: string; fieldErrors?: Record<string, string> }>(
    API_PATHS.checkoutOrders, details({ expectedTotalCents: shown.totalCents, ...overrides }),
  );
}

async function orderCount(): Promise<number> {
  const row = await server.app.deps.store.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM orders');
  return Number(row?.n ?? 0);
}

async function stockOf(variantId: string): Promise<number> {
  const row = await server.app.deps.store.get<{ qty_in_stock: number | string }>('SELECT qty_in_stock FROM variants WHERE id = ?', [variantId]);
  return Number(row?.qty_in_stock);
}

function variantId(product: typeof shirt, sku: string): string {
  return product.variants.find((variant) => variant.sku === sku)!.id;
}

beforeAll(async () => {
  server = await startServer({ rateLimits: { checkout: 1000, checkoutQuote: 1000 } });
  const store = server.app.deps.store;
  const row = await store.get<{ value_json: string }>("SELECT value_json FROM site_settings WHERE key = 'websiteSettings'");
  const settings = JSON.parse(row!.value_json) as { storeSettings: Record<string, unknown> };
  settings.storeSettings = { ...settings.storeSettings, shippingRates: RATES, taxRateBasisPoints: 800 };
  await store.run("UPDATE site_settings SET value_json = ? WHERE key = 'websiteSettings'", [JSON.stringify(settings)]);
});

afterAll(async () => {
  await server.stop(true);
});

describe('checkout quote', () => {
  it('prices the cart on the server with the owner rates and the tax setting, in words without SKUs', async () => {
    const visitor = await shopperWith(shirt.id, 'SQ-SHIRT-L-NAT', 2);
    const standard = await quote(visitor);
    expect(standard.lines).toEqual([{ key: '0', productName: shirt.title, variantLabel: 'Size: L, Color: Natural', quantity: 2, unitPriceCents: 6800, lineTotalCents: 13600, billingInterval: '', answers: [] }]);
    expect(standard.shippingOptions.map((option) => option.id)).toEqual(['standard', 'express']);
    expect(standard).toMatchObject({ subtotalCents: 13600, shippingCents: 600, taxCents: 1088, totalCents: 15288, selectedShippingOptionId: 'standard' });
    const express = await quote(visitor, 'express');
    expect(express).toMatchObject({ shippingCents: 1500, totalCents: 16188, selectedShippingOptionId: 'express' });
    expect(JSON.stringify(express)).not.toContain('SQ-SHIRT');
  });

  it('taxes at a rate with three decimals to the half cent, rounding up', async () => {
    const store = server.app.deps.store;
    const setTaxRate = async (taxRateBasisPoints: number) => {
      const row = await store.get<{ value_json: string }>("SELECT value_json FROM site_settings WHERE key = 'websiteSettings'");
      const settings = JSON.parse(row!.value_json) as { storeSettings: Record<string, unknown> };
      settings.storeSettings = { ...settings.storeSettings, taxRateBasisPoints };
      await store.run("UPDATE site_settings SET value_json = ? WHERE key = 'websiteSettings'", [JSON.stringify(settings)]);
    };
    // 8.875 % (New York City), kept as 887.5 basis points: $68.00 owes $6.035 of tax
    await setTaxRate(887.5);
    try {
      const visitor = await shopperWith(shirt.id, 'SQ-SHIRT-L-NAT');
      expect(await quote(visitor)).toMatchObject({ subtotalCents: 6800, shippingCents: 600, taxCents: 604, totalCents: 8004 });
    } finally {
      await setTaxRate(800);
    }
  });

  it('renders the checkout form with the summary and the test cards', async () => {
    const visitor = await shopperWith(shirt.id, 'SQ-SHIRT-M-NAT');
    const page = await visitor.get<string>('/checkout');
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-island="Checkout"');
    expect(page.text).toContain('Size: M, Color: Natural');
    expect(page.text).not.toContain('SQ-SHIRT-M-NAT');
    expect(page.text).toContain(CHECKOUT.testCards.replace(/'/g, '&#x27;').slice(0, 20));
  });
});

describe('placing an order', () => {
  beforeEach(() => {
    attempt += 100;
  });

  it('names each wrong field with a catalogue text, never a field path', async () => {
    const visitor = await shopperWith(shirt.id, 'SQ-SHIRT-M-NAT');
    const answer = await place(visitor, { email: 'not-an-email', name: ' ', line1: '', postalCode: '', cardNumber: '4242 4242 4242 4241', cardExpiry: '01/20', cardCvc: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(CHECKOUT.fieldsInvalid);
    expect(answer.body.fieldErrors).toEqual({
      email: CHECKOUT.emailInvalid,
      name: CHECKOUT.nameRequired,
      line1: CHECKOUT.line1Required,
      postalCode: CHECKOUT.postalCodeRequired,
      cardNumber: CHECKOUT.cardNumberInvalid,
      cardExpiry: CHECKOUT.cardExpired,
      cardCvc: CHECKOUT.cardCvcInvalid,
    });
    expect(await orderCount()).toBe(0);
  });

  it('refuses a postal code that is not of the shipping country\'s shape, and makes no order', async () => {
    const visitor = await shopperWith(shirt.id, 'SQ-SHIRT-M-NAT');
    const answer = await place(visitor, { postalCode: '9720' });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual({ postalCode: CHECKOUT.postalCodeInvalid('United States', '10118') });
    expect(await orderCount()).toBe(0);
  });

  it('refuses an unknown shipping option next to its field', async () => {
    const visitor = await shopperWith(shirt.id, 'SQ-SHIRT-M-NAT');
    const shown = await quote(visitor);
    const answer = await visitor.post<{ fieldErrors: Record<string, string> }>(API_PATHS.checkoutOrders, details({ shippingOptionId: 'teleport', expectedTotalCents: shown.totalCents }));
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual({ shippingOptionId: CHECKOUT.shippingOptionRequired });
  });

  it('declines the decline card with its message and makes no order, takes no stock', async () => {
    const visitor = await shopperWith(vase.id, 'SQ-VASE-ASH');
    const before = await stockOf(variantId(vase, 'SQ-VASE-ASH'));
    const answer = await place(visitor, { cardNumber: TEST_CARDS.decline });
    expect(answer.status).toBe(402);
    expect(answer.body.message).toBe(CHECKOUT.paymentDeclined);
    expect(await orderCount()).toBe(0);
    expect(await stockOf(variantId(vase, 'SQ-VASE-ASH'))).toBe(before);
  });

  it('refuses a total the server no longer agrees with, and sends the fresh quote', async () => {
    const visitor = await shopperWith(shirt.id, 'SQ-SHIRT-M-NAT');
    const shown = await quote(visitor);
    const answer = await visitor.post<{ message: string; quote: QuoteView }>(API_PATHS.checkoutOrders, details({ expectedTotalCents: shown.totalCents - 100 }));
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(CHECKOUT.totalChanged);
    expect(answer.body.quote.totalCents).toBe(shown.totalCents);
  });

  it('places #1001 with the success card: stock taken, cart bought, confirmation in words, email in the outbox', async () => {
    const visitor = await shopperWith(shirt.id, 'SQ-SHIRT-L-NAT', 2);
    const stockBefore = await stockOf(variantId(shirt, 'SQ-SHIRT-L-NAT'));
    const answer = await place(visitor, { shippingOptionId: 'express' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.orderNumber).toBe(1001);
    expect(await stockOf(variantId(shirt, 'SQ-SHIRT-L-NAT'))).toBe(stockBefore - 2);
    // the cart is bought: the cart page is empty again
    expect((await visitor.get<{ entries: unknown[] }>(API_PATHS.cart)).body.entries ?? []).toEqual([]);

    const page = await visitor.get<string>(answer.body.confirmationUrl!);
    expect(page.status).toBe(200);
    expect(page.text).toContain('#1001');
    expect(page.text).toContain('Size: L, Color: Natural');
    expect(visibleText(page.text)).not.toContain('SQ-SHIRT');
    expect(visibleText(page.text)).not.toMatch(/[0-9a-f]{24}/);
    for (const amount of ['$136.00', '$15.00', '$10.88', '$161.88']) expect(page.text).toContain(amount);
    expect(page.text).toContain('jane@linen.studio');
    expect(page.text).toContain('12 Mercer Street');
    expect(page.text).toContain('United States');
    expect(page.text).toContain('<dd class="shipping">$15.00</dd>');

    const outbox = await new EmailOutboxRepository(server.app.deps.store).list({ recipient: 'jane@linen.studio' });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.subject).toBe('Your order #1001 from Linen & Loam');
    expect(outbox[0]!.text).toContain(`2 × ${shirt.title} (Size: L, Color: Natural): $136.00`);
    expect(outbox[0]!.text).toContain('Total: $161.88');
    expect(outbox[0]!.html).toContain('Linen &amp; Loam');
    expect(outbox[0]!.html).not.toContain('SQ-SHIRT');
    // no SMTP server configured: the email is kept for the owner
    await expect.poll(async () => (await new EmailOutboxRepository(server.app.deps.store).findById(outbox[0]!.id))?.status).toBe('kept');
  });

  it('numbers the next order #1002', async () => {
    const visitor = await shopperWith(shirt.id, 'SQ-SHIRT-M-NAT');
    const answer = await place(visitor);
    expect(answer.status).toBe(201);
    expect(answer.body.orderNumber).toBe(1002);
  });

  it('emails the owner a notice of each new order once the settings name an address, linking to it in the admin', async () => {
    const store = server.app.deps.store;
    const settingsRow = async () => JSON.parse((await store.get<{ value_json: string }>("SELECT value_json FROM site_settings WHERE key = 'websiteSettings'"))!.value_json) as { storeSettings: Record<string, unknown> };
    const settings = await settingsRow();
    settings.storeSettings.orderNotificationEmail = 'orders@linen.studio';
    await store.run("UPDATE site_settings SET value_json = ? WHERE key = 'websiteSettings'", [JSON.stringify(settings)]);
    try {
      const visitor = await shopperWith(shirt.id, 'SQ-SHIRT-M-NAT');
      const answer = await place(visitor);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const notices = await new EmailOutboxRepository(store).list({ recipient: 'orders@linen.studio' });
      expect(notices).toHaveLength(1);
      const notice = notices[0]!;
      const orderId = answer.body.confirmationUrl!.split('/').pop()!.split('?')[0]!;
      expect(notice.kind).toBe('new-order');
      expect(notice.subject).toMatch(new RegExp(`^New order #${answer.body.orderNumber}: \\$[\\d.,]+ from Jane Doe$`));
      expect(notice.text).toContain(`New order #${answer.body.orderNumber} from Jane Doe (jane@linen.studio).`);
      expect(notice.text).toContain(`1 × ${shirt.title} (Size: M, Color: Natural)`);
      expect(notice.text).toMatch(new RegExp(`Open the order in the store admin: https?://[^\\s]+/config/orders/${orderId}\\n`));
      expect(notice.html).toContain(`/config/orders/${orderId}"`);
      // the shopper's own confirmation goes out as before
      expect((await new EmailOutboxRepository(store).list({ recipient: 'jane@linen.studio' })).some((email) => email.subject === `Your order #${answer.body.orderNumber} from Linen & Loam`)).toBe(true);
      await expect.poll(async () => (await new EmailOutboxRepository(store).findById(notice.id))?.status).toBe('kept');
    } finally {
      delete settings.storeSettings.orderNotificationEmail;
      await store.run("UPDATE site_settings SET value_json = ? WHERE key = 'websiteSettings'", [JSON.stringify(settings)]);
    }
    // without an address, no notice
    const before = (await new EmailOutboxRepository(store).list({})).length;
    const visitor = await shopperWith(shirt.id, 'SQ-SHIRT-M-NAT');
    expect((await place(visitor)).status).toBe(201);
    expect((await new EmailOutboxRepository(store).list({})).length).toBe(before + 1);
  });

  it("names in the owner's notice each variant the order brought down to the running-low figure, once", async () => {
    const store = server.app.deps.store;
    const settingsRow = async () => JSON.parse((await store.get<{ value_json: string }>("SELECT value_json FROM site_settings WHERE key = 'websiteSettings'"))!.value_json) as { storeSettings: Record<string, unknown> };
    const settings = await settingsRow();
    settings.storeSettings.orderNotificationEmail = 'stock@linen.studio';
    settings.storeSettings.lowStockThreshold = 3;
    await store.run("UPDATE site_settings SET value_json = ? WHERE key = 'websiteSettings'", [JSON.stringify(settings)]);
    const { qty_in_stock: before } = (await store.get<{ qty_in_stock: number }>("SELECT qty_in_stock FROM variants WHERE sku = 'SQ-SHIRT-M-NAT'"))!;
    await store.run("UPDATE variants SET qty_in_stock = 4 WHERE sku = 'SQ-SHIRT-M-NAT'");
    try {
      const notices = async () => new EmailOutboxRepository(store).list({ recipient: 'stock@linen.studio' });
      expect((await place(await shopperWith(shirt.id, 'SQ-SHIRT-M-NAT'))).status).toBe(201);
      const [first] = await notices();
      expect(first!.text).toContain(`Running low:\n${shirt.title} (Size: M, Color: Natural), SQ-SHIRT-M-NAT: 3 left\n`);
      expect(first!.text).toMatch(/See the stock in the store admin: https?:\/\/[^\s]+\/config\/inventory\n/);
      expect(first!.html).toContain('SQ-SHIRT-M-NAT: 3 left');
      // already below the figure: the next order's notice does not say it again
      expect((await place(await shopperWith(shirt.id, 'SQ-SHIRT-M-NAT'))).status).toBe(201);
      const [second] = await notices();
      expect(second!.id).not.toBe(first!.id);
      expect(second!.text).not.toContain('Running low');
    } finally {
      delete settings.storeSettings.orderNotificationEmail;
      delete settings.storeSettings.lowStockThreshold;
      await store.run("UPDATE site_settings SET value_json = ? WHERE key = 'websiteSettings'", [JSON.stringify(settings)]);
      await store.run("UPDATE variants SET qty_in_stock = ? WHERE sku = 'SQ-SHIRT-M-NAT'", [before]);
    }
  });

  it('asks the retry card to try again, then pays it on the same attempt', async () => {
    const visitor = await shopperWith(shirt.id, 'SQ-SHIRT-M-NAT');
    const key = attemptKey();
    const first = await place(visitor, { cardNumber: TEST_CARDS.retry, idempotencyKey: key });
    expect(first.status).toBe(402);
    expect(first.body.message).toBe(CHECKOUT.paymentRetry);
    const second = await place(visitor, { cardNumber: TEST_CARDS.retry, idempotencyKey: key });
    expect(second.status).toBe(201);
  });

  it('makes one order of a double submit, at once and afterwards', async () => {
    const visitor = await shopperWith(shirt.id, 'SQ-SHIRT-M-NAT');
    const shown = await quote(visitor);
    const payload = details({ expectedTotalCents: shown.totalCents });
    const before = await orderCount();
    const [a, b] = await Promise.all([
      visitor.post<{ orderNumber: number; confirmationUrl: string }>(API_PATHS.checkoutOrders, payload),
      visitor.post<{ orderNumber: number; confirmationUrl: string }>(API_PATHS.checkoutOrders, payload),
    ]);
    expect([a.status, b.status].sort()).toEqual(expect.arrayContaining([201]));
    expect(a.body.orderNumber).toBe(b.body.orderNumber);
    expect(a.body.confirmationUrl).toBe(b.body.confirmationUrl);
    const again = await visitor.post<{ orderNumber: number }>(API_PATHS.checkoutOrders, payload);
    expect(again.status).toBe(200);
    expect(again.body.orderNumber).toBe(a.body.orderNumber);
    expect(await orderCount()).toBe(before + 1);
    // a new attempt on the bought cart is refused, saying so
    const other = await visitor.post<{ message: string }>(API_PATHS.checkoutOrders, details({ expectedTotalCents: shown.totalCents }));
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(serverMessages.cartPurchased);
  });

  it('sells the last item once when two shoppers check out together', async () => {
    const lastVase = variantId(vase, 'SQ-VASE-ASH');
    await server.app.deps.store.run('UPDATE variants SET qty_in_stock = 1 WHERE id = ?', [lastVase]);
    const first = await shopperWith(vase.id, 'SQ-VASE-ASH');
    const second = await shopperWith(vase.id, 'SQ-VASE-ASH');
    const [quoteA, quoteB] = await Promise.all([quote(first), quote(second)]);
    const before = await orderCount();
    const answers = await Promise.all([
      first.post<{ message?: string }>(API_PATHS.checkoutOrders, details({ expectedTotalCents: quoteA.totalCents })),
      second.post<{ message?: string }>(API_PATHS.checkoutOrders, details({ expectedTotalCents: quoteB.totalCents })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(CHECKOUT.notEnoughLeft([{ productName: vase.title, variantLabel: '', left: 0 }]));
    expect(await orderCount()).toBe(before + 1);
    expect(await stockOf(lastVase)).toBe(0);
  });

  it('names each line another shopper bought out first, with its variant and how many are left', async () => {
    const store = server.app.deps.store;
    const lastVase = variantId(vase, 'SQ-VASE-ASH');
    const whiteL = variantId(shirt, 'SQ-SHIRT-L-WHI');
    const stockBefore = [await stockOf(lastVase), await stockOf(whiteL)];
    await store.run('UPDATE variants SET qty_in_stock = 1 WHERE id = ?', [lastVase]);
    await store.run('UPDATE variants SET qty_in_stock = 3 WHERE id = ?', [whiteL]);
    try {
      // A: the last vase, three white shirts (all there are) and a shirt there are plenty of
      const a = await shopperWith(vase.id, 'SQ-VASE-ASH');
      for (const [sku, quantity] of [['SQ-SHIRT-L-WHI', 3], ['SQ-SHIRT-M-NAT', 1]] as const) {
        expect((await a.post(API_PATHS.cartEntries, { itemId: shirt.id, sku, quantity })).status).toBe(200);
      }
      const shown = await quote(a);
      // B pays first for the vase and two of the white shirts
      const b = await shopperWith(vase.id, 'SQ-VASE-ASH');
      expect((await b.post(API_PATHS.cartEntries, { itemId: shirt.id, sku: 'SQ-SHIRT-L-WHI', quantity: 2 })).status).toBe(200);
      expect((await place(b)).status).toBe(201);
      const before = await orderCount();
      const answer = await a.post<{ message: string; shortLines: unknown }>(API_PATHS.checkoutOrders, details({ expectedTotalCents: shown.totalCents }));
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(`Sorry, ${vase.title} is sold out and only 1 of ${shirt.title} (Size: L, Color: White) is left. Please change your cart, then place your order again.`);
      expect(answer.body.shortLines).toEqual([
        { productName: vase.title, variantLabel: '', left: 0 },
        { productName: shirt.title, variantLabel: 'Size: L, Color: White', left: 1 },
      ]);
      expect(JSON.stringify(answer.body)).not.toMatch(/SQ-|[0-9a-f]{24}/);
      expect(await orderCount()).toBe(before);
      // the spec's own text is unchanged, for the cart's refusals
      expect(ADD_TO_CART.notEnoughStock).toBe('Sorry, we do not have enough of that item available.');
    } finally {
      await store.run('UPDATE variants SET qty_in_stock = ? WHERE id = ?', [stockBefore[0], lastVase]);
      await store.run('UPDATE variants SET qty_in_stock = ? WHERE id = ?', [stockBefore[1], whiteL]);
    }
  });

  it('keeps control characters out of the order and refuses a hostile cart token without a fault', async () => {
    const visitor = await shopperWith(shirt.id, 'SQ-SHIRT-M-NAT');
    const answer = await place(visitor, { name: 'Jane\u0000 Doe', line2: 'Flat\u00073' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const row = await server.app.deps.store.get<{ customer_name: string; shipping_address_json: string }>(
      'SELECT customer_name, shipping_address_json FROM orders WHERE order_number = ?', [answer.body.orderNumber!],
    );
    expect(row!.customer_name).toBe('Jane  Doe');
    expect(row!.shipping_address_json).not.toMatch(/\\u000[07]/);
    for (const cartToken of ['a\u0000b', "x' OR '1'='1", 'y'.repeat(129)]) {
      const quote = await visitor.post<{ message: string }>(API_PATHS.checkoutQuote, { cartToken });
      expect(quote.status, cartToken).toBe(400);
      expect(quote.body.message).toBe(CHECKOUT.attemptInvalid);
      expect((await visitor.get(`/checkout?cartToken=${encodeURIComponent(cartToken)}`)).status).toBeLessThan(500);
    }
  });

  it('refuses an empty cart', async () => {
    const visitor = await new Visitor(server.url).start();
    const answer = await visitor.post<{ message: string }>(API_PATHS.checkoutQuote, {});
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(serverMessages.cartEmpty);
  });

  it('tells a visitor without a cart that it is empty, as the quote does, and not that it was purchased', async () => {
    const visitor = await new Visitor(server.url).start();
    const before = await orderCount();
    const answer = await visitor.post<{ message: string }>(API_PATHS.checkoutOrders, details({ expectedTotalCents: 0 }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(serverMessages.cartEmpty);
    // a cart token nobody has is no cart either
    const unknownToken = await visitor.post<{ message: string }>(API_PATHS.checkoutOrders, details({ expectedTotalCents: 0, cartToken: 'x'.repeat(32) }));
    expect([unknownToken.status, unknownToken.body.message]).toEqual([400, serverMessages.cartEmpty]);
    expect(await orderCount()).toBe(before);
  });
});

describe('gift cards and subscriptions', () => {
  it('asks for the gift card recipient and shows them on the confirmation', async () => {
    const visitor = await new Visitor(server.url).start();
    const bought = await visitor.post('/checkout/gift-card', undefined, { form: { crumb: decodeURIComponent(visitor.crumb), itemId: giftCard.id, sku: 'SQ-GIFT-50' } });
    expect(bought.status).toBe(303);
    const location = bought.headers.get('location')!;
    const cartToken = new URL(location, server.url).searchParams.get('cartToken')!;
    const page = await visitor.get<string>(location);
    expect(page.text).toContain(CHECKOUT.recipientEmailLabel.replace("'", '&#x27;'));
    const shown = await quote(visitor, undefined, cartToken);
    expect(shown.needsRecipient).toBe(true);
    expect(shown.shippingOptions).toEqual([]);
    const missing = await visitor.post<{ fieldErrors: Record<string, string> }>(API_PATHS.checkoutOrders,
      details({ cartToken, shippingOptionId: 'none', expectedTotalCents: shown.totalCents }));
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual({ recipientEmail: CHECKOUT.recipientEmailInvalid });
    const placed = await visitor.post<{ confirmationUrl: string }>(API_PATHS.checkoutOrders,
      details({ cartToken, shippingOptionId: 'none', recipientEmail: 'Friend@Example.com', expectedTotalCents: shown.totalCents }));
    expect(placed.status).toBe(201);
    const confirmation = await visitor.get<string>(placed.body.confirmationUrl);
    expect(confirmation.text).toContain('friend@example.com');
    // nothing ships: no shipping line, as the checkout had none
    expect(confirmation.text).not.toContain('class="shipping"');
  });

  it('shows a subscription billing interval at checkout and on the confirmation', async () => {
    const visitor = await new Visitor(server.url).start();
    const started = await visitor.post<{ cartToken: string }>(API_PATHS.subscription, { itemId: coffee.id, sku: 'SQ-COFFEE-WHOLE', qty: 1 });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const cartToken = started.body.cartToken;
    const shown = await quote(visitor, 'standard', cartToken);
    expect(shown.lines[0]!.billingInterval).toBe(CHECKOUT.billingInterval(1, 'MONTH'));
    const page = await visitor.get<string>(`/checkout/subscription?cartToken=${cartToken}`);
    expect(page.text).toContain('Billed every month');
    const placed = await place(visitor, { cartToken });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect((await visitor.get<string>(placed.body.confirmationUrl!)).text).toContain('Billed every month');
  });
});

describe('email delivery', () => {
  it('sends through nodemailer when a transport is configured and marks the email sent', async () => {
    const outbox = new EmailOutboxRepository(server.app.deps.store);
    const email = await outbox.add({ kind: 'order-confirmation', subjectId: null, recipient: 'a@example.com', subject: 'S', text: 'T', html: '<p>H</p>' });
    const sent: unknown[] = [];
    const transport = nodemailer.createTransport({ jsonTransport: true });
    transport.on('idle', () => undefined);
    const mailer = createMailer({ from: 'shop@example.com' }, pino({ level: 'silent' }), {
      sendMail: async (message: unknown) => { sent.push(message); return transport.sendMail(message as never); },
    } as never);
    await mailer.deliver(server.app.deps.store, email);
    expect(sent).toHaveLength(1);
    expect((await outbox.findById(email.id))?.status).toBe('sent');
  });

  it('marks an email failed when SMTP refuses it, and lists it for the owner', async () => {
    const outbox = new EmailOutboxRepository(server.app.deps.store);
    const email = await outbox.add({ kind: 'order-confirmation', subjectId: null, recipient: 'b@example.com', subject: 'S', text: 'T', html: 'H' });
    const mailer = createMailer({}, pino({ level: 'silent' }), { sendMail: async () => { throw new Error('550 mailbox unavailable'); } } as never);
    await mailer.deliver(server.app.deps.store, email);
    const failed = await outbox.list({ status: 'failed' });
    expect(failed.map((entry) => entry.id)).toContain(email.id);
    expect(failed.find((entry) => entry.id === email.id)?.error).toContain('550');
  });
});
