/**
 * One money format on every page: the product, shop, search and home pages
 * (the engine's price formatters), the cart and the pill (islands rendered on
 * the server with the store's format), checkout and the order confirmation
 * (the checkout island and the engine's money formatter), and the instalment offer all write the same
 * amount the same way, in the store's currency and locale, down to its digits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { formatMoneyWith } from '../../client/lib/money.ts';
import { TEST_CARDS } from '../../server/payments/test-payment-provider.ts';
import { SiteRepository } from '../../server/db/site-repository.ts';
import { moneyFormatFor } from '../../server/commerce/money-format.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { Visitor } from './helpers/visitor.ts';

const shirt = seededProduct('linen-shirt');
const SHIRT_SKU = 'SQ-SHIRT-M-NAT';
const SHIRT_CENTS = 6800;

/** The page's visible text: no script elements, no tags or attributes (island props carry raw amounts). */
function visibleText(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/g, ' ').replace(/<[^>]*>/g, ' ');
}

/** Every written form of the shirt's price (68.00, 68,00, with whatever around it). */
function amountsWritten(text: string, digits: RegExp): string[] {
  return [...text.matchAll(digits)].map((match) => match[0]);
}

/** Places the cart's order through the checkout's calls, with the success test card. */
async function orderConfirmationPath(visitor: Visitor): Promise<string> {
  const quote = await visitor.post<{ quote: { totalCents: number; selectedShippingOptionId: string } }>(API_PATHS.checkoutQuote, {});
  const placed = await visitor.post<{ confirmationUrl: string }>(API_PATHS.checkoutOrders, {
    email: 'jane@example.com', name: 'Jane Doe', line1: '350 Fifth Avenue', line2: '', city: 'New York', region: 'NY',
    postalCode: '10118', countryCode: 'US', shippingOptionId: quote.body.quote.selectedShippingOptionId, recipientEmail: '',
    cardNumber: TEST_CARDS.success, cardExpiry: '12/39', cardCvc: '123', idempotencyKey: 'money-pages-order-0001',
    expectedTotalCents: quote.body.quote.totalCents,
  });
  expect(placed.status).toBe(201);
  return placed.body.confirmationUrl;
}

for (const store of [
  { currency: 'USD', locale: 'en-US', shown: '$68.00', instalment: '$17.00', digits: /\S*68[.,\u00a0\u202f]00\S*/g, unwritten: /[^\d.,$€\u00a0]/g },
  { currency: 'EUR', locale: 'fr-FR', shown: '68,00\u00a0€', instalment: '17,00\u00a0€', digits: /\S*68[.,]00(\u00a0€)?\S*/g, unwritten: /[^\d.,$€\u00a0]/g },
  // Arabic-Indic digits on the pages, so in the islands too: a price in Latin digits is found and refused.
  {
    currency: 'EGP', locale: 'ar-EG', shown: '\u200f٦٨٫٠٠\u00a0ج.م.\u200f', instalment: '\u200f١٧٫٠٠\u00a0ج.م.\u200f',
    digits: /\S*(?:68[.,]00|٦٨٫٠٠)(?:\u00a0ج\.م\.)?\S*/g, unwritten: /[^\d.,٠-٩٫\u00a0\u200fجم]/g,
  },
]) {
  describe(`money on every page in ${store.currency} (${store.locale})`, () => {
    let server: RunningServer;
    let visitor: Visitor;
    beforeAll(async () => {
      server = await startServer();
      const site = new SiteRepository(server.app.deps.store);
      const settings = await site.websiteSettings();
      const storeSettings = settings.storeSettings as Record<string, unknown>;
      // The instalment offer is off as seeded (the checkout has no instalment option): on here, to check its amount.
      const instalments = { ...(storeSettings.instalments as object), enabled: true };
      await site.writeSetting('websiteSettings', { ...settings, storeSettings: { ...storeSettings, currency: store.currency, instalments } });
      await site.writeSetting('website', { ...(await site.website()), language: store.locale });
      visitor = await new Visitor(server.url).start();
      expect((await visitor.post('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: SHIRT_SKU, quantity: 1 })).status).toBe(200);
    });
    afterAll(async () => {
      await server.stop(true);
    });

    it('is the format the engine gives for the store', () => {
      const format = moneyFormatFor(store.currency, store.locale);
      expect(formatMoneyWith(SHIRT_CENTS, format)).toBe(store.shown);
      expect(formatMoneyWith(SHIRT_CENTS / 4, format)).toBe(store.instalment);
    });

    it.each(['/', '/shop', '/shop/p/linen-shirt', '/search?q=linen', '/cart', '/checkout', 'confirmation'])(
      '%s writes the price one way',
      async (path) => {
        const target = path === 'confirmation' ? await orderConfirmationPath(visitor) : path;
        const page = await visitor.get<string>(target);
        expect(page.status).toBe(200);
        const written = amountsWritten(visibleText(page.text), store.digits);
        expect(written.length, target).toBeGreaterThan(0);
        for (const text of written) expect(text.replace(store.unwritten, '')).toBe(store.shown);
        if (path === '/shop/p/linen-shirt') expect(visibleText(page.text)).toContain(store.instalment);
        if (path === '/checkout') {
          // The shopper reads the variant in words, not the SKU.
          expect(visibleText(page.text)).toContain('Size: M, Color: Natural');
          expect(visibleText(page.text)).not.toContain(SHIRT_SKU);
        }
      },
    );
  });
}
