/**
 * Probe: the storefront app listening on 127.0.0.1 (a free port) with a fresh seeded store, for
 * the server benchmark. Prints `{ "port": n }` once listening; stops and removes its store on
 * SIGTERM.
 *
 *   PROBE_DATABASE_URL  a PostgreSQL database: the store goes into a fresh schema of it
 *                       (default: a SQLite file in a temporary directory)
 *   PROBE_WORKERS       server processes sharing the port through node:cluster (default 1)
 */
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApp } from '../../server/app.ts';
import type { AppOptions } from '../../server/deps.ts';

const workers = Math.max(1, Number(process.env.PROBE_WORKERS) || 1);
const baseUrl = process.env.PROBE_DATABASE_URL || '';

const appOptions = (databasePath: string, databaseUrl: string | undefined): AppOptions => ({
  databasePath,
  databaseUrl,
  seed: true,
  logLevel: 'silent',
  ownerPassword: 'bench-owner-password',
  // The benchmark is one client hammering add-to-cart on purpose.
  rateLimits: { addToCart: 1_000_000_000, formSave: 1_000_000_000 },
});

/** A fresh schema of the PostgreSQL database, as a URL whose search_path names it. */
async function freshSchema(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: scoped.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

if (cluster.isPrimary) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const schema = baseUrl ? await freshSchema(baseUrl) : null;
  const options = appOptions(join(dir, 'store.db'), schema?.url);
  let cleanUp = async (): Promise<void> => {
    rmSync(dir, { recursive: true, force: true });
    await schema?.drop();
  };
  if (workers === 1) {
    const app = await createApp(options);
    const server = app.listen(0, '127.0.0.1', () => {
      console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
    });
    const previous = cleanUp;
    cleanUp = async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      await previous();
    };
  } else {
    // migrated and seeded once here, so the workers start on a ready store
    await (await createApp(options)).close();
    let printed = false;
    for (let i = 0; i < workers; i++) {
      const worker = cluster.fork({ PROBE_STORE_PATH: options.databasePath, PROBE_STORE_URL: options.databaseUrl ?? '' });
      worker.on('message', (message: { port?: number }) => {
        if (!printed && typeof message.port === 'number') {
          printed = true;
          console.log(JSON.stringify({ port: message.port }));
        }
      });
    }
    const previous = cleanUp;
    cleanUp = async () => {
      await Promise.all(Object.values(cluster.workers ?? {}).map((worker) => new Promise<void>((resolve) => {
        worker!.once('exit', () => resolve());
        worker!.kill('SIGTERM');
      })));
      await previous();
    };
  }
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void cleanUp().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  const app = await createApp(appOptions(process.env.PROBE_STORE_PATH!, process.env.PROBE_STORE_URL || undefined));
  const server = app.listen(0, '127.0.0.1', () => {
    process.send?.({ port: (server.address() as AddressInfo).port });
  });
  process.on('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => void app.close().finally(() => process.exit(0)));
  });
}
