/**
 * The log line of a call that failed names the path the client asked for: the calls' error
 * handler is mounted at /api (server/app.ts), where Express's req.path leaves that prefix out, so
 * an operator searching the log for /api/commerce/checkout/orders would not find its outage line.
 */
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverMessages } from '../../../server/messages.ts';
import { jsonErrorHandler } from '../../../server/security/error-handlers.ts';

function stubLog() {
  return { error: vi.fn(), info: vi.fn(), warn: vi.fn() };
}

/** Each log gets its own outage account: a fresh stub per test says its outage afresh. */
function callsFailingWith(error: Error, log: ReturnType<typeof stubLog>): Express {
  const app = express();
  app.post('/api/commerce/checkout/orders', () => {
    throw error;
  });
  // mounted as server/app.ts mounts it
  app.use('/api', jsonErrorHandler(log as unknown as Logger));
  return app;
}

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

async function post(app: Express, path: string): Promise<number> {
  const server = app.listen(0, '127.0.0.1');
  closers.push(() => server.close());
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const answer = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST' });
  await answer.arrayBuffer();
  return answer.status;
}

describe('the log line of a failed call', () => {
  it('names the full path, /api included, when the database server is unreachable', async () => {
    const log = stubLog();
    const refused = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(await post(callsFailingWith(refused, log), '/api/commerce/checkout/orders?token=secret')).toBe(503);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![1]).toBe(serverMessages.databaseUnreachableLog);
    expect(log.error.mock.calls[0]![0]).toMatchObject({ method: 'POST', path: '/api/commerce/checkout/orders' });
  });

  it('names the full path, /api included, for an unexpected failure (its query left out)', async () => {
    const log = stubLog();
    expect(await post(callsFailingWith(new Error('a bug'), log), '/api/commerce/checkout/orders?token=secret')).toBe(500);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![1]).toBe('call failed');
    expect(log.error.mock.calls[0]![0]).toMatchObject({ method: 'POST', path: '/api/commerce/checkout/orders' });
  });
});
