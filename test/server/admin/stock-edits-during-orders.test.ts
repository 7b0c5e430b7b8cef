/**
 * Orders placed while the owner edits: a save of the product editor, a quick edit on the
 * inventory screen and a CSV import never write back a count that orders have changed since it
 * was loaded. A count left as loaded keeps the store's; a count the owner changed while the
 * store's changed too is refused (409, nothing written) with the count now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { readProductImport } from '../../../server/admin/product-import.ts';
import { writeImportedProducts } from '../../../server/admin/product-import-write.ts';
import type { StoreSession } from '../../../server/db/store.ts';
import { fillMessage } from '../../../server/messages.ts';
import { OWNER_EMAIL } from '../../../server/security/owner-account.ts';
import { placeOrderThroughCheckout } from '../helpers/checkout.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';
import { parse } from 'csv-parse/sync';
import { csvText } from '../../../server/admin/csv.ts';
import { COMMA_CSV } from '../../../server/admin/csv-format.ts';
import { adminSnapshot, productInput, upload } from './admin-helpers.ts';

interface Variant { id: string; sku: string; priceCents: number; qtyInStock: number; unlimited: boolean; weightGrams: number; attributes: Record<string, string> }
interface EditorProduct { id: string; title: string; urlSlug: string; variants: Variant[] }
interface Change { delta: number; quantityAfter: number | null; reason: string; actor: string }

let server: PlatformServer;
let owner: SiteUserVisitor;

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

async function createProduct(title: string, urlSlug: string, skus: [string, string]): Promise<EditorProduct> {
  const created = await owner.post<{ product: EditorProduct }>('/api/admin/products', productInput({
    title, urlSlug,
    variants: [
      { sku: skus[0], priceCents: 4500, qtyInStock: 3, attributes: { Size: 'S' }, weightGrams: 300 },
      { sku: skus[1], priceCents: 4500, qtyInStock: 2, attributes: { Size: 'M' }, weightGrams: 320 },
    ],
  }));
  expect(created.status, created.text).toBe(201);
  return created.body.product;
}

/** What the editor shows when it opens the product. */
async function openEditor(productId: string): Promise<EditorProduct> {
  return (await owner.get<{ product: EditorProduct }>(`/api/admin/products/${productId}`)).body.product;
}

/** The editor's save: every variant with the count and the Unlimited switch it loaded, as ProductEditor sends it. */
function saveFromEditor(opened: EditorProduct, changes: { title?: string; counts?: Record<string, number>; unlimited?: Record<string, boolean> }) {
  return owner.put<{ message?: string; fieldErrors?: Record<string, string>; currentStock?: unknown; product?: EditorProduct }>(
    `/api/admin/products/${opened.id}`,
    productInput({
      title: changes.title ?? opened.title,
      urlSlug: opened.urlSlug,
      variants: opened.variants.map((variant) => ({
        ...variant, qtyInStock: changes.counts?.[variant.sku] ?? variant.qtyInStock, qtyInStockWhenLoaded: variant.qtyInStock,
        unlimited: changes.unlimited?.[variant.sku] ?? variant.unlimited, unlimitedWhenLoaded: variant.unlimited,
      })),
    }),
  );
}

/** A shopper buys `quantity` of the variant through the real checkout. */
async function buy(productId: string, sku: string, quantity = 1): Promise<void> {
  const shopper = await new Visitor(server.url).start();
  const added = await shopper.post('/api/commerce/shopping-cart/entries', { itemId: productId, sku, quantity, additionalFields: null });
  expect(added.status, added.text).toBe(200);
  const placed = await placeOrderThroughCheckout(shopper);
  expect(placed.status, placed.text.slice(0, 200)).toBe(201);
  // its confirmation goes to the outbox in the background: done before a test reads the store
  await server.app.deps.background.settled();
}

async function countsOf(productId: string): Promise<Record<string, number>> {
  return Object.fromEntries((await openEditor(productId)).variants.map((variant) => [variant.sku, variant.qtyInStock]));
}

