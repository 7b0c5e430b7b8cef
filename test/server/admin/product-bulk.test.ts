/**
 * The product list's bulk actions (`POST /api/admin/products/bulk`): hide, show, add to or take
 * out of a category, feature, unfeature and delete, on products named by id or on every product
 * the list's search and filters keep; all or nothing; each product changed has its revision moved
 * on (an editor open on it is refused a save over it); a delete takes what the single delete
 * takes. Only those who may edit the catalogue act, with the crumb; at most 10,000 products a call.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { CartRepository } from '../../../server/db/cart-repository.ts';
import { RestockRepository } from '../../../server/db/restock-repository.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { adminSnapshot, productInput, TINY_PNG, upload } from './admin-helpers.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;
let uploads: string;
let files: string;

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'bulk-uploads-'));
  files = mkdtempSync(join(tmpdir(), 'bulk-files-'));
  server = await startPlatformServer({ uploadsDir: uploads, productFilesDir: files });
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
  rmSync(uploads, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

interface BulkAnswer { changed: number; unchanged: number; missing: number; message: string; fieldErrors?: Record<string, string> }
interface EditorProduct {
  id: string; title: string; visible: boolean; featured: boolean; categories: string[]; revision: number;
  variants: Array<{ id: string; sku: string; priceCents: number; qtyInStock: number; attributes: Record<string, string> }>;
  images: Array<{ assetUrl: string }>;
}

let made = 0;
/** A product of this suite, its title starting with `Bulk` so the list's search keeps to them. */
async function makeProduct(title: string, overrides: Record<string, unknown> = {}): Promise<string> {
  made += 1;
  const saved = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput({
    title, urlSlug: `bulk-${made}`, variantOptions: [], categories: [], tags: [],
    variants: [{ sku: `BULK-${made}`, priceCents: 1000, qtyInStock: 3, attributes: {} }], ...overrides,
  }));
  expect(saved.status, saved.text).toBe(201);
  return saved.body.product.id;
}

