import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import type { AppDeps } from '../deps.ts';
import {
  AdminProductRepository, ProductChangedError, SkuTakenError, StockChangedError, UnknownImageError, UnknownVariantError, UrlIdTakenError,
} from '../db/admin-product-repository.ts';
import { fillMessage } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { actorOf } from './admin-actor.ts';
import { fieldError, parseAdminInput, recordId } from './admin-validation.ts';
import { createProduct, updateProduct } from './write-product.ts';
import { imageUploadBody, removeUploadedImage, storeImage, uploadErrors } from './image-upload.ts';
import { uploadFolderError } from './upload-folder-faults.ts';
import { imageUploadTurn, uploadTurnOf } from './image-upload-turn.ts';
import { editorFileOf } from './product-file-calls.ts';
import { productFilesDir, uploadsDir } from '../store-folders.ts';
import { altTextSchema, productForEditor } from './product-input.ts';
import { checkProductInput } from './product-input-check.ts';
import { duplicateProduct } from './duplicate-product.ts';
import { removeProductFiles, removeProducts } from './product-removal.ts';
import { typeTakesStock } from '../../client/lib/product-stock.ts';

export const ADMIN_PRODUCTS = '/api/admin/products';

const productParams = z.object({ productId: recordId });

/** The database's refusals of a product write as field errors. */
function refusal(error: unknown): unknown {
  if (error instanceof UrlIdTakenError) return fieldError('urlSlug', ADMIN.server.urlIdTaken);
  if (error instanceof SkuTakenError) return fieldError(`variants.${error.index}.sku`, ADMIN.server.skuTaken);
  if (error instanceof UnknownVariantError) return new HttpError(404, ADMIN.server.variantNotFound);
  if (error instanceof UnknownImageError) return new HttpError(404, ADMIN.server.imageNotFound);
  if (error instanceof StockChangedError) return stockChangedRefusal(error);
  if (error instanceof ProductChangedError) return productChangedRefusal(error);
  return error;
}

/**
 * 409: the product was saved (or given an image) since the editor loaded it. Nothing is written;
 * the editor loads the newer product and keeps the owner's edits over it (ProductEditor.tsx).
 */
function productChangedRefusal(error: ProductChangedError): HttpError {
  return new HttpError(409, fillMessage(ADMIN.server.productChanged, { product: error.productTitle }), { currentRevision: error.currentRevision });
}

/**
 * 409: counts the owner changed changed in the store too. The answer names each variant with its
 * count now, marks its Stock field, and lists the counts for the editor to load.
 */
function stockChangedRefusal(error: StockChangedError): HttpError {
  const variants = error.variants.map((variant) => fillMessage(ADMIN.server.stockChangedVariant, { product: error.productTitle, sku: variant.sku, count: variant.qtyInStock }));
  return new HttpError(409, fillMessage(ADMIN.server.stockChanged, { variants: variants.join('; ') }), {
    fieldErrors: Object.fromEntries(error.variants.map((variant) => [`variants.${variant.index}.qtyInStock`, fillMessage(ADMIN.server.stockChangedField, { count: variant.qtyInStock })])),
    currentStock: error.variants.map((variant) => ({ variantId: variant.variantId, qtyInStock: variant.qtyInStock })),
  });
}

