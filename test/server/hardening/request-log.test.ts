import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REQUEST_ID_HEADER } from '../../../server/request-log.ts';
import { startMain, stopMain, type MainProcess } from '../helpers/start-main.ts';
import { dropTable } from '../helpers/drop-table.ts';
import { startServer, temporaryDatabasePath } from '../helpers/start-server.ts';

/**
 * One JSON log line per request (method, path without the query, status, time, request id), the
 * id returned as X-Request-Id and carried by the error lines of that request.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function waitFor<T>(find: () => T | undefined): Promise<T> {
  for (let tries = 0; tries < 100; tries++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('log line never written');
}

describe('request log of the production server', () => {
  const databasePath = temporaryDatabasePath();
  let running: MainProcess;
  beforeAll(async () => {
    running = await startMain(databasePath, { NODE_ENV: 'production' });
  }, 30_000);
  afterAll(async () => {
    if (running) await stopMain(running);
    rmSync(dirname(databasePath), { recursive: true, force: true });
  });

  it('writes one JSON line per request with method, path, status, time and id, never the query', async () => {
    const secretQuery = '?token=order-secret-1&cartToken=cart-secret-2&key=k-secret-3&password=pw-secret-4';
    const requests: Array<[string, number]> = [[`/shop${secretQuery}`, 200], [`/no-such-page${secretQuery}`, 404], [`/api/health${secretQuery}`, 200]];
    for (const [url, status] of requests) {
      const response = await fetch(`${running.url}${url}`);
      expect(response.status).toBe(status);
      await response.arrayBuffer();
      const id = response.headers.get(REQUEST_ID_HEADER);
      expect(id).toMatch(UUID);
      const line = await waitFor(() => running.lines().find((entry) => entry.reqId === id && 'responseTime' in entry));
      expect(line).toMatchObject({ level: 30, method: 'GET', path: url.split('?')[0], status, reqId: id });
      expect(line.responseTime).toEqual(expect.any(Number));
      expect(running.lines().filter((entry) => entry.reqId === id)).toHaveLength(1);
    }
    expect(running.output()).not.toMatch(/secret/);
  });

  it('logs a download link\'s path without its token, the key to a buyer\'s paid file', async () => {
    const token = 'Ik3FyXZ6tFvYWwSS33B3tHB7ZkiaNKyfcp0ZDd_V1Mc';
    for (const path of [`/downloads/${token}`, `/Downloads/${token}`]) {
      const response = await fetch(`${running.url}${path}`);
      await response.arrayBuffer();
      const id = response.headers.get(REQUEST_ID_HEADER);
      const line = await waitFor(() => running.lines().find((entry) => entry.reqId === id && 'responseTime' in entry));
      expect(line.path).toBe('/downloads/…');
    }
    expect(running.output()).not.toContain(token);
  });

  it('gives every response its own id', async () => {
    const ids = new Set<string | null>();
    for (let i = 0; i < 5; i++) ids.add((await fetch(`${running.url}/api/health`)).headers.get(REQUEST_ID_HEADER));
    expect(ids.size).toBe(5);
  });
});

/**
 * The error lines logged through the app's logger. The request line of a 500 is logged through
 * the request's child logger, which binds the id outside the line's own fields (the production
 * test above reads it from the written JSON), so it is left out here.
 */
function errorLinesBesideTheRequestLine(calls: unknown[][]): Array<Record<string, unknown>> {
  const lines = calls.map(([details]) => details as Record<string, unknown>).filter((details) => !('responseTime' in details));
  expect(lines.length).toBeGreaterThan(0);
  return lines;
}

describe('error lines carry the request id', () => {
  it('a failing page logs its error with the id the response names', async () => {
    const broken = await startServer();
    const logged = vi.spyOn(broken.app.deps.log, 'error');
    try {
      await dropTable(broken.app.deps.store, 'content_items');
      const response = await fetch(`${broken.url}/lessons`, { headers: { [REQUEST_ID_HEADER]: 'planted-id' } });
      expect(response.status).toBe(500);
      const id = response.headers.get(REQUEST_ID_HEADER);
      expect(id).toMatch(UUID);
      const errorLines = errorLinesBesideTheRequestLine(logged.mock.calls);
      for (const details of errorLines) expect(details.reqId).toBe(id);
    } finally {
      logged.mockRestore();
      await broken.stop(true);
    }
  });

  it('a failing call logs its error with the id the response names', async () => {
    const broken = await startServer();
    const logged = vi.spyOn(broken.app.deps.log, 'error');
    try {
      await dropTable(broken.app.deps.store, 'variants');
      const response = await fetch(`${broken.url}/api/commerce/inventory/stock/?itemId=6570a1b2c3d4e5f6a7b82001`);
      expect(response.status).toBe(500);
      const id = response.headers.get(REQUEST_ID_HEADER);
      const errorLines = errorLinesBesideTheRequestLine(logged.mock.calls);
      for (const details of errorLines) expect(details.reqId).toBe(id);
    } finally {
      logged.mockRestore();
      await broken.stop(true);
    }
  });
});
