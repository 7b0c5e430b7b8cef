import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueRepository } from '../../server/db/catalogue-repository.ts';
import { SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS, searchWords } from '../../server/db/search-words.ts';
import { ContentRepository } from '../../server/db/content-repository.ts';
import { pinnedContentVersion, readContentVersion } from '../../server/db/content-version.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openStore } from '../../server/db/open-store.ts';
import { createOwnerSettingsRepository } from '../../server/db/owner-settings-repository.ts';
import { isEmptyStore, seedStore } from '../../server/db/seed.ts';
import { SiteRepository } from '../../server/db/site-repository.ts';
import { createStoreRepository } from '../../server/db/store-repository.ts';
import type { SqlParams, Store, StoreSession } from '../../server/db/store.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { temporaryDatabasePath } from './helpers/start-server.ts';
import { testDatabaseUrl } from './helpers/test-database.ts';

// The storefront content repositories straight on the store, on the engine this run uses
// (SQLite, or PostgreSQL with TEST_ENGINE=postgres). Two stores on one database stand for two
// server processes.

const SHOP_ID = '6570a1b2c3d4e5f6a7b81001';
const LESSONS_ID = '6570a1b2c3d4e5f6a7b81003';
const FORM_ID = '6570a1b2c3d4e5f6a7b83001';
const shirt = seededProduct('linen-shirt');
const napkins = seededProduct('monogram-napkins');

let location: { databasePath: string; databaseUrl?: string };
let first: Store;
let second: Store;

beforeAll(async () => {
  const databasePath = temporaryDatabasePath();
  location = { databasePath, databaseUrl: await testDatabaseUrl(databasePath) };
  first = openStore(location).store;
  second = openStore(location).store;
  await migrate(first);
});
afterAll(async () => {
  await first.close();
  await second.close();
  if (!location.databaseUrl) rmSync(join(location.databasePath, '..'), { recursive: true, force: true });
});

/**
 * Runs the works at once on PostgreSQL. Two SQLite connections in one thread cannot: one's busy
 * wait would block the thread the other's open transaction needs, so they take turns there.
 */
async function atOnce<T>(works: Array<() => Promise<T>>): Promise<T[]> {
  if (first.dialect === 'postgres') return Promise.all(works.map((work) => work()));
  const results: T[] = [];
  for (const work of works) results.push(await work());
  return results;
}

/** The session with a count of the content-version reads made through it. */
function countingVersionReads(session: StoreSession): { session: StoreSession; reads: () => number } {
  let reads = 0;
  const counted = (sql: string) => {
    if (sql.includes('content_versions')) reads += 1;
  };
  const wrapped: StoreSession = {
    dialect: session.dialect,
    inTransaction: session.inTransaction,
    all: (sql: string, params?: SqlParams) => (counted(sql), session.all(sql, params)),
    get: (sql: string, params?: SqlParams) => (counted(sql), session.get(sql, params)),
    run: (sql, params) => session.run(sql, params),
    exec: (sql) => session.exec(sql),
    transaction: (work) => session.transaction(work),
  } as StoreSession;
  return { session: wrapped, reads: () => reads };
}

/** The session with every statement run through it (for the bounds of what a query sends). */
function recordingStatements(session: StoreSession): { session: StoreSession; statements: Array<{ sql: string; params: SqlParams }> } {
  const statements: Array<{ sql: string; params: SqlParams }> = [];
  const recorded = (sql: string, params: SqlParams = []) => statements.push({ sql, params });
  const wrapped: StoreSession = {
    dialect: session.dialect,
    inTransaction: session.inTransaction,
    all: (sql: string, params?: SqlParams) => (recorded(sql, params), session.all(sql, params)),
    get: (sql: string, params?: SqlParams) => (recorded(sql, params), session.get(sql, params)),
    run: (sql, params) => session.run(sql, params),
    exec: (sql) => session.exec(sql),
    transaction: (work) => session.transaction(work),
  } as StoreSession;
  return { session: wrapped, statements };
}

