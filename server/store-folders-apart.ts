/**
 * The uploads folder is served at /uploads/; the product-files folder must never be. With one
 * inside the other (PRODUCT_FILES_DIR=data/uploads/files, or UPLOADS_DIR a folder above the
 * product files) a paid file sits where the public folder is, one mistake from being served, and
 * a cleanup of one folder would reach the other's files: the start is refused instead.
 */
import type { AppOptions } from './deps.ts';
import { fillMessage, serverMessages } from './messages.ts';
import { foldersOverlap } from './real-location.ts';
import { productFilesDir, uploadsDir } from './store-folders.ts';

/** Why the store's folders cannot be used as set (one inside the other), or null when they are apart. */
export function nestedStoreFoldersProblem(options: AppOptions): string | null {
  const uploads = uploadsDir(options);
  const productFiles = productFilesDir(options);
  if (!foldersOverlap(uploads, productFiles)) return null;
  return fillMessage(serverMessages.storeFoldersNested, { uploads, productFiles });
}
