import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_TO_CART, NEWSLETTER } from '../../client/lib/messages.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { Visitor } from './helpers/visitor.ts';
import { confirmationLinkFor } from './helpers/mailing-list-outbox.ts';

const shirt = seededProduct('linen-shirt');
const coffee = seededProduct('coffee-club');
const guide = seededProduct('natural-dye-guide');
const mug = seededProduct('stoneware-mug');

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

describe('stock lookup', () => {
  it('answers every variant with unlimited and qtyInStock', async () => {
    const v = new Visitor(server.url);
    const answer = await v.get<{ results: Array<{ sku: string; unlimited: boolean; qtyInStock: number }> }>(`/api/commerce/inventory/stock/?itemId=${shirt.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.results).toHaveLength(shirt.variants.length);
    for (const variant of shirt.variants) {
      expect(answer.body.results).toContainEqual(expect.objectContaining({ sku: variant.sku, unlimited: false, qtyInStock: variant.qtyInStock }));
    }
    const digital = await v.get<{ results: Array<{ unlimited: boolean }> }>(`/api/commerce/inventory/stock/?itemId=${guide.id}`);
    expect(digital.body.results[0]!.unlimited).toBe(true);
  });

  it('answers 400 without itemId and 404 for unknown products', async () => {
    const v = new Visitor(server.url);
    expect((await v.get('/api/commerce/inventory/stock/')).status).toBe(400);
    expect((await v.get('/api/commerce/inventory/stock/?itemId=unknown')).status).toBe(404);
  });

  it('parses at most 1000 query keys', async () => {
    const v = new Visitor(server.url);
    const filler = Array.from({ length: 1000 }, (_, i) => `k${i}=1`).join('&');
    const answer = await v.get(`/api/commerce/inventory/stock/?${filler}&itemId=${shirt.id}`);
    expect(answer.status).toBe(400);
    const within = await v.get(`/api/commerce/inventory/stock/?${filler.split('&').slice(0, 998).join('&')}&itemId=${shirt.id}`);
    expect(within.status).toBe(200);
  });
});

describe('subscription cart', () => {
  it('answers a cartToken for a subscribable product, leaving the visitor cart alone', async () => {
    const v = await new Visitor(server.url).start();
    const answer = await v.post<{ cartToken: string }>('/api/3/commerce/cart/subscription', { itemId: coffee.id, sku: coffee.variants[0]!.sku, qty: 1, additionalFields: null });
    expect(answer.status).toBe(200);
    expect(answer.body.cartToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const cart = await v.get<{ totalQuantity: number }>('/api/commerce/shopping-cart');
    expect(cart.body.totalQuantity).toBe(0);
  });

  it('refuses non-subscribable products, fractional quantities and missing crumbs', async () => {
    const v = await new Visitor(server.url).start();
    expect((await v.post('/api/3/commerce/cart/subscription', { itemId: mug.id, sku: mug.variants[0]!.sku, qty: 1 })).status).toBe(400);
    const fractional = await v.post<{ message: string }>('/api/3/commerce/cart/subscription', { itemId: coffee.id, sku: coffee.variants[0]!.sku, qty: 1.5 });
    expect(fractional.body.message).toBe(ADD_TO_CART.quantityNotWhole);
    const noCrumb = await v.post('/api/3/commerce/cart/subscription', { itemId: coffee.id, sku: coffee.variants[0]!.sku, qty: 1 }, { withoutCrumb: true });
    expect(noCrumb.status).toBe(403);
  });
});

describe('newsletter', () => {
  it('adds a valid email to the mailing list once its owner confirms, and refuses an invalid one', async () => {
    const v = await new Visitor(server.url).start();
    const ok = await v.post<{ message: string }>('/api/newsletter/subscribe', { email: 'reader@example.com' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(NEWSLETTER.success);
    const bad = await v.post<{ message: string }>('/api/newsletter/subscribe', { email: 'reader' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(NEWSLETTER.emailInvalid);
    const store = server.app.deps.store;
    expect(await store.get('SELECT COUNT(*) AS n FROM mailing_list')).toEqual({ n: 0 });
    const link = await confirmationLinkFor(store, 'reader@example.com');
    expect(link).not.toBeNull();
    expect((await v.get(link!)).status).toBe(200);
    expect(await store.all('SELECT email FROM mailing_list')).toEqual([{ email: 'reader@example.com' }]);
  });
});
