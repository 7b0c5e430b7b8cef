/**
 * Featured products: the owner ticks Featured in the product editor; the home page shows those
 * first, in the shop's order, then the rest; a save that does not send the box keeps the mark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';
import { productInput, upload } from './admin-helpers.ts';

interface EditorProduct { id: string; title: string; urlSlug: string; featured: boolean; revision: number }

let server: PlatformServer;
let owner: SiteUserVisitor;
beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

const cardIds = (html: string): string[] => [...html.matchAll(/class="product-card[^"]*" data-item-id="([^"]+)"/g)].map((match) => match[1]!);

/** The product ids of the home page's cards, in order. */
async function homeCards(): Promise<string[]> {
  const html = (await new Visitor(server.url).get<string>('/')).text;
  return cardIds(/<section class="featured"[\s\S]*?<\/section>/.exec(html)![0]);
}

/** The shop's first four products, in the shop's own order. */
async function shopOrder(): Promise<string[]> {
  return cardIds((await new Visitor(server.url).get<string>('/shop')).text).slice(0, 4);
}

const input = (title: string, sku: string, extra: Record<string, unknown> = {}) => productInput({
  title, urlSlug: sku.toLowerCase(), variantOptions: [], variants: [{ sku, priceCents: 3800, qtyInStock: 4, attributes: {}, weightGrams: 500 }], ...extra,
});

describe('a featured product', () => {
  it('comes first on the home page once ticked, keeps its mark through a save without the box, and goes back to its place when unticked', async () => {
    const bowl = (await owner.post<{ product: EditorProduct }>('/api/admin/products', input('Spree Bowl', 'SPREE'))).body.product;
    expect(bowl.featured).toBe(false);
    const vase = (await owner.post<{ product: EditorProduct }>('/api/admin/products', input('Kiez Vase', 'KIEZ'))).body.product;
    const order = await shopOrder();
    expect(order.indexOf(bowl.id)).toBeGreaterThan(order.indexOf(vase.id));
    expect(await homeCards()).toEqual(order);

    const ticked = await owner.put<{ product: EditorProduct }>(`/api/admin/products/${bowl.id}`, input('Spree Bowl', 'SPREE', { featured: true }));
    expect(ticked.status, ticked.text).toBe(200);
    expect(ticked.body.product.featured).toBe(true);
    expect(await homeCards()).toEqual([bowl.id, ...order.filter((id) => id !== bowl.id)].slice(0, 4));

    // an editor written before the box sends none: the mark stays
    const kept = await owner.put<{ product: EditorProduct }>(`/api/admin/products/${bowl.id}`, input('Spree Bowl', 'SPREE'));
    expect(kept.body.product.featured).toBe(true);

    const unticked = await owner.put<{ product: EditorProduct }>(`/api/admin/products/${bowl.id}`, input('Spree Bowl', 'SPREE', { featured: false }));
    expect(unticked.body.product.featured).toBe(false);
    expect(await homeCards()).toEqual(await shopOrder());
  });

  it('goes out in the products export and comes back in through the import, a file without the column keeping the mark', async () => {
    const created = await owner.post<{ product: EditorProduct }>('/api/admin/products', input('Kiln Cup', 'KILN', { featured: true }));
    expect(created.status, created.text).toBe(201);
    const featuredOf = async () => (await owner.get<{ product: EditorProduct }>(`/api/admin/products/${created.body.product.id}`)).body.product.featured;
    const exported = (await owner.get<string>('/api/admin/products.csv')).text.split('\r\n');
    const header = exported[0]!.split(',');
    const row = exported.find((line) => line.startsWith('Kiln Cup,'))!.split(',');
    expect(row[header.indexOf('Featured')]).toBe('yes');
    const send = (csv: string) => upload(owner, '/api/admin/product-import', { bytes: Buffer.from(csv), name: 'products.csv', type: 'text/csv' }, { update: 'yes' }, 'file');
    expect((await send('Product,URL slug,SKU,Price,Stock\nKiln Cup,kiln,KILN,38.00,4\n')).status).toBe(201);
    expect(await featuredOf()).toBe(true);
    expect((await send('Product,URL slug,Featured,SKU,Price,Stock\nKiln Cup,kiln,no,KILN,38.00,4\n')).status).toBe(201);
    expect(await featuredOf()).toBe(false);
  });
});
