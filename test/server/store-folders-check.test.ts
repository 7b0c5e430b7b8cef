/**
 * The start's look at the shop's folders: a setting that names a file stops the start (tested
 * through the server in hardening/cannot-serve.test.ts); a folder the process cannot write is a
 * warning naming it and its setting, and one not made yet is judged by the folder it will be made in.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storeFolderNotAFolder, unwritableStoreFolders } from '../../server/store-folders-check.ts';

const dir = mkdtempSync(join(tmpdir(), 'store-folders-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const options = (uploadsDir: string, productFilesDir: string) => ({ databasePath: join(dir, 'store.db'), uploadsDir, productFilesDir });

describe('the shop folders at start', () => {
  it('takes folders, and folders not made yet, as they are', () => {
    mkdirSync(join(dir, 'uploads'));
    expect(storeFolderNotAFolder(options(join(dir, 'uploads'), join(dir, 'not', 'made', 'yet')))).toBeNull();
    expect(unwritableStoreFolders(options(join(dir, 'uploads'), join(dir, 'not', 'made', 'yet')))).toEqual([]);
  });

  it('names a setting that is a file', () => {
    writeFileSync(join(dir, 'a-file'), 'x');
    expect(storeFolderNotAFolder(options(join(dir, 'a-file'), join(dir, 'files')))).toMatch(/^UPLOADS_DIR \(.*a-file\) is not a folder/);
  });

  it('warns of a folder the process cannot write, naming it, its setting and the code', () => {
    const readOnly = join(dir, 'read-only');
    mkdirSync(readOnly);
    const refuse = (path: string) => {
      if (path === readOnly) throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
    };
    const warnings = unwritableStoreFolders(options(join(dir, 'uploads'), readOnly), refuse);
    expect(warnings).toEqual([{
      details: { folder: readOnly, setting: 'PRODUCT_FILES_DIR', code: 'EROFS' },
      message: expect.stringMatching(/^PRODUCT_FILES_DIR \(.*read-only\) cannot be written by this server process \(EROFS\)/) as unknown,
    }]);
    // a folder not made yet is made in the one above it: that one is asked
    expect(unwritableStoreFolders(options(join(readOnly, 'uploads'), join(dir, 'files')), refuse)).toHaveLength(1);
  });
});
