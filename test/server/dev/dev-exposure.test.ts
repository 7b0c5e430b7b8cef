import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config.ts';
import { serverMessages } from '../../../server/messages.ts';
import { MAX_RELOAD_STREAMS, RELOAD_EVENTS_PATH } from '../../../server/dev/reload-stream.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

// `npm run dev` serves an author's machine: only that machine, and not a page of another site
// that rebinds its name to 127.0.0.1 (DNS rebinding), may read what it serves.

/** A GET to the server with the Host header given; status and body. */
function get(url: string, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url + path, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('where the development server listens', () => {
  it('binds 127.0.0.1 in development unless HOST says otherwise; production keeps every interface', () => {
    expect(readConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(readConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(readConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(readConfig({}).host).toBe('0.0.0.0');
  });

  it('takes the names the development server answers to: the loopback names, HOST, and DEV_ALLOWED_HOSTS', () => {
    expect(readConfig({ NODE_ENV: 'development' }).options.devHosts).toEqual([]);
    expect(readConfig({ NODE_ENV: 'development', HOST: 'shop.test', DEV_ALLOWED_HOSTS: 'a.test, B.test' }).options.devHosts).toEqual(['shop.test', 'a.test', 'b.test']);
  });
});

describe('the Host a development request names', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.stop(true);
    server = undefined;
  });

  it('is refused (403) unless it is this machine by a loopback name or a configured one', async () => {
    server = await startServer({ dev: true, devHosts: ['shop.test'] });
    const port = new URL(server.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost', `shop.test:${port}`, `LOCALHOST:${port}`]) {
      expect((await get(server.url, '/api/health', host)).status, host).toBe(200);
    }
    for (const path of ['/', '/shop?format=json', '/site.css', RELOAD_EVENTS_PATH, '/api/health']) {
      // parsed whole: nothing after a bracketed address's `]` but a port, and a port only of digits
      for (const host of [`evil.example:${port}`, 'localhost.evil.example', `127.0.0.1.nip.io:${port}`,
        '[::1]evil.example', `[::1]evil.example:${port}`, `[::1]:${port}x`, `localhost:${port}:1`, 'localhost:abc', `[::1]]:${port}`, `127.0.0.1:`]) {
        const refused = await get(server.url, path, host);
        expect(refused.status, `${path} ${host}`).toBe(403);
        expect(refused.body).toBe(serverMessages.devHostRefused);
      }
    }
  });

  it('is not checked in production, which is reached by the shop\'s own name', async () => {
    server = await startServer({});
    expect((await get(server.url, '/api/health', 'shop.example.com')).status).toBe(200);
  });
});

describe('the live-reload event stream', () => {
  let server: RunningServer | undefined;
  const open: ClientRequest[] = [];
  afterEach(async () => {
    for (const req of open.splice(0)) req.destroy();
    await server?.stop(true);
    server = undefined;
  });

  it(`holds at most ${MAX_RELOAD_STREAMS} streams at once, refusing more with 503 until one closes`, async () => {
    server = await startServer({ dev: true });
    const openStream = (): Promise<IncomingMessage> => new Promise((resolve, reject) => {
      const req = request(server!.url + RELOAD_EVENTS_PATH, { agent: false }, resolve);
      req.on('error', reject);
      req.end();
      open.push(req);
    });
    const streams = await Promise.all(Array.from({ length: MAX_RELOAD_STREAMS }, openStream));
    expect(streams.every((res) => res.statusCode === 200)).toBe(true);
    const refused = await openStream();
    expect(refused.statusCode).toBe(503);
    // one page closed: its place is free again
    open[0]!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await openStream()).statusCode).toBe(200);
  });
});
