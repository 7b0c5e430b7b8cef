/**
 * Schema upgrades are said, and a build never runs on a schema a newer build upgraded: one log
 * line names the migrations a start applied, and a database whose schema_migrations lists one
 * this build does not have stops the start with one line (exit 78) before anything is applied.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CANNOT_SERVE_EXIT_CODE } from '../../server/cluster.ts';
import { migrate, NewerSchemaError } from '../../server/db/migrate.ts';
import { PostgresStore } from '../../server/db/postgres-store.ts';
import { SqliteStore } from '../../server/db/sqlite-store.ts';
import type { Store } from '../../server/db/store.ts';
import { fillMessage, serverMessages } from '../../server/messages.ts';
import { jsonLogLines, runMainToExit, startMain, stopMain } from './helpers/start-main.ts';
import { temporaryDatabasePath } from './helpers/start-server.ts';
import { emptyTestDatabase, freshPostgresUrl, ON_POSTGRES, TEST_ENGINES, testDatabaseUrl } from './helpers/test-database.ts';

const STACK_LINE = /^\s+at .+:\d+/m;

const dirs: string[] = [];
const opened: Store[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  for (const store of opened) await store.close();
});

function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  dirs.push(dir);
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return dir;
}

async function emptyStore(engine: 'sqlite' | 'postgres'): Promise<Store> {
  const store = engine === 'sqlite' ? new SqliteStore(new Database(':memory:')) : new PostgresStore({ connectionString: await freshPostgresUrl() });
  opened.push(store);
  return store;
}

describe.each(TEST_ENGINES)('migrations on %s', (engine) => {
  it('refuses a database whose migrations table lists a migration this build does not have, applying nothing', async () => {
    const store = await emptyStore(engine);
    expect(await migrate(store, migrationsDir({ '001_first.sql': 'CREATE TABLE first_things (id INTEGER PRIMARY KEY)' }))).toEqual(['001_first.sql']);
    // a newer build applied 133_x; this build has 001 and a 002 of its own not yet applied
    await store.run('INSERT INTO schema_migrations (name, applied_on) VALUES (?, ?)', ['133_x.sql', Date.now()]);
    const dir = migrationsDir({ '001_first.sql': 'CREATE TABLE first_things (id INTEGER PRIMARY KEY)', '002_second.sql': 'CREATE TABLE second_things (id INTEGER PRIMARY KEY)' });
    const refused = await migrate(store, dir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(NewerSchemaError);
    expect((refused as NewerSchemaError).migrations).toEqual(['133_x.sql']);
    expect((refused as Error).message).toBe(fillMessage(serverMessages.newerSchemaLog, { migration: '133_x' }));
    const names = (await store.all<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((row) => row.name);
    expect(names).toEqual(['001_first.sql', '133_x.sql']);
  });
});

/** Records a migration as applied, as a newer build would have. */
async function recordMigration(databasePath: string, name: string): Promise<void> {
  if (!ON_POSTGRES) {
    const db = new Database(databasePath);
    db.prepare('INSERT INTO schema_migrations (name, applied_on) VALUES (?, ?)').run(name, Date.now());
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: await testDatabaseUrl(databasePath) });
  await client.connect();
  try {
    await client.query('INSERT INTO schema_migrations (name, applied_on) VALUES ($1, $2)', [name, Date.now()]);
  } finally {
    await client.end();
  }
}

describe('server/main.ts and the migrations', () => {
  it('says which migrations a start applied, says nothing when there were none, and refuses a schema a newer build upgraded (exit 78)', async () => {
    const databasePath = temporaryDatabasePath();
    dirs.push(dirname(databasePath));
    // a store no start has migrated yet
    await emptyTestDatabase(databasePath);
    const first = await startMain(databasePath);
    const applied = first.lines().filter((line) => String(line.msg).startsWith('applied migrations '));
    expect(await stopMain(first)).toBe(0);
    expect(applied).toHaveLength(1);
    // a first start applies them all: named by the first and last, the whole list in `migrations`
    expect(applied[0]!.msg).toMatch(/^applied migrations 001_storefront through \d{3}_\w+ \(\d+ migrations\) to /);
    expect(applied[0]!.migrations).toEqual(expect.arrayContaining(['001_storefront.sql', '132_email_delivery_attempts.sql']));
    expect(String(applied[0]!.msg)).toContain(` to ${String(applied[0]!.database)}`);
    expect(String(applied[0]!.database)).not.toMatch(/:[^:@/]+@/); // a password never reaches the log

    const second = await startMain(databasePath);
    expect(second.lines().filter((line) => String(line.msg).startsWith('applied migrations'))).toEqual([]);
    expect(await stopMain(second)).toBe(0);

    await recordMigration(databasePath, '999_from_a_newer_build.sql');
    const { code, output } = await runMainToExit({ DATABASE_PATH: databasePath, DATABASE_URL: (ON_POSTGRES ? await testDatabaseUrl(databasePath) : undefined) ?? '' });
    expect(code).toBe(CANNOT_SERVE_EXIT_CODE);
    const errors = jsonLogLines(output).filter((line) => Number(line.level) >= 50);
    expect(errors.map((line) => line.msg)).toEqual([fillMessage(serverMessages.newerSchemaLog, { migration: '999_from_a_newer_build' })]);
    expect(jsonLogLines(output).some((line) => String(line.msg).startsWith('storefront listening'))).toBe(false);
    expect(output).not.toMatch(STACK_LINE);
  }, 60_000);
});
