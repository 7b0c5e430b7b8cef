/**
 * The uploads folder (served at /uploads/) and the product-files folder (never served) must be
 * apart: either inside the other, as written or through a symbolic link, and whether or not the
 * folders exist yet, stops the start (readConfig throws the catalogue's one line).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { fillMessage, serverMessages } from '../../server/messages.ts';

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'store-folders-apart-'));
  mkdirSync(join(root, 'data', 'uploads'), { recursive: true });
  // a link elsewhere that leads into the uploads folder
  symlinkSync(join(root, 'data', 'uploads'), join(root, 'public'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const refusal = (uploads: string, productFiles: string) => fillMessage(serverMessages.storeFoldersNested, { uploads, productFiles });

describe('the uploads and product-files folders', () => {
  it('refuses the product files inside the uploads folder, existing or not yet', () => {
    const uploads = join(root, 'data', 'uploads');
    for (const productFiles of [join(uploads, 'files'), join(uploads, 'not', 'yet', 'made'), uploads]) {
      expect(() => readConfig({ UPLOADS_DIR: uploads, PRODUCT_FILES_DIR: productFiles })).toThrow(refusal(uploads, productFiles));
    }
  });

  it('refuses the uploads folder inside the product files', () => {
    const productFiles = join(root, 'data');
    const uploads = join(root, 'data', 'uploads');
    expect(() => readConfig({ UPLOADS_DIR: uploads, PRODUCT_FILES_DIR: productFiles })).toThrow(refusal(uploads, productFiles));
  });

  it('follows symbolic links: product files under a link into the uploads folder are inside it', () => {
    const uploads = join(root, 'data', 'uploads');
    const productFiles = join(root, 'public', 'files');
    expect(() => readConfig({ UPLOADS_DIR: uploads, PRODUCT_FILES_DIR: productFiles })).toThrow(refusal(uploads, productFiles));
  });

  it('takes folders side by side, and the defaults', () => {
    expect(readConfig({ UPLOADS_DIR: join(root, 'data', 'uploads'), PRODUCT_FILES_DIR: join(root, 'data', 'uploads-files') }).options.productFilesDir).toBe(join(root, 'data', 'uploads-files'));
    expect(() => readConfig({})).not.toThrow();
    expect(() => readConfig({ DATABASE_PATH: join(root, 'data', 'store.db') })).not.toThrow();
  });
});