async function historyOf(variantId: string): Promise<Change[]> {
  return (await owner.get<{ changes: Change[] }>(`/api/admin/inventory/${variantId}/history`)).body.changes;
}

describe('the product editor saved while orders come in', () => {
  it('keeps what an order took from a count the owner left alone, and writes a count the owner changed', async () => {
    const product = await createProduct('Linen Apron', 'linen-apron', ['APRON-S', 'APRON-M']);
    const opened = await openEditor(product.id);
    await buy(product.id, 'APRON-S');
    expect(await countsOf(product.id)).toEqual({ 'APRON-S': 2, 'APRON-M': 2 });

    // a typo fixed in the title, and M restocked: S keeps its sale
    const saved = await saveFromEditor(opened, { title: 'Linen Apron, Stonewashed', counts: { 'APRON-M': 5 } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.product!.title).toBe('Linen Apron, Stonewashed');
    expect(await countsOf(product.id)).toEqual({ 'APRON-S': 2, 'APRON-M': 5 });

    // the history has the sale and no owner edit for S; M's restock from the count it had
    const small = await historyOf(opened.variants[0]!.id);
    expect(small.map((change) => [change.reason, change.delta])).toEqual([['order', -1], ['owner-edit', 3]]);
    expect((await historyOf(opened.variants[1]!.id))[0]).toEqual(expect.objectContaining({ reason: 'owner-edit', delta: 3, quantityAfter: 5, actor: OWNER_EMAIL }));
  });

  it('refuses a count the owner changed while an order changed it too: 409 naming the variant and its count now, nothing written', async () => {
    const product = await createProduct('Canvas Holdall', 'canvas-holdall', ['HOLD-S', 'HOLD-M']);
    const opened = await openEditor(product.id);
    await buy(product.id, 'HOLD-S');
    const before = await adminSnapshot(server.app.deps.store);

    const refused = await saveFromEditor(opened, { title: 'Canvas Holdall Bag', counts: { 'HOLD-S': 10, 'HOLD-M': 4 } });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.message).toBe(fillMessage(ADMIN.server.stockChanged, {
      variants: fillMessage(ADMIN.server.stockChangedVariant, { product: 'Canvas Holdall', sku: 'HOLD-S', count: 2 }),
    }));
    expect(refused.body.message).toContain('Canvas Holdall (HOLD-S) now has 2 in stock');
    expect(refused.body.fieldErrors).toEqual({ 'variants.0.qtyInStock': fillMessage(ADMIN.server.stockChangedField, { count: 2 }) });
    expect(refused.body.currentStock).toEqual([{ variantId: opened.variants[0]!.id, qtyInStock: 2 }]);
    // neither the title, nor M's count, nor anything else
    expect(await adminSnapshot(server.app.deps.store)).toBe(before);

    // with the current count loaded, the owner's figure is saved
    const reloaded = await openEditor(product.id);
    const saved = await saveFromEditor(reloaded, { title: 'Canvas Holdall Bag', counts: { 'HOLD-S': 10, 'HOLD-M': 4 } });
    expect(saved.status, saved.text).toBe(200);
    expect(await countsOf(product.id)).toEqual({ 'HOLD-S': 10, 'HOLD-M': 4 });
    expect((await historyOf(opened.variants[0]!.id))[0]).toEqual(expect.objectContaining({ reason: 'owner-edit', delta: 8, quantityAfter: 10 }));
  });

  it('writes a changed count the store already has: nothing to decide', async () => {
    const product = await createProduct('Wool Scarf', 'wool-scarf', ['SCARF-S', 'SCARF-M']);
    const opened = await openEditor(product.id);
    await buy(product.id, 'SCARF-S');
    const saved = await saveFromEditor(opened, { counts: { 'SCARF-S': 2 } });
    expect(saved.status, saved.text).toBe(200);
    expect(await countsOf(product.id)).toEqual({ 'SCARF-S': 2, 'SCARF-M': 2 });
  });
});

