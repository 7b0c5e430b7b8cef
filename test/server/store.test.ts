import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../../server/db/postgres-store.ts';
import { SqliteStore } from '../../server/db/sqlite-store.ts';
import { isUniqueViolation, numberedPlaceholders, type Store } from '../../server/db/store.ts';
import { migrate } from '../../server/db/migrate.ts';
import { freshPostgresUrl, TEST_ENGINES } from './helpers/test-database.ts';

const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close();
});

async function emptyStore(engine: 'sqlite' | 'postgres'): Promise<Store> {
  const store = engine === 'sqlite' ? new SqliteStore(new Database(':memory:')) : new PostgresStore({ connectionString: await freshPostgresUrl() });
  opened.push(store);
  await store.exec('CREATE TABLE things (name TEXT PRIMARY KEY, amount BIGINT NOT NULL)');
  return store;
}

describe('numbered placeholders', () => {
  it('numbers ? outside quotes only', () => {
    expect(numberedPlaceholders("SELECT '?' AS q, \"a?\" FROM t WHERE a = ? AND b = ?")).toBe("SELECT '?' AS q, \"a?\" FROM t WHERE a = $1 AND b = $2");
  });
});

describe.each(TEST_ENGINES)('the store on %s', (engine) => {
  it('reads back what it wrote, with 64-bit integers as numbers', async () => {
    const store = await emptyStore(engine);
    const big = 1_790_000_000_000;
    expect((await store.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['a', big])).changes).toBe(1);
    expect(await store.get('SELECT amount FROM things WHERE name = ?', ['a'])).toEqual({ amount: big });
    expect(await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM things')).toEqual({ n: 1 });
    expect(await store.get('SELECT amount FROM things WHERE name = ?', ['missing'])).toBeUndefined();
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const store = await emptyStore(engine);
    await store.transaction(async (tx) => {
      await tx.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['kept', 1]);
    });
    await expect(store.transaction(async (tx) => {
      await tx.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['dropped', 1]);
      throw new Error('no');
    })).rejects.toThrow('no');
    expect(await store.all('SELECT name FROM things ORDER BY name')).toEqual([{ name: 'kept' }]);
  });

  it('rolls a failed nested transaction back to its savepoint and keeps the outer one', async () => {
    const store = await emptyStore(engine);
    await store.transaction(async (tx) => {
      await tx.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['outer', 1]);
      const error = await tx.transaction(async (inner) => {
        await inner.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['inner', 1]);
        await inner.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['outer', 2]);
      }).catch((caught: unknown) => caught);
      expect(isUniqueViolation(error)).toBe(true);
    });
    expect(await store.all('SELECT name, amount FROM things')).toEqual([{ name: 'outer', amount: 1 }]);
  });

  it('never lets a statement from outside join an open transaction', async () => {
    const store = await emptyStore(engine);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = store.transaction(async (tx) => {
      await tx.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['in transaction', 1]);
      await held;
      throw new Error('rolled back');
    });
    // a write from outside while the transaction waits: it must not be rolled back with it
    const outside = store.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['outside', 1]);
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    await outside;
    expect(await store.all('SELECT name FROM things')).toEqual([{ name: 'outside' }]);
  });

  it('migrates once when several stores start on one database together', async () => {
    if (engine !== 'postgres') return; // one SQLite file per process: covered by the load checks
    const url = await freshPostgresUrl();
    const stores = [0, 1, 2].map(() => new PostgresStore({ connectionString: url }));
    opened.push(...stores);
    const applied = await Promise.all(stores.map((store) => migrate(store)));
    expect(applied.flat().sort()).toEqual(applied.find((names) => names.length > 0));
    expect(applied.filter((names) => names.length > 0)).toHaveLength(1);
  });
});
