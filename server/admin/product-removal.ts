/**
 * Deleting products, one (the editor's Delete) or many (the list's bulk Delete), by one path so
 * that nothing is left behind: each product's variants, images, cart lines and restock requests,
 * and its download file (its buyers' links then say the file is gone). Image files and download
 * files leave the disk only once the transaction that removed their rows has committed, and an
 * image file another product still shows (a duplicate's, or the original of one) stays.
 */
import { AdminProductRepository, type AdminImage } from '../db/admin-product-repository.ts';
import { ProductFileRepository } from '../db/product-file-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { removeUploadedImage } from './image-upload.ts';
import { removeStoredFile } from './product-file-upload.ts';

/** What a removal leaves to take off the disk once it is committed. */
export interface RemovedProducts {
  /** How many of the products existed (and are gone). */
  deleted: number;
  /** Images whose files no product shows any more. */
  images: AdminImage[];
  /** The stored names of the products' download files. */
  storedFiles: string[];
}

/** Deletes the products' rows and everything that hangs on them; call inside a transaction. */
export async function removeProducts(tx: StoreSession, productIds: readonly string[]): Promise<RemovedProducts> {
  const storedFiles = await new ProductFileRepository(tx).removeMany(productIds);
  const products = new AdminProductRepository(tx);
  const { deleted, images } = await products.deleteMany(productIds);
  return { deleted, images: await products.filesNoLongerUsed(images), storedFiles };
}

/** Takes the removed products' files off the disk: call once their transaction has committed. */
export function removeProductFiles(folders: { imagesDir: string; filesDir: string }, removed: RemovedProducts): void {
  for (const image of removed.images) removeUploadedImage(folders.imagesDir, image.assetUrl);
  for (const storedFile of removed.storedFiles) removeStoredFile(folders.filesDir, storedFile);
}