const bulk = (body: unknown, visitor = owner) => visitor.post<BulkAnswer>('/api/admin/products/bulk', body);
async function stored(id: string): Promise<EditorProduct> {
  const answer = await owner.get<{ product: EditorProduct }>(`/api/admin/products/${id}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.product;
}
/** The ids the list finds for a query, every page of it. */
async function listed(query: string): Promise<string[]> {
  const answer = await owner.get<{ products: Array<{ id: string }> }>(`/api/admin/products?limit=200&${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.products.map((product) => product.id);
}

describe('bulk actions on products named by id', () => {
  it('hides and shows them, moving on the revision of those it changed only, and says what it did', async () => {
    const [a, b, c] = [await makeProduct('Bulk Alder'), await makeProduct('Bulk Birch'), await makeProduct('Bulk Cedar', { visible: false })];
    const before = await Promise.all([a, b, c].map(stored));
    const hidden = await bulk({ action: 'hide', productIds: [a, b, c] });
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.body).toEqual({ changed: 2, unchanged: 1, missing: 0, message: '2 products hidden (1 of the 3 hidden already).' });
    const after = await Promise.all([a, b, c].map(stored));
    expect(after.map((product) => product.visible)).toEqual([false, false, false]);
    expect(after.map((product) => product.revision)).toEqual([before[0]!.revision + 1, before[1]!.revision + 1, before[2]!.revision]);
    // the shop forgets them at once
    expect((await fetch(`${server.url}/shop/p/${'bulk-1'}`)).status).toBe(404);

    const shown = await bulk({ action: 'show', productIds: [a] });
    expect(shown.body).toMatchObject({ changed: 1, message: '1 product made visible.' });
    expect((await stored(a)).visible).toBe(true);
    expect((await fetch(`${server.url}/shop/p/${'bulk-1'}`)).status).toBe(200);
  });

  it('refuses an editor\'s save over a product a bulk action changed since it was loaded', async () => {
    const id = await makeProduct('Bulk Rowan');
    const loaded = await stored(id);
    expect((await bulk({ action: 'feature', productIds: [id] })).status).toBe(200);
    const save = await owner.put<{ currentRevision: number }>(`/api/admin/products/${id}`, productInput({
      title: 'Bulk Rowan renamed', urlSlug: 'bulk-rowan', variantOptions: [], categories: [], tags: [],
      variants: loaded.variants.map((variant) => ({ ...variant, qtyInStockWhenLoaded: variant.qtyInStock })), revisionWhenLoaded: loaded.revision,
    }));
    expect(save.status, save.text).toBe(409);
    expect(save.body.currentRevision).toBe(loaded.revision + 1);
    expect((await stored(id)).title).toBe('Bulk Rowan');
  });

  it('features and unfeatures them, as the editor\'s Featured box does', async () => {
    const [a, b] = [await makeProduct('Bulk Elm'), await makeProduct('Bulk Fir', { featured: true })];
    const featured = await bulk({ action: 'feature', productIds: [a, b] });
    expect(featured.body).toMatchObject({ changed: 1, unchanged: 1, message: '1 product featured (1 of the 2 featured already).' });
    expect((await stored(a)).featured).toBe(true);
    const unfeatured = await bulk({ action: 'unfeature', productIds: [a, b] });
    expect(unfeatured.body).toMatchObject({ changed: 2, message: '2 products no longer featured.' });
    expect([(await stored(a)).featured, (await stored(b)).featured]).toEqual([false, false]);
    const again = await bulk({ action: 'unfeature', productIds: [a, b] });
    expect(again.body).toMatchObject({ changed: 0, message: 'Nothing changed (2 of the 2 not featured).' });
  });

  it('adds them to a category, new or the shop\'s whatever its case, and the list\'s filter finds them there', async () => {
    const [a, b] = [await makeProduct('Bulk Hazel', { categories: ['Garden'] }), await makeProduct('Bulk Holly', { categories: ['kitchen'] })];
    const added = await bulk({ action: 'add-category', category: '  Kitchen ', productIds: [a, b] });
    expect(added.status, added.text).toBe(200);
    expect(added.body).toMatchObject({ changed: 1, unchanged: 1, message: '1 product added to Kitchen (1 of the 2 in Kitchen already).' });
    expect((await stored(a)).categories).toEqual(['Garden', 'Kitchen']);
    expect((await stored(b)).categories).toEqual(['kitchen']);
    expect((await listed('q=bulk&category=kitchen')).sort()).toEqual([a, b].sort());
    const fresh = await bulk({ action: 'add-category', category: 'Winter Sale', productIds: [a] });
    expect(fresh.body.changed).toBe(1);
    expect((await owner.get<{ categories: string[] }>('/api/admin/product-categories')).body.categories).toContain('Winter Sale');

    const removed = await bulk({ action: 'remove-category', category: 'KITCHEN', productIds: [a, b] });
    expect(removed.body).toMatchObject({ changed: 2, message: '2 products taken out of KITCHEN.' });
    expect((await stored(a)).categories).toEqual(['Garden', 'Winter Sale']);
    expect((await stored(b)).categories).toEqual([]);
    expect(await listed('q=bulk&category=kitchen')).toEqual([]);
  });

  it('changes nothing when one product has all the categories it may have', async () => {
    const full = await makeProduct('Bulk Full', { categories: Array.from({ length: 20 }, (_, index) => `Shelf ${index}`) });
    const other = await makeProduct('Bulk Other');
    const snapshot = await adminSnapshot(server.app.deps.store);
    const refused = await bulk({ action: 'add-category', category: 'One more', productIds: [other, full] });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.message).toBe(ADMIN.server.productBulkCategoryFull.replace('{product}', 'Bulk Full').replace('{max}', '20'));
    expect(await adminSnapshot(server.app.deps.store)).toBe(snapshot);
  });

  it('says which products named are no longer in the shop', async () => {
    const id = await makeProduct('Bulk Gone Soon');
    const answer = await bulk({ action: 'hide', productIds: [id, 'aaaaaaaaaaaaaaaaaaaaaaaa'] });
    expect(answer.body).toMatchObject({ changed: 1, missing: 1, message: '1 product hidden (1 of the 2 no longer in the shop).' });
  });

  it('deletes them with what the single delete takes: images, download files, cart lines and restock requests', async () => {
    const jacket = await makeProduct('Bulk Jacket');
    const guide = await makeProduct('Bulk Guide', { productType: 'digital', variants: [{ sku: 'BULK-GUIDE', priceCents: 800, unlimited: true, attributes: {} }] });
    const shared = await makeProduct('Bulk Shared');
    for (const id of [jacket, shared]) {
      const image = await upload(owner, `/api/admin/products/${id}/images`, { bytes: TINY_PNG, name: 'tiny.png', type: 'image/png' });
      expect(image.status).toBe(201);
    }
    // the demo shop's own guide has its file there too
    const filesBefore = readdirSync(files);
    const file = await upload(owner, `/api/admin/products/${guide}/file`, { bytes: Buffer.from('a guide'), name: 'guide.pdf', type: 'application/pdf' }, {}, 'file');
    expect(file.status).toBe(201);
    expect(readdirSync(files)).toHaveLength(filesBefore.length + 1);
    // a copy of Bulk Shared shows its image's file: it stays
    const copy = await owner.post<{ product: { id: string } }>(`/api/admin/products/${shared}/duplicate`, {});
    expect(copy.status).toBe(201);
    const store = server.app.deps.store;
    const jacketVariant = (await stored(jacket)).variants[0]!.id;
    const cart = await new CartRepository(store).create('cart', 'USD', null);
    await new CartRepository(store).addEntry(cart.id, jacket, jacketVariant, 1, null);
    await new RestockRepository(store).signUp({ productId: jacket, variantId: jacketVariant, email: 'waiting@example.com', joinMailingList: false, language: null });
    const jacketFile = (await stored(jacket)).images[0]!.assetUrl.split('/').pop()!;
    const sharedFile = (await stored(shared)).images[0]!.assetUrl.split('/').pop()!;

    const deleted = await bulk({ action: 'delete', productIds: [jacket, guide, shared] });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toMatchObject({ changed: 3, message: '3 products deleted.' });
    for (const id of [jacket, guide, shared]) expect((await owner.get(`/api/admin/products/${id}`)).status).toBe(404);
    expect(existsSync(join(uploads, jacketFile))).toBe(false);
    expect(existsSync(join(uploads, sharedFile))).toBe(true);
    expect((await stored(copy.body.product.id)).images).toHaveLength(1);
    expect(readdirSync(files)).toEqual(filesBefore);
    for (const table of ['cart_entries', 'restock_signups', 'variants', 'product_images', 'product_files']) {
      const left = await store.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table} WHERE product_id IN (?, ?, ?)`, [jacket, guide, shared]);
      expect(Number(left!.n), table).toBe(0);
    }
  });
});

describe('bulk actions on every product the list\'s search and filters keep', () => {
  it('acts on those the filter keeps and on no other', async () => {
    const [kept, alsoKept, visible] = [
      await makeProduct('Bulk Willow Hidden', { visible: false }), await makeProduct('Bulk Willow Dark', { visible: false }), await makeProduct('Bulk Willow Light'),
    ];
    const filter = { q: 'bulk willow', visible: 'hidden' };
    const answer = await bulk({ action: 'add-category', category: 'Archive', filter, expectedCount: 2 });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ changed: 2, message: '2 products added to Archive.' });
    expect((await listed('category=archive')).sort()).toEqual([kept, alsoKept].sort());
    expect((await stored(visible)).categories).toEqual([]);
    // an empty field is no filter, as in the list's address
    const all = await bulk({ action: 'feature', filter: { q: 'bulk willow', type: '', visible: '', category: '', stock: '' } });
    expect(all.body.changed).toBe(3);
  });

  it('changes nothing when the list counts otherwise now than when the owner chose', async () => {
    await makeProduct('Bulk Yew');
    const snapshot = await adminSnapshot(server.app.deps.store);
    const refused = await bulk({ action: 'delete', filter: { q: 'bulk yew' }, expectedCount: 2 });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.message).toBe(ADMIN.server.productBulkListChanged.replace('{count}', '1').replace('{expected}', '2'));
    expect(await adminSnapshot(server.app.deps.store)).toBe(snapshot);
  });
});

describe('what the bulk call refuses', () => {
  it('takes at most 10,000 products, saying so', async () => {
    const ids = Array.from({ length: 10_001 }, (_, index) => index.toString(16).padStart(24, '0'));
    const refused = await bulk({ action: 'hide', productIds: ids });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.message).toBe('Choose at most 10,000 products at once.');
    // ten thousand are read and checked
    const most = await bulk({ action: 'hide', productIds: ids.slice(0, 10_000) });
    expect(most.status, most.text).toBe(200);
    expect(most.body).toMatchObject({ changed: 0, missing: 10_000 });
  });

  it('refuses a filter that keeps more than 10,000 products, saying how many it keeps, and changes nothing', async () => {
    const store = server.app.deps.store;
    const model = await stored(await makeProduct('Bulk Many Model'));
    const hexId = store.dialect === 'postgres' ? "lpad(to_hex(i), 24, '0')" : "printf('%024x', i)";
    const sequence = store.dialect === 'postgres' ? 'generate_series(1, 10001) AS n(i)' : '(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10001) SELECT i FROM n) AS n';
    await store.run(
      `INSERT INTO products (id, collection_id, url_id, title, body, body_search_text, excerpt, product_type, additional_fields_form_id,
         display_order, created_on, data_json, category_tag_search_text, visible)
       SELECT ${hexId}, p.collection_id, 'bulk-many-' || i, 'Bulk Many ' || i, '', '', '', 1, NULL, 0, 0, '{}', '', 1 FROM ${sequence}, products p WHERE p.id = ?`,
      [model.id],
    );
    const snapshot = await adminSnapshot(store);
    const refused = await bulk({ action: 'hide', filter: { q: 'bulk many' } });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.message).toBe(ADMIN.server.productBulkTooManyMatch.replace('{count}', '10,002').replace('{max}', '10,000'));
    expect(await adminSnapshot(store)).toBe(snapshot);
    await store.run("DELETE FROM products WHERE url_id LIKE 'bulk-many-%'");
  });

  it('refuses an action, a target or a category it cannot take, each saying why', async () => {
    const id = await makeProduct('Bulk Refused');
    const cases: Array<[unknown, string]> = [
      [{ action: 'paint', productIds: [id] }, ADMIN.server.productBulkAction],
      [{ action: 'hide' }, ADMIN.server.productBulkTarget],
      [{ action: 'hide', productIds: [id], filter: { q: 'x' } }, ADMIN.server.productBulkTarget],
      [{ action: 'hide', productIds: [] }, ADMIN.server.productBulkNone],
      [{ action: 'add-category', productIds: [id] }, ADMIN.server.productBulkCategory],
      [{ action: 'add-category', category: '   ', productIds: [id] }, ADMIN.server.required],
      [{ action: 'hide', filter: { visible: 'maybe' } }, ADMIN.server.notValid],
    ];
    for (const [body, message] of cases) {
      const refused = await bulk(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message, JSON.stringify(body)).toBe(message);
    }
  });

  it('refuses those who may not edit the catalogue, and a call without the crumb', async () => {
    const id = await makeProduct('Bulk Guarded');
    for (const role of ['editor', 'viewer']) {
      const added = await owner.post<{ password: string }>('/api/admin/staff', { email: `bulk-${role}@example.com`, role });
      expect(added.status, added.text).toBe(201);
      const member = await new SiteUserVisitor(server.url).signIn(`bulk-${role}@example.com`, added.body.password);
      expect((await bulk({ action: 'hide', productIds: [id] }, member)).status, role).toBe(403);
    }
    expect((await owner.post('/api/admin/products/bulk', { action: 'hide', productIds: [id] }, { withoutCrumb: true })).status).toBe(403);
    expect((await fetch(`${server.url}/api/admin/products/bulk`, { method: 'POST' })).status).toBe(403);
    expect((await stored(id)).visible).toBe(true);
  });
});
