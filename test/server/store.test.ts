import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../../server/db/postgres-store.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/database.ts';
import { SqliteStore } from '../../server/db/sqlite-store.ts';
import { isUniqueViolation, numberedPlaceholders, type Store, type StoreSession } from '../../server/db/store.ts';
import { migrate } from '../../server/db/migrate.ts';
import { guardsOuterStatements, OUTER_STORE_IN_TRANSACTION } from '../../server/db/outer-store-guard.ts';
import { freshPostgresUrl, ON_POSTGRES, TEST_DATABASE_URL, TEST_ENGINES } from './helpers/test-database.ts';

const opened: Store[] = [];
afterAll(async () => {
  for (const store of opened) await store.close();
});

/**
 * The most queries one PostgreSQL connection of `store` was given at once, counted from now on;
 * SQLite runs each statement whole before the next, so one.
 */
function runningQueriesOf(store: Store): { mostAtOnce: number } {
  const running = { mostAtOnce: 1 };
  if (!(store instanceof PostgresStore)) return running;
  const counted = new WeakSet<object>();
  store.pool.on('acquire', (client) => {
    if (counted.has(client)) return;
    counted.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    let now = 0;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      // the pool's own one-off queries pass a callback: one per connection by design
      if (typeof args.at(-1) === 'function') return query(...args);
      now++;
      running.mostAtOnce = Math.max(running.mostAtOnce, now);
      return query(...args).finally(() => now--);
    };
  });
  return running;
}

/** An empty SQLite store in a file of its own, as the server opens one (WAL). */
async function fileStore(): Promise<Store> {
  const store = new SqliteStore(openDatabase(join(mkdtempSync(join(tmpdir(), 'storefront-store-')), 'store.db')));
  opened.push(store);
  await store.exec('CREATE TABLE things (name TEXT PRIMARY KEY, amount BIGINT NOT NULL)');
  return store;
}

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

