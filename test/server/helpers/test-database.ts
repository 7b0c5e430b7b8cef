import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { migrate, migrationsDir } from '../../../server/db/migrate.ts';
import { openStore } from '../../../server/db/open-store.ts';

/**
 * The PostgreSQL server the integration suites also run against, when TEST_DATABASE_URL names
 * one (`.ci/run` starts a throw-away cluster and sets it). Without it they run on SQLite only.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;


/**
 * A fresh, empty PostgreSQL schema on the test server, as a connection URL whose search_path
 * names it: each test store starts empty and tests never see each other's rows.
 */
export async function freshPostgresUrl(): Promise<string> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/**
 * True when this test process runs the suites on PostgreSQL (the vitest "postgres" project sets
 * TEST_ENGINE=postgres): every test server then gets a fresh schema instead of a SQLite file.
 */
export const ON_POSTGRES = process.env.TEST_ENGINE === 'postgres';

/** The engine of this run, for suites that test the store directly (describe.each). */
export const TEST_ENGINES: ReadonlyArray<'sqlite' | 'postgres'> = ON_POSTGRES ? ['postgres'] : ['sqlite'];

const storeByPath = new Map<string, Promise<string>>();

/**
 * The databaseUrl option of a test server: on the postgres run a PostgreSQL database standing in
 * for the SQLite file at `databasePath`, already migrated (fresh the first time, the same one when
 * a test restarts a server on the same file); otherwise none. A suite about the migrations a start
 * applies asks for an empty one first (emptyTestDatabase).
 */
export function testDatabaseUrl(databasePath: string): Promise<string | undefined> {
  if (!ON_POSTGRES) return Promise.resolve(undefined);
  let url = storeByPath.get(databasePath);
  if (!url || databasePath === ':memory:') {
    url = migratedPostgresUrl();
    storeByPath.set(databasePath, url);
  }
  return url;
}

/** On the postgres run, makes the store standing in for `databasePath` an empty schema, which a start migrates itself. */
export async function emptyTestDatabase(databasePath: string): Promise<void> {
  if (ON_POSTGRES) storeByPath.set(databasePath, freshPostgresUrl());
}

/** The migrations as this checkout has them: a template made by another checkout's files is never used. */
function migrationsDigest(): string {
  const dir = migrationsDir('postgres');
  const hash = createHash('sha256');
  for (const name of readdirSync(dir).sort()) hash.update(name).update('\0').update(readFileSync(join(dir, name))).update('\0');
  return hash.digest('hex').slice(0, 12);
}

let template: Promise<string> | null = null;

/**
 * A database holding every migration, made once per cluster and checkout (the first test process
 * to need it makes it under an advisory lock; the others wait and find it): copying it is several
 * times cheaper than migrating an empty schema, which every test server on PostgreSQL did.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const name = `storefront_template_${migrationsDigest()}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query("SELECT pg_advisory_lock(hashtext('storefront test template'))");
      if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 0) {
        // made under another name and renamed once complete: a process stopped half-way leaves no template
        const making = `${name}_${randomBytes(4).toString('hex')}`;
        await admin.query(`CREATE DATABASE ${making}`);
        const { store } = openStore({ databasePath: '', databaseUrl: databaseUrlNamed(making) });
        try {
          await migrate(store);
        } finally {
          await store.close();
        }
        await admin.query(`ALTER DATABASE ${making} RENAME TO ${name}`);
      }
      return name;
    } finally {
      await admin.end();
    }
  })();
  return template;
}

function databaseUrlNamed(name: string): string {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh PostgreSQL database on the test server with every migration applied: a copy of the template. */
export async function migratedPostgresUrl(): Promise<string> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const source = await migratedTemplate();
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${source}`);
  } finally {
    await admin.end();
  }
  return databaseUrlNamed(name);
}
