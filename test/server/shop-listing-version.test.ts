/**
 * The shop's listing (product-listing.ts) is kept by the catalogue counter: an order, which
 * changes only stock, leaves it as it was, and every write that can change what the shop lists
 * rebuilds it on the next request, whichever process wrote.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newAdminId } from '../../server/db/admin-product-repository.ts';
import { readContentVersion } from '../../server/db/content-version.ts';
import { placeOrderThroughCheckout } from './helpers/checkout.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { Visitor } from './helpers/visitor.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const mug = seededProduct('stoneware-mug');
const mugVariant = mug.variants[0]!;

/** The listing's own read of a collection's products (readProductListings). */
const LISTING_READ = /SELECT id, url_id, product_type, created_on, data_json FROM products/;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

interface ShopContext {
  items: Array<{ id: string }>;
  shopBrowse: { matchCount: number };
}

async function shopContext(query = ''): Promise<ShopContext> {
  const response = await fetch(`${server.url}/shop?format=json${query}`);
  expect(response.status).toBe(200);
  return response.json() as Promise<ShopContext>;
}

/** The shop's context for `query`, and how many times answering it read the listing from the database. */
async function shopWithListingReads(query = ''): Promise<{ shop: ShopContext; listingReads: number }> {
  const reads = vi.spyOn(server.app.deps.store, 'all');
  try {
    const shop = await shopContext(query);
    return { shop, listingReads: reads.mock.calls.filter(([sql]) => LISTING_READ.test(sql)).length };
  } finally {
    reads.mockRestore();
  }
}

describe("the shop's listing", () => {
  it('is not read again after an order or a stock change', async () => {
    const { store } = server.app.deps;
    await shopContext();
    const versionBefore = await readContentVersion(store);

    const visitor = await new Visitor(server.url).start();
    expect((await visitor.post(ENTRIES, { itemId: mug.id, sku: mugVariant.sku, quantity: 1 })).status).toBe(200);
    expect((await placeOrderThroughCheckout(visitor)).status).toBe(201);
    await store.run('UPDATE variants SET qty_in_stock = qty_in_stock + 5 WHERE id = ?', [mugVariant.id]);
    await store.run('UPDATE variants SET unlimited = 1 - unlimited WHERE id = ?', [mugVariant.id]);
    await store.run('UPDATE variants SET unlimited = 1 - unlimited WHERE id = ?', [mugVariant.id]);

    // the pages built from stock are stale, the listing is not
    expect(await readContentVersion(store)).toBeGreaterThan(versionBefore);
    const after = await shopWithListingReads();
    expect(after.listingReads).toBe(0);
    expect(after.shop.items.length).toBeGreaterThan(0);
  });

  it('is read again after a price, category, visibility or product change', async () => {
    const { store } = server.app.deps;
    const shop = await store.get<{ id: string }>("SELECT id FROM collections WHERE url_id = 'shop'");
    const { shop: before } = await shopWithListingReads();

    await store.run('UPDATE variants SET on_sale = 0, price_cents = 99999999 WHERE product_id = ?', [mug.id]);
    const dearest = await shopWithListingReads('&sort=price-desc');
    expect(dearest.listingReads).toBe(1);
    expect(dearest.shop.items[0]!.id).toBe(mug.id);

    await store.run('UPDATE variants SET on_sale = 1, sale_price_cents = 1 WHERE product_id = ?', [mug.id]);
    expect((await shopWithListingReads('&sort=price-desc')).shop.items[0]!.id).not.toBe(mug.id);

    const row = await store.get<{ data_json: string }>('SELECT data_json FROM products WHERE id = ?', [mug.id]);
    const data = { ...JSON.parse(row!.data_json), categories: ['Listing probe'] };
    await store.run('UPDATE products SET data_json = ? WHERE id = ?', [JSON.stringify(data), mug.id]);
    const inCategory = await shopWithListingReads('&category=Listing%20probe');
    expect(inCategory.listingReads).toBe(1);
    expect(inCategory.shop.items.map((item) => item.id)).toEqual([mug.id]);

    await store.run('UPDATE products SET visible = 0 WHERE id = ?', [mug.id]);
    expect((await shopWithListingReads()).shop.shopBrowse.matchCount).toBe(before.shopBrowse.matchCount - 1);
    await store.run('UPDATE products SET visible = 1 WHERE id = ?', [mug.id]);

    const added = newAdminId();
    await store.run(
      `INSERT INTO products (id, collection_id, url_id, title, body, product_type, display_order, created_on, data_json, visible)
       VALUES (?, ?, 'listing-probe', 'Listing probe', '', 1, -1, ?, '{}', 1)`,
      [added, shop!.id, Date.now()],
    );
    const withNew = await shopWithListingReads();
    expect(withNew.shop.shopBrowse.matchCount).toBe(before.shopBrowse.matchCount + 1);
    expect(withNew.shop.items[0]!.id).toBe(added);

    await store.run('DELETE FROM products WHERE id = ?', [added]);
    expect((await shopWithListingReads()).shop.shopBrowse.matchCount).toBe(before.shopBrowse.matchCount);
  });

  it('is read again after a change written by another process', async () => {
    // a second server on the same database: its own connections and its own memory
    const other = await startServer({ databasePath: server.databasePath });
    try {
      await shopContext();
      await other.app.deps.store.run('UPDATE variants SET on_sale = 0, price_cents = 199999999 WHERE product_id = ?', [mug.id]);
      const dearest = await shopWithListingReads('&sort=price-desc');
      expect(dearest.listingReads).toBe(1);
      expect(dearest.shop.items[0]!.id).toBe(mug.id);
    } finally {
      await other.stop();
    }
  });
});
