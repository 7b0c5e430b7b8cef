/**
 * Two people editing one product: each editor saves the whole form, so a save made against a
 * product someone else saved since would put the other edit back. The editor sends the revision
 * it loaded; a save against an older one is refused (409, nothing written), also when the two
 * saves arrive at once or through two servers on one store. An image upload moves the revision
 * on (an editor open before it would save its image list without the new image); a stock edit
 * does not (counts have their own guard, and a sale must not refuse an open editor).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { csvText } from '../../../server/admin/csv.ts';
import { COMMA_CSV } from '../../../server/admin/csv-format.ts';
import { fillMessage } from '../../../server/messages.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { adminSnapshot, productInput, TINY_PNG, upload } from './admin-helpers.ts';

interface Variant { id: string; sku: string; priceCents: number; qtyInStock: number; unlimited: boolean; weightGrams: number; attributes: Record<string, string> }
interface EditorProduct { id: string; title: string; urlSlug: string; revision: number; variants: Variant[]; images: Array<{ id: string; altText: string }> }
interface SaveAnswer { message?: string; currentRevision?: number; product?: EditorProduct }

let server: PlatformServer;
let owner: SiteUserVisitor;
let products = 0;

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

async function createProduct(): Promise<EditorProduct> {
  products += 1;
  const created = await owner.post<{ product: EditorProduct }>('/api/admin/products', productInput({
    title: `Harbour Jacket ${products}`, urlSlug: `harbour-jacket-${products}`,
    variants: [
      { sku: `HJ${products}-S`, priceCents: 12000, qtyInStock: 3, attributes: { Size: 'S' }, weightGrams: 900 },
      { sku: `HJ${products}-M`, priceCents: 12000, qtyInStock: 2, attributes: { Size: 'M' }, weightGrams: 950 },
    ],
  }));
  expect(created.status, created.text).toBe(201);
  return created.body.product;
}

async function openEditor(productId: string, as = owner): Promise<EditorProduct> {
  const opened = await as.get<{ product: EditorProduct }>(`/api/admin/products/${productId}`);
  expect(opened.status, opened.text).toBe(200);
  return opened.body.product;
}

/** The editor's save, as ProductEditor sends it: the whole form with the revision (null: none) and counts it loaded. */
function saveFromEditor(opened: EditorProduct, changes: { title?: string; priceCents?: number; images?: EditorProduct['images'] }, as = owner, revision: number | null = opened.revision) {
  return as.put<SaveAnswer>(`/api/admin/products/${opened.id}`, productInput({
    title: changes.title ?? opened.title,
    urlSlug: opened.urlSlug,
    variants: opened.variants.map((variant) => ({
      ...variant, priceCents: changes.priceCents ?? variant.priceCents, qtyInStockWhenLoaded: variant.qtyInStock, unlimitedWhenLoaded: variant.unlimited,
    })),
    images: (changes.images ?? opened.images).map((image) => ({ id: image.id, altText: image.altText })),
    ...(revision === null ? {} : { revisionWhenLoaded: revision }),
  }));
}

const uploadImage = (productId: string) => upload(owner, `/api/admin/products/${productId}/images`, { bytes: TINY_PNG, name: 'tiny.png', type: 'image/png' });

describe('a save against the revision it loaded', () => {
  it('is written and moves the revision on; a save that changes nothing leaves it', async () => {
    const opened = await createProduct();
    expect(opened.revision).toBe(1);
    const saved = await saveFromEditor(opened, { title: 'Harbour Jacket, waxed' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.product!.revision).toBe(2);
    expect((await openEditor(opened.id)).revision).toBe(2);

    const again = await saveFromEditor(saved.body.product!, {});
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.product!.revision).toBe(2);
  });
});

describe('two editors open on one product', () => {
  it('refuses the second save whole, with the message, and keeps the first; saved again over the newer revision, both edits hold', async () => {
    const product = await createProduct();
    const first = await openEditor(product.id);
    const second = await openEditor(product.id);

    const titled = await saveFromEditor(first, { title: 'Harbour Jacket, waxed' });
    expect(titled.status, JSON.stringify(titled.body)).toBe(200);

    const before = await adminSnapshot(server.app.deps.store);
    const refused = await saveFromEditor(second, { priceCents: 9900 });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.message).toBe(fillMessage(ADMIN.server.productChanged, { product: 'Harbour Jacket, waxed' }));
    expect(refused.body.currentRevision).toBe(2);
    expect(await adminSnapshot(server.app.deps.store)).toBe(before);

    // the editor loads the newer product and applies the owner's change to it
    const reloaded = await openEditor(product.id);
    const repriced = await saveFromEditor(reloaded, { priceCents: 9900 });
    expect(repriced.status, JSON.stringify(repriced.body)).toBe(200);
    const now = await openEditor(product.id);
    expect(now.title).toBe('Harbour Jacket, waxed');
    expect(now.variants.map((variant) => variant.priceCents)).toEqual([9900, 9900]);
    expect(now.revision).toBe(3);
  });

  it('answers 404, not 409, for a product deleted meanwhile', async () => {
    const product = await createProduct();
    const opened = await openEditor(product.id);
    expect((await owner.delete(`/api/admin/products/${product.id}`)).status).toBe(200);
    expect((await saveFromEditor(opened, { title: 'Gone' })).status).toBe(404);
  });

  it('accepts a save without a revision (a script written before revisions) over whatever is stored', async () => {
    const product = await createProduct();
    const opened = await openEditor(product.id);
    expect((await saveFromEditor(opened, { title: 'Changed elsewhere' })).status).toBe(200);
    const script = await saveFromEditor(opened, { priceCents: 9900 }, owner, null);
    expect(script.status, JSON.stringify(script.body)).toBe(200);
    expect(script.body.product!.title).toBe(opened.title);
    expect(script.body.product!.revision).toBe(3);
  });
});

