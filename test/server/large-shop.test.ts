/**
 * A shop that grows: its pages read and carry the products they show, not the whole catalogue,
 * so a request costs the same with thirteen products or thousands.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newAdminId } from '../../server/db/admin-product-repository.ts';
import { CatalogueRepository, IDS_PER_QUERY } from '../../server/db/catalogue-repository.ts';
import { VERSIONED_CACHE_CHARACTERS } from '../../server/db/versioned-cache.ts';
import { browseShop, SHOP_PAGE_SIZE } from '../../server/pages/shop-browsing.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

interface ShopContext {
  items: Array<{ id: string }>;
  productMerchandisingContext: Record<string, unknown>;
  shopBrowse: { matchCount: number };
}

async function shopContext(query = ''): Promise<ShopContext> {
  const response = await fetch(`${server.url}/shop?format=json${query}`);
  expect(response.status).toBe(200);
  return response.json() as Promise<ShopContext>;
}

describe('a large shop', () => {
  it('gives a shop page the merchandising of its own products only', async () => {
    const first = await shopContext();
    expect(first.shopBrowse.matchCount).toBeGreaterThan(SHOP_PAGE_SIZE);
    expect(Object.keys(first.productMerchandisingContext).sort()).toEqual(first.items.map((item) => item.id).sort());
    const second = await shopContext('&page=2');
    expect(Object.keys(second.productMerchandisingContext).sort()).toEqual(second.items.map((item) => item.id).sort());
  });

  it('does not read the catalogue again for each page when the products are more than memory keeps', async () => {
    const store = server.app.deps.store;
    const shop = await store.get<{ id: string }>("SELECT id FROM collections WHERE url_id = 'shop'");
    // descriptions that together pass what the catalogue's cache may hold
    const products = 40;
    const body = `<p>${'Soft, warm and hard-wearing. '.repeat(Math.ceil(VERSIONED_CACHE_CHARACTERS / products / 29) + 1)}</p>`;
    await store.transaction(async (tx) => {
      for (let index = 0; index < products; index++) {
        const id = newAdminId();
        await tx.run(
          `INSERT INTO products (id, collection_id, url_id, title, body, product_type, display_order, created_on, data_json, visible)
           VALUES (?, ?, ?, ?, ?, 1, ?, ?, '{}', 1)`,
          [id, shop!.id, `long-story-${index}`, `Long story ${index}`, body, 1000 + index, Date.now()],
        );
        await tx.run('INSERT INTO variants (id, product_id, sku, price_cents, qty_in_stock) VALUES (?, ?, ?, 1000, 5)', [newAdminId(), id, `LONG-${index}`]);
      }
    });
    await shopContext();
    const reads = vi.spyOn(store, 'all');
    try {
      await shopContext('&page=2');
      await shopContext('&sort=price-asc');
      // a page asked for the first time reads its own dozen products whole, and nothing reads them all
      const wholeProductReads = reads.mock.calls.filter(([sql]) => /SELECT \* FROM products\b/.test(sql));
      expect(wholeProductReads.length).toBeGreaterThan(0);
      for (const [sql, params] of wholeProductReads) {
        expect(sql).toMatch(/WHERE id IN/);
        expect(params?.length ?? 0).toBeLessThanOrEqual(SHOP_PAGE_SIZE);
      }
    } finally {
      reads.mockRestore();
    }
  });

  it('reads products by more ids than one statement may take, in batches and in the order asked', async () => {
    const store = server.app.deps.store;
    const real = (await store.all<{ id: string }>('SELECT id FROM products WHERE visible = 1 ORDER BY id DESC LIMIT 5')).map((row) => row.id);
    // past both engines' limits on a statement's parameters (SQLite 32,766, PostgreSQL 65,535)
    const ids = Array.from({ length: 70_000 }, (_, index) => `missing-${index}`);
    real.forEach((id, index) => ids.splice(index * 15_000, 0, id));
    const reads = vi.spyOn(store, 'all');
    try {
      const products = await new CatalogueRepository(store).productsByIds(ids);
      expect(products.map((product) => product.id)).toEqual(real);
      for (const [, params] of reads.mock.calls) expect(params?.length ?? 0).toBeLessThanOrEqual(IDS_PER_QUERY);
    } finally {
      reads.mockRestore();
    }
  });

  it('works out the category and tag names of a listing once, not on every request', () => {
    let reads = 0;
    const listing = Array.from({ length: 30 }, (_, index) => ({
      id: `p${index}`, urlId: `p-${index}`, createdOn: index, lowestPriceCents: 100 * index, tags: ['linen'], featured: false,
      get categories() {
        reads += 1;
        return ['Home'];
      },
    }));
    const first = browseShop('/shop', listing, {});
    const readsForFirst = reads;
    const second = browseShop('/shop', listing, { page: 2, sort: 'price-desc' });
    expect(second.controls).toMatchObject({ categories: [{}, { name: 'Home' }], tags: [{ name: 'linen' }] });
    expect(first.matchCount).toBe(30);
    expect(reads).toBe(readsForFirst);
  });
});
