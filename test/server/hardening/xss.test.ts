import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { seededProduct, seededVariant } from '../helpers/fixtures.ts';
import { Visitor } from '../helpers/visitor.ts';

const SCRIPT = '<script>alert("pwned")</script>';
const IMAGE = '<img src=x onerror=alert(1)>';
const BREAKOUT = '"></a><svg onload=alert(2)>';
const HOSTILE = `${SCRIPT}${IMAGE}${BREAKOUT}`;
/** Markup that would run if it reached the page unescaped. */
const LIVE = [/<script>alert\("pwned"\)/i, /<img src=x onerror/i, /<svg onload/i];

const shirt = seededProduct('linen-shirt');
const variant = seededVariant('linen-shirt', (v) => v.qtyInStock === 12);

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
  // Hostile data straight into the database, as a careless import or a compromised editor would leave it.
  await server.app.deps.store.run('UPDATE products SET title = ? WHERE id = ?', [`Shirt ${HOSTILE}`, shirt.id]);
});
afterAll(async () => {
  await server.stop(true);
});

function expectInert(html: string, where: string): void {
  for (const pattern of LIVE) expect(pattern.test(html), `${where} contains live markup ${pattern}`).toBe(false);
}

describe('hostile product names are inert on every page that shows them', () => {
  for (const path of ['/', '/shop', `/shop/p/${shirt.urlId}`, '/search?q=shirt']) {
    it(`on ${path}`, async () => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBeLessThan(500);
      expectInert(await response.text(), path);
    });
  }

  it('the hostile name is really shown (escaped) on the product page', async () => {
    const html = await (await fetch(`${server.url}/shop/p/${shirt.urlId}`)).text();
    expect(html).toMatch(/Shirt (&lt;|\\u003c)script/);
  });

  it('on the cart and checkout pages, and in the cart answer', async () => {
    const v = await new Visitor(server.url).start();
    const added = await v.post('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: variant.sku, quantity: 1 });
    expect(added.status).toBe(200);
    for (const path of ['/cart', '/checkout']) {
      const page = await v.get(path);
      expect(page.status).toBe(200);
      expectInert(page.text, path);
    }
    const answer = await v.get('/api/commerce/shopping-cart');
    expect(answer.headers.get('content-type')).toContain('application/json');
  });
});

describe('reflected input is inert', () => {
  it('a search query with markup', async () => {
    const response = await fetch(`${server.url}/search?q=${encodeURIComponent(HOSTILE)}`);
    expectInert(await response.text(), 'search');
  });

  it('an unknown page path with markup', async () => {
    const response = await fetch(`${server.url}/${encodeURIComponent(HOSTILE)}`);
    expect(response.status).toBe(404);
    expectInert(await response.text(), 'not found page');
  });
});
