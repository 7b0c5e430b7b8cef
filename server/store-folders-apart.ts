/**
 * The uploads folder is served at /uploads/; the product-files folder must never be. With one
 * inside the other (PRODUCT_FILES_DIR=data/uploads/files, or UPLOADS_DIR a folder above the
 * product files) a paid file sits where the public folder is, one mistake from being served, and
 * a cleanup of one folder would reach the other's files: the start is refused instead.
 */
import { realpathSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, isAbsolute } from 'node:path';
import type { AppOptions } from './deps.ts';
import { fillMessage, serverMessages } from './messages.ts';
import { productFilesDir, uploadsDir } from './store-folders.ts';

/**
 * `path` with every link in its folders followed: the real path of the nearest folder above it
 * that exists, and the rest as written (a folder made only at the first upload may not exist yet).
 */
function realPathOf(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : join(realPathOf(parent), basename(absolute));
  }
}

/** True when `inner` is `outer` or a path inside it. */
function isWithin(inner: string, outer: string): boolean {
  const path = relative(outer, inner);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}

/** Why the store's folders cannot be used as set (one inside the other), or null when they are apart. */
export function nestedStoreFoldersProblem(options: AppOptions): string | null {
  const uploads = uploadsDir(options);
  const productFiles = productFilesDir(options);
  const realUploads = realPathOf(uploads);
  const realProductFiles = realPathOf(productFiles);
  if (!isWithin(realProductFiles, realUploads) && !isWithin(realUploads, realProductFiles)) return null;
  return fillMessage(serverMessages.storeFoldersNested, { uploads, productFiles });
}
