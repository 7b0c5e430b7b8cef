/**
 * The inventory screen's switch between Unlimited and a count, through its one call
 * (`PUT /api/admin/inventory/:variantId`): the count is kept while the variant is unlimited, a
 * count that changes and each switch are written to the stock history (with who and when), and
 * the storefront follows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';
import { OWNER_EMAIL } from '../../../server/security/owner-account.ts';
import { productInput } from './admin-helpers.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;
let product: { id: string; variants: Array<{ id: string; sku: string }> };

interface Row { sku: string; qtyInStock: number; unlimited: boolean }
interface Change { delta: number; quantityAfter: number | null; reason: string; actor: string; unlimitedAfter: boolean | null; createdOn: number }

async function rowOf(sku: string): Promise<Row> {
  const rows = await owner.get<{ variants: Row[] }>(`/api/admin/inventory?q=${encodeURIComponent(sku)}`);
  return rows.body.variants.find((row) => row.sku === sku)!;
}
async function historyOf(variantId: string): Promise<Change[]> {
  return (await owner.get<{ changes: Change[] }>(`/api/admin/inventory/${variantId}/history`)).body.changes;
}
async function shopStock(sku: string): Promise<{ unlimited: boolean; qtyInStock: number }> {
  const answer = await new Visitor(server.url).get<{ results: Array<{ sku: string; unlimited: boolean; qtyInStock: number }> }>(`/api/commerce/inventory/stock/?itemId=${product.id}`);
  return answer.body.results.find((result) => result.sku === sku)!;
}

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
  const created = await owner.post<{ product: typeof product }>('/api/admin/products', productInput({
    title: 'Field Jacket', urlSlug: 'field-jacket',
    variants: [
      { sku: 'FJ-S', priceCents: 12000, qtyInStock: 3, attributes: { Size: 'S' }, weightGrams: 900 },
      { sku: 'FJ-M', priceCents: 12000, qtyInStock: 2, attributes: { Size: 'M' }, weightGrams: 950 },
    ],
  }));
  expect(created.status, created.text).toBe(201);
  product = created.body.product;
});
afterAll(async () => {
  await server.stop(true);
});

describe('unlimited or a count, from the inventory', () => {
  it('switches to Unlimited keeping the count, then back to a count, each switch written to the history', async () => {
    const variantId = product.variants.find((variant) => variant.sku === 'FJ-S')!.id;
    const before = await historyOf(variantId);
    // the count the product was made with is the history's one line so far
    expect(before).toEqual([expect.objectContaining({ delta: 3, quantityAfter: 3, reason: 'owner-edit', unlimitedAfter: null })]);
    // the screen sends the count it shows with the switch
    const switchedAt = Date.now();
    const unlimited = await owner.put(`/api/admin/inventory/${variantId}`, { qtyInStock: 3, unlimited: true, reason: 'owner-edit' });
    expect(unlimited.status, unlimited.text).toBe(200);
    expect(await rowOf('FJ-S')).toEqual(expect.objectContaining({ qtyInStock: 3, unlimited: true }));
    expect(await shopStock('FJ-S')).toEqual(expect.objectContaining({ unlimited: true }));
    // the count did not change, but who made the variant unlimited, and when, is written
    const made = await historyOf(variantId);
    expect(made).toHaveLength(before.length + 1);
    expect(made[0]).toEqual(expect.objectContaining({ delta: 0, quantityAfter: 3, reason: 'owner-edit', actor: OWNER_EMAIL, unlimitedAfter: true }));
    expect(made[0]!.createdOn).toBeGreaterThanOrEqual(switchedAt);
    expect(made.slice(1)).toEqual(before);
    // an unlimited variant is never running low
    const low = await owner.get<{ variants: Row[] }>('/api/admin/inventory?stock=low&limit=200');
    expect(low.body.variants.some((row) => row.sku === 'FJ-S')).toBe(false);

    // back to a count: the switch keeps the count and is written, as the owner's edit even when the
    // reason chosen for counts is a restock; then a new count is a change of its own
    expect((await owner.put(`/api/admin/inventory/${variantId}`, { qtyInStock: 3, unlimited: false, reason: 'restock' })).status).toBe(200);
    expect(await rowOf('FJ-S')).toEqual(expect.objectContaining({ qtyInStock: 3, unlimited: false }));
    const counted = await historyOf(variantId);
    expect(counted[0]).toEqual(expect.objectContaining({ delta: 0, quantityAfter: 3, reason: 'owner-edit', actor: OWNER_EMAIL, unlimitedAfter: false }));
    expect(counted.slice(1)).toEqual(made);
    // saving the same state again is no switch: nothing more is written
    expect((await owner.put(`/api/admin/inventory/${variantId}`, { qtyInStock: 3, unlimited: false })).status).toBe(200);
    expect(await historyOf(variantId)).toEqual(counted);
    expect((await owner.put(`/api/admin/inventory/${variantId}`, { qtyInStock: 9, unlimited: false, reason: 'restock' })).status).toBe(200);
    expect(await shopStock('FJ-S')).toEqual(expect.objectContaining({ unlimited: false, qtyInStock: 9 }));
    expect((await historyOf(variantId))[0]).toEqual(expect.objectContaining({ delta: 6, quantityAfter: 9, reason: 'restock', actor: OWNER_EMAIL, unlimitedAfter: null }));
  });

  it('writes a count sent with the switch to Unlimited to the history too', async () => {
    const variantId = product.variants.find((variant) => variant.sku === 'FJ-M')!.id;
    expect((await owner.put(`/api/admin/inventory/${variantId}`, { qtyInStock: 5, unlimited: true })).status).toBe(200);
    expect(await rowOf('FJ-M')).toEqual(expect.objectContaining({ qtyInStock: 5, unlimited: true }));
    // two lines: the new count, and the switch made with it (newest first)
    expect((await historyOf(variantId)).slice(0, 2)).toEqual([
      expect.objectContaining({ delta: 0, quantityAfter: 5, reason: 'owner-edit', unlimitedAfter: true }),
      expect.objectContaining({ delta: 3, quantityAfter: 5, reason: 'owner-edit', unlimitedAfter: null }),
    ]);
  });

  it('keeps the switch as it is when a count comes without it (an API client that knows only counts)', async () => {
    const variantId = product.variants.find((variant) => variant.sku === 'FJ-M')!.id;
    expect((await owner.put(`/api/admin/inventory/${variantId}`, { qtyInStock: 5, unlimited: true })).status).toBe(200);
    const answer = await owner.put<{ unlimited: boolean }>(`/api/admin/inventory/${variantId}`, { qtyInStock: 7 });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.unlimited).toBe(true);
    expect(await rowOf('FJ-M')).toEqual(expect.objectContaining({ qtyInStock: 7, unlimited: true }));
  });

  it('refuses a switch that is not true or false, or comes without a count, and changes nothing', async () => {
    const variantId = product.variants.find((variant) => variant.sku === 'FJ-M')!.id;
    const stored = await rowOf('FJ-M');
    for (const body of [{ qtyInStock: 5, unlimited: 'yes' }, { qtyInStock: 5, unlimited: 1 }, { unlimited: false }, { qtyInStock: -1, unlimited: false }]) {
      const answer = await owner.put(`/api/admin/inventory/${variantId}`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(await rowOf('FJ-M')).toEqual(stored);
  });
});
