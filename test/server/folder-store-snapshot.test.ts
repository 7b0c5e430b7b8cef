/**
 * A template folder's store snapshot (server/theme/store-platform-data.ts) after writes: an
 * order's stock change neither reads the shop's listing again nor shows stale stock, an owner's
 * save shows at once, and the pages asked for together after a write read the store once.
 */
import { rmSync } from 'node:fs';
import type { Request } from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { createStorePlatformData } from '../../server/theme/store-platform-data.ts';
import { placeOrderThroughCheckout } from './helpers/checkout.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { Visitor } from './helpers/visitor.ts';
import { writeTemplateFolder } from './helpers/template-folder-on-disk.ts';

const mug = seededProduct('stoneware-mug');
const mugVariant = mug.variants[0]!;

/** The listing's own read of a collection's products (readProductListings). */
const LISTING_READ = /SELECT id, url_id, product_type, created_on, data_json FROM products/;
/** The snapshot's read of a content collection's items. */
const CONTENT_ITEMS_READ = /FROM content_items WHERE collection_id/;

const writeFolder = (files: Record<string, string>): string => writeTemplateFolder('template-folder-', files);

let server: RunningServer;
let dir: string;
beforeAll(async () => {
  dir = writeFolder({
    'template.conf': JSON.stringify({ name: 'Plain', layouts: { default: { name: 'Default', regions: ['site'] } }, navigations: [{ name: 'primary' }] }),
    'site.region': '<html><head>{squarespace-headers}</head><body>{squarespace.main-content}{squarespace-footers}</body></html>',
    'pages/home.page': '<squarespace:query collection="shop">{.repeated section items}'
      + `{.equal? urlId "${mug.urlId}"}<b class="mug">{title}: {structuredContent.variants.0.qtyInStock}</b>{.end}{.end}</squarespace:query>`,
  });
  server = await startServer({ templateDir: dir });
});
afterAll(async () => {
  await server.stop(true);
  rmSync(dir, { recursive: true, force: true });
});

/** The home page's line for the mug, and the SQL of the reads made for it. */
async function homeWithReads(): Promise<{ mugLine: string | undefined; reads: string[] }> {
  const spy = vi.spyOn(server.app.deps.store, 'all');
  try {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    return { mugLine: /<b class="mug">([^<]*)<\/b>/.exec(html)?.[1], reads: spy.mock.calls.map(([sql]) => sql) };
  } finally {
    spy.mockRestore();
  }
}

describe("a template folder's store snapshot after writes", () => {
  it("shows an order's stock at once without reading the shop's listing again", async () => {
    const { store } = server.app.deps;
    await homeWithReads();
    const row = await store.get<{ qty_in_stock: number }>('SELECT qty_in_stock FROM variants WHERE id = ?', [mugVariant.id]);
    const shopper = await new Visitor(server.url).start();
    expect((await shopper.post(API_PATHS.cartEntries, { itemId: mug.id, sku: mugVariant.sku, quantity: 2 })).status).toBe(200);
    expect((await placeOrderThroughCheckout(shopper)).status).toBe(201);
    const after = await homeWithReads();
    expect(after.mugLine).toBe(`${mug.title}: ${Number(row!.qty_in_stock) - 2}`);
    expect(after.reads.filter((sql) => LISTING_READ.test(sql))).toEqual([]);
  });

  it("shows an owner's save at once", async () => {
    await homeWithReads();
    await server.app.deps.store.run('UPDATE products SET title = ? WHERE id = ?', ['Snapshot probe mug', mug.id]);
    expect((await homeWithReads()).mugLine).toMatch(/^Snapshot probe mug: \d+$/);
  });

  it('builds the snapshot once for the pages asked for together after a write', async () => {
    const { deps } = server.app;
    await homeWithReads();
    await deps.store.run('UPDATE variants SET qty_in_stock = qty_in_stock + 1 WHERE id = ?', [mugVariant.id]);
    const contentCollections = (await deps.store.all<{ n: number }>(
      "SELECT COUNT(*) AS n FROM collections WHERE url_id <> 'shop'",
    ))[0]!.n;
    const spy = vi.spyOn(deps.store, 'all');
    try {
      // three requests, each with its own read of the content version, begun before any has its snapshot
      await Promise.all([1, 2, 3].map(() => createStorePlatformData(deps, {} as Request, '/')));
      const reads = spy.mock.calls.filter(([sql]) => CONTENT_ITEMS_READ.test(sql));
      expect(Number(contentCollections)).toBeGreaterThan(0);
      expect(reads.length).toBeLessThanOrEqual(Number(contentCollections));
    } finally {
      spy.mockRestore();
    }
  });
});
