import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { RELOAD_EVENTS_PATH } from '../../../server/dev/reload-stream.ts';
import { requestLog } from '../../../server/request-log.ts';

/** The level (pino's number) of each request line, by path, of an app logging with these options. */
async function requestLevels(options: { quietFiles?: boolean }, paths: readonly string[]): Promise<Record<string, number>> {
  const lines: Array<{ level: number; path?: string }> = [];
  const sink = new Writable({ write(chunk: Buffer, _encoding, done) { lines.push(JSON.parse(chunk.toString()) as { level: number }); done(); } });
  const app = express();
  app.use(requestLog(pino({ level: 'debug' }, sink), undefined, options));
  app.get('/assets/logo.png', (_req, res) => { res.type('png').send('png'); });
  app.get('/site.css', (_req, res) => { res.type('css').send('a{}'); });
  app.get(RELOAD_EVENTS_PATH, (_req, res) => { res.end(); });
  app.get('/shop', (_req, res) => { res.send('<p>shop</p>'); });
  app.get('/api/1/performance/settings', (_req, res) => { res.json({}); });
  app.get('/api/census/RecordHit', (_req, res) => { res.status(204).end(); });
  const server = app.listen(0);
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    for (const path of paths) await (await fetch(`http://127.0.0.1:${port}${path}`)).arrayBuffer();
  } finally {
    server.close();
  }
  await new Promise((resolve) => setImmediate(resolve));
  return Object.fromEntries(lines.filter((line) => line.path !== undefined).map((line) => [line.path, line.level]));
}

const PATHS = ['/shop', '/assets/logo.png', '/site.css', RELOAD_EVENTS_PATH, '/assets/missing.png', '/api/1/performance/settings', '/api/census/RecordHit'];

describe('the request log in development', () => {
  it('logs the files a page loads, the live-reload channel and the page\'s own calls (page views, performance) at debug, so the template\'s messages stay in view; pages and answers of 400 or more stay at info', async () => {
    expect(await requestLevels({ quietFiles: true }, PATHS)).toEqual({
      '/shop': 30, '/assets/logo.png': 20, '/site.css': 20, [RELOAD_EVENTS_PATH]: 20, '/assets/missing.png': 30,
      '/api/1/performance/settings': 20, '/api/census/RecordHit': 20,
    });
  });

  it('logs every request at info elsewhere, as before', async () => {
    expect(Object.values(await requestLevels({}, PATHS))).toEqual([30, 30, 30, 30, 30, 30, 30]);
  });
});
