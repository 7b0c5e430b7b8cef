/**
 * Switches between Unlimited and a count made outside the inventory screen, in the product editor
 * (`PUT /api/admin/products/:id`) and by a CSV import that updates a product, are written to the
 * stock history as the inventory screen writes them: an owner edit, with who and when, the count
 * kept (delta 0); a count changed with it is a line of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_EMAIL } from '../../../server/security/owner-account.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { productInput, upload } from './admin-helpers.ts';

interface Variant { id: string; sku: string; priceCents: number; qtyInStock: number; unlimited: boolean; attributes: Record<string, string>; weightGrams: number }
interface Change { delta: number; quantityAfter: number | null; reason: string; actor: string; unlimitedAfter: boolean | null; createdOn: number }

let server: PlatformServer;
let owner: SiteUserVisitor;

async function historyOf(variantId: string): Promise<Change[]> {
  return (await owner.get<{ changes: Change[] }>(`/api/admin/inventory/${variantId}/history`)).body.changes;
}

async function createProduct(title: string, urlSlug: string, skus: [string, string]): Promise<{ id: string; variants: Variant[] }> {
  const created = await owner.post<{ product: { id: string; variants: Variant[] } }>('/api/admin/products', productInput({
    title, urlSlug,
    variants: [
      { sku: skus[0], priceCents: 4500, qtyInStock: 3, attributes: { Size: 'S' }, weightGrams: 300 },
      { sku: skus[1], priceCents: 4500, qtyInStock: 2, attributes: { Size: 'M' }, weightGrams: 320 },
    ],
  }));
  expect(created.status, created.text).toBe(201);
  return created.body.product;
}

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

describe('Unlimited switched outside the inventory screen', () => {
  it('in the product editor: each switch is written, on and off, and a count changed with it too', async () => {
    const product = await createProduct('Linen Apron', 'linen-apron', ['APRON-S', 'APRON-M']);
    const [small, medium] = product.variants as [Variant, Variant];
    const before = await historyOf(small.id);
    const save = (variants: Variant[]) => owner.put(`/api/admin/products/${product.id}`, productInput({ title: 'Linen Apron', urlSlug: 'linen-apron', variants }));

    // S made unlimited keeping its count; M's count changed, nothing switched
    const switchedAt = Date.now();
    const made = await save([{ ...small, unlimited: true }, { ...medium, qtyInStock: 4 }]);
    expect(made.status, made.text).toBe(200);
    const afterSwitch = await historyOf(small.id);
    expect(afterSwitch).toHaveLength(before.length + 1);
    expect(afterSwitch[0]).toEqual(expect.objectContaining({ delta: 0, quantityAfter: 3, reason: 'owner-edit', actor: OWNER_EMAIL, unlimitedAfter: true }));
    expect(afterSwitch[0]!.createdOn).toBeGreaterThanOrEqual(switchedAt);
    expect((await historyOf(medium.id))[0]).toEqual(expect.objectContaining({ delta: 2, quantityAfter: 4, unlimitedAfter: null }));

    // saved again as it is: no switch, nothing more written
    expect((await save([{ ...small, unlimited: true }, { ...medium, qtyInStock: 4 }])).status).toBe(200);
    expect(await historyOf(small.id)).toEqual(afterSwitch);

    // counted again with a new count: the count, then the switch (newest first)
    expect((await save([{ ...small, unlimited: false, qtyInStock: 7 }, { ...medium, qtyInStock: 4 }])).status).toBe(200);
    const counted = await historyOf(small.id);
    expect(counted.slice(0, 2)).toEqual([
      expect.objectContaining({ delta: 0, quantityAfter: 7, reason: 'owner-edit', actor: OWNER_EMAIL, unlimitedAfter: false }),
      expect.objectContaining({ delta: 4, quantityAfter: 7, reason: 'owner-edit', actor: OWNER_EMAIL, unlimitedAfter: null }),
    ]);
    expect(counted.slice(2)).toEqual(afterSwitch);
  });

  it('by a CSV import that updates a product: the switch is written as the owner\'s edit, the count kept', async () => {
    const product = await createProduct('Canvas Cap', 'canvas-cap', ['CAP-S', 'CAP-M']);
    const [small, medium] = product.variants as [Variant, Variant];
    const before = await historyOf(small.id);
    const importFile = async (rows: string[]) => {
      const csv = ['Product,URL slug,SKU,Price,Stock,Option 1 name,Option 1 value', ...rows].join('\n');
      const imported = await upload(owner, '/api/admin/product-import', { bytes: Buffer.from(csv), name: 'products.csv', type: 'text/csv' }, { update: 'yes' }, 'file');
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    };
    const storedVariants = async () => (await owner.get<{ product: { variants: Variant[] } }>(`/api/admin/products/${product.id}`)).body.product.variants;

    await importFile(['Canvas Cap,canvas-cap,CAP-S,45.00,unlimited,Size,S', 'Canvas Cap,canvas-cap,CAP-M,45.00,2,Size,M']);
    // an unlimited row carries no count: the stored 3 is kept, as the editor's switch keeps it
    const history = await historyOf(small.id);
    expect(history).toHaveLength(before.length + 1);
    expect(history[0]).toEqual(expect.objectContaining({ delta: 0, quantityAfter: 3, reason: 'owner-edit', actor: OWNER_EMAIL, unlimitedAfter: true }));
    expect(history.slice(1)).toEqual(before);
    expect((await storedVariants()).map((variant) => [variant.sku, variant.unlimited, variant.qtyInStock])).toEqual([['CAP-S', true, 3], ['CAP-M', false, 2]]);
    // the row that kept its count and its switch writes nothing
    expect(await historyOf(medium.id)).toHaveLength(1);

    // the same file again (an export read back in): nothing changes, nothing is written
    await importFile(['Canvas Cap,canvas-cap,CAP-S,45.00,unlimited,Size,S', 'Canvas Cap,canvas-cap,CAP-M,45.00,2,Size,M']);
    expect(await historyOf(small.id)).toEqual(history);
    // switched back to a count in the editor, the variant has its 3 again
    const [storedSmall, storedMedium] = (await storedVariants()) as [Variant, Variant];
    const counted = await owner.put(`/api/admin/products/${product.id}`, productInput({ title: 'Canvas Cap', urlSlug: 'canvas-cap', variants: [{ ...storedSmall, unlimited: false }, storedMedium] }));
    expect(counted.status, counted.text).toBe(200);
    expect((await storedVariants()).map((variant) => [variant.sku, variant.unlimited, variant.qtyInStock])).toEqual([['CAP-S', false, 3], ['CAP-M', false, 2]]);
    expect((await historyOf(small.id))[0]).toEqual(expect.objectContaining({ delta: 0, quantityAfter: 3, unlimitedAfter: false }));

    // a variant the file adds as unlimited has no count to keep: it starts at 0, with nothing in its history
    await importFile(['Canvas Cap,canvas-cap,CAP-S,45.00,3,Size,S', 'Canvas Cap,canvas-cap,CAP-M,45.00,2,Size,M', 'Canvas Cap,canvas-cap,CAP-L,45.00,unlimited,Size,L']);
    const large = (await storedVariants()).find((variant) => variant.sku === 'CAP-L')!;
    expect([large.unlimited, large.qtyInStock]).toEqual([true, 0]);
    expect(await historyOf(large.id)).toEqual([]);
  });
});