/** Products in the admin: create, read, edit, delete, image uploads (the list: product-list-calls.ts). */
export function createProductCalls(deps: AppDeps): Router {
  const router = Router();
  const canRead = requireOwner(deps, 'catalogue.read');
  const canEdit = requireOwner(deps, 'catalogue.edit');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');
  const imageUpload = createRateLimiter(deps, 'imageUpload');
  const imagesDir = uploadsDir(deps.options);
  const filesDir = productFilesDir(deps.options);
  // the editor's answer: the product, with the file a digital product delivers (product-file-calls.ts)
  const editorAnswer = async (product: Parameters<typeof productForEditor>[0]) => ({ product: { ...productForEditor(product), file: await editorFileOf(deps.store, product.id) } });

  router.post(ADMIN_PRODUCTS, canEdit, ownerWrite, async (req, res) => {
    // every problem at once, a SKU another product has among them (product-input-check.ts)
    const input = await checkProductInput(deps.store, req.body, null);
    const actor = await actorOf(deps, req);
    const now = Date.now();
    const created = await deps.store.transaction(async (tx) => {
      const id = await createProduct(tx, input, actor, now).catch((error: unknown) => {
        throw refusal(error);
      });
      return new AdminProductRepository(tx).findById(id);
    });
    res.status(201).json(await editorAnswer(created!));
  });

  router.get(`${ADMIN_PRODUCTS}/:productId`, canRead, async (req, res) => {
    const { productId } = parseAdminInput(productParams, req.params);
    const product = await new AdminProductRepository(deps.store).findById(productId);
    if (!product) throw new HttpError(404, ADMIN.server.productNotFound);
    res.json(await editorAnswer(product));
  });

  router.put(`${ADMIN_PRODUCTS}/:productId`, canEdit, ownerWrite, async (req, res) => {
    const { productId } = parseAdminInput(productParams, req.params);
    const input = await checkProductInput(deps.store, req.body, productId);
    const actor = await actorOf(deps, req);
    const now = Date.now();
    const { product, droppedImages } = await deps.store.transaction(async (tx) => {
      const products = new AdminProductRepository(tx);
      // locked: what the save keeps of the stored product is what it writes over
      const stored = await products.findForUpdate(productId);
      if (!stored) throw new HttpError(404, ADMIN.server.productNotFound);
      const imagesBefore = stored.images;
      await updateProduct(tx, stored, input, actor, now, input.revisionWhenLoaded).catch((error: unknown) => {
        throw refusal(error);
      });
      const saved = (await products.findById(productId))!;
      const kept = new Set(saved.images.map((image) => image.id));
      // a file another product shows (a duplicate's) stays
      return { product: saved, droppedImages: await products.filesNoLongerUsed(imagesBefore.filter((image) => !kept.has(image.id))) };
    });
    // files go only once the rows that named them are gone for good
    for (const image of droppedImages) removeUploadedImage(imagesDir, image.assetUrl);
    res.json(await editorAnswer(product));
  });

  router.delete(`${ADMIN_PRODUCTS}/:productId`, canEdit, ownerWrite, async (req, res) => {
    const { productId } = parseAdminInput(productParams, req.params);
    // its variants, images, download file, cart lines and restock requests go with it (product-removal.ts)
    const removed = await deps.store.transaction((tx) => removeProducts(tx, [productId]));
    if (removed.deleted === 0) throw new HttpError(404, ADMIN.server.productNotFound);
    removeProductFiles({ imagesDir, filesDir }, removed);
    res.json({ deleted: true, message: ADMIN.productDeleted });
  });

  // a hidden copy to make a new product from, opened in the editor (duplicate-product.ts)
  router.post(`${ADMIN_PRODUCTS}/:productId/duplicate`, canEdit, ownerWrite, async (req, res) => {
    const { productId } = parseAdminInput(productParams, req.params);
    const now = Date.now();
    const { product, fileNotCopied } = await deps.store.transaction(async (tx) => {
      const { id, fileNotCopied } = await duplicateProduct(tx, productId, now);
      return { product: (await new AdminProductRepository(tx).findById(id))!, fileNotCopied };
    });
    // a product that takes no stock (a download, a gift card) is not told to give its variants stock
    const message = typeTakesStock(product.productType)
      ? (fileNotCopied ? ADMIN.server.productCopiedWithoutFile : ADMIN.server.productCopied)
      : (fileNotCopied ? ADMIN.server.productCopiedNoStockWithoutFile : ADMIN.server.productCopiedNoStock);
    res.status(201).json({ ...(await editorAnswer(product)), message });
  });

  router.post(`${ADMIN_PRODUCTS}/:productId/images`, canEdit, imageUpload, imageUploadTurn(), imageUploadBody(), uploadErrors, async (req: Request, res: Response) => {
    const { productId } = parseAdminInput(productParams, req.params);
    const altText = parseAdminInput(z.object({ altText: altTextSchema }), { altText: (req.body as Record<string, unknown> | undefined)?.altText }).altText;
    const products = new AdminProductRepository(deps.store);
    if (!(await products.findById(productId))) throw new HttpError(404, ADMIN.server.productNotFound);
    const file = req.file;
    if (!file) throw new HttpError(400, ADMIN.server.imageMissing, { fieldErrors: { image: ADMIN.server.imageMissing } });
    // decoding a phone photo takes hundreds of MB: uploads take turns, their place taken before the file was read (image-work.ts)
    const stored = await uploadTurnOf(res).run(() => storeImage(imagesDir, file.buffer)).catch((error: unknown) => {
      throw uploadFolderError(error, { kind: 'image', folder: imagesDir, log: deps.log }) ?? error;
    });
    try {
      const { image, revision } = await deps.store.transaction((tx) => new AdminProductRepository(tx).addImage(productId, {
        assetUrl: stored.assetUrl, originalSize: stored.originalSize, altText, contentType: stored.contentType, byteSize: stored.byteSize,
      }, stored.copyWidths, stored.colorData));
      // the product's revision now: the editor that uploaded takes it as its own when it is the one after its own
      res.status(201).json({ image, revision });
    } catch (error) {
      stored.remove();
      throw error;
    }
  });

  return router;
}
