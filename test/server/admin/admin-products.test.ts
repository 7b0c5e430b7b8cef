import { mkdtempSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';
import { productInput, TINY_PNG, upload } from './admin-helpers.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;
let uploads: string;
beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'admin-uploads-'));
  server = await startPlatformServer({ uploadsDir: uploads });
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
  rmSync(uploads, { recursive: true, force: true });
});

interface SavedProduct {
  id: string;
  urlSlug: string;
  variants: Array<{ id: string; sku: string; priceCents: number; qtyInStock: number; weightGrams: number; attributes: Record<string, string> }>;
  images: Array<{ id: string; assetUrl: string; altText: string; originalSize?: string }>;
}

describe('the admin shell at /config', () => {
  it('shows the sign-in form to a visitor, server-rendered', async () => {
    const page = await new Visitor(server.url).get('/config');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('<label for=');
    expect(page.text).toMatch(/>Email<\/label>/);
    expect(page.text).toMatch(/>Password<\/label>/);
    expect(page.text).toMatch(/<button type="submit"[^>]*>Sign in<\/button>/);
  });

  it('shows the owner the screens and never the storefront islands', async () => {
    const page = await owner.get('/config/products');
    expect(page.status).toBe(200);
    expect(page.text).toContain('aria-current="page"');
    expect(page.text).toContain('>Products<');
    expect(page.text).not.toContain('data-island=');
  });

  it('refuses a shopper account with 403 and a plain message', async () => {
    const shopper = await server.signInShopper();
    const page = await shopper.get('/config');
    expect(page.status).toBe(403);
    expect(page.text).toContain('no access to the store admin');
  });
});

