import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../../server/messages.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { seededProduct, seededVariant } from '../helpers/fixtures.ts';
import { Visitor } from '../helpers/visitor.ts';
import { rowCounts } from './database-snapshot.ts';

const shirt = seededProduct('linen-shirt');
const giftCard = seededProduct('gift-card');
const variant = seededVariant('linen-shirt', (v) => v.qtyInStock === 12);
const soldOut = seededVariant('linen-shirt', (v) => v.qtyInStock === 0);
const STACK_OR_CODE = /SQLITE_|at .+\.ts:\d+|readonly database/i;

describe('a database opened read-only (DATABASE_READONLY=true)', () => {
  let server: RunningServer;
  let databasePath: string;
  let returningShopper: Visitor;

  beforeAll(async () => {
    // A store made and filled the ordinary way, then served from the same file read-only.
    const writable = await startServer();
    databasePath = writable.databasePath;
    const shopper = await new Visitor(writable.url).start();
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: variant.sku, quantity: 1 })).status).toBe(200);
    await writable.stop();
    server = await startServer({ databasePath, readOnly: true });
    // the same browser comes back with its cart cookie
    returningShopper = new Visitor(server.url);
    for (const [name, value] of shopper.cookies) returningShopper.cookies.set(name, value);
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('keeps serving every kind of page', async () => {
    for (const path of ['/', '/shop', `/shop/p/${shirt.urlId}`, '/search?q=linen', '/contact', '/lessons', '/cart', '/checkout']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
    }
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('answers every kind of change with 503 and a clear message, never a stack or an SQLite code', async () => {
    const v = await new Visitor(server.url).start();
    const before = await rowCounts(server.app.deps.store);
    const calls: [string, string, unknown][] = [
      ['POST', '/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: variant.sku, quantity: 1 }],
      ['POST', '/api/newsletter/subscribe', { email: 'reader@example.com' }],
      ['POST', '/api/site-users/account/notifications/restock', { productId: shirt.id, variantId: soldOut.id, siteVisitorEmail: 'waiting@example.com', isJoinMailingList: false }],
      ['POST', '/api/form/FormSubmissionKey', {}],
    ];
    for (const [method, path, body] of calls) {
      const answer = await v.request<{ message?: string }>(method, path, body);
      expect(answer.status, path).toBe(503);
      expect(answer.headers.get('content-type') ?? '', path).toContain('application/json');
      expect(answer.body.message, path).toBe(serverMessages.cannotSaveNow);
      expect(answer.text, path).not.toMatch(STACK_OR_CODE);
    }
    expect(await rowCounts(server.app.deps.store)).toEqual(before);
  });

  it('answers a page post that writes (a gift card checkout) with a 503 page that says the store cannot save', async () => {
    const cart = await returningShopper.get('/cart');
    expect(cart.status).toBe(200);
    const before = await rowCounts(server.app.deps.store);
    const answer = await returningShopper.request('POST', '/checkout/gift-card', undefined, {
      form: { crumb: decodeURIComponent(returningShopper.crumb), itemId: giftCard.id, sku: giftCard.variants[0]!.sku },
    });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-type') ?? '').toContain('text/html');
    expect(answer.text).toContain(serverMessages.cannotSaveNow);
    expect(answer.text).not.toMatch(STACK_OR_CODE);
    expect(await rowCounts(server.app.deps.store)).toEqual(before);
  });
});
