/**
 * How a streamed CSV download ends when it does not end well. An owner who left a download
 * between two batches left the export waiting for good (the next write found the response
 * closed, and waited for a drain that never comes), holding its batch and its reads; and a read
 * that failed half-way was printed by Express's own handler, outside the store's log.
 */
import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamCsv } from '../../../server/admin/csv.ts';
import { COMMA_CSV } from '../../../server/admin/csv-format.ts';
import { jsonErrorHandler } from '../../../server/security/error-handlers.ts';

/** A small batch: the response takes it at once, so the owner leaves while the next one is read. */
const batch = (index: number) => Array.from({ length: 10 }, (_, row) => [index, row, 'text']);

interface Source {
  batchesRead: number;
  closed: boolean;
  failAfter?: number;
}

/** Batches without end (or failing after `failAfter`), saying how many were read and whether the export closed them. */
async function* rowsOf(source: Source): AsyncGenerator<unknown[][]> {
  try {
    for (let index = 0; ; index++) {
      // a read of the database takes a moment
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (source.failAfter !== undefined && index >= source.failAfter) throw new Error('the database went away');
      source.batchesRead += 1;
      yield batch(index);
    }
  } finally {
    source.closed = true;
  }
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serveExport(source: Source, log = pino({ level: 'silent' })): Promise<{ url: string; settled: () => boolean }> {
  let done = false;
  const app = express();
  app.get('/api/export.csv', async (_req, res) => {
    try {
      await streamCsv(res, 'export.csv', ['batch', 'row', 'text'], rowsOf(source), COMMA_CSV);
    } finally {
      done = true;
    }
  });
  app.get('/api/health', (_req, res) => {
    res.json({ ok: true });
  });
  app.use('/api', jsonErrorHandler(log));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, settled: () => done };
}

describe('a CSV download the owner leaves', () => {
  it('stops reading and closes its rows, and the export ends', async () => {
    const source: Source = { batchesRead: 0, closed: false };
    const { url, settled } = await serveExport(source);
    await new Promise<void>((resolve, reject) => {
      get(`${url}/api/export.csv`, (answer) => {
        // the first bytes arrive, then the owner goes while the next batch is read
        answer.once('data', () => {
          answer.destroy();
          resolve();
        });
      }).on('error', reject);
    });
    await vi.waitFor(() => expect(source.closed).toBe(true), { timeout: 5_000 });
    await vi.waitFor(() => expect(settled()).toBe(true), { timeout: 5_000 });
    const read = source.batchesRead;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(source.batchesRead).toBe(read);
  });
});

describe('a CSV download whose read fails half-way', () => {
  it('is cut short, so it does not look complete, with one error line in the store\'s log, and the server goes on', async () => {
    const log = pino({ level: 'silent' });
    const errors = vi.spyOn(log, 'error');
    const source: Source = { batchesRead: 0, closed: false, failAfter: 3 };
    const { url } = await serveExport(source, log);
    const response = await fetch(`${url}/api/export.csv`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect(errors).toHaveBeenCalledTimes(1);
    const [fields, message] = errors.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(message).toBe('call failed');
    expect(fields).toMatchObject({ method: 'GET', path: '/api/export.csv', err: { message: 'the database went away' } });
    expect(source.closed).toBe(true);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });
});
