/**
 * The demo shop's download files: copied into the product-files folder and recorded as an owner's
 * upload records them (a random stored name, the cleaned file name, type, size and SHA-256), so
 * the demo's digital product delivers a real file from its first order.
 */
import { constants, copyFileSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cleanContentType, cleanFileName, fileSha256, newStoredName, storedFilePath } from '../admin/product-file-upload.ts';
import type { ProductFixture } from './fixture-schema.ts';
import type { ProductFileRecord } from './product-file-repository.ts';

/** Who a seeded file was "uploaded" by, in place of an account's email. */
export const SEED_UPLOADER = 'demo shop';

/** Files copied for a seed, with the rows that record them. */
export interface SeededProductFiles {
  records: ProductFileRecord[];
  /** Removes the copies: the seed did not commit (another process seeded first, or it failed). */
  discard(): void;
}

/**
 * Copies each product's seed file to `filesDir` under a new stored name, before the seed's
 * transaction: a row is never committed without its file. Several processes may seed at once; each
 * copies under its own names, and the losers discard theirs, so no stray is left in the folder.
 */
export async function copySeedProductFiles(products: readonly ProductFixture[], seedDir: string, filesDir: string, now: number): Promise<SeededProductFiles> {
  const copied: string[] = [];
  const discard = () => {
    for (const path of copied) rmSync(path, { force: true });
  };
  const records: ProductFileRecord[] = [];
  try {
    for (const product of products) {
      if (!product.downloadFile) continue;
      mkdirSync(filesDir, { recursive: true });
      const storedName = newStoredName();
      const path = storedFilePath(filesDir, storedName)!;
      // COPYFILE_EXCL: never over another file, were a name ever to repeat
      copyFileSync(join(seedDir, product.downloadFile.file), path, constants.COPYFILE_EXCL);
      copied.push(path);
      records.push({
        productId: product.id,
        storedName,
        fileName: cleanFileName(product.downloadFile.file),
        contentType: cleanContentType(product.downloadFile.contentType),
        byteSize: statSync(path).size,
        sha256: await fileSha256(path),
        uploadedOn: now,
        uploadedBy: SEED_UPLOADER,
      });
    }
  } catch (error) {
    discard();
    throw error;
  }
  return { records, discard };
}
