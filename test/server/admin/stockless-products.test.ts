/**
 * Digital products and gift cards take no stock (the shop sells them freely): the admin's product
 * list and inventory decide that by the type, whatever count the variants hold, so one holding 0
 * is neither shown sold out nor listed as running low.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { productInput } from './admin-helpers.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;
beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

describe('a product whose type takes no stock', () => {
  it('is left out of the running-low list and shows no stock in the product list, though its variant holds 0', async () => {
    // as an editor that asked for stock saved it, or a script sends it: counted, 0 left
    const made: Array<{ id: string; sku: string }> = [];
    for (const [productType, sku] of [['digital', 'STOCKLESS-PDF'], ['giftCard', 'STOCKLESS-CARD']] as const) {
      const created = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput({
        title: `Stockless ${productType}`, urlSlug: '', productType, variantOptions: [],
        variants: [{ sku, priceCents: 1500, qtyInStock: 0, unlimited: false, attributes: {} }],
      }));
      expect(created.status, created.text).toBe(201);
      made.push({ id: created.body.product.id, sku });
    }
    const low = await owner.get<{ variants: Array<{ sku: string }> }>('/api/admin/inventory?stock=low&limit=200');
    expect(low.body.variants.map((row) => row.sku)).not.toContain('STOCKLESS-PDF');
    expect(low.body.variants.map((row) => row.sku)).not.toContain('STOCKLESS-CARD');
    const all = await owner.get<{ variants: Array<{ sku: string; stockKept: boolean }> }>('/api/admin/inventory?q=STOCKLESS');
    expect(all.body.variants.map((row) => [row.sku, row.stockKept])).toEqual(expect.arrayContaining([['STOCKLESS-PDF', false], ['STOCKLESS-CARD', false]]));
    const listed = await owner.get<{ products: Array<{ id: string; stock: number | null }> }>('/api/admin/products?q=Stockless');
    for (const product of made) expect(listed.body.products.find((row) => row.id === product.id)?.stock).toBeNull();
  });

  it('still lists a physical product with 0 left as running low', async () => {
    const created = await owner.post('/api/admin/products', productInput({
      title: 'Counted Apron', urlSlug: '', variantOptions: [], variants: [{ sku: 'COUNTED-APRON', priceCents: 1500, qtyInStock: 0, attributes: {} }],
    }));
    expect(created.status, created.text).toBe(201);
    const low = await owner.get<{ variants: Array<{ sku: string; stockKept: boolean }> }>('/api/admin/inventory?stock=low&limit=200');
    expect(low.body.variants.find((row) => row.sku === 'COUNTED-APRON')?.stockKept).toBe(true);
  });
});