describe('the check for statements through the store inside its own transaction', () => {
  it('is always on for SQLite, where the mistake hangs, and on PostgreSQL everywhere but production', () => {
    const before = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'production';
      expect([guardsOuterStatements('sqlite'), guardsOuterStatements('postgres')]).toEqual([true, false]);
      process.env.NODE_ENV = 'development';
      expect([guardsOuterStatements('sqlite'), guardsOuterStatements('postgres')]).toEqual([true, true]);
    } finally {
      if (before === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = before;
    }
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

  it('answers reads from outside while a transaction waits, with what was committed only', { timeout: 5000 }, async () => {
    // a file, as the server's: in memory SQLite has no second connection to read on
    const store = engine === 'sqlite' ? await fileStore() : await emptyStore(engine);
    await store.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['committed', 1]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const inserted = new Promise<void>((resolve) => (written = resolve));
    const transaction = store.transaction(async (tx) => {
      await tx.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['in transaction', 1]);
      written();
      await held;
      throw new Error('rolled back');
    });
    await inserted;
    // answered while the transaction is open (a page during an import), not waiting for its end
    expect(await store.all('SELECT name FROM things ORDER BY name')).toEqual([{ name: 'committed' }]);
    expect(await store.get('SELECT COUNT(*) AS n FROM things')).toEqual({ n: 1 });
    // a write sent as a read (RETURNING) waits for the transaction's end, as writes do, and is kept
    const returning = store.get('INSERT INTO things (name, amount) VALUES (?, ?) RETURNING name', ['after', 1]);
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    expect(await returning).toEqual({ name: 'after' });
    expect(await store.all('SELECT name FROM things ORDER BY name')).toEqual([{ name: 'after' }, { name: 'committed' }]);
  });

  it('refuses, instead of hanging, a statement its own transaction sends through the store', { timeout: 5000 }, async () => {
    const store = await emptyStore(engine);
    const attempts = {
      all: () => store.all('SELECT name FROM things'),
      get: () => store.get('SELECT name FROM things'),
      run: () => store.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['through the store', 1]),
      exec: () => store.exec('DELETE FROM things'),
      transaction: () => store.transaction((other) => other.all('SELECT name FROM things')),
    };
    for (const [kind, attempt] of Object.entries(attempts)) {
      const refused = await store.transaction(async (tx) => {
        await tx.run('INSERT INTO things (name, amount) VALUES (?, ?)', [kind, 1]);
        // a helper deep inside the work, several awaits on, given the store and not the tx
        await new Promise((resolve) => setTimeout(resolve, 1));
        return attempt().then(() => 'ran', (error: Error) => error.message);
      });
      expect(refused, kind).toBe(OUTER_STORE_IN_TRANSACTION);
    }
    // the store still answers, and each transaction committed what it wrote through its tx
    expect((await store.all<{ name: string }>('SELECT name FROM things ORDER BY name')).map((row) => row.name)).toEqual(Object.keys(attempts).sort());
  });

  it('still lets work begun inside a transaction and left running use the store once it has ended', async () => {
    const store = await emptyStore(engine);
    let later!: Promise<unknown>;
    await store.transaction(async (tx) => {
      await tx.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['committed', 1]);
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => store.all('SELECT name FROM things'));
    });
    expect(await later).toEqual([{ name: 'committed' }]);
  });

  it('runs statements asked for at once in a transaction one at a time, in the order asked', async () => {
    const store = await emptyStore(engine);
    const running = runningQueriesOf(store);
    await store.transaction(async (tx) => {
      // each row's amount counts the rows before it: the order the statements ran in
      await Promise.all(['a', 'b', 'c', 'd'].map((name) => tx.run('INSERT INTO things (name, amount) VALUES (?, (SELECT COUNT(*) FROM things))', [name])));
      await Promise.all([tx.all('SELECT name FROM things'), tx.get('SELECT COUNT(*) AS n FROM things'), tx.transaction((inner) => inner.all('SELECT name FROM things'))]);
    });
    expect(running.mostAtOnce).toBe(1);
    expect(await store.all('SELECT name, amount FROM things ORDER BY amount')).toEqual([
      { name: 'a', amount: 0 }, { name: 'b', amount: 1 }, { name: 'c', amount: 2 }, { name: 'd', amount: 3 },
    ]);
  });

  it('rolls back only the failed one of two nested transactions begun side by side', async () => {
    const store = await emptyStore(engine);
    await store.transaction(async (tx) => {
      const results = await Promise.allSettled([
        tx.transaction(async (inner) => {
          await inner.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['failed', 1]);
          await new Promise((resolve) => setTimeout(resolve, 20));
          throw new Error('no');
        }),
        tx.transaction(async (inner) => {
          await inner.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['kept', 1]);
        }),
      ]);
      expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
    });
    expect(await store.all('SELECT name FROM things')).toEqual([{ name: 'kept' }]);
  });

  it('keeps a statement asked for beside a nested transaction when that one is rolled back', async () => {
    const store = await emptyStore(engine);
    await store.transaction(async (tx) => {
      const nested = tx.transaction(async (inner) => {
        await inner.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['rolled back', 1]);
        await new Promise((resolve) => setTimeout(resolve, 20));
        // what the nested work asks for through the outer session still belongs to it
        await tx.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['rolled back too', 1]);
        throw new Error('no');
      });
      const beside = tx.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['beside', 1]);
      await expect(nested).rejects.toThrow('no');
      await beside;
    });
    expect(await store.all('SELECT name FROM things')).toEqual([{ name: 'beside' }]);
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

describe.skipIf(!ON_POSTGRES)('a connection the server ends while the store holds it between statements', () => {
  /** Ends the session of `pid` as a restart or an administrator does (57P01), and waits for it to be gone. */
  async function terminate(pid: number): Promise<void> {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      // the client reads the 57P01 while no statement of its own is running
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await admin.end();
    }
  }

  // unanswered, the 57P01 of a connection checked out between two statements is an 'error' event
  // nobody listens to, which ends the whole server process (seen with pg_ctl restart under load)
  it.each([
    ['a transaction', (store: PostgresStore, work: (tx: StoreSession) => Promise<unknown>) => store.transaction(work)],
    ['exclusive work', (store: PostgresStore, work: (tx: StoreSession) => Promise<unknown>) => store.exclusive('test-lock', work)],
  ])('%s fails with the lost connection, and the store goes on with a new one', async (_, hold) => {
    const store = (await emptyStore('postgres')) as PostgresStore;
    const uncaught: unknown[] = [];
    const keep = (error: unknown): void => { uncaught.push(error); };
    process.on('uncaughtException', keep);
    try {
      const held = hold(store, async (tx) => {
        const { pid } = (await tx.get<{ pid: number }>('SELECT pg_backend_pid() AS pid'))!;
        await terminate(pid);
        await tx.run('INSERT INTO things (name, amount) VALUES (?, ?)', ['lost', 1]);
      });
      await expect(held).rejects.toThrow();
    } finally {
      process.off('uncaughtException', keep);
    }
    expect(uncaught).toEqual([]);
    expect(await store.all('SELECT name FROM things')).toEqual([]);
  });
});
