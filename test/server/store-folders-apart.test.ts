/**
 * The uploads folder (served at /uploads/) and the product-files folder (never served) must be
 * apart: either inside the other, as written or through a symbolic link, and whether or not the
 * folders exist yet, stops the start with the catalogue's one line (server/main.ts logs it and
 * exits 78; test/server/hardening/cannot-serve.test.ts runs it).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { fillMessage, serverMessages } from '../../server/messages.ts';
import { nestedStoreFoldersProblem } from '../../server/store-folders-apart.ts';

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'store-folders-apart-'));
  mkdirSync(join(root, 'data', 'uploads'), { recursive: true });
  // a link elsewhere that leads into the uploads folder
  symlinkSync(join(root, 'data', 'uploads'), join(root, 'public'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const refusal = (uploads: string, productFiles: string) => fillMessage(serverMessages.storeFoldersNested, { uploads, productFiles });
/** The refusal of the folders these settings name, or null. */
const problemOf = (env: NodeJS.ProcessEnv) => nestedStoreFoldersProblem(readConfig(env).options);

describe('the uploads and product-files folders', () => {
  it('refuses the product files inside the uploads folder, existing or not yet', () => {
    const uploads = join(root, 'data', 'uploads');
    for (const productFiles of [join(uploads, 'files'), join(uploads, 'not', 'yet', 'made'), uploads]) {
      expect(problemOf({ UPLOADS_DIR: uploads, PRODUCT_FILES_DIR: productFiles })).toBe(refusal(uploads, productFiles));
    }
  });

  it('refuses the uploads folder inside the product files', () => {
    const productFiles = join(root, 'data');
    const uploads = join(root, 'data', 'uploads');
    expect(problemOf({ UPLOADS_DIR: uploads, PRODUCT_FILES_DIR: productFiles })).toBe(refusal(uploads, productFiles));
  });

  it('follows symbolic links: product files under a link into the uploads folder are inside it', () => {
    const uploads = join(root, 'data', 'uploads');
    const productFiles = join(root, 'public', 'files');
    expect(problemOf({ UPLOADS_DIR: uploads, PRODUCT_FILES_DIR: productFiles })).toBe(refusal(uploads, productFiles));
  });

  it('takes folders side by side, and the defaults', () => {
    expect(problemOf({ UPLOADS_DIR: join(root, 'data', 'uploads'), PRODUCT_FILES_DIR: join(root, 'data', 'uploads-files') })).toBeNull();
    expect(problemOf({})).toBeNull();
    expect(problemOf({ DATABASE_PATH: join(root, 'data', 'store.db') })).toBeNull();
    expect(problemOf({ UPLOADS_DIR: join(root, 'public') })).toBeNull();
  });
});
