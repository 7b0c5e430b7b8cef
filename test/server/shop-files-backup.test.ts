/**
 * npm run backup copies the shop's files (uploaded images, digital products' files) with the
 * database, and npm run restore puts them back without losing a file added since; on PostgreSQL,
 * where the database is pg_dump's, the two commands copy and put back the files alone.
 */
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { backupCommand } from '../../server/commands/backup.ts';
import { progressLine } from '../../server/commands/progress-line.ts';
import { fillMessage, serverMessages } from '../../server/messages.ts';
import { backupShopFiles, copyFileWhole, restoreShopFiles } from '../../server/shop-files-backup.ts';
import { migratedPostgresUrl, ON_POSTGRES } from './helpers/test-database.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-files-backup-'));
  folders.push(dir);
  return dir;
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/**
 * A seeded SQLite store with an image (and its resized copy) in uploads/ and a product file in
 * product-files/, beside the demo guide's PDF the seed put there.
 */
async function storeWithFiles(): Promise<{ databasePath: string; uploads: string; productFiles: string; env: NodeJS.ProcessEnv }> {
  const databasePath = join(folder(), 'data', 'store.db');
  mkdirSync(dirname(databasePath), { recursive: true });
  await (await createApp({ databasePath, logLevel: 'silent', ownerPassword: 'files backup test password' })).close();
  const uploads = join(dirname(databasePath), 'uploads');
  const productFiles = join(dirname(databasePath), 'product-files');
  write(join(uploads, 'mug.jpg'), 'the mug photo');
  write(join(uploads, 'mug-300w.jpg'), 'the mug photo, smaller');
  write(join(productFiles, '0123456789abcdef0123456789abcdef'), 'the e-book');
  return { databasePath, uploads, productFiles, env: { DATABASE_PATH: databasePath, DATABASE_URL: '' } };
}

const count = (n: number): string => (n === 1 ? serverMessages.fileCountOne : fillMessage(serverMessages.fileCountMany, { count: n }));

describe('npm run backup and restore on SQLite', () => {
  it('backs up the uploads and product files into FILE.files beside the database copy, and says how many', async () => {
    const { databasePath, env } = await storeWithFiles();
    const target = join(folder(), 'backup.db');
    const said = await backupCommand(['backup', target], env);
    expect(said).toBe(fillMessage(serverMessages.backedUp, { path: databasePath, file: target, files: fillMessage(serverMessages.filesBackedUp, { count: count(4), folder: `${target}.files` }) }));
    expect(readdirSync(`${target}.files`).sort()).toEqual(['product-files', 'uploads']);
    expect(readFileSync(join(`${target}.files`, 'uploads', 'mug.jpg'), 'utf8')).toBe('the mug photo');
    expect(readFileSync(join(`${target}.files`, 'product-files', '0123456789abcdef0123456789abcdef'), 'utf8')).toBe('the e-book');
    // nothing half-done is left beside it
    expect(readdirSync(dirname(target)).sort()).toEqual(['backup.db', 'backup.db.files']);
  });

  it('restore puts lost files back, keeps a file added since, and leaves an identical file alone', async () => {
    const { databasePath, uploads, productFiles, env } = await storeWithFiles();
    const target = join(folder(), 'backup.db');
    await backupCommand(['backup', target], env);
    // after the backup: an image uploaded, the product files (the e-book and the seeded guide) lost, one image kept as it was
    write(join(uploads, 'added-later.png'), 'uploaded after the backup');
    rmSync(productFiles, { recursive: true });
    rmSync(join(uploads, 'mug-300w.jpg'));
    const untouched = statSync(join(uploads, 'mug.jpg')).ino;

    const said = await backupCommand(['restore', target], env);
    expect(said).toBe(fillMessage(serverMessages.restored, {
      path: databasePath, file: target,
      files: fillMessage(serverMessages.filesRestored, { count: count(3), unchanged: count(1), uploads, productFiles }),
    }));
    expect(readFileSync(join(productFiles, '0123456789abcdef0123456789abcdef'), 'utf8')).toBe('the e-book');
    expect(readFileSync(join(uploads, 'mug-300w.jpg'), 'utf8')).toBe('the mug photo, smaller');
    expect(readFileSync(join(uploads, 'added-later.png'), 'utf8')).toBe('uploaded after the backup');
    expect(statSync(join(uploads, 'mug.jpg')).ino).toBe(untouched);
    // no temporary names are left in the shop's folders
    expect(readdirSync(uploads).sort()).toEqual(['added-later.png', 'mug-300w.jpg', 'mug.jpg']);
  });

  it('restores a backup made before files were backed up (the database file alone), saying it held no files', async () => {
    const { databasePath, uploads, productFiles, env } = await storeWithFiles();
    const target = join(folder(), 'old-style.db');
    await backupCommand(['backup', target], env);
    rmSync(`${target}.files`, { recursive: true });
    const said = await backupCommand(['restore', target], env);
    expect(said).toBe(fillMessage(serverMessages.restored, { path: databasePath, file: target, files: fillMessage(serverMessages.backupHeldNoFiles, { uploads, productFiles }) }));
    expect(readdirSync(uploads).sort()).toEqual(['mug-300w.jpg', 'mug.jpg']);
  });

  it('a shop without files gets no files folder, and a backup written again over one with files drops the old files', async () => {
    const { uploads, productFiles, env } = await storeWithFiles();
    const target = join(folder(), 'again.db');
    await backupCommand(['backup', target], env);
    rmSync(uploads, { recursive: true });
    rmSync(productFiles, { recursive: true });
    const said = await backupCommand(['backup', target], env);
    expect(said).toContain(fillMessage(serverMessages.noFilesToBackUp, { uploads, productFiles }));
    expect(existsSync(`${target}.files`)).toBe(false);
  });
});

