/**
 * Free shipping reads one way wherever the shopper meets it: `Free` in the cart, the checkout's
 * options and totals, the order confirmation page and the order email, never an amount of
 * nothing nor a line left out. The seeded store's one rate costs $6.00 and nothing from $150.00.
 * Runs on SQLite, and on PostgreSQL with TEST_ENGINE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { EmailOutboxRepository } from '../../server/db/email-outbox-repository.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { Visitor } from './helpers/visitor.ts';

const tote = seededProduct('canvas-tote');
const guide = seededProduct('natural-dye-guide');

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: { checkout: 1000, checkoutQuote: 1000 } });
});
afterAll(async () => {
  await server.stop(true);
});

async function shopperWith(itemId: string, sku: string, quantity: number): Promise<Visitor> {
  const visitor = await new Visitor(server.url).start();
  const added = await visitor.post(API_PATHS.cartEntries, { itemId, sku, quantity });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return visitor;
}

async function page(visitor: Visitor, path: string): Promise<string> {
  const answer = await visitor.get<string>(path);
  expect(answer.status).toBe(200);
  return answer.text;
}

describe('free shipping', () => {
  it('reads Free in the cart, the checkout, the confirmation page and the email', async () => {
    const visitor = await shopperWith(tote.id, 'SQ-TOTE', 4);
    expect(await page(visitor, '/cart')).toContain(`<dd class="cart-shipping">${CHECKOUT.free}</dd>`);
    const checkout = await page(visitor, '/checkout');
    expect(checkout).toContain(`<dd class="shipping">${CHECKOUT.free}</dd>`);
    expect(checkout).toContain(`<span class="shipping-option__cost">${CHECKOUT.free}</span>`);
    for (const totals of checkout.match(/<dl class="checkout-totals">.*?<\/dl>/g)!) expect(totals).toContain(`<dt>Shipping</dt><dd${totals.includes('class="shipping"') ? ' class="shipping"' : ''}>${CHECKOUT.free}</dd>`);
    expect(checkout).not.toContain('$0.00');

    const shown = (await visitor.post<{ quote: { totalCents: number } }>(API_PATHS.checkoutQuote, { shippingOptionId: 'standard' })).body.quote;
    const placed = await visitor.post<{ confirmationUrl?: string }>(API_PATHS.checkoutOrders, {
      email: 'free@linen.studio', name: 'Jane Doe', line1: '12 Mercer Street', line2: '', city: 'New York', region: 'NY',
      postalCode: '10013', countryCode: 'US', shippingOptionId: 'standard', recipientEmail: '',
      cardNumber: '4242 4242 4242 4242', cardExpiry: '12/39', cardCvc: '123', idempotencyKey: 'free-shipping-shown', expectedTotalCents: shown.totalCents,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const confirmation = await page(visitor, placed.body.confirmationUrl!);
    expect(confirmation).toContain(`<dd class="shipping">${CHECKOUT.free}</dd>`);
    expect(/<dl class="checkout-totals">[\s\S]*?<\/dl>/.exec(confirmation)![0]).not.toContain('$0.00');

    const [email] = await new EmailOutboxRepository(server.app.deps.store).list({ recipient: 'free@linen.studio' });
    expect(email!.text).toContain(`Shipping (Standard): ${CHECKOUT.free}`);
    expect(email!.html).toContain(`<td align="right">${CHECKOUT.free}</td>`);
  });

  it('shows what shipping costs in the cart below the free amount, and no line when nothing ships', async () => {
    expect(await page(await shopperWith(tote.id, 'SQ-TOTE', 1), '/cart')).toContain('<dd class="cart-shipping">$6.00</dd>');
    const download = await page(await shopperWith(guide.id, 'SQ-DYE-GUIDE', 1), '/cart');
    expect(download).toContain('class="cart-totals"');
    expect(download).not.toContain('cart-shipping');
  });

  it('has no shipping line in the checkout\'s totals while no option can carry the order, rather than a free one', async () => {
    const store = server.app.deps.store;
    const row = await store.get<{ value_json: string }>("SELECT value_json FROM site_settings WHERE key = 'websiteSettings'");
    const settings = JSON.parse(row!.value_json) as { storeSettings: Record<string, unknown> };
    const light = [{ id: 'letter', name: 'Letter', kind: 'flat', priceCents: 300, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 100 }];
    await store.run("UPDATE variants SET weight_grams = 500 WHERE sku = 'SQ-TOTE'");
    await store.run("UPDATE site_settings SET value_json = ? WHERE key = 'websiteSettings'",
      [JSON.stringify({ ...settings, storeSettings: { ...settings.storeSettings, shippingRates: light } })]);
    try {
      const visitor = await shopperWith(tote.id, 'SQ-TOTE', 4);
      const checkout = await page(visitor, '/checkout');
      expect(checkout).toContain(CHECKOUT.noShippingOption);
      expect(checkout).not.toContain('class="shipping"');
      expect(await page(visitor, '/cart')).not.toContain('cart-shipping');
    } finally {
      await store.run("UPDATE site_settings SET value_json = ? WHERE key = 'websiteSettings'", [row!.value_json]);
      await store.run("UPDATE variants SET weight_grams = 0 WHERE sku = 'SQ-TOTE'");
    }
  });
});
