/**
 * Duplicate a product (`POST /api/admin/products/{productId}/duplicate`): a hidden copy named
 * "<title> (copy)" with its variants under new SKUs and no stock, its options, categories, tags,
 * description and images. The images show the same stored files, so deleting either product
 * never removes a file the other shows; a digital product's file is not copied, and the answer
 * says to upload it again.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';
import { productInput, TINY_PNG, upload } from './admin-helpers.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;
let uploads: string;
beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'duplicate-uploads-'));
  server = await startPlatformServer({ uploadsDir: uploads });
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
  rmSync(uploads, { recursive: true, force: true });
});

interface Product {
  id: string; title: string; urlSlug: string; visible: boolean; productType: string; description: string; categories: string[]; tags: string[]; variantOptions: string[];
  variants: Array<{ sku: string; priceCents: number; qtyInStock: number; unlimited: boolean; attributes: Record<string, string> }>;
  images: Array<{ assetUrl: string; altText: string }>;
  file: unknown;
}

const duplicate = (id: string) => owner.post<{ product: Product; message: string }>(`/api/admin/products/${id}/duplicate`, {});

describe('duplicating a product', () => {
  it('makes a hidden copy with new SKUs, no stock, and the same images; deleting either keeps the files the other shows', async () => {
    const created = await owner.post<{ product: Product }>('/api/admin/products', productInput({
      title: 'Sailcloth Bag', urlSlug: 'sailcloth-bag', categories: ['Bags'], tags: ['canvas'], variantOptions: ['Size', 'Colour'],
      variants: [
        { sku: 'SB-S-NAVY', priceCents: 4500, qtyInStock: 7, attributes: { Size: 'S', Colour: 'Navy' } },
        { sku: 'SB-L-NAVY', priceCents: 5200, qtyInStock: 0, unlimited: true, attributes: { Size: 'L', Colour: 'Navy' } },
      ],
    }));
    expect(created.status, created.text).toBe(201);
    const original = created.body.product;
    const uploaded = await upload(owner, `/api/admin/products/${original.id}/images`, { bytes: TINY_PNG, name: 'bag.png', type: 'image/png' }, { altText: 'The bag' });
    expect(uploaded.status).toBe(201);

    const first = await duplicate(original.id);
    expect(first.status, first.text).toBe(201);
    const copy = first.body.product;
    expect(first.body.message).toBe(ADMIN.server.productCopied);
    expect(copy).toMatchObject({
      title: 'Sailcloth Bag (copy)', urlSlug: 'sailcloth-bag-copy', visible: false, productType: 'physical', description: original.description,
      categories: ['Bags'], tags: ['canvas'], variantOptions: ['Size', 'Colour'],
    });
    expect(copy.id).not.toBe(original.id);
    expect(copy.variants.map((variant) => [variant.sku, variant.priceCents, variant.qtyInStock, variant.unlimited, variant.attributes])).toEqual([
      ['SB-S-NAVY-COPY', 4500, 0, false, { Size: 'S', Colour: 'Navy' }],
      ['SB-L-NAVY-COPY', 5200, 0, true, { Size: 'L', Colour: 'Navy' }],
    ]);
    const assetUrl = (uploaded.body.image as { assetUrl: string }).assetUrl;
    expect(copy.images).toMatchObject([{ assetUrl, altText: 'The bag' }]);
    // hidden: not in the shop
    expect((await new Visitor(server.url).get('/shop/p/sailcloth-bag-copy')).status).toBe(404);

    const second = await duplicate(original.id);
    expect(second.body.product.urlSlug).toBe('sailcloth-bag-copy-2');
    expect(second.body.product.variants.map((variant) => variant.sku)).toEqual(['SB-S-NAVY-COPY-2', 'SB-L-NAVY-COPY-2']);

    const files = readdirSync(uploads).length;
    expect(files).toBeGreaterThan(0);
    expect((await owner.request('DELETE', `/api/admin/products/${original.id}`)).status).toBe(200);
    expect(readdirSync(uploads)).toHaveLength(files);
    expect((await new Visitor(server.url).get(assetUrl)).status).toBe(200);
    // a save that drops the image from one copy keeps the file the other shows
    const dropped = await owner.put(`/api/admin/products/${copy.id}`, { ...productInput({ title: copy.title, urlSlug: copy.urlSlug, variantOptions: copy.variantOptions, variants: copy.variants }), images: [] });
    expect(dropped.status, dropped.text).toBe(200);
    expect(readdirSync(uploads)).toHaveLength(files);
    // the last product showing it goes: so do its files
    expect((await owner.request('DELETE', `/api/admin/products/${second.body.product.id}`)).status).toBe(200);
    expect(existsSync(join(uploads, assetUrl.split('/').pop()!))).toBe(false);
    expect(readdirSync(uploads)).toHaveLength(0);
  });

  it("copies a digital product unlimited, without its download file, and says to upload it again, not to give it stock", async () => {
    const created = await owner.post<{ product: Product }>('/api/admin/products', productInput({
      title: 'Pattern PDF', urlSlug: 'pattern-pdf', productType: 'digital', variantOptions: [],
      variants: [{ sku: 'PDF-1', priceCents: 900, qtyInStock: 0, unlimited: true, attributes: {} }],
    }));
    expect(created.status, created.text).toBe(201);
    const sent = await upload(owner, `/api/admin/products/${created.body.product.id}/file`, { bytes: Buffer.from('%PDF-1.4 pattern'), name: 'pattern.pdf', type: 'application/pdf' }, {}, 'file');
    expect(sent.status).toBe(201);
    const copied = await duplicate(created.body.product.id);
    expect(copied.status, copied.text).toBe(201);
    expect(copied.body.message).toBe(ADMIN.server.productCopiedNoStockWithoutFile);
    expect(copied.body.product.file).toBeNull();
    expect(copied.body.product.variants[0]).toMatchObject({ sku: 'PDF-1-COPY', unlimited: true, qtyInStock: 0 });
  });

  it("makes every copy asked for at once under names of its own (on PostgreSQL two owners' copies once took one name and one answered 500)", async () => {
    const created = await owner.post<{ product: Product }>('/api/admin/products', productInput({
      title: 'Rope Basket', urlSlug: 'rope-basket', variantOptions: [],
      variants: [{ sku: 'RB-1', priceCents: 3000, qtyInStock: 3, attributes: {} }],
    }));
    expect(created.status, created.text).toBe(201);
    const copies = await Promise.all([1, 2, 3, 4].map(() => duplicate(created.body.product.id)));
    expect(copies.map((copy) => copy.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(copies.map((copy) => copy.body.product.urlSlug)).size).toBe(4);
    expect(new Set(copies.map((copy) => copy.body.product.variants[0]!.sku)).size).toBe(4);
  });

  it('refuses a bad id with 400 and an unknown product with 404', async () => {
    expect((await owner.post('/api/admin/products/no%20such/duplicate', {})).status).toBe(400);
    expect((await owner.post('/api/admin/products/0123456789abcdef01234567/duplicate', {})).status).toBe(404);
  });
});
