/**
 * `npm run move-to-postgres` that does not land (a bad row, the connection lost, Ctrl-C): its copy
 * rolls back, and the database it was moving into must not become a demo store, neither through a
 * server that waited behind the move's locks nor through one started afterwards. A later move lands
 * there as into an empty database, and the waiting server serves it without a restart.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveCommand } from '../../server/commands/move-to-postgres.ts';
import { moveMessages, moveToPostgres } from '../../server/db/move-to-postgres.ts';
import { openStore, storeDescription } from '../../server/db/open-store.ts';
import { seedStore } from '../../server/db/seed.ts';
import { UnfinishedMoveError } from '../../server/db/unfinished-move-mark.ts';
import { fillMessage, serverMessages } from '../../server/messages.ts';
import { logLine, startMain, stopMain, type MainProcess } from './helpers/start-main.ts';
import { startServer } from './helpers/start-server.ts';
import { freshPostgresUrl, ON_POSTGRES, TEST_DATABASE_URL } from './helpers/test-database.ts';

const folder = mkdtempSync(join(tmpdir(), 'move-unfinished-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.runIf(ON_POSTGRES)('npm run move-to-postgres that does not land', () => {
  let shop: string;
  let badRow: string;

  beforeAll(async () => {
    // the seed store on SQLite, and a copy with a row PostgreSQL refuses (stock that is not a number)
    shop = join(folder, 'shop', 'store.db');
    await (await startServer({ databasePath: shop, databaseUrl: '' })).stop();
    badRow = join(folder, 'bad', 'store.db');
    mkdirSync(join(folder, 'bad'));
    copyFileSync(shop, badRow);
    const file = new Database(badRow);
    file.exec("UPDATE variants SET qty_in_stock = 'a dozen' WHERE rowid = (SELECT min(rowid) FROM variants)");
    file.close();
  }, 60_000);

  it('leaves no demo store behind: a server waiting behind it serves the maintenance page and says so, and serves the store once a later move lands', async () => {
    const url = await freshPostgresUrl();
    const schema = /search_path=(\w+)/.exec(new URL(url).searchParams.get('options') ?? '')![1]!;
    // a first failure makes the tables; a server started afterwards does not seed either
    await expect(moveToPostgres({ from: badRow, to: url })).rejects.toThrow(/^copying variants failed: /);
    await expect(startServer({ databasePath: join(folder, 'unused.db'), databaseUrl: url })).rejects.toThrow(UnfinishedMoveError);

    // the next move waits for a reader of site_settings while holding the tables before it, and a server starts meanwhile
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    let running: MainProcess | undefined;
    try {
      await admin.query('BEGIN');
      await admin.query(`LOCK TABLE ${schema}.site_settings IN ACCESS SHARE MODE`);
      const failing = moveToPostgres({ from: badRow, to: url });
      failing.catch(() => {});
      const waiting = async (count: number): Promise<void> => {
        for (let tries = 0; tries < 400; tries += 1) {
          const found = await admin.query("SELECT count(DISTINCT l.pid)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation JOIN pg_namespace s ON s.oid = c.relnamespace WHERE NOT l.granted AND s.nspname = $1", [schema]);
          if (found.rows[0].n >= count) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error(`fewer than ${count} sessions waited for the tables`);
      };
      await waiting(1);
      const starting = startMain(join(folder, 'unused.db'), { DATABASE_URL: url });
      // the server's first read of the store queues behind the move
      await waiting(2);
      await admin.query('COMMIT');
      await expect(failing).rejects.toThrow(/^copying variants failed: /);
      running = await starting;

      const said = await logLine(running, serverMessages.unfinishedMoveLog);
      expect(said).toMatchObject({ database: expect.stringContaining('/storefront_test') });
      expect(running.lines().filter((line) => line.msg === serverMessages.storeSeededLog), running.output()).toEqual([]);
      expect((await fetch(`${running.url}/api/health`)).status).toBe(503);
      expect((await fetch(`${running.url}/shop`)).status).toBe(503);
      // still waiting, and said once, after a few tries
      await new Promise((resolve) => setTimeout(resolve, 4500));
      expect(running.lines().filter((line) => line.msg === serverMessages.unfinishedMoveLog)).toHaveLength(1);

      // the move run again on the mended file lands as into an empty database, and the server takes over
      const lines: string[] = [];
      await moveCommand(['--from', shop, '--to', url], { DATABASE_URL: '' }, (line) => lines.push(line));
      await logLine(running, serverMessages.movedStoreArrivedLog);
      expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
      const items = (await (await fetch(`${running.url}/shop?format=json`)).json() as { items: unknown[] }).items;
      expect(items.length).toBeGreaterThan(0);
      expect(running.lines().filter((line) => line.msg === serverMessages.storeSeededLog)).toEqual([]);
      expect(await stopMain(running)).toBe(0);
    } finally {
      await admin.query('ROLLBACK').catch(() => {});
      await admin.end();
      if (running && running.child.exitCode === null) running.child.kill('SIGKILL');
    }
  }, 120_000);

  it('a move run again where a server seeded a store after one did not land says so, and replaces it with --replace', async () => {
    const url = await freshPostgresUrl();
    const target = storeDescription({ databasePath: shop, databaseUrl: url });
    await expect(moveToPostgres({ from: badRow, to: url })).rejects.toThrow(/^copying variants failed: /);
    // as a server of a version before this one did
    const { store } = openStore({ databasePath: shop, databaseUrl: url });
    try {
      expect(await seedStore(store)).toBe(true);
    } finally {
      await store.close();
    }
    // it names what holds the store and what to do, rather than an empty database's refusal
    const refused = await moveCommand(['--from', shop, '--to', url], { DATABASE_URL: '' }, () => {}).then(() => '', (error: Error) => error.message);
    const [opening, ending] = moveMessages.unfinishedMoveSeeded.split('{contents}') as [string, string];
    expect(refused.startsWith(fillMessage(opening, { target })), refused).toBe(true);
    expect(refused.endsWith(ending), refused).toBe(true);
    const moved = await moveCommand(['--from', shop, '--to', url, '--replace'], { DATABASE_URL: '' }, () => {});
    expect(moved).toContain('(13 products, 0 orders, 1 account; the next order is #1001)');
  }, 60_000);

  it('a failed move with --replace leaves the store it would have replaced as it was, and no mark: a new install still seeds', async () => {
    const url = await freshPostgresUrl();
    const target = storeDescription({ databasePath: shop, databaseUrl: url });
    // a first start on an empty database, no move involved, seeds the demo store as ever
    await (await startServer({ databasePath: join(folder, 'demo.db'), databaseUrl: url })).stop();
    await expect(moveToPostgres({ from: badRow, to: url, replace: true })).rejects.toThrow(/^copying variants failed: /);
    // the store is the demo store a server seeded, not one seeded after a failed move
    const refused = await moveCommand(['--from', shop, '--to', url], { DATABASE_URL: '' }, () => {}).then(() => '', (error: Error) => error.message);
    expect(refused.startsWith(`${target} already holds a store (`), refused).toBe(true);
  }, 60_000);
});
