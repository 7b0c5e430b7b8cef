/**
 * A German store's shopper reads German: the product page (the island's button and the engine's
 * formatters), the cart, the checkout with its order button, the confirmation page and email;
 * the cart's call still answers with the specification's English message. A store without a mail
 * server says so on the confirmation page in German, and the built-in captcha asks in German.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { TEST_CARDS } from '../../server/payments/test-payment-provider.ts';
import { SiteRepository } from '../../server/db/site-repository.ts';
import { EmailOutboxRepository } from '../../server/db/email-outbox-repository.ts';
import { startServer, temporaryDatabasePath, type RunningServer } from './helpers/start-server.ts';
import { readConfig } from '../../server/config.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { Visitor } from './helpers/visitor.ts';

const shirt = seededProduct('linen-shirt');
const SHIRT_SKU = 'SQ-SHIRT-M-NAT';

/** The page's visible text: no script elements, no tags or attributes. */
function visibleText(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/g, ' ').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');
}

describe('a store whose language is German (de-AT)', () => {
  let server: RunningServer;
  let visitor: Visitor;
  beforeAll(async () => {
    server = await startServer();
    const site = new SiteRepository(server.app.deps.store);
    await site.writeSetting('website', { ...(await site.website()), language: 'de-AT' });
    visitor = await new Visitor(server.url).start();
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('writes the product page in German, the island and the formatters alike', async () => {
    const page = await visitor.get<string>('/shop/p/linen-shirt');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="de-AT">');
    const text = visibleText(page.text);
    expect(text).toContain('In den Warenkorb');
    expect(text).toContain('Zum Inhalt springen');
    expect(text).not.toMatch(/Add to Cart|Add To Cart|Quantity|Shopping Cart|Skip to content/);
  });

  it('words a subscription\'s price in German, as the platform\'s localized strings would', async () => {
    const text = visibleText((await visitor.get<string>('/shop?page=2')).text + (await visitor.get<string>('/shop')).text);
    expect(text).toMatch(/19,00 jeden Monat für 1 Jahr/);
    expect(text).toMatch(/30,00 jede Woche/);
    expect(text).not.toMatch(/every month|every week/);
  });

  it('answers a refused add with the specification\'s English message, as the API has it', async () => {
    const refused = await visitor.post<{ message: string }>('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: 'NO-SUCH-SKU', quantity: 1 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Sorry, that item variant is unavailable. Please select another variant.');
  });

  it('writes the cart, the checkout with its order button, the confirmation page and the email in German', async () => {
    expect((await visitor.post('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: SHIRT_SKU, quantity: 1 })).status).toBe(200);
    const cart = visibleText((await visitor.get<string>('/cart')).text);
    expect(cart).toContain('Warenkorb');
    expect(cart).toContain('Zwischensumme');
    expect(cart).toContain('Zur Kasse');
    expect(cart).not.toMatch(/Shopping Cart|Subtotal|Checkout/);

    const checkout = visibleText((await visitor.get<string>('/checkout')).text);
    expect(checkout).toContain('Zahlungspflichtig bestellen');
    expect(checkout).toContain('Lieferadresse');
    expect(checkout).toContain('Bestellübersicht');
    expect(checkout).not.toMatch(/Place order|Shipping address|Order summary/);

    const quote = await visitor.post<{ quote: { totalCents: number; selectedShippingOptionId: string } }>(API_PATHS.checkoutQuote, {});
    const order = {
      email: 'anna@example.com', name: 'Anna Huber', line1: 'Stephansplatz 1', line2: '', city: 'Wien', region: '',
      postalCode: '1010', countryCode: 'AT', shippingOptionId: quote.body.quote.selectedShippingOptionId, recipientEmail: '',
      cardNumber: TEST_CARDS.success, cardExpiry: '12/39', cardCvc: '123', idempotencyKey: 'store-language-order-0001',
      expectedTotalCents: quote.body.quote.totalCents,
    };
    // the checkout's own words answer in German (the specification gives none for them)
    const refused = await visitor.post<{ fieldErrors: Record<string, string> }>(API_PATHS.checkoutOrders, { ...order, name: ' ' });
    expect(refused.body.fieldErrors.name).toBe('Bitte geben Sie Ihren Namen ein.');

    const placed = await visitor.post<{ confirmationUrl: string }>(API_PATHS.checkoutOrders, order);
    expect(placed.status).toBe(201);
    const confirmation = visibleText((await visitor.get<string>(placed.body.confirmationUrl)).text);
    expect(confirmation).toContain('Vielen Dank!');
    expect(confirmation).toContain('Ihre Bestellung');
    expect(confirmation).toContain('ist bestätigt.');
    expect(confirmation).not.toMatch(/Thank you|Your order|Subtotal|Keep shopping/);
    // a store without a mail server says so on the page, in German
    expect(confirmation).toContain('Dieser Shop versendet keine Bestätigungs-E-Mails: Bewahren Sie diese Seite (als Lesezeichen oder Ausdruck) als Beleg Ihrer Bestellung auf. Die E-Mail-Adresse Ihrer Bestellung ist anna@example.com.');
    expect(confirmation).not.toContain('This store does not send confirmation emails');

    const [email] = await new EmailOutboxRepository(server.app.deps.store).list({ recipient: 'anna@example.com' });
    expect(email!.subject).toMatch(/^Ihre Bestellung #\d+ bei /);
    expect(email!.text).toContain('Vielen Dank für Ihre Bestellung');
    expect(email!.text).not.toMatch(/Thank you|Subtotal|Total:/);
  });
});

describe('the members\' forgotten-password page of a German store without a mail server', () => {
  it('says in German that no link can be sent', async () => {
    const server = await startServer();
    try {
      const site = new SiteRepository(server.app.deps.store);
      await site.writeSetting('website', { ...(await site.website()), language: 'de-DE' });
      const page = visibleText((await new Visitor(server.url).get<string>('/account/forgot-password')).text);
      expect(page).toContain('Dieser Shop kann keine E-Mails senden');
      expect(page).not.toContain('This shop cannot send emails');
    } finally {
      await server.stop(true);
    }
  });
});

describe('the built-in captcha of a German store', () => {
  it('asks its question in German', async () => {
    const server = await startServer({ ...readConfig({ DATABASE_PATH: temporaryDatabasePath() }).options, logLevel: 'silent' });
    try {
      const site = new SiteRepository(server.app.deps.store);
      await site.writeSetting('website', { ...(await site.website()), language: 'de-DE' });
      const challenge = await (await fetch(`${server.url}/api/captcha/challenge?action=product_waitlist`)).json() as { challenge: string; prompt: string };
      expect(challenge.prompt).toMatch(/^Wie viel ist \d+ plus \d+\?$/);
    } finally {
      await server.stop(true);
    }
  });
});