describe('a backup run without the server\'s folder settings', () => {
  it('warns, as the start does, that files the store names are not in the folder it looked in, so the backup lacks them', async () => {
    const { databasePath, uploads, env } = await storeWithFiles();
    // the server's PRODUCT_FILES_DIR was elsewhere: the folder the command looks in holds nothing
    const elsewhere = join(folder(), 'not-the-servers-product-files');
    const target = join(folder(), 'backup.db');
    const said = await backupCommand(['backup', target], { ...env, PRODUCT_FILES_DIR: elsewhere });
    const missing = fillMessage(serverMessages.productFilesMissingInBackup, { missing: 1, checked: 1, folder: elsewhere });
    expect(said).toBe(fillMessage(serverMessages.backedUp, {
      path: databasePath, file: target, files: `${fillMessage(serverMessages.filesBackedUp, { count: count(2), folder: `${target}.files` })}; ${missing}`,
    }));
    expect(missing).toMatch(/^1 of 1 digital product files the store names \(a sample\) are not in the product-files folder .*: set PRODUCT_FILES_DIR to the folder that holds them and run npm run backup again/);
    // the images are where the store names them (in uploads): nothing said of them
    expect(said).not.toContain(uploads + ',');
  });
});

describe('links that lead into or out of the shop\'s folders', () => {
  it('refuses a backup named through a link into the uploads folder, which would serve the database and the paid files to anyone', async () => {
    const { databasePath, uploads, env } = await storeWithFiles();
    const link = join(folder(), 'public');
    symlinkSync(uploads, link);
    const target = join(link, 'leak.db');
    await expect(backupCommand(['backup', target], env)).rejects.toThrow(fillMessage(serverMessages.backupFilesInShopFolder, { folder: `${target}.files`, shopFolder: uploads }));
    expect(readdirSync(uploads).sort()).toEqual(['mug-300w.jpg', 'mug.jpg']);
    expect(existsSync(databasePath)).toBe(true);
  });

  it('refuses a restore, before the database is touched, when a folder in the shop\'s folders is a link to elsewhere', async () => {
    const { databasePath, uploads, env } = await storeWithFiles();
    const target = join(folder(), 'backup.db');
    write(join(uploads, 'thumbs', 'small.jpg'), 'a small photo');
    await backupCommand(['backup', target], env);
    // the shop's thumbs folder is now a link to a folder outside it
    const outside = folder();
    write(join(outside, 'small.jpg'), 'not the shop\'s');
    rmSync(join(uploads, 'thumbs'), { recursive: true });
    symlinkSync(outside, join(uploads, 'thumbs'));
    const before = statSync(databasePath).mtimeMs;
    await expect(backupCommand(['restore', target], env)).rejects.toThrow(fillMessage(serverMessages.restoreLeadsOutside, { folder: join(uploads, 'thumbs'), shopFolder: uploads }));
    expect(readFileSync(join(outside, 'small.jpg'), 'utf8')).toBe('not the shop\'s');
    expect(statSync(databasePath).mtimeMs).toBe(before);
  });
});

