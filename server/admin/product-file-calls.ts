import { rmSync } from 'node:fs';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { PRODUCT_TYPE } from '../commerce/pricing.ts';
import { AdminProductRepository } from '../db/admin-product-repository.ts';
import { ProductFileRepository, type ProductFileRecord } from '../db/product-file-repository.ts';
import type { StoreSession } from '../db/store.ts';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../security/http-error.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { actorOf } from './admin-actor.ts';
import { parseAdminInput, recordId } from './admin-validation.ts';
import { cleanContentType, cleanFileName, fileSha256, maxProductFileBytes, productFileBody, productFileErrors, removeStoredFile } from './product-file-upload.ts';
import { productFileUploadRoom } from './product-file-upload-room.ts';
import { productFilesDir } from '../store-folders.ts';

const productParams = z.object({ productId: recordId });

/** A product's file, under the admin's product calls (ADMIN_PRODUCTS in product-calls.ts). */
export const PRODUCT_FILE_PATH = '/api/admin/products/:productId/file';

/** The file of a product as the editor shows it; null for none. */
export function productFileView(file: ProductFileRecord | undefined): { fileName: string; byteSize: number; uploadedOn: number } | null {
  return file ? { fileName: file.fileName, byteSize: file.byteSize, uploadedOn: file.uploadedOn } : null;
}

/** The editor's view of a product's file, read through `session`. */
export async function editorFileOf(session: StoreSession, productId: string): Promise<ReturnType<typeof productFileView>> {
  return productFileView(await new ProductFileRepository(session).find(productId));
}

/** 404 for a product the store does not have, 409 for one that is not digital. */
async function digitalProduct(session: StoreSession, productId: string): Promise<void> {
  const product = await new AdminProductRepository(session).findById(productId);
  if (!product) throw new HttpError(404, ADMIN.server.productNotFound);
  if (product.productType !== PRODUCT_TYPE.DIGITAL) throw new HttpError(409, ADMIN.server.productFileNotDigital);
}

/**
 * The file a digital product delivers to its buyers: upload (one file, replacing the one it had)
 * and remove. The old file leaves the folder only once the row naming the new one (or none) is
 * committed, so a failed write never leaves a product pointing at a deleted file.
 */
export function createProductFileCalls(deps: AppDeps): Router {
  const router = Router();
  const canEdit = requireOwner(deps, 'catalogue.edit');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');
  const dir = productFilesDir(deps.options);

  // the product is checked before its file is read: a 100 MB upload to the wrong product is refused at once
  const productFirst = async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    const { productId } = parseAdminInput(productParams, req.params);
    await digitalProduct(deps.store, productId);
    next();
  };

  // a place among the uploads in flight and room on the disk, both before the file is read
  const room = productFileUploadRoom(dir, { maxBytes: maxProductFileBytes(deps.options) });

  router.post(PRODUCT_FILE_PATH, canEdit, ownerWrite, productFirst, room, productFileBody(deps.options), productFileErrors(deps.options, deps.log), async (req: Request, res: Response) => {
    const { productId } = parseAdminInput(productParams, req.params);
    const upload = req.file;
    if (!upload) throw new HttpError(400, ADMIN.server.productFileMissing, { fieldErrors: { file: ADMIN.server.productFileMissing } });
    try {
      const actor = await actorOf(deps, req);
      const record: ProductFileRecord = {
        productId,
        storedName: upload.filename,
        fileName: cleanFileName(upload.originalname),
        contentType: cleanContentType(upload.mimetype),
        byteSize: upload.size,
        sha256: await fileSha256(upload.path),
        uploadedOn: Date.now(),
        uploadedBy: actor,
      };
      const replaced = await deps.store.transaction(async (tx) => {
        // again under the transaction: the product may have been deleted or changed type meanwhile
        await digitalProduct(tx, productId);
        return new ProductFileRepository(tx).replace(record);
      });
      removeStoredFile(dir, replaced);
      res.status(201).json({ file: productFileView(record) });
    } catch (error) {
      rmSync(upload.path, { force: true });
      throw error;
    }
  });

  router.delete(PRODUCT_FILE_PATH, canEdit, ownerWrite, async (req, res) => {
    const { productId } = parseAdminInput(productParams, req.params);
    const removed = await deps.store.transaction(async (tx) => {
      if (!(await new AdminProductRepository(tx).findById(productId))) throw new HttpError(404, ADMIN.server.productNotFound);
      return new ProductFileRepository(tx).remove(productId);
    });
    if (removed === null) throw new HttpError(404, ADMIN.server.productFileNotFound);
    removeStoredFile(dir, removed);
    res.json({ file: null });
  });

  return router;
}
