/**
 * A variant's own image: one of its product's, chosen in the editor's variant rows and kept with
 * the variant (migration 168); the product page gives it as the variant's mainImage, the
 * add-to-cart island turns the gallery to it and the cart line shows it. Removing the image
 * clears the variants that showed it; a copy of the product shows the copies of the images.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';
import { productInput, TINY_PNG, upload } from './admin-helpers.ts';

interface Variant { id: string; sku: string; priceCents: number; qtyInStock: number; unlimited: boolean; weightGrams: number; attributes: Record<string, string>; imageId: string | null }
interface EditorProduct { id: string; title: string; urlSlug: string; revision: number; variants: Variant[]; images: Array<{ id: string; assetUrl: string; altText: string }> }

let server: PlatformServer;
let owner: SiteUserVisitor;

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

/** A jacket in two sizes with two photos, the blue one and the green one. */
async function jacketWithTwoPhotos(slug: string): Promise<EditorProduct> {
  const created = await owner.post<{ product: EditorProduct }>('/api/admin/products', productInput({
    title: `Jacket ${slug}`, urlSlug: slug,
    variants: [
      { sku: `${slug}-S`, priceCents: 12000, qtyInStock: 3, attributes: { Size: 'S' } },
      { sku: `${slug}-M`, priceCents: 12000, qtyInStock: 2, attributes: { Size: 'M' } },
    ],
  }));
  expect(created.status, created.text).toBe(201);
  for (const altText of ['Blue', 'Green']) {
    const sent = await upload(owner, `/api/admin/products/${created.body.product.id}/images`, { bytes: TINY_PNG, name: `${altText}.png`, type: 'image/png' }, { altText });
    expect(sent.status).toBe(201);
  }
  return (await owner.get<{ product: EditorProduct }>(`/api/admin/products/${created.body.product.id}`)).body.product;
}

/** The editor's save with each variant's image as given (null: the product's first) and the images listed. */
function save(product: EditorProduct, imageIds: Array<string | null | undefined>, images = product.images) {
  return owner.put<{ product: EditorProduct; fieldErrors?: Record<string, string> }>(`/api/admin/products/${product.id}`, productInput({
    title: product.title, urlSlug: product.urlSlug, revisionWhenLoaded: product.revision,
    variants: product.variants.map((variant, index) => ({ ...variant, qtyInStockWhenLoaded: variant.qtyInStock, unlimitedWhenLoaded: variant.unlimited, imageId: imageIds[index] })),
    images: images.map((image) => ({ id: image.id, altText: image.altText })),
  }));
}

describe('a variant\'s own image', () => {
  it('is kept with the variant and given on the product page as its mainImage, the island and the cart line showing it', async () => {
    const jacket = await jacketWithTwoPhotos('variant-image-page');
    const [blue, green] = jacket.images;
    expect(jacket.variants.map((variant) => variant.imageId)).toEqual([null, null]);
    const saved = await save(jacket, [null, green!.id]);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.product.variants.map((variant) => variant.imageId)).toEqual([null, green!.id]);

    const page = await (await fetch(`${server.url}/shop/p/variant-image-page?format=json`)).json() as {
      item: { structuredContent: { variants: Array<{ sku: string; mainImageId?: string; mainImage?: { id: string; assetUrl: string; altText: string } }> } };
    };
    const [small, medium] = page.item.structuredContent.variants;
    // none of its own: as before, nothing on the variant (the product's first image stands for it)
    expect(small!.mainImage).toBeUndefined();
    expect(medium!.mainImageId).toBe(green!.id);
    expect(medium!.mainImage).toMatchObject({ id: green!.id, assetUrl: green!.assetUrl, altText: 'Green' });
    // the island's props name the variant's image for the gallery to turn to, and only that one
    const html = await (await fetch(`${server.url}/shop/p/variant-image-page`)).text();
    const props = /<div data-island="AddToCart" data-props='([^']*)'>/.exec(html);
    expect(props, 'the add-to-cart island is on the page').not.toBeNull();
    const json = props![1]!.replace(/&(quot|#39|lt|gt|amp);/g, (_, name: string) => ({ quot: '"', '#39': "'", lt: '<', gt: '>', amp: '&' })[name]!);
    const islandVariants = (JSON.parse(json) as { variants: Array<{ imageUrl: string | null }> }).variants;
    // the gallery island is told whose variants it follows
    expect(html).toContain(`product-gallery-${jacket.id}`);
    expect(islandVariants.map((variant) => variant.imageUrl)).toEqual([null, green!.assetUrl]);

    // the cart line shows the variant's image, or the product's first where it has none
    const shopper = await new Visitor(server.url).start();
    for (const sku of ['variant-image-page-S', 'variant-image-page-M']) {
      expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: jacket.id, sku, quantity: 1, additionalFields: null })).status).toBe(200);
    }
    const cart = await shopper.get<{ entries: Array<{ chosenVariant: { sku: string }; imageUrl: string | null }> }>('/api/commerce/shopping-cart');
    const lineImage = (sku: string) => cart.body.entries.find((entry) => entry.chosenVariant.sku === sku)?.imageUrl;
    expect(lineImage('variant-image-page-S')).toBe(blue!.assetUrl);
    expect(lineImage('variant-image-page-M')).toBe(green!.assetUrl);
  });

  it('is refused when it is not among the images the save keeps, and cleared when its image is removed', async () => {
    const jacket = await jacketWithTwoPhotos('variant-image-removed');
    const [blue, green] = jacket.images;
    const other = await jacketWithTwoPhotos('variant-image-other');
    // another product's image, or one the same save removes: said under the variant's field, nothing written
    const foreign = await save(jacket, [other.images[0]!.id, null]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.fieldErrors?.['variants.0.imageId']).toBe(ADMIN.server.variantImageNotKept);
    const removedToo = await save(jacket, [null, green!.id], [blue!]);
    expect(removedToo.status).toBe(400);
    expect(removedToo.body.fieldErrors?.['variants.1.imageId']).toBe(ADMIN.server.variantImageNotKept);

    const saved = await save(jacket, [green!.id, green!.id]);
    expect(saved.status, saved.text).toBe(200);
    // a save without the variant's image (an import, a script) keeps it
    const withoutImage = await owner.put<{ product: EditorProduct }>(`/api/admin/products/${jacket.id}`, productInput({
      title: jacket.title, urlSlug: jacket.urlSlug,
      variants: saved.body.product.variants.map(({ imageId: _imageId, ...variant }) => variant),
    }));
    expect(withoutImage.body.product.variants.map((variant) => variant.imageId)).toEqual([green!.id, green!.id]);
    // the green photo removed: both variants show the product's first again
    const removed = await save(withoutImage.body.product, [undefined, undefined], [blue!]);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.product.variants.map((variant) => variant.imageId)).toEqual([null, null]);
  });

  it('goes with a copy of the product, as the copy of its image', async () => {
    const jacket = await jacketWithTwoPhotos('variant-image-copied');
    expect((await save(jacket, [null, jacket.images[1]!.id])).status).toBe(200);
    const copied = await owner.post<{ product: EditorProduct }>(`/api/admin/products/${jacket.id}/duplicate`, {});
    expect(copied.status, copied.text).toBe(201);
    const copy = copied.body.product;
    expect(copy.variants.map((variant) => variant.imageId)).toEqual([null, copy.images[1]!.id]);
    expect(copy.images[1]!.id).not.toBe(jacket.images[1]!.id);
  });
});