describe('copying a file the server may be writing', () => {
  it('copies again a file that changed during its copy, so the backup never holds it half-written', () => {
    const dir = folder();
    const source = join(dir, 'arriving.bin');
    writeFileSync(source, 'first half');
    let changes = 0;
    const outcome = copyFileWhole(source, join(dir, 'copy', 'arriving.bin'), {
      copied: () => {
        if (changes++ === 0) appendFileSync(source, ', second half');
      },
    });
    expect(outcome).toBe('copied');
    expect(readFileSync(join(dir, 'copy', 'arriving.bin'), 'utf8')).toBe('first half, second half');
    expect(readdirSync(join(dir, 'copy'))).toEqual(['arriving.bin']);
  });

  it('leaves out a file that keeps changing, and the backup line says so', () => {
    const dir = folder();
    const shop = { uploads: join(dir, 'uploads'), 'product-files': join(dir, 'product-files') };
    write(join(shop.uploads, 'done.jpg'), 'done');
    write(join(shop['product-files'], 'still-arriving'), 'part');
    const target = join(dir, 'backup.db.files');
    const done = backupShopFiles(shop, target, undefined, {
      copied: (source) => {
        if (source.endsWith('still-arriving')) appendFileSync(source, ' and more');
      },
    });
    expect(done).toEqual({ copied: 1, leftOut: 1 });
    expect(readdirSync(join(target, 'uploads'))).toEqual(['done.jpg']);
    expect(existsSync(join(target, 'product-files', 'still-arriving'))).toBe(false);
    expect(existsSync(`${target}.partial`)).toBe(false);
  });

  it('an image uploaded while the backup runs is not lost when the backup is restored', () => {
    const dir = folder();
    const shop = { uploads: join(dir, 'uploads'), 'product-files': join(dir, 'product-files') };
    write(join(shop.uploads, 'before.jpg'), 'before');
    const target = join(dir, 'backup.db.files');
    backupShopFiles(shop, target, undefined, { copied: () => write(join(shop.uploads, 'during.jpg'), 'uploaded during the backup') });
    rmSync(join(shop.uploads, 'before.jpg'));
    expect(restoreShopFiles(target, shop)).toEqual({ restored: 1, unchanged: 0 });
    expect(readdirSync(shop.uploads).sort()).toEqual(['before.jpg', 'during.jpg']);
    expect(readFileSync(join(shop.uploads, 'during.jpg'), 'utf8')).toBe('uploaded during the backup');
  });

  it('a file removed by the shop during the backup is simply not in it', () => {
    const dir = folder();
    const source = join(dir, 'removed.jpg');
    writeFileSync(source, 'x');
    expect(copyFileWhole(source, join(dir, 'copy', 'removed.jpg'), { copied: () => rmSync(source) })).toBe('gone');
    expect(readdirSync(join(dir, 'copy'))).toEqual([]);
  });
});