describe('products', () => {
  let product: SavedProduct;

  it('creates a product with two variants and shows it on /shop and its page at once', async () => {
    const created = await owner.post<{ product: SavedProduct }>('/api/admin/products', productInput());
    expect(created.status, created.text).toBe(201);
    product = created.body.product;
    expect(product.urlSlug).toBe('harbour-jacket');
    expect(product.variants.map((variant) => [variant.sku, variant.qtyInStock, variant.weightGrams])).toEqual([['HJ-S', 3, 900], ['HJ-M', 2, 950]]);
    const shop = await new Visitor(server.url).get('/shop');
    expect(shop.text).toContain('Harbour Jacket');
    const page = await new Visitor(server.url).get('/shop/p/harbour-jacket');
    expect(page.status).toBe(200);
    expect(page.text).toContain('$120.00');
    expect(page.text).toContain('Lined with wool.');
    // no picture yet: the card and the page keep the picture's frame, with no empty image in it
    const card = /<article class="product-card[^"]*" data-item-id="[^"]*"[^>]*>[\s\S]*?Harbour Jacket[\s\S]*?<\/article>/.exec(shop.text)?.[0] ?? '';
    expect(card).toContain('class="product-card-image"');
    expect(card).not.toContain('<img');
    expect(page.text).not.toContain('src=""');
  });

  it('edits the price and the storefront shows the new one on the next request', async () => {
    const input = productInput({ variants: product.variants.map((variant) => ({ ...variant, priceCents: 9900 })) });
    const saved = await owner.put<{ product: SavedProduct }>(`/api/admin/products/${product.id}`, input);
    expect(saved.status, saved.text).toBe(200);
    const page = await new Visitor(server.url).get('/shop/p/harbour-jacket');
    expect(page.text).toContain('$99.00');
    expect(page.text).not.toContain('$120.00');
  });

  it('renames an option value, reorders, adds and removes variants, keeping ids of the kept ones', async () => {
    const [small, medium] = product.variants;
    const input = productInput({
      variantOptions: ['Size'],
      variants: [
        { ...medium, attributes: { Size: 'Medium' } },
        { sku: 'HJ-L', priceCents: 9900, qtyInStock: 1, attributes: { Size: 'L' } },
      ],
    });
    const saved = await owner.put<{ product: SavedProduct }>(`/api/admin/products/${product.id}`, input);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.product.variants.map((variant) => variant.sku)).toEqual(['HJ-M', 'HJ-L']);
    expect(saved.body.product.variants[0]!.id).toBe(medium!.id);
    expect(saved.body.product.variants[0]!.attributes).toEqual({ Size: 'Medium' });
    expect(saved.body.product.variants.some((variant) => variant.id === small!.id)).toBe(false);
    product = saved.body.product;
  });

  it('makes a SKU for each variant left without one, unlike any other', async () => {
    const created = await owner.post<{ product: SavedProduct }>('/api/admin/products', productInput({
      title: 'Plain Tote', urlSlug: '',
      variantOptions: ['Colour'],
      variants: [
        { sku: '', priceCents: 3000, qtyInStock: 1, attributes: { Colour: 'Sand' } },
        { sku: ' ', priceCents: 3000, qtyInStock: 1, attributes: { Colour: 'Ink' } },
        { sku: 'PT-CLAY', priceCents: 3000, qtyInStock: 1, attributes: { Colour: 'Clay' } },
      ],
    }));
    expect(created.status, created.text).toBe(201);
    const skus = created.body.product.variants.map((variant) => variant.sku);
    expect(skus[0]).toMatch(/^SQ\d{7}$/);
    expect(skus[1]).toMatch(/^SQ\d{7}$/);
    expect(skus[0]).not.toBe(skus[1]);
    expect(skus[2]).toBe('PT-CLAY');
    // Kept on the next save, and a variant added then gets its own.
    const next = created.body.product.variants.map((variant) => ({ ...variant }));
    next.push({ ...next[0]!, id: undefined as unknown as string, sku: '', attributes: { Colour: 'Moss' } });
    const saved = await owner.put<{ product: SavedProduct }>(`/api/admin/products/${created.body.product.id}`, productInput({ title: 'Plain Tote', variantOptions: ['Colour'], variants: next }));
    expect(saved.status, saved.text).toBe(200);
    const savedSkus = saved.body.product.variants.map((variant) => variant.sku);
    expect(savedSkus.slice(0, 3)).toEqual(skus);
    expect(savedSkus[3]).toMatch(/^SQ\d{7}$/);
    expect(new Set(savedSkus).size).toBe(4);
    expect((await owner.delete(`/api/admin/products/${created.body.product.id}`)).status).toBe(200);
  });

  it("names each field's problem in the owner's words, never the validation library's", async () => {
    const refused = await owner.post<{ fieldErrors: Record<string, string> }>('/api/admin/products', productInput({
      title: '   ',
      productType: 'furniture',
      categories: ['x'.repeat(61)],
      variants: [
        { sku: 'A', priceCents: null, qtyInStock: 2.5, attributes: { Size: 'S' } },
        { sku: 'B', priceCents: -1, qtyInStock: 2_000_000, attributes: { Size: 'M' } },
        { sku: 'C', priceCents: 200_000_000, qtyInStock: 1, attributes: { Size: 'L' } },
      ],
    }));
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      title: 'Fill in this field.',
      productType: 'Choose one of the options.',
      'categories.0': 'Use at most 60 characters.',
      'variants.0.priceCents': 'Enter an amount, such as 12.50.',
      'variants.0.qtyInStock': 'Enter a whole number.',
      'variants.1.priceCents': 'An amount cannot be below 0.',
      'variants.1.qtyInStock': 'Enter 1,000,000 or less.',
      'variants.2.priceCents': 'That amount is too large.',
    });
    const none = await owner.post<{ fieldErrors: Record<string, string> }>('/api/admin/products', productInput({ variants: [] }));
    expect(none.body.fieldErrors).toEqual({ variants: 'Add at least 1.' });
  });

  it('names an option given twice as that, not as variants alike or values missing', async () => {
    // "Size, Size" typed in Options: each variant's values are then keyed by one name
    const refused = await owner.post<{ fieldErrors: Record<string, string> }>('/api/admin/products', productInput({
      variantOptions: ['Size', 'Size'],
      variants: [
        { sku: 'T-S', priceCents: 1200, qtyInStock: 1, attributes: { Size: 'S' } },
        { sku: 'T-M', priceCents: 1200, onSale: true, qtyInStock: 1, attributes: { Size: 'M' } },
      ],
    }));
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      variantOptions: 'Give each option a name of its own: Size is named twice.',
      // the variants' other problems are still named
      'variants.1.salePriceCents': 'Enter the sale price, or untick On sale.',
    });
  });

  it('refuses a variant on sale without a sale price, which would sell it for nothing', async () => {
    for (const sale of [{ salePriceCents: 0 }, {}]) {
      const refused = await owner.post<{ fieldErrors: Record<string, string> }>('/api/admin/products', productInput({
        title: 'Free Lunch',
        variants: [
          { sku: 'FL-S', priceCents: 1500, onSale: false, qtyInStock: 1, attributes: { Size: 'S' } },
          { sku: 'FL-M', priceCents: 1500, onSale: true, ...sale, qtyInStock: 1, attributes: { Size: 'M' } },
        ],
      }));
      expect(refused.status, JSON.stringify(sale)).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ 'variants.1.salePriceCents': 'Enter the sale price, or untick On sale.' });
    }
    // a digital product is priced from its first variant, with the same rule
    const digital = await owner.post<{ fieldErrors: Record<string, string> }>('/api/admin/products', productInput({
      title: 'Free Guide', productType: 'digital', variantOptions: [],
      variants: [{ sku: 'FG-1', priceCents: 900, salePriceCents: 0, onSale: true, qtyInStock: 0, unlimited: true, attributes: {} }],
    }));
    expect(digital.body.fieldErrors).toEqual({ 'variants.0.salePriceCents': 'Enter the sale price, or untick On sale.' });
    expect((await new Visitor(server.url).get('/shop/p/free-lunch')).status).toBe(404);
  });

  it('lists and searches products with stock at a glance', async () => {
    const all = await owner.get<{ products: Array<{ title: string; stock: number | null }> }>('/api/admin/products');
    expect(all.body.products.length).toBeGreaterThan(10);
    const found = await owner.get<{ products: Array<{ title: string; stock: number | null; visible: boolean }> }>('/api/admin/products?q=harbour');
    expect(found.body.products).toEqual([expect.objectContaining({ title: 'Harbour Jacket', stock: 3, visible: true })]);
    const bySku = await owner.get<{ products: Array<{ title: string }> }>('/api/admin/products?q=hj-l');
    expect(bySku.body.products.map((row) => row.title)).toEqual(['Harbour Jacket']);
  });

  it('takes a product type as the list reads it (its code) as well as by its name', async () => {
    type Listed = { products: Array<{ id: string; title: string; productType: number }> };
    for (const [code, kind] of [[1, 'physical'], [2, 'digital'], [3, 'service']] as const) {
      const title = `Typed by code ${code}`;
      const made = await owner.post<{ product: { productType: string } }>('/api/admin/products', productInput({
        title, urlSlug: `typed-by-code-${code}`, variantOptions: [], variants: [{ sku: `CODE-${code}`, priceCents: 500, qtyInStock: 1, attributes: {} }], productType: code,
      }));
      expect(made.status, made.text).toBe(201);
      expect(made.body.product.productType).toBe(kind);
      const listed = await owner.get<Listed>(`/api/admin/products?q=${encodeURIComponent(title)}`);
      expect(listed.body.products).toEqual([expect.objectContaining({ title, productType: code })]);
    }
  });

  it('pages through a long list: every product once, in order, and says when another page follows', async () => {
    type Page = { products: Array<{ id: string }>; hasMore: boolean };
    const whole = await owner.get<Page>('/api/admin/products?limit=200');
    expect(whole.body.hasMore).toBe(false);
    const seen: string[] = [];
    for (let offset = 0; ; offset += 4) {
      const page = await owner.get<Page>(`/api/admin/products?limit=4&offset=${offset}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.products.map((row) => row.id));
      expect(page.body.hasMore).toBe(seen.length < whole.body.products.length);
      if (!page.body.hasMore) break;
    }
    expect(seen).toEqual(whole.body.products.map((row) => row.id));
    expect((await owner.get('/api/admin/products?limit=0')).status).toBe(400);
    expect((await owner.get('/api/admin/products?offset=-1')).status).toBe(400);
  });

  it('uploads an image sniffed from its bytes, serves it, and keeps alt text and order', async () => {
    const answer = await upload(owner, `/api/admin/products/${product.id}/images`, { bytes: TINY_PNG, name: 'photo.bin', type: 'application/octet-stream' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const image = answer.body.image as { id: string; assetUrl: string; originalSize: string; contentType: string };
    expect(image.originalSize).toBe('1x1');
    expect(image.contentType).toBe('image/png');
    expect(image.assetUrl).toMatch(/^\/uploads\/[0-9a-f]{24}\.png$/);
    const served = await fetch(`${server.url}${image.assetUrl}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(TINY_PNG);
    const second = await upload(owner, `/api/admin/products/${product.id}/images`, { bytes: TINY_PNG, name: 'b.png', type: 'image/png' });
    const secondId = (second.body.image as { id: string }).id;
    const input = productInput({ variants: product.variants, images: [{ id: secondId, altText: 'Back' }, { id: image.id, altText: 'Front' }] });
    const saved = await owner.put<{ product: SavedProduct }>(`/api/admin/products/${product.id}`, input);
    expect(saved.body.product.images.map((row) => row.altText)).toEqual(['Back', 'Front']);
    const page = await new Visitor(server.url).get('/shop/p/harbour-jacket');
    expect(page.text).toContain(image.assetUrl);
    // an image left out is deleted, its file too
    const fewer = await owner.put<{ product: SavedProduct }>(`/api/admin/products/${product.id}`, productInput({ variants: product.variants, images: [{ id: image.id, altText: 'Front' }] }));
    expect(fewer.body.product.images.map((row) => row.id)).toEqual([image.id]);
    expect(readdirSync(uploads)).toHaveLength(1);
    expect(existsSync(join(uploads, image.assetUrl.split('/').pop()!))).toBe(true);
  });

  it('hides a product from the shop, its page and search, keeping it in the admin, and shows it again', async () => {
    const saved = await owner.put<{ product: SavedProduct & { visible: boolean } }>(`/api/admin/products/${product.id}`, productInput({ variants: product.variants, visible: false }));
    expect(saved.body.product.visible).toBe(false);
    const found = await owner.get<{ products: Array<{ visible: boolean }> }>('/api/admin/products?q=harbour');
    expect(found.body.products[0]!.visible).toBe(false);
    const visitor = new Visitor(server.url);
    expect((await visitor.get('/shop')).text).not.toContain('Harbour Jacket');
    expect((await visitor.get('/shop/p/harbour-jacket')).status).toBe(404);
    expect((await visitor.get('/search?q=harbour')).text).not.toContain('Harbour Jacket');
    await owner.put(`/api/admin/products/${product.id}`, productInput({ variants: product.variants, visible: true }));
    expect((await visitor.get('/shop/p/harbour-jacket')).status).toBe(200);
  });

  it('creates each product type with a page that renders', async () => {
    const kinds = ['digital', 'service', 'giftCard', 'subscription'] as const;
    for (const [index, productType] of kinds.entries()) {
      const created = await owner.post<{ product: SavedProduct & { productType: string } }>('/api/admin/products', productInput({
        title: `Kind ${productType}`, productType, variantOptions: [],
        variants: [{ sku: `KIND-${index}`, priceCents: 2500, qtyInStock: 0, unlimited: true, attributes: {} }],
      }));
      expect(created.status, created.text).toBe(201);
      expect(created.body.product.productType).toBe(productType);
      const page = await new Visitor(server.url).get(`/shop/p/${created.body.product.urlSlug}`);
      expect(page.status, productType).toBe(200);
      expect(page.text).toContain('$25.00');
    }
  });

  it('opens and saves the seed\'s products as the shop sells them: a digital sale kept on the product alone, a service subscription', async () => {
    const store = server.app.deps.store;
    // a store seeded before the dye guide's variant carried its sale: the price was on the product alone
    await store.run("UPDATE variants SET sale_price_cents = 0, on_sale = 0 WHERE sku = 'SQ-DYE-GUIDE'");
    const saveAsLoaded = async (slug: string) => {
      const { id } = (await store.get<{ id: string }>('SELECT id FROM products WHERE url_id = ?', [slug]))!;
      const loaded = await owner.get<{ product: Record<string, unknown> & { images: Array<{ id: string; altText: string }>; variants: Array<Record<string, unknown>> } }>(`/api/admin/products/${id}`);
      const product = loaded.body.product;
      const saved = await owner.put(`/api/admin/products/${id}`, { ...product, images: product.images.map(({ id: imageId, altText }) => ({ id: imageId, altText })) });
      expect(saved.status, saved.text).toBe(200);
      return { id, variants: product.variants };
    };
    const guide = await saveAsLoaded('natural-dye-guide');
    // the editor showed the price the shop charges, and the save kept the sale
    expect(guide.variants[0]).toEqual(expect.objectContaining({ priceCents: 1800, salePriceCents: 1200, onSale: true }));
    expect((await new Visitor(server.url).get('/shop/p/natural-dye-guide')).text).toContain('$12.00');
    const flowers = await saveAsLoaded('weekly-flowers');
    const row = await store.get<{ product_type: number | string }>('SELECT product_type FROM products WHERE id = ?', [flowers.id]);
    // still a service: saved as a physical product it would ask the subscriber for a parcel's shipping
    expect(Number(row!.product_type)).toBe(3);
  });

  it('deletes a product with its images and the storefront forgets it', async () => {
    const deleted = await owner.request('DELETE', `/api/admin/products/${product.id}`);
    expect(deleted.status).toBe(200);
    expect((await owner.get(`/api/admin/products/${product.id}`)).status).toBe(404);
    expect((await new Visitor(server.url).get('/shop/p/harbour-jacket')).status).toBe(404);
    expect(readdirSync(uploads)).toHaveLength(0);
  });
});
