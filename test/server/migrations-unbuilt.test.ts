/**
 * A build applies only the migrations it was built with. A production install whose sources were
 * updated (git pull) and not built again runs its old bundle beside a migrations folder holding
 * new files: the bundle refuses to start, with one line and exit code 78, before anything is
 * applied, rather than apply the new migrations and serve its old code on the new schema. The
 * sources (tsx) keep reading the folder.
 */
import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleServer, MIGRATIONS_ROOT, SERVER_NODE_OPTIONS } from '../../server/build.ts';
import { CANNOT_SERVE_EXIT_CODE } from '../../server/cluster.ts';
import { buildMigrations, migrate, migrationFileNames, migrationLabel, migrationsDir, readMigrations, UnbuiltMigrationsError } from '../../server/db/migrate.ts';
import { PostgresStore } from '../../server/db/postgres-store.ts';
import { SqliteStore } from '../../server/db/sqlite-store.ts';
import type { Store } from '../../server/db/store.ts';
import { fillMessage, serverMessages } from '../../server/messages.ts';
import { jsonLogLines, runMainToExit } from './helpers/start-main.ts';
import { temporaryDatabasePath } from './helpers/start-server.ts';
import { freshPostgresUrl, ON_POSTGRES, TEST_ENGINES } from './helpers/test-database.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const STACK_LINE = /^\s+at .+:\d+/m;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the migrations folders without each engine's newest file: what an older release was built with. */
function olderMigrationsRoot(): { root: string; newest: Record<'sqlite' | 'postgres', string> } {
  const root = mkdtempSync(join(tmpdir(), 'older-migrations-'));
  dirs.push(root);
  const newest = { sqlite: '', postgres: '' };
  for (const dialect of ['sqlite', 'postgres'] as const) {
    mkdirSync(join(root, dialect));
    const names = migrationFileNames(migrationsDir(dialect));
    newest[dialect] = names[names.length - 1]!;
    for (const name of names.slice(0, -1)) copyFileSync(join(migrationsDir(dialect), name), join(root, dialect, name));
  }
  return { root, newest };
}

