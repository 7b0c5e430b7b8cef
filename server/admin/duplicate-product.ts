/**
 * A copy of a product for the owner to change into a new one: hidden, named "<title> (copy)", with
 * its description, summary, type, categories, tags, options, extra-fields form and images, and its
 * variants with new SKUs ("-COPY", "-COPY-2"…) and no stock (0 counted, or unlimited where the
 * original variant is or the type takes no stock). Its images show the same stored files (the
 * delete and save calls remove a file only once no product shows it); a digital product's file is
 * not copied, as each file is removed with its product: the answer says to upload it again.
 */
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { typeTakesStock } from '../../client/lib/product-stock.ts';
import { AdminProductRepository } from '../db/admin-product-repository.ts';
import { ProductFileRepository } from '../db/product-file-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { HttpError } from '../security/http-error.ts';

const MAX_TITLE = 200;
const MAX_SKU = 64;
const MAX_SLUG = 100;

/** The first of base+suffix, base+suffix-2… that `taken` refuses not, the base cut so the whole fits `max`. */
async function firstFree(base: string, suffix: string, max: number, taken: (candidate: string) => Promise<boolean>): Promise<string> {
  for (let n = 1; ; n++) {
    const tail = n === 1 ? suffix : `${suffix}-${n}`;
    const candidate = `${base.slice(0, max - tail.length)}${tail}`;
    if (!(await taken(candidate))) return candidate;
  }
}

/** The copy's id, and whether the original had a download file the copy lacks; 404 for an unknown product. Call inside a transaction. */
export async function duplicateProduct(tx: StoreSession, productId: string, now: number): Promise<{ id: string; fileNotCopied: boolean }> {
  const products = new AdminProductRepository(tx);
  // held until the copy commits: two copies of one product asked at once (two owners, two
  // processes) take their names one after the other, and a delete of it waits
  const original = await products.findForUpdate(productId);
  if (!original) throw new HttpError(404, ADMIN.server.productNotFound);
  const suffix = ADMIN.copyTitleSuffix;
  const title = `${original.title.slice(0, MAX_TITLE - suffix.length)}${suffix}`;
  const urlId = await firstFree(original.urlId, '-copy', MAX_SLUG, (slug) => products.urlIdInUse(original.collectionId, slug));
  // SKUs of this copy are taken too as they are chosen, so two variants never get the same one
  const chosen = new Set<string>();
  const skuTaken = async (sku: string) => chosen.has(sku) || (await products.skuInUse(sku));
  const takesStock = typeTakesStock(original.productType);
  const variants = [];
  for (const variant of original.variants) {
    const sku = await firstFree(variant.sku, '-COPY', MAX_SKU, skuTaken);
    chosen.add(sku);
    // the variant's image is the copy's, given once the images are copied
    variants.push({ ...variant, id: undefined, imageId: undefined, sku, qtyInStock: 0, unlimited: !takesStock || variant.unlimited });
  }
  const { id, variantIds } = await products.create(original.collectionId, {
    urlId, title, body: original.body, excerpt: original.excerpt, productType: original.productType, visible: false,
    additionalFieldsFormId: original.additionalFieldsFormId, data: structuredClone(original.data), variants,
  }, now);
  const imageCopies = await products.copyImages(productId, id);
  for (const [index, variant] of original.variants.entries()) {
    if (variant.imageId !== null) await products.setVariantImage(variantIds[index]!, imageCopies.get(variant.imageId) ?? null);
  }
  return { id, fileNotCopied: (await new ProductFileRepository(tx).find(productId)) !== undefined };
}
