/**
 * The shopper's calls read the storefront's content version once each, as a page build does: the
 * catalogue and settings they look up come from the caches at that one version, rather than a
 * read of the version (a round trip on PostgreSQL) before every lookup. An add to the cart used to
 * read it six times, the cart page eight.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import type { Store } from '../../server/db/store.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { Visitor } from './helpers/visitor.ts';

const shirt = seededProduct('linen-shirt');
let server: RunningServer;
let versionReads = 0;

/** Counts the statements on the store (outside transactions) that read the content version. */
function countVersionReads(store: Store): void {
  for (const method of ['get', 'all'] as const) {
    const original = store[method].bind(store) as (sql: string, params?: unknown[]) => Promise<unknown>;
    (store as unknown as Record<string, unknown>)[method] = (sql: string, params?: unknown[]) => {
      if (sql.includes('content_versions')) versionReads += 1;
      return original(sql, params);
    };
  }
}

async function readsOf(call: () => Promise<{ status: number }>): Promise<number> {
  versionReads = 0;
  const answer = await call();
  expect(answer.status).toBeLessThan(300);
  return versionReads;
}

beforeAll(async () => {
  server = await startServer({ rateLimits: { addToCart: 1000, checkoutQuote: 1000 } });
  countVersionReads(server.app.deps.store);
});

afterAll(async () => {
  await server.stop(true);
});

describe('content version reads per shopper call', () => {
  it('is one for an add to the cart, the cart, a quote, the cart page and the checkout page', async () => {
    const shopper = await new Visitor(server.url).start();
    expect(await readsOf(() => shopper.post(API_PATHS.cartEntries, { itemId: shirt.id, sku: 'SQ-SHIRT-L-NAT', quantity: 1 }))).toBe(1);
    // a second add, to the cart the first made
    expect(await readsOf(() => shopper.post(API_PATHS.cartEntries, { itemId: shirt.id, sku: 'SQ-SHIRT-M-NAT', quantity: 1 }))).toBe(1);
    expect(await readsOf(() => shopper.get(API_PATHS.cart))).toBe(1);
    expect(await readsOf(() => shopper.post(API_PATHS.checkoutQuote, {}))).toBe(1);
    expect(await readsOf(() => shopper.get('/cart'))).toBe(1);
    expect(await readsOf(() => shopper.get('/checkout'))).toBe(1);
  });
});