describe.each(TEST_ENGINES)('the migrations a build applies, on %s', (engine) => {
  it('from the sources, the folder\'s; from a bundle, its own, refusing a folder holding one it was not built with', () => {
    const folder = readMigrations(migrationsDir(engine));
    expect(buildMigrations(engine, null).map((m) => m.name)).toEqual(folder.map((m) => m.name));
    const older = { sqlite: readMigrations(migrationsDir('sqlite')).slice(0, -1), postgres: readMigrations(migrationsDir('postgres')).slice(0, -1) };
    const refused = (() => {
      try {
        return buildMigrations(engine, older);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(UnbuiltMigrationsError);
    expect((refused as UnbuiltMigrationsError).migrations).toEqual([folder[folder.length - 1]!.name]);
    expect((refused as Error).message).toBe(fillMessage(serverMessages.unbuiltMigrationsLog, { migration: migrationLabel(folder[folder.length - 1]!.name) }));
    // a build knowing every file of the folder applies its own (a folder missing some it knows, too)
    const all = { sqlite: readMigrations(migrationsDir('sqlite')), postgres: readMigrations(migrationsDir('postgres')) };
    expect(buildMigrations(engine, all)).toBe(all[engine]);
    expect(buildMigrations(engine, all, join(tmpdir(), 'no-such-migrations-folder'))).toBe(all[engine]);
  });
});

/** The names schema_migrations lists, or null when the store has no such table (nothing was ever applied). */
async function appliedNames(engine: 'sqlite' | 'postgres', where: string): Promise<string[] | null> {
  if (engine === 'sqlite') {
    const db = new Database(where, { readonly: true, fileMustExist: false });
    try {
      if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get()) return null;
      return (db.prepare('SELECT name FROM schema_migrations ORDER BY name').all() as Array<{ name: string }>).map((row) => row.name);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: where });
  await client.connect();
  try {
    if ((await client.query("SELECT to_regclass('schema_migrations') AS t")).rows[0].t === null) return null;
    return (await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

describe('a bundle built with fewer migrations than the sources now hold (sources updated without a build)', () => {
  const engine = ON_POSTGRES ? 'postgres' : 'sqlite';

  it('refuses to start (exit 78, one line) and applies nothing, on a store the older build migrated and on a new one; npm run password and move-to-postgres too', async () => {
    const { root, newest } = olderMigrationsRoot();
    // under dist/ as the real bundles, so the packages and the project's files resolve from it
    const folder = join(ROOT, 'dist', 'test-server', String(process.pid), 'unbuilt');
    dirs.push(folder);
    const server = join(folder, 'main.mjs');
    const password = join(folder, 'password-command.mjs');
    await bundleServer(undefined, server, { migrationsRoot: root });
    await bundleServer(join(ROOT, 'server', 'password-command.ts'), password, { migrationsRoot: root });
    expect(MIGRATIONS_ROOT).toBe(dirname(migrationsDir(engine)));

    // the shop as the older release left it: every migration but the newest applied
    const databasePath = temporaryDatabasePath();
    dirs.push(dirname(databasePath));
    const url = ON_POSTGRES ? await freshPostgresUrl() : undefined;
    const store: Store = engine === 'sqlite' ? new SqliteStore(new Database(databasePath)) : new PostgresStore({ connectionString: url! });
    const older = readMigrations(join(root, engine));
    await migrate(store, older);
    await store.close();
    const where = url ?? databasePath;
    expect(await appliedNames(engine, where)).toEqual(older.map((m) => m.name));

    const said = fillMessage(serverMessages.unbuiltMigrationsLog, { migration: migrationLabel(newest[engine]) });
    const env = { DATABASE_PATH: databasePath, DATABASE_URL: url ?? '' };
    const { code, output } = await runMainToExit(env, [...SERVER_NODE_OPTIONS, server]);
    expect(code).toBe(CANNOT_SERVE_EXIT_CODE);
    const errors = jsonLogLines(output).filter((line) => Number(line.level) >= 50);
    expect(errors.map((line) => line.msg)).toEqual([said]);
    expect(errors[0]!.migrations).toEqual([newest[engine]]);
    expect(jsonLogLines(output).some((line) => String(line.msg).startsWith('applied migrations'))).toBe(false);
    expect(jsonLogLines(output).some((line) => String(line.msg).startsWith('storefront listening'))).toBe(false);
    expect(output).not.toMatch(STACK_LINE);
    expect(await appliedNames(engine, where)).toEqual(older.map((m) => m.name));

    // npm run password migrates the store it works on: the same refusal, nothing applied
    const passwordRun = await runMainToExit(env, [...SERVER_NODE_OPTIONS, password, 'owner@example.com']);
    expect(passwordRun.code).toBe(CANNOT_SERVE_EXIT_CODE);
    expect(passwordRun.output.trim()).toBe(said);
    expect(await appliedNames(engine, where)).toEqual(older.map((m) => m.name));

    // npm run move-to-postgres reads the SQLite file's migrations against its own: the same refusal, before any connection
    if (engine === 'sqlite') {
      const move = join(folder, 'move-to-postgres-command.mjs');
      await bundleServer(join(ROOT, 'server', 'move-to-postgres-command.ts'), move, { migrationsRoot: root });
      const moveRun = await runMainToExit({}, [...SERVER_NODE_OPTIONS, move, '--from', databasePath, '--to', 'postgres://shop:secret@127.0.0.1:1/shop']);
      expect(moveRun.code).toBe(CANNOT_SERVE_EXIT_CODE);
      expect(moveRun.output.trim()).toBe(said);
    }

    // a new shop's store: not even the migrations table is made
    const freshPath = temporaryDatabasePath();
    dirs.push(dirname(freshPath));
    const freshUrl = ON_POSTGRES ? await freshPostgresUrl() : undefined;
    const fresh = await runMainToExit({ DATABASE_PATH: freshPath, DATABASE_URL: freshUrl ?? '' }, [...SERVER_NODE_OPTIONS, server]);
    expect(fresh.code).toBe(CANNOT_SERVE_EXIT_CODE);
    expect(jsonLogLines(fresh.output).filter((line) => Number(line.level) >= 50).map((line) => line.msg)).toEqual([said]);
    expect(await appliedNames(engine, freshUrl ?? freshPath)).toBeNull();
  }, 120_000);
});
