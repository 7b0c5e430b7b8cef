/**
 * The checkout form posted natively to POST /checkout (scripts off, or an old page tapped before
 * its island was live), with or without the crumb: it buys nothing and leads back to the
 * checkout, which says plainly the order was not placed and the checkout needs JavaScript (never
 * the crumb's "open too long… allow cookies" page); the card fields in the body are never logged,
 * put in the address or echoed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverMessages } from '../../server/messages.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { Visitor } from './helpers/visitor.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const mug = seededProduct('stoneware-mug');
const CARD = '4242424242424242';
// what the server's form would send, were it posted natively
const nativeBody = { email: 'jane@example.com', name: 'Jane Doe', line1: '1 Road', city: 'Town', postalCode: '12345', countryCode: 'US', cardNumber: CARD, cardExpiry: '12/39', cardCvc: '987', shippingOptionId: 'standard' };

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const escaped = (text: string): string => text.replace(/'/g, '&#x27;');

async function shopperWithMug(): Promise<Visitor> {
  const v = await new Visitor(server.url).start();
  await v.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 });
  return v;
}

describe('a native post of the checkout form', () => {
  for (const [label, crumb] of [['without the crumb (the island\'s form carries none)', false], ['with the crumb', true]] as const) {
    it(`${label}: buys nothing and leads back to the checkout, which says the order was not placed and why`, async () => {
      const logged = (['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const)
        .filter((level) => typeof (server.app.deps.log as unknown as Record<string, unknown>)[level] === 'function')
        .map((level) => vi.spyOn(server.app.deps.log, level));
      const v = await shopperWithMug();
      const before = await server.app.deps.store.get('SELECT COUNT(*) AS n FROM orders');
      const form = crumb ? { ...nativeBody, crumb: decodeURIComponent(v.crumb) } : nativeBody;
      const posted = await v.post<string>('/checkout', undefined, { withoutCrumb: true, form });
      expect(posted.status).toBe(303);
      const location = posted.headers.get('location')!;
      expect(location).toBe('/checkout?notPlaced=1');
      expect(posted.text).not.toContain(serverMessages.formExpired);
      expect(await server.app.deps.store.get('SELECT COUNT(*) AS n FROM orders')).toEqual(before);

      const page = await v.get<string>(location);
      expect(page.status).toBe(200);
      expect(page.text).toContain(escaped(serverMessages.checkoutNotPlaced));
      expect(page.text).toContain('data-island="Checkout"');
      // the card fields went nowhere: not in the answer, the address, the page nor the log
      for (const secret of [CARD, '987']) {
        expect(posted.text + location).not.toContain(secret);
      }
      expect(page.text).not.toContain(CARD);
      expect(JSON.stringify(logged.flatMap((spy) => spy.mock.calls))).not.toContain(CARD);
    });
  }

  it('keeps a gift card checkout\'s token on the way back', async () => {
    const v = await shopperWithMug();
    const posted = await v.post<string>('/checkout?cartToken=abc_DEF-123', undefined, { withoutCrumb: true, form: nativeBody });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/checkout?cartToken=abc_DEF-123&notPlaced=1');
  });

  it('says nothing of it on the checkout opened as usual', async () => {
    const v = await shopperWithMug();
    const page = await v.get<string>('/checkout');
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(escaped(serverMessages.checkoutNotPlaced));
  });
});