describe('npm run backup and restore on PostgreSQL (DATABASE_URL)', () => {
  const databaseUrl = 'postgres://shop:secret@127.0.0.1:1/shop';

  it.runIf(ON_POSTGRES)('warns, as the start and a SQLite backup do, that files the store names are not in the folder it looked in, so the backup lacks them', async () => {
    const url = await migratedPostgresUrl();
    const dir = folder();
    const uploads = join(dir, 'uploads');
    // the seed puts the demo guide's PDF in the server's product-files folder; the command looks elsewhere
    const seeded = join(dir, 'servers-product-files');
    await (await createApp({ databasePath: join(dir, 'unused.db'), databaseUrl: url, uploadsDir: uploads, productFilesDir: seeded, logLevel: 'silent', ownerPassword: 'files backup test password' })).close();
    const elsewhere = join(dir, 'not-the-servers-product-files');
    write(join(uploads, 'mug.jpg'), 'the mug photo');
    const target = join(dir, 'files-backup');
    const said = await backupCommand(['backup', target], { DATABASE_URL: url, UPLOADS_DIR: uploads, PRODUCT_FILES_DIR: elsewhere });
    const missing = fillMessage(serverMessages.productFilesMissingInBackup, { missing: 1, checked: 1, folder: elsewhere });
    expect(said).toBe(`${fillMessage(serverMessages.backedUpFilesOnPostgres, { files: count(1), uploads, productFiles: elsewhere, folder: target })}; ${missing}`);
  });

  it('backs up the files alone into a folder and says the database is pg_dump\'s; restore puts them back', async () => {
    const dir = folder();
    const uploads = join(dir, 'shared', 'uploads');
    const productFiles = join(dir, 'shared', 'product-files');
    write(join(uploads, 'mug.jpg'), 'the mug photo');
    write(join(productFiles, '0123456789abcdef0123456789abcdef'), 'the e-book');
    const env = { DATABASE_URL: databaseUrl, UPLOADS_DIR: uploads, PRODUCT_FILES_DIR: productFiles };
    const target = join(dir, 'files-backup');
    // the database is only read for the files it names, and none answers here: the files are backed up all the same
    expect(await backupCommand(['backup', target], env)).toBe(fillMessage(serverMessages.backedUpFilesOnPostgres, { files: count(2), uploads, productFiles, folder: target }));
    expect(readFileSync(join(target, 'uploads', 'mug.jpg'), 'utf8')).toBe('the mug photo');

    // never written into a folder that is already there
    await expect(backupCommand(['backup', target], env)).rejects.toThrow(fillMessage(serverMessages.backupFolderExists, { folder: target }));

    rmSync(join(uploads, 'mug.jpg'));
    write(join(uploads, 'new.jpg'), 'uploaded since');
    expect(await backupCommand(['restore', target], env)).toBe(fillMessage(serverMessages.restoredFilesOnPostgres, {
      folder: target, files: fillMessage(serverMessages.filesRestored, { count: count(1), unchanged: count(1), uploads, productFiles }),
    }));
    expect(readdirSync(uploads).sort()).toEqual(['mug.jpg', 'new.jpg']);
  });

  it('never puts a backup inside the shop\'s folders (where the uploads folder would serve the product files to anyone) nor over them', async () => {
    const dir = folder();
    const uploads = join(dir, 'data', 'uploads');
    const productFiles = join(dir, 'data', 'product-files');
    write(join(productFiles, '0123456789abcdef0123456789abcdef'), 'the e-book');
    const env = { DATABASE_URL: databaseUrl, UPLOADS_DIR: uploads };
    const inUploads = join(uploads, 'backup');
    await expect(backupCommand(['backup', inUploads], env)).rejects.toThrow(fillMessage(serverMessages.backupFilesInShopFolder, { folder: inUploads, shopFolder: uploads }));
    expect(existsSync(inUploads)).toBe(false);
    // on SQLite, a backup whose FILE.files would be the uploads folder itself
    const { env: sqliteEnv, uploads: sqliteUploads } = await storeWithFiles();
    const overUploads = sqliteUploads.replace(/uploads$/, 'b.db');
    await expect(backupCommand(['backup', overUploads], { ...sqliteEnv, UPLOADS_DIR: `${overUploads}.files` })).rejects.toThrow(fillMessage(serverMessages.backupFilesInShopFolder, { folder: `${overUploads}.files`, shopFolder: `${overUploads}.files` }));
    expect(existsSync(overUploads)).toBe(false);
  });

  it('by default backs up beside the uploads folder, says when there is nothing to copy, and refuses a SQLite backup file or a folder of something else', async () => {
    const dir = folder();
    const uploads = join(dir, 'data', 'uploads');
    const env = { DATABASE_URL: databaseUrl, UPLOADS_DIR: uploads };
    const productFiles = join(dir, 'data', 'product-files');
    expect(await backupCommand(['backup'], env)).toBe(fillMessage(serverMessages.noFilesOnPostgres, { uploads, productFiles }));
    write(join(uploads, 'mug.jpg'), 'the mug photo');
    expect(await backupCommand(['backup'], env)).toMatch(/^copied 1 file from /);
    expect(readdirSync(join(dir, 'data', 'backups'))).toEqual([expect.stringMatching(/^files-[\dTZ-]+$/)]);

    const sqliteBackup = join(dir, 'store.db');
    writeFileSync(sqliteBackup, 'a SQLite backup');
    await expect(backupCommand(['restore', sqliteBackup], env)).rejects.toThrow(fillMessage(serverMessages.restoreFileOnPostgres, { file: sqliteBackup }));
    await expect(backupCommand(['restore', uploads], env)).rejects.toThrow(fillMessage(serverMessages.restoreFolderWithoutFiles, { folder: uploads }));
  });
});

describe('the progress line of a long copy', () => {
  /** A stand-in for stderr: a terminal or not, keeping what is written. */
  function stream(isTTY: boolean): NodeJS.WriteStream & { written: string[] } {
    const written: string[] = [];
    return { isTTY, written, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream & { written: string[] };
  }

  it('shows on a terminal once the copy has taken a second, and is cleared at the end; never in a log or pipe', () => {
    let now = 0;
    const terminal = stream(true);
    const line = progressLine(serverMessages.backupProgress, terminal, () => now);
    line.report(1, 500);
    expect(terminal.written).toEqual([]);
    now = 1500;
    line.report(200, 500);
    line.end();
    expect(terminal.written).toEqual([`\r${fillMessage(serverMessages.backupProgress, { done: 200, total: 500 })}\u001b[K`, '\r\u001b[K']);

    const pipe = stream(false);
    const quiet = progressLine(serverMessages.backupProgress, pipe, () => now);
    now = 5000;
    quiet.report(200, 500);
    quiet.end();
    expect(pipe.written).toEqual([]);
  });
});
