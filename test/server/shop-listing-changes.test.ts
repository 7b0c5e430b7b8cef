/**
 * After a write that changes what the shop lists, the next shop page reads again only the
 * products written since its listing was built (catalogue_changes, migration 144), and still
 * lists every product as the database has it: price, order, visibility, collection, new and
 * deleted products alike. What the triggers note is checked on the table itself.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newAdminId } from '../../server/db/admin-product-repository.ts';
import { CATALOGUE_CHANGES_KEPT, MOST_PRODUCTS_REREAD } from '../../server/db/product-listing-cache.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';

const mug = seededProduct('stoneware-mug');
const mugVariant = mug.variants[0]!;

/** The listing's own read of a collection's products (readProductListings). */
const LISTING_READ = /SELECT id, url_id, product_type, created_on, data_json FROM products/;

let server: RunningServer;
let shopId: string;
beforeAll(async () => {
  server = await startServer();
  shopId = (await server.app.deps.store.get<{ id: string }>("SELECT id FROM collections WHERE url_id = 'shop'"))!.id;
});
afterAll(async () => {
  await server.stop(true);
});

interface ShopContext {
  items: Array<{ id: string }>;
  shopBrowse: { matchCount: number };
}

/** The shop's context for `query`, and the ids each of its listing reads asked for (null: the whole collection). */
async function shopWithListingReads(query = ''): Promise<{ shop: ShopContext; reads: Array<string[] | null> }> {
  const spy = vi.spyOn(server.app.deps.store, 'all');
  try {
    const response = await fetch(`${server.url}/shop?format=json${query}`);
    expect(response.status).toBe(200);
    const shop = await response.json() as ShopContext;
    const reads = spy.mock.calls.filter(([sql]) => LISTING_READ.test(sql))
      .map(([sql, params]) => (/\bIN \(/.test(sql) ? (params ?? []).slice(1).map(String) : null));
    return { shop, reads };
  } finally {
    spy.mockRestore();
  }
}

/** Every visible product of the shop in its order, as the database has it. */
async function shopOrder(): Promise<string[]> {
  return (await server.app.deps.store.all<{ id: string }>(
    'SELECT id FROM products WHERE collection_id = ? AND visible = 1 ORDER BY display_order, id', [shopId],
  )).map((row) => row.id);
}

/** The whole listing, a page at a time, as the shop shows it. */
async function listedIds(): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const { shop } = await shopWithListingReads(`&page=${page}`);
    ids.push(...shop.items.map((item) => item.id));
    if (ids.length >= shop.shopBrowse.matchCount) return ids;
  }
}

describe("the shop's listing after a write", () => {
  it('reads again only the product written, and shows it as written', async () => {
    const { store } = server.app.deps;
    await shopWithListingReads();
    await store.run('UPDATE variants SET on_sale = 0, price_cents = 99999999 WHERE product_id = ?', [mug.id]);
    const dearest = await shopWithListingReads('&sort=price-desc');
    expect(dearest.reads).toEqual([[mug.id]]);
    expect(dearest.shop.items[0]!.id).toBe(mug.id);

    const row = await store.get<{ data_json: string }>('SELECT data_json FROM products WHERE id = ?', [mug.id]);
    await store.run('UPDATE products SET data_json = ? WHERE id = ?', [JSON.stringify({ ...JSON.parse(row!.data_json), categories: ['Changes probe'] }), mug.id]);
    const inCategory = await shopWithListingReads('&category=Changes%20probe');
    expect(inCategory.reads).toEqual([[mug.id]]);
    expect(inCategory.shop.items.map((item) => item.id)).toEqual([mug.id]);
  });

  it('follows the database in what it lists and in what order', async () => {
    const { store } = server.app.deps;
    await listedIds();
    const [first, second, third] = await shopOrder();
    // moved to the end, hidden, moved out of the shop, a new one, a deleted one
    await store.run('UPDATE products SET display_order = 100000 WHERE id = ?', [first]);
    await store.run('UPDATE products SET visible = 0 WHERE id = ?', [second]);
    const elsewhere = (await store.get<{ id: string }>("SELECT id FROM collections WHERE url_id <> 'shop'"))!.id;
    await store.run('UPDATE products SET collection_id = ? WHERE id = ?', [elsewhere, third]);
    const added = newAdminId();
    await store.run(
      `INSERT INTO products (id, collection_id, url_id, title, body, product_type, display_order, created_on, data_json, visible)
       VALUES (?, ?, 'changes-probe', 'Changes probe', '', 1, -1, ?, '{}', 1)`,
      [added, shopId, Date.now()],
    );
    const gone = newAdminId();
    await store.run(
      `INSERT INTO products (id, collection_id, url_id, title, body, product_type, display_order, created_on, data_json, visible)
       VALUES (?, ?, 'changes-gone', 'Changes gone', '', 1, 5, ?, '{}', 1)`,
      [gone, shopId, Date.now()],
    );
    await listedIds();
    await store.run('DELETE FROM products WHERE id = ?', [gone]);

    const first1 = await shopWithListingReads();
    expect(first1.reads).toEqual([[gone]]);
    const listed = await listedIds();
    expect(listed).toEqual(await shopOrder());
    expect(listed[0]).toBe(added);
    expect(listed.at(-1)).toBe(first);
    expect(listed).not.toContain(second);
    expect(listed).not.toContain(third);
    expect(listed).not.toContain(gone);

    await store.run('UPDATE products SET visible = 1 WHERE id = ?', [second]);
    await store.run('UPDATE products SET collection_id = ? WHERE id = ?', [shopId, third]);
    await store.run('DELETE FROM products WHERE id = ?', [added]);
    expect(await listedIds()).toEqual(await shopOrder());
  });

  it('reads the whole collection again when what changed is not known', async () => {
    const { store } = server.app.deps;
    await shopWithListingReads();
    // a product written without its note (as the move to PostgreSQL copies, triggers off)
    const added = newAdminId();
    await store.run(
      `INSERT INTO products (id, collection_id, url_id, title, body, product_type, display_order, created_on, data_json, visible)
       VALUES (?, ?, 'unnoted-probe', 'Unnoted probe', '', 1, -2, ?, '{}', 1)`,
      [added, shopId, Date.now()],
    );
    await store.run('DELETE FROM catalogue_changes WHERE product_id = ?', [added]);
    const unnoted = await shopWithListingReads();
    expect(unnoted.reads).toEqual([null]);
    expect(unnoted.shop.items[0]!.id).toBe(added);

    // a listing older than the notes kept
    await store.run("UPDATE content_versions SET version = version + ? WHERE name = 'catalogue'", [CATALOGUE_CHANGES_KEPT]);
    const old = await shopWithListingReads();
    expect(old.reads).toEqual([null]);
    await store.run('DELETE FROM products WHERE id = ?', [added]);
    await shopWithListingReads();

    // more products written since than are worth reading one by one (an import): one read of them all
    const { version } = (await store.get<{ version: number | string }>("SELECT version FROM content_versions WHERE name = 'catalogue'"))!;
    await store.transaction(async (tx) => {
      for (let index = 0; index <= MOST_PRODUCTS_REREAD; index++) {
        await tx.run('INSERT INTO catalogue_changes (version, product_id) VALUES (?, ?)', [Number(version) + 1, `imported-${index}`]);
      }
      await tx.run("UPDATE content_versions SET version = version + 1 WHERE name = 'catalogue'");
    });
    const imported = await shopWithListingReads();
    expect(imported.reads).toEqual([null]);
    expect(await listedIds()).toEqual(await shopOrder());
  });
});

