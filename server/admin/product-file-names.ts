import { join } from 'node:path';

/** A stored file's name in the product-files folder: random hex, nothing from the upload. */
const STORED_NAME = /^[0-9a-f]{32}$/;

/**
 * The path of a stored file in the folder, or null for a name the store never made. Apart from
 * the upload's code (multer, express), so npm run backup's check of the files the store names
 * (missing-uploads.ts) loads no more than it needs.
 */
export function storedFilePath(dir: string, storedName: string): string | null {
  return STORED_NAME.test(storedName) ? join(dir, storedName) : null;
}
