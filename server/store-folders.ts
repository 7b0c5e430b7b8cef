/**
 * Where the shop's files live beside its database: the uploaded product images and the files
 * digital products deliver. The server, the admin and npm run backup all ask here, so a backup
 * copies the very folders the shop writes to.
 */
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AppOptions } from './deps.ts';

/**
 * Where uploaded images live: options.uploadsDir, else an uploads folder beside the SQLite file
 * (the data directory); a store without a file of its own (in memory, or PostgreSQL without
 * UPLOADS_DIR) uses data/uploads.
 */
export function uploadsDir(options: AppOptions): string {
  if (options.uploadsDir) return options.uploadsDir;
  if (!options.databaseUrl && options.databasePath !== ':memory:') return join(dirname(options.databasePath), 'uploads');
  return options.databaseUrl ? join('data', 'uploads') : join(tmpdir(), 'storefront-uploads');
}

/**
 * Where digital products' files live: options.productFilesDir, else a product-files folder beside
 * the uploads folder (in the data directory). Unlike the uploads folder it is never served
 * statically: a file leaves it only through a buyer's download link (server/pages/download-pages.ts).
 */
export function productFilesDir(options: AppOptions): string {
  return options.productFilesDir ?? join(dirname(uploadsDir(options)), 'product-files');
}
