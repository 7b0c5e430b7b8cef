import { randomBytes } from 'node:crypto';
import pg from 'pg';

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

const schemaByPath = new Map<string, Promise<string>>();

/**
 * The databaseUrl option of a test server: on the postgres run a PostgreSQL schema standing in for
 * the SQLite file at `databasePath` (fresh the first time, the same one when a test restarts a
 * server on the same file); otherwise none.
 */
export function testDatabaseUrl(databasePath: string): Promise<string | undefined> {
  if (!ON_POSTGRES) return Promise.resolve(undefined);
  let url = schemaByPath.get(databasePath);
  if (!url || databasePath === ':memory:') {
    url = freshPostgresUrl();
    schemaByPath.set(databasePath, url);
  }
  return url;
}