describe('catalogue_changes', () => {
  async function notedSince(version: number): Promise<string[]> {
    return (await server.app.deps.store.all<{ product_id: string }>(
      'SELECT product_id FROM catalogue_changes WHERE version > ? ORDER BY version, product_id', [version],
    )).map((row) => row.product_id);
  }

  async function catalogueVersion(): Promise<number> {
    const row = await server.app.deps.store.get<{ version: number | string }>("SELECT version FROM content_versions WHERE name = 'catalogue'");
    return Number(row!.version);
  }

  it("notes each write's product at the version it moved to, and not stock", async () => {
    const { store } = server.app.deps;
    const start = await catalogueVersion();
    await store.run('UPDATE variants SET qty_in_stock = qty_in_stock + 1 WHERE id = ?', [mugVariant.id]);
    expect(await notedSince(start)).toEqual([]);

    await store.run('UPDATE variants SET price_cents = price_cents + 1 WHERE id = ?', [mugVariant.id]);
    await store.run("UPDATE products SET title = title || '' WHERE id = ?", [mug.id]);
    expect(await notedSince(start)).toEqual([mug.id, mug.id]);
    const rows = await store.all<{ version: number | string }>('SELECT version FROM catalogue_changes WHERE version > ? ORDER BY version', [start]);
    expect(rows.map((row) => Number(row.version))).toEqual([start + 1, start + 2]);

    // a variant moved to another product names both
    const other = seededProduct('canvas-tote');
    const variant = newAdminId();
    await store.run('INSERT INTO variants (id, product_id, sku, price_cents, qty_in_stock) VALUES (?, ?, ?, 100, 1)', [variant, mug.id, 'CHANGES-PROBE']);
    const beforeMove = await catalogueVersion();
    await store.run('UPDATE variants SET product_id = ? WHERE id = ?', [other.id, variant]);
    expect((await notedSince(beforeMove)).sort()).toEqual([mug.id, other.id].sort());
    const beforeDelete = await catalogueVersion();
    await store.run('DELETE FROM variants WHERE id = ?', [variant]);
    expect(await notedSince(beforeDelete)).toEqual([other.id]);
  });

  it(`keeps the notes of the last ${CATALOGUE_CHANGES_KEPT} versions`, async () => {
    const { store } = server.app.deps;
    const touch = () => store.run("UPDATE products SET title = title || '' WHERE id = ?", [mug.id]);
    await touch();
    const noted = await catalogueVersion();
    await store.run("UPDATE content_versions SET version = version + ? WHERE name = 'catalogue'", [CATALOGUE_CHANGES_KEPT - 2]);
    await touch();
    const oldest = async () => Number((await store.get<{ version: number | string }>('SELECT MIN(version) AS version FROM catalogue_changes'))!.version);
    expect(await oldest()).toBe(noted);
    await touch();
    expect(await oldest()).toBe(noted + CATALOGUE_CHANGES_KEPT - 1);
    expect(await notedSince(0)).toEqual([mug.id, mug.id]);
  });
});
