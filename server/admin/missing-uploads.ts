import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Store } from '../db/store.ts';
import type { AppOptions } from '../deps.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { productFilesDir, uploadsDir } from '../store-folders.ts';
import { storedFilePath } from './product-file-names.ts';
import { UPLOADS_URL } from './upload-names.ts';

/**
 * Uploaded images and digital products' files are files on disk that the store's rows name. A
 * server started on the rows without their folder (PostgreSQL without UPLOADS_DIR, a SQLite file
 * moved without its uploads) writes `<img src="/uploads/…">` whose files all 404, and says
 * nothing. At start-up a bounded sample of the rows is looked for in the folders in use, so the
 * start stays fast on a large shop; a folder missing part of its sample is said too, since a
 * folder copied in part breaks pages as surely.
 */
export const UPLOAD_SAMPLE_SIZE = 20;

/** The names the admin gives an uploaded image (24 hex digits and the type's extension). */
const UPLOADED_IMAGE_NAME = /^[0-9a-f]{24}\.[a-z]+$/;

export interface MissingUploads {
  /** The folder looked in, as an absolute path. */
  folder: string;
  /** The files of the sample looked for. */
  checked: number;
  /** Those not found there. */
  missing: number;
}

/** The sample of uploaded images the store names and how many of them the uploads folder lacks. */
export async function missingImages(store: Pick<Store, 'all'>, options: AppOptions): Promise<MissingUploads> {
  const rows = await store.all<{ asset_url: string }>(
    'SELECT asset_url FROM product_images WHERE asset_url LIKE ? ORDER BY id LIMIT ?',
    [`${UPLOADS_URL}%`, UPLOAD_SAMPLE_SIZE],
  );
  const folder = resolve(uploadsDir(options));
  const names = rows.map((row) => row.asset_url.slice(UPLOADS_URL.length)).filter((name) => UPLOADED_IMAGE_NAME.test(name));
  return { folder, checked: names.length, missing: names.filter((name) => !existsSync(resolve(folder, name))).length };
}

/** The sample of digital products' files the store names and how many of them the product-files folder lacks. */
export async function missingProductFiles(store: Pick<Store, 'all'>, options: AppOptions): Promise<MissingUploads> {
  const rows = await store.all<{ stored_name: string }>('SELECT stored_name FROM product_files ORDER BY product_id LIMIT ?', [UPLOAD_SAMPLE_SIZE]);
  const folder = resolve(productFilesDir(options));
  const paths = rows.map((row) => storedFilePath(folder, row.stored_name)).filter((path): path is string => path !== null);
  return { folder, checked: paths.length, missing: paths.filter((path) => !existsSync(path)).length };
}

/**
 * One line (its details and message) per folder whose sample has files missing, naming the folder
 * and the setting that points elsewhere, in the words of `when`: the server's start (restart) or
 * npm run backup (back up again). None when the store cannot be read now.
 */
export async function missingUploadsNotices(store: Pick<Store, 'all'>, options: AppOptions, when: 'start' | 'backup'): Promise<{ details: MissingUploads; message: string }[]> {
  const checks = [
    { find: missingImages, message: when === 'start' ? serverMessages.uploadsMissingLog : serverMessages.uploadsMissingInBackup },
    { find: missingProductFiles, message: when === 'start' ? serverMessages.productFilesMissingLog : serverMessages.productFilesMissingInBackup },
  ];
  const notices: { details: MissingUploads; message: string }[] = [];
  for (const { find, message } of checks) {
    let found: MissingUploads;
    try {
      found = await find(store, options);
    } catch {
      return notices;
    }
    if (found.missing > 0) notices.push({ details: found, message: fillMessage(message, { ...found }) });
  }
  return notices;
}

/**
 * Logs one warning per folder whose sample has files missing, naming the folder and the setting
 * that points elsewhere. Advice only: a store that cannot be read now says so on the first request.
 */
export async function warnOfMissingUploads(
  store: Store,
  options: AppOptions,
  log: { warn: (details: object, message: string) => void },
): Promise<void> {
  for (const { details, message } of await missingUploadsNotices(store, options, 'start')) log.warn(details, message);
}