describe('storefront content on the store', () => {
  it('seeds an empty store once, even when two processes start at the same time', async () => {
    expect(await isEmptyStore(first)).toBe(true);
    const seeded = await atOnce([() => seedStore(first), () => seedStore(second)]);
    expect(seeded.filter(Boolean)).toHaveLength(1);
    expect(await isEmptyStore(second)).toBe(false);
    expect(await seedStore(first)).toBe(false);
    const products = await first.get<{ n: number }>('SELECT COUNT(*) AS n FROM products');
    expect(Number(products!.n)).toBe(13);
  });

  it('reads the site settings and collections', async () => {
    const site = new SiteRepository(first);
    expect(await site.currency()).toBe('USD');
    expect(await site.websiteId()).not.toBe('');
    expect((await site.collections()).map((collection) => collection.urlId)).toEqual(['home', 'shop', 'contact', 'lessons', 'gallery']);
    expect(await site.collectionByUrlId('shop')).toMatchObject({ id: SHOP_ID, typeCode: 13, memberOnly: false });
    expect((await site.collectionById(LESSONS_ID))?.urlId).toBe('lessons');
    expect(await site.collectionByUrlId('missing')).toBeUndefined();
    expect(await site.readSetting('never-written')).toEqual({});
  });

  it('hydrates products with their variants and images in order, in one set of queries per list', async () => {
    const catalogue = new CatalogueRepository(first);
    const products = await catalogue.productsInCollection(SHOP_ID);
    expect(products).toHaveLength(13);
    const linen = products.find((product) => product.id === shirt.id)!;
    expect(linen.variants.map((variant) => variant.sku)).toEqual(shirt.variants.map((variant) => variant.sku));
    expect(linen.images).toHaveLength(2);
    expect((await catalogue.productByUrlId(SHOP_ID, 'linen-shirt'))?.id).toBe(shirt.id);
    expect((await catalogue.variantById(shirt.variants[0]!.id))?.sku).toBe(shirt.variants[0]!.sku);
    expect(await catalogue.productById('missing')).toBeUndefined();
  });

  it('searches titles without regard to case, taking % and _ literally', async () => {
    const catalogue = new CatalogueRepository(first);
    expect((await catalogue.search('LINEN WORK')).map((product) => product.id)).toEqual([shirt.id]);
    expect(await catalogue.search('100%')).toEqual([]);
    expect(await catalogue.search('_')).toEqual([]);
  });

  it('finds products with every word typed, in any field, plurals included, title matches first', async () => {
    const catalogue = new CatalogueRepository(first);
    const found = async (query: string) => (await catalogue.search(query)).map((product) => product.urlId);
    // Each word anywhere in the title, excerpt, description, categories or tags; all of them must be there.
    expect(await found('linen shirt')).toEqual(['linen-shirt']);
    expect(await found('  Shirt   LINEN ')).toEqual(['linen-shirt']);
    expect(await found('linen lamp')).toEqual([]);
    expect(await found('speckled mug')).toEqual(['stoneware-mug']);
    // A trailing s or es is let go: "mugs" finds the Mug, "ceramics" and "ceramic" the category's products.
    expect(await found('mugs')).toEqual(['stoneware-mug']);
    expect(await found('shirts')).toEqual(['linen-shirt']);
    expect((await found('ceramics')).sort()).toEqual(['bud-vase', 'stoneware-mug']);
    expect((await found('ceramic')).sort()).toEqual(['bud-vase', 'stoneware-mug']);
    expect(await found('vases')).toEqual(['bud-vase']);
    // Categories and tags count; the names of the product data's own fields do not.
    expect(await found('apparel')).toEqual(['linen-shirt']);
    expect(await found('lighting')).toEqual(['brass-lamp']);
    expect(await found('categories')).toEqual([]);
    expect(await found('tags')).toEqual([]);
    // Title matches first: the Studio Gift Card before the napkins tagged "gifts", whatever the shop's order.
    expect(await found('gifts')).toEqual(['gift-card', 'monogram-napkins']);
    expect(await found('linen')).toEqual(['linen-shirt', 'monogram-napkins']);
  });

  it('bounds a search: a long query reads its first words only, in a bounded statement', async () => {
    const { session, statements } = recordingStatements(first);
    const catalogue = new CatalogueRepository(session);
    const words = Array.from({ length: 200 }, (_, index) => `word${index}`).join(' ');
    expect((await catalogue.search(`linen shirt ${words}`)).map((product) => product.urlId)).toEqual([]);
    expect((await catalogue.search(`linen shirt ${'x'.repeat(5000)}`)).map((product) => product.urlId)).toEqual([]);
    for (const { params } of statements) expect(params.length).toBeLessThanOrEqual(60);
    expect(searchWords(`Linen shirts linen ${words}`)).toEqual(['linen', 'shirt', ...Array.from({ length: SEARCH_MAX_WORDS - 2 }, (_, index) => `word${index}`)]);
    expect(searchWords('x'.repeat(5000))).toEqual(['x'.repeat(SEARCH_MAX_LENGTH)]);
    expect(searchWords('“Glasses”, boxes; axes (bus) glass.')).toEqual(['glass', 'box', 'axe', 'bus']);
    expect(await catalogue.search('  ,  ')).toEqual([]);
    // Control and format characters part words like white space.
    expect((await catalogue.search('linen\u0000shirt\u202e')).map((product) => product.urlId)).toEqual(['linen-shirt']);
  });

  it('reads lessons and forms', async () => {
    const content = new ContentRepository(first);
    const lessons = await content.itemsInCollection(LESSONS_ID);
    expect(lessons.map((item) => item.urlId)).toContain('indigo-basics');
    expect((await content.item(LESSONS_ID, 'indigo-basics'))?.collectionId).toBe(LESSONS_ID);
    expect((await content.form(FORM_ID))?.id).toBe(FORM_ID);
    expect(await content.form('missing')).toBeNull();
  });

  it('shows a write by another process on the next lookup', async () => {
    const site = new SiteRepository(first);
    const catalogue = new CatalogueRepository(first);
    const settings = await site.websiteSettings();
    const stock = (await catalogue.productById(napkins.id))!.variants[0]!.qtyInStock;
    await new SiteRepository(second).writeSetting('websiteSettings', { ...settings, probe: 'from the other process' });
    await new CatalogueRepository(second).setQuantityInStock(napkins.variants[0]!.id, stock + 5);
    expect((await site.websiteSettings()).probe).toBe('from the other process');
    expect((await catalogue.productById(napkins.id))!.variants[0]!.qtyInStock).toBe(stock + 5);
    await new SiteRepository(second).writeSetting('websiteSettings', settings);
  });

  it('reads the content version once for a page build with a pinned version', async () => {
    const { session, reads } = countingVersionReads(first);
    const version = pinnedContentVersion(session);
    const site = new SiteRepository(session, version);
    const catalogue = new CatalogueRepository(session, version);
    await site.website();
    await site.websiteSettings();
    await catalogue.productsInCollection(SHOP_ID);
    await site.collectionByUrlId('shop');
    expect(reads()).toBe(1);
    // a repository without a pinned version asks every time
    const live = new SiteRepository(session);
    await live.website();
    await live.website();
    expect(reads()).toBe(3);
  });

  it('moves the content version on every content write, seen by every process', async () => {
    const before = await readContentVersion(second);
    await createOwnerSettingsRepository(first).saveSetting('probe', { on: true });
    expect(await readContentVersion(second)).toBeGreaterThan(before);
    expect(await createOwnerSettingsRepository(second).setting('probe')).toEqual({ on: true });
    expect(await createOwnerSettingsRepository(second).preferences('never-written')).toBeNull();
  });

  it('never keeps what a transaction read before it rolled back', async () => {
    const catalogue = new CatalogueRepository(first);
    const variantId = napkins.variants[0]!.id;
    await catalogue.setQuantityInStock(variantId, 9);
    await expect(first.transaction(async (tx) => {
      const inside = new CatalogueRepository(tx);
      await inside.setQuantityInStock(variantId, 1);
      expect((await inside.productById(napkins.id))!.variants[0]!.qtyInStock).toBe(1);
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    expect((await catalogue.productById(napkins.id))!.variants[0]!.qtyInStock).toBe(9);
  });

  it('sells exactly the stock when two processes take from it at once', async () => {
    const variantId = napkins.variants[0]!.id;
    await new CatalogueRepository(first).setQuantityInStock(variantId, 5);
    const takes = await Promise.all(Array.from({ length: 12 }, (_, index) =>
      new CatalogueRepository(index % 2 === 0 ? first : second).takeFromStock(variantId, 1)));
    expect(takes.filter(Boolean)).toHaveLength(5);
    expect((await new CatalogueRepository(second).variantById(variantId))?.qtyInStock).toBe(0);
  });

  it('gives a new store collection the first free url id and its root category once', async () => {
    const stores = createStoreRepository(first);
    const base = { title: 'Plants', description: '', navigationTitle: 'Plants', enabled: true };
    const urlIds = await atOnce([
      () => stores.createStoreCollection({ ...base, id: 'store-a', baseUrlId: 'plants' }, new Set()),
      () => createStoreRepository(second).createStoreCollection({ ...base, id: 'store-b', baseUrlId: 'plants' }, new Set()),
    ]);
    expect(urlIds.sort()).toEqual(['plants', 'plants-1']);
    expect(await stores.createStoreCollection({ ...base, id: 'store-c', baseUrlId: 'shop' }, new Set(['shop-1']))).toBe('shop-2');
    const category = { collectionId: 'store-a', displayName: 'All', pageRendering: 'GRID', displayIndex: 0, createdOn: Date.now() };
    expect(await stores.createRootCategory({ ...category, id: 'root-1' })).toBe(true);
    expect(await createStoreRepository(second).createRootCategory({ ...category, id: 'root-2' })).toBe(false);
  });
});
