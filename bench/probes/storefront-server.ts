/**
 * Probe: the storefront app listening on 127.0.0.1 (a free port) with a fresh
 * seeded database in a temporary directory, for the server benchmark. Prints
 * `{ "port": n }` once listening; stops and removes the database on SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/app.ts';

const dir = mkdtempSync(join(tmpdir(), 'bench-server-'));
const app = await createApp({
  databasePath: join(dir, 'store.db'),
  seed: true,
  logLevel: 'silent',
  ownerPassword: 'bench-owner-password',
  // The benchmark is one client hammering add-to-cart on purpose.
  rateLimits: { addToCart: 1_000_000_000, formSave: 1_000_000_000 },
});
const server = app.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});

function stop(): void {
  server.closeAllConnections();
  server.close(() => {
    app.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
