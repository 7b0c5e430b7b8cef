/**
 * A SQLite store `npm run move-to-postgres` copied is not opened for writing again: a server or
 * `npm run password` started without DATABASE_URL would take orders or set passwords there that
 * the shop on PostgreSQL never sees, until `npm run restore` puts a backup in its place (going back
 * to SQLite). (The move leaving the note is tested in move-to-postgres.test.ts.)
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupCommand } from '../../server/commands/backup.ts';
import { passwordCommand } from '../../server/commands/password.ts';
import { migrate } from '../../server/db/migrate.ts';
import { markStoreMoved, movedMarkPath, StoreMovedError } from '../../server/db/moved-store-mark.ts';
import { openStore } from '../../server/db/open-store.ts';
import { fillMessage, serverMessages } from '../../server/messages.ts';

const folder = mkdtempSync(join(tmpdir(), 'moved-store-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const target = 'postgres://shop:***@db.internal:5432/shop';
// these stores have no uploaded images or product files: their backups hold none
const noFiles = fillMessage(serverMessages.backupHeldNoFiles, { uploads: join(folder, 'uploads'), productFiles: join(folder, 'product-files') });

async function movedStore(name: string): Promise<string> {
  const databasePath = join(folder, `${name}.db`);
  const { store } = openStore({ databasePath });
  await migrate(store);
  await store.close();
  markStoreMoved(databasePath, target, new Date('2026-11-28T01:24:00.000Z'));
  return databasePath;
}

describe('a store moved to PostgreSQL', () => {
  it('is refused for writing, naming where it went and how to use the file anyway', async () => {
    const databasePath = await movedStore('moved');
    const said = fillMessage(serverMessages.storeMoved, { path: databasePath, target, movedOn: '2026-11-28T01:24:00.000Z', mark: movedMarkPath(databasePath) });
    expect(() => openStore({ databasePath })).toThrow(new StoreMovedError(databasePath, { target, movedOn: '2026-11-28T01:24:00.000Z' }));
    expect(() => openStore({ databasePath })).toThrow(said);
    // its writer's share was given back: once the note is gone the file opens as a store again
    rmSync(movedMarkPath(databasePath));
    await openStore({ databasePath }).store.close();
  });

  it('still opens read-only (a snapshot to look at), and a note that cannot be read still counts', async () => {
    const databasePath = await movedStore('read-only');
    await openStore({ databasePath, readOnly: true }).store.close();
    writeFileSync(movedMarkPath(databasePath), 'edited by hand');
    expect(() => openStore({ databasePath })).toThrow(StoreMovedError);
  });

  it('is not where npm run password sets a password: it says to run it with DATABASE_URL', async () => {
    const databasePath = await movedStore('password');
    await expect(passwordCommand(['owner@example.com'], { DATABASE_PATH: databasePath })).rejects.toThrow(/was moved to postgres:\/\/shop:\*\*\*@db\.internal:5432\/shop .*Set DATABASE_URL to that database for the server and for npm run password/);
    expect(existsSync(movedMarkPath(databasePath))).toBe(true);
  });
});

describe('npm run restore into a store moved to PostgreSQL', () => {
  it('goes back to SQLite: the backup is put in place, the note removed, the line says both, and the store opens for writing', async () => {
    const databasePath = await movedStore('going-back');
    const env = { DATABASE_PATH: databasePath };
    const backupPath = join(folder, 'going-back-backup.db');
    await backupCommand(['backup', backupPath], env);

    const said = await backupCommand(['restore', backupPath], env);
    expect(said).toBe(fillMessage(serverMessages.restoredMovedStore, { path: databasePath, file: backupPath, mark: movedMarkPath(databasePath), target, movedOn: '2026-11-28T01:24:00.000Z', files: noFiles }));
    expect(existsSync(movedMarkPath(databasePath))).toBe(false);
    await openStore({ databasePath }).store.close();
    // a store that was never moved: the plain line
    expect(await backupCommand(['restore', backupPath], env)).toBe(fillMessage(serverMessages.restored, { path: databasePath, file: backupPath, files: noFiles }));
  });

  it('keeps the note, and the refusal, when the restore does not go through or is run with DATABASE_URL', async () => {
    const databasePath = await movedStore('not-going-back');
    const env = { DATABASE_PATH: databasePath };
    const damaged = join(folder, 'damaged-backup.db');
    writeFileSync(damaged, 'not a database');
    await expect(backupCommand(['restore', damaged], env)).rejects.toThrow();
    await expect(backupCommand(['restore', join(folder, 'no-such-backup.db')], env)).rejects.toThrow(fillMessage(serverMessages.restoreNoBackup, { path: join(folder, 'no-such-backup.db') }));
    // an operator whose shop runs on PostgreSQL restores with pg_restore: the file is left alone
    const backupPath = join(folder, 'not-going-back-backup.db');
    await backupCommand(['backup', backupPath], env);
    await expect(backupCommand(['restore', backupPath], { ...env, DATABASE_URL: 'postgres://shop:secret@db.internal:5432/shop' })).rejects.toThrow(fillMessage(serverMessages.restoreFileOnPostgres, { file: backupPath }));
    expect(existsSync(movedMarkPath(databasePath))).toBe(true);
    expect(() => openStore({ databasePath })).toThrow(StoreMovedError);
  });
});