describe('the product editor saved while the Unlimited switch was flipped elsewhere', () => {
  it('keeps a switch the owner left alone as the store has it now, and writes one the owner flipped', async () => {
    const product = await createProduct('Oak Board', 'oak-board', ['OAK-S', 'OAK-M']);
    const opened = await openEditor(product.id);
    const [small, medium] = opened.variants as [Variant, Variant];
    // meanwhile, on the inventory screen: S made unlimited
    const switched = await owner.put(`/api/admin/inventory/${small.id}`, { qtyInStock: 3, qtyInStockWhenLoaded: 3, unlimited: true });
    expect(switched.status, switched.text).toBe(200);

    // the editor opened before it saves a new title, and M switched to unlimited by its owner
    const saved = await saveFromEditor(opened, { title: 'Oak Board, Oiled', unlimited: { 'OAK-M': true } });
    expect(saved.status, saved.text).toBe(200);
    const now = await openEditor(product.id);
    expect(now.variants.map((variant) => [variant.sku, variant.unlimited])).toEqual([['OAK-S', true], ['OAK-M', true]]);
    // newest first: each variant was created with its count and switched once, S on the inventory screen, M in the editor
    const switches = async (variantId: string) => (await historyOf(variantId) as Array<Change & { unlimitedAfter: boolean | null }>).map((change) => change.unlimitedAfter);
    expect(await switches(small.id)).toEqual([true, null]);
    expect(await switches(medium.id)).toEqual([true, null]);
  });
});

describe('the inventory screen edited while orders come in', () => {
  it('refuses a count made against one an order has changed, and keeps the sale when only Unlimited is switched', async () => {
    const product = await createProduct('Felt Slippers', 'felt-slippers', ['SLIP-S', 'SLIP-M']);
    const [small, medium] = product.variants as [Variant, Variant];
    await buy(product.id, 'SLIP-S');
    const before = await adminSnapshot(server.app.deps.store);

    const refused = await owner.put<{ message: string; currentStock: unknown }>(`/api/admin/inventory/${small.id}`, { qtyInStock: 7, qtyInStockWhenLoaded: 3 });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.message).toBe(fillMessage(ADMIN.server.stockChangedInventory, { product: 'Felt Slippers', sku: 'SLIP-S', count: 2 }));
    expect(refused.body.currentStock).toEqual([{ variantId: small.id, qtyInStock: 2 }]);
    expect(await adminSnapshot(server.app.deps.store)).toBe(before);

    // sent again against the count now: saved
    const saved = await owner.put<{ qtyInStock: number }>(`/api/admin/inventory/${small.id}`, { qtyInStock: 7, qtyInStockWhenLoaded: 2 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.qtyInStock).toBe(7);

    // M made unlimited from a screen loaded before its sale: the count kept is the one after it
    await buy(product.id, 'SLIP-M');
    const switched = await owner.put<{ qtyInStock: number; unlimited: boolean }>(`/api/admin/inventory/${medium.id}`, { qtyInStock: 2, qtyInStockWhenLoaded: 2, unlimited: true });
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body).toEqual(expect.objectContaining({ qtyInStock: 1, unlimited: true }));
    expect(await countsOf(product.id)).toEqual({ 'SLIP-S': 7, 'SLIP-M': 1 });
  });
});

