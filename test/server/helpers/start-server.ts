import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type StorefrontApp } from '../../../server/app.ts';
import type { AppOptions } from '../../../server/deps.ts';
import { testDatabaseUrl } from './test-database.ts';

export interface RunningServer {
  url: string;
  app: StorefrontApp;
  databasePath: string;
  /** Stops listening and closes the database; keeps the file unless removeFiles is true. */
  stop(removeFiles?: boolean): Promise<void>;
}

/** A fresh temporary database file path (its folder is removed by stop(true)). */
export function temporaryDatabasePath(): string {
  return join(mkdtempSync(join(tmpdir(), 'storefront-test-')), 'store.db');
}

/** Starts a real instance on 127.0.0.1 with an ephemeral port and a temporary database. */
export async function startServer(options: Partial<AppOptions> = {}): Promise<RunningServer> {
  const databasePath = options.databasePath ?? temporaryDatabasePath();
  const databaseUrl = options.databaseUrl ?? (await testDatabaseUrl(databasePath));
  const app = await createApp({ logLevel: 'silent', ...options, databasePath, databaseUrl });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    databasePath,
    async stop(removeFiles = false) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      if (removeFiles) rmSync(join(databasePath, '..'), { recursive: true, force: true });
    },
  };
}
