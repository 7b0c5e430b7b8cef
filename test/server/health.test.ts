import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './helpers/start-server.ts';

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

  it('opens the database in WAL mode with foreign keys and records migrations', () => {
    const { db } = server.app.deps;
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const applied = db.prepare('SELECT name FROM schema_migrations ORDER BY name').pluck().all();
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
    const { db } = first.app.deps;
    const products = db.prepare('SELECT COUNT(*) FROM products').pluck().get() as number;
    expect(products).toBeGreaterThanOrEqual(12);
    const types = db.prepare('SELECT DISTINCT product_type FROM products ORDER BY 1').pluck().all();
    expect(types).toEqual([1, 2, 3, 4]);
    db.prepare("UPDATE products SET title = 'Renamed' WHERE url_id = 'canvas-tote'").run();
    await first.stop();
    const second = await startServer({ databasePath: first.databasePath });
    const title = second.app.deps.db.prepare("SELECT title FROM products WHERE url_id = 'canvas-tote'").pluck().get();
    expect(title).toBe('Renamed');
    await second.stop(true);
  });
});
