import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { ON_POSTGRES } from './helpers/test-database.ts';

describe('server core', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('answers the health check once the database is open', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it.skipIf(ON_POSTGRES)('opens a SQLite file in WAL mode with foreign keys', () => {
    const db = server.app.deps.db!;
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('records the migrations it applied', async () => {
    const applied = (await server.app.deps.store.all<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((row) => row.name);
    expect(applied).toContain('001_storefront.sql');
  });

  it('answers unknown calls with a JSON 404', async () => {
    const response = await fetch(`${server.url}/api/no-such-call`);
    expect(response.status).toBe(404);
    expect(await response.json()).toHaveProperty('message');
  });
});

describe('seeding', () => {
  it('fills an empty store once from the fixtures and keeps it across restarts', async () => {
    const first = await startServer();
    const { store, options } = first.app.deps;
    const products = (await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM products'))?.n;
    expect(products).toBeGreaterThanOrEqual(12);
    const types = (await store.all<{ product_type: number }>('SELECT DISTINCT product_type FROM products ORDER BY product_type')).map((row) => row.product_type);
    expect(types).toEqual([1, 2, 3, 4]);
    await store.run("UPDATE products SET title = 'Renamed' WHERE url_id = 'canvas-tote'");
    await first.stop();
    const second = await startServer({ databasePath: first.databasePath, databaseUrl: options.databaseUrl });
    const title = (await second.app.deps.store.get<{ title: string }>("SELECT title FROM products WHERE url_id = 'canvas-tote'"))?.title;
    expect(title).toBe('Renamed');
    await second.stop(true);
  });
});