describe('the other writers of a product', () => {
  it('an image upload refuses an editor opened before it, which would drop the image; the uploading editor saves with the revision it is given', async () => {
    const product = await createProduct();
    const stale = await openEditor(product.id);
    const uploaded = await uploadImage(product.id);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const image = uploaded.body.image as { id: string; altText: string };
    expect(uploaded.body.revision).toBe(stale.revision + 1);

    const refused = await saveFromEditor(stale, { title: 'No photo' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect((await openEditor(product.id)).images.map((item) => item.id)).toEqual([image.id]);

    // the editor that uploaded it: one revision past its own, so nothing else came between
    const saved = await saveFromEditor(stale, { title: 'With photo', images: [{ ...image, altText: 'A waxed jacket' }] }, owner, uploaded.body.revision as number);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.product!.images.map((item) => [item.id, item.altText])).toEqual([[image.id, 'A waxed jacket']]);
  });

  it('a stock edit on the inventory screen leaves the revision: the open editor saves, and keeps the new count', async () => {
    const product = await createProduct();
    const opened = await openEditor(product.id);
    const small = opened.variants[0]!;
    const counted = await owner.put(`/api/admin/inventory/${small.id}`, { qtyInStock: 7, qtyInStockWhenLoaded: 3 });
    expect(counted.status, counted.text).toBe(200);
    const saved = await saveFromEditor(opened, { title: 'Recounted' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.product!.variants[0]!.qtyInStock).toBe(7);
  });

  it('an import that changes the product refuses an editor opened before it; one that changes nothing does not', async () => {
    const product = await createProduct();
    const opened = await openEditor(product.id);
    const [header, ...rows] = parse((await owner.get<string>('/api/admin/products.csv')).text) as string[][];
    const own = rows.filter((row) => row[header!.indexOf('URL slug')] === product.urlSlug);
    const importFile = (fileRows: string[][]) => upload(owner, '/api/admin/product-import', { bytes: Buffer.from(csvText(header!, fileRows, COMMA_CSV)), name: 'products.csv', type: 'text/csv' }, { update: 'yes' }, 'file');

    const unchanged = await importFile(own);
    expect(unchanged.status, JSON.stringify(unchanged.body)).toBe(201);
    expect((await openEditor(product.id)).revision).toBe(opened.revision);

    const priceAt = header!.indexOf('Price');
    const repriced = await importFile(own.map((row) => row.map((cell, index) => (index === priceAt ? '99.00' : cell))));
    expect(repriced.status, JSON.stringify(repriced.body)).toBe(201);
    expect((await saveFromEditor(opened, { title: 'Over the import' })).status).toBe(409);
    expect((await openEditor(product.id)).variants.map((variant) => variant.priceCents)).toEqual([9900, 9900]);
  });
});

describe('two saves from one revision at the same moment', () => {
  it('one is written and the other refused, through one server', async () => {
    for (let round = 0; round < 4; round++) {
      const product = await createProduct();
      const [first, second] = [await openEditor(product.id), await openEditor(product.id)];
      const answers = await Promise.all([saveFromEditor(first, { title: 'Title from A' }), saveFromEditor(second, { priceCents: 9900 })]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const now = await openEditor(product.id);
      // the store holds the one save that was answered 200, whole
      if (answers[0].status === 200) expect([now.title, now.variants[0]!.priceCents]).toEqual(['Title from A', 12000]);
      else expect([now.title, now.variants[0]!.priceCents]).toEqual([first.title, 9900]);
    }
  });

  it('one is written and the other refused, through two servers on one store', async () => {
    const other = await startPlatformServer({ databasePath: server.databasePath });
    try {
      const elsewhere = await other.signInOwner();
      for (let round = 0; round < 4; round++) {
        const product = await createProduct();
        const [first, second] = [await openEditor(product.id), await openEditor(product.id, elsewhere)];
        const answers = await Promise.all([saveFromEditor(first, { title: 'Title from A' }), saveFromEditor(second, { priceCents: 9900 }, elsewhere)]);
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
        const now = await openEditor(product.id);
        if (answers[0].status === 200) expect([now.title, now.variants[0]!.priceCents]).toEqual(['Title from A', 12000]);
        else expect([now.title, now.variants[0]!.priceCents]).toEqual([first.title, 9900]);
        expect(now.revision).toBe(2);
      }
    } finally {
      await other.stop();
    }
  });
});