describe('a CSV import that updates a product while orders come in', () => {
  it('holds the product from the moment it reads it: an order placed meanwhile takes its unit from the imported count', async () => {
    const product = await createProduct('Cotton Napkin', 'cotton-napkin', ['NAP-S', 'NAP-M']);
    const csv = [
      'Product,URL slug,SKU,Price,Stock,Option 1 name,Option 1 value',
      'Cotton Napkin,cotton-napkin,NAP-S,45.00,10,Size,S',
      'Cotton Napkin,cotton-napkin,NAP-M,45.00,2,Size,M',
    ].join('\n');
    const reading = readProductImport(csv, 'USD');
    if (!reading.ok) throw new Error(JSON.stringify(reading.problems));

    // an order is placed right after the import has read the stored product's variants
    let order: Promise<void> | undefined;
    const placeOrderAfterRead = (tx: StoreSession): StoreSession => new Proxy(tx, {
      get(target, property, receiver) {
        if (property !== 'all') return Reflect.get(target, property, receiver) as unknown;
        return async (sql: string, params?: readonly unknown[]) => {
          const rows = await target.all(sql, params as never);
          if (order === undefined && /FROM variants WHERE product_id = \?/.test(sql)) {
            order = buy(product.id, 'NAP-S');
            // it goes through unless the import holds the rows; then it waits for the import
            await Promise.race([order, new Promise((resolve) => setTimeout(resolve, 500))]);
          }
          return rows;
        };
      },
    });
    const store = server.app.deps.store;
    const written = await store.transaction((tx) => writeImportedProducts(placeOrderAfterRead(tx), reading.products, reading.has, { updateExisting: true }, OWNER_EMAIL, Date.now()));
    expect(written).toEqual({ ok: true, created: 0, updated: 1, unchanged: 0 });
    await order;

    expect(await countsOf(product.id)).toEqual({ 'NAP-S': 9, 'NAP-M': 2 });
    // the import's restock from 3, then the sale
    const history = await historyOf(product.variants[0]!.id);
    expect(history.map((change) => [change.reason, change.delta])).toEqual([['order', -1], ['owner-edit', 7], ['owner-edit', 3]]);
    expect(history[1]).toEqual(expect.objectContaining({ quantityAfter: 10 }));
  });
});

describe('a spreadsheet exported, edited while orders come in, and imported back', () => {
  const importFile = (csv: string) => upload(owner, '/api/admin/product-import', { bytes: Buffer.from(csv), name: 'products.csv', type: 'text/csv' }, { update: 'yes' }, 'file');

  it('keeps what orders took from a Stock left as exported, and refuses one changed while the shop\'s count changed too', async () => {
    const product = await createProduct('Linen Napkin', 'linen-napkin', ['LNAP-S', 'LNAP-M']);
    const [header, ...rows] = parse((await owner.get<string>('/api/admin/products.csv')).text) as string[][];
    const at = (name: string): number => header!.indexOf(name);
    expect(at('Stock when exported')).toBe(at('Stock') + 1);
    const napkin = rows.filter((row) => row[at('URL slug')] === 'linen-napkin');
    expect(napkin.map((row) => [row[at('SKU')], row[at('Stock')], row[at('Stock when exported')]])).toEqual([['LNAP-S', '3', '3'], ['LNAP-M', '2', '2']]);
    const edit = (row: string[], cells: Record<string, string>): string[] => row.map((cell, index) => cells[header![index]!] ?? cell);

    // a day of sales after the export
    await buy(product.id, 'LNAP-S');
    await buy(product.id, 'LNAP-M');
    const before = await adminSnapshot(server.app.deps.store);

    // M recounted in the file against the exported 2, while an order took one: refused, nothing written
    const refused = await importFile(csvText(header!, [edit(napkin[0]!, { Price: '12.00' }), edit(napkin[1]!, { Stock: '6' })], COMMA_CSV));
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.problems).toEqual([{ row: 3, column: 'Stock', message: fillMessage(ADMIN.server.importStockChanged, { sku: 'LNAP-M', count: 1, column: 'Stock when exported' }) }]);
    expect(await adminSnapshot(server.app.deps.store)).toBe(before);

    // as the message says: the count now written in Stock when exported; S left as exported keeps its sale
    const imported = await importFile(csvText(header!, [edit(napkin[0]!, { Price: '12.00' }), edit(napkin[1]!, { Stock: '6', 'Stock when exported': '1' })], COMMA_CSV));
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(await countsOf(product.id)).toEqual({ 'LNAP-S': 2, 'LNAP-M': 6 });
  });
});

