import type { Server } from 'node:http';
import { createApp } from './app.ts';
import { readConfig } from './config.ts';

const config = readConfig();
const app = createApp(config.options);
const server: Server = app.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  app.deps.log.info({ port, database: config.options.databasePath }, 'storefront listening');
});

let stopping = false;
function shutDown(signal: string): void {
  if (stopping) return;
  stopping = true;
  app.deps.log.info({ signal }, 'shutting down');
  server.close(() => {
    app.close();
    process.exit(0);
  });
  // Idle keep-alive sockets would hold close() open.
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}

process.on('SIGINT', () => shutDown('SIGINT'));
process.on('SIGTERM', () => shutDown('SIGTERM'));
