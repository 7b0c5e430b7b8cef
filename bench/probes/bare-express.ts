/**
 * Probe: the framework's ceiling for the server benchmark, a bare Express app
 * with one route answering a fixed HTML page, no middleware. Prints
 * `{ "port": n }` once listening on 127.0.0.1; stops on SIGTERM.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';

const PAGE = '<!doctype html><html><head><title>Bare</title></head><body><h1>Bare Express route</h1></body></html>';

const app = express();
app.get('/bare', (_req, res) => {
  res.type('html').send(PAGE);
});
const server = app.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});

function stop(): void {
  server.closeAllConnections();
  server.close(() => process.exit(0));
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
