/**
 * The start's look at the shop's two folders (UPLOADS_DIR, PRODUCT_FILES_DIR) as set. One that is
 * not a folder (a regular file, or under one) would make every upload fail, so the start is
 * refused in one line, as it is for folders nested in each other (store-folders-apart.ts). One
 * that is a folder the process cannot write (a read-only mount, another user's) is a warning, not
 * a refusal: a shop may serve on purpose from folders it never writes (DATABASE_READONLY, a
 * replica given the uploads read-only), and its pages, images and downloads still work; only
 * uploads fail, each saying so (upload-folder-faults.ts).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { AppOptions } from './deps.ts';
import { fillMessage, serverMessages } from './messages.ts';
import { productFilesDir, uploadsDir } from './store-folders.ts';

interface StoreFolder {
  folder: string;
  setting: 'UPLOADS_DIR' | 'PRODUCT_FILES_DIR';
  what: string;
}

function storeFolders(options: AppOptions): StoreFolder[] {
  return [
    { folder: resolve(uploadsDir(options)), setting: 'UPLOADS_DIR', what: 'product images' },
    { folder: resolve(productFilesDir(options)), setting: 'PRODUCT_FILES_DIR', what: 'digital products\' files' },
  ];
}

/** The nearest path at or above `path` that exists, and whether it is a folder (links followed). */
function nearestExisting(path: string): { path: string; folder: boolean } {
  let stats;
  try {
    stats = statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    // ENOTDIR: a file above it; anything else (a folder not ours to look in) is left to the upload to say
    if ((error as NodeJS.ErrnoException).code !== 'ENOTDIR') return { path, folder: true };
  }
  if (stats !== undefined) return { path, folder: stats.isDirectory() };
  const parent = dirname(path);
  return parent === path ? { path, folder: true } : nearestExisting(parent);
}

/** Why the start must stop (a folder setting that names a file, or a path under one), or null. */
export function storeFolderNotAFolder(options: AppOptions): string | null {
  for (const { folder, setting, what } of storeFolders(options)) {
    const found = nearestExisting(folder);
    if (!found.folder) return fillMessage(serverMessages.storeFolderNotAFolder, { setting, folder, file: found.path, what });
  }
  return null;
}

/** One warning line (message and details) per folder the process cannot write, the nearest existing folder when it is not made yet. */
export function unwritableStoreFolders(
  options: AppOptions,
  /** Throws the file system's error when `path` cannot be written (another in tests: root writes any folder mode). */
  checkWritable: (path: string) => void = (path) => accessSync(path, constants.W_OK),
): { details: object; message: string }[] {
  const warnings: { details: object; message: string }[] = [];
  for (const { folder, setting, what } of storeFolders(options)) {
    const found = nearestExisting(folder);
    if (!found.folder) continue;
    try {
      checkWritable(found.path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EACCES';
      warnings.push({ details: { folder, setting, code }, message: fillMessage(serverMessages.storeFolderUnwritableLog, { setting, folder, code, what }) });
    }
  }
  return warnings;
}
