import type { Server } from 'node:http';
import { pino } from 'pino';
import { createApp, type StorefrontApp } from './app.ts';
import { readConfig } from './config.ts';
import { storageFaultCode } from './db/storage-fault.ts';
import { storeDescription } from './db/open-store.ts';
import { createMaintenanceApp } from './maintenance-app.ts';
import { serverMessages } from './messages.ts';

const config = readConfig();
const database = storeDescription(config.options);

/**
 * The store, or when its database cannot be opened the maintenance page: one clear log line and
 * a process that stays up, instead of an exit a supervisor would turn into a crash loop.
 */
async function openStorefront(): Promise<{ app: StorefrontApp | null; handler: StorefrontApp | ReturnType<typeof createMaintenanceApp> }> {
  try {
    const app = await createApp(config.options);
    return { app, handler: app };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    pino({ level: config.options.logLevel ?? 'info' }).error({ database, code: storageFaultCode(err), reason }, serverMessages.startupFailureLog);
    return { app: null, handler: createMaintenanceApp() };
  }
}

const { app, handler } = await openStorefront();
const log = app?.deps.log ?? pino({ level: config.options.logLevel ?? 'info' });
const server: Server = handler.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  log.info({ port, database, ...(app ? {} : { maintenance: true }) }, 'storefront listening');
  for (const notice of config.notices) log.warn(notice);
});

let stopping = false;
function shutDown(signal: string): void {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  // Development pages hold a reload stream open; it would keep close() waiting.
  void app?.stopWatching();
  server.close(() => {
    void (app?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  });
  // Idle keep-alive sockets would hold close() open.
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}

process.on('SIGINT', () => shutDown('SIGINT'));
process.on('SIGTERM', () => shutDown('SIGTERM'));
