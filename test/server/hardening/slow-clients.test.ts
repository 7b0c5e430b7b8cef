/**
 * Clients that send or read slowly. Node's defaults let a visitor keep a connection, and what the
 * server holds for it, for good by not reading its answer, and for five minutes by announcing a
 * body and never sending it; every request now has time limits (slow-clients.ts), here made
 * small so each case takes a second or two.
 */
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { serverMessages } from '../../../server/messages.ts';
import { SITE_USER_XSRF_HEADER } from '../../../server/security/site-user.ts';
import { createHttpServer, stalledClients, type SlowClientLimits } from '../../../server/slow-clients.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';

// the idle limit is eight times the trickle's pace, so a process held up by a busy machine (the
// server and the test share one) does not take a trickle for a stall
const LIMITS: SlowClientLimits = { headersMs: 800, requestMs: 2_500, idleMs: 800, keepAliveMs: 300, checkEveryMs: 100 };
/** Time for a limit to be noticed and the connection to close on a machine under load. */
const SLACK_MS = 2_500;
const ENTRIES = '/api/commerce/shopping-cart/entries';

let platform: PlatformServer;
let http: Server;
let port: number;
let warnings: MockInstance;
let errors: MockInstance;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  platform = await startPlatformServer({ slowClients: LIMITS });
  // the platform helper listens with Node's defaults: the process's own server is this one
  http = createHttpServer(platform.app, LIMITS);
  port = await listen(http);
});
afterAll(async () => {
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
  await platform.stop(true);
});
afterEach(() => {
  warnings?.mockRestore();
  errors?.mockRestore();
});
function spyOnLog(): void {
  warnings = vi.spyOn(platform.app.deps.log, 'warn');
  errors = vi.spyOn(platform.app.deps.log, 'error');
}
function bodyWarnings(): Array<Record<string, unknown>> {
  return warnings.mock.calls
    .filter(([, message]) => message === serverMessages.bodyRefusedLog)
    .map(([fields]) => {
      const { method, path, status, reason } = fields as Record<string, unknown>;
      return { method, path, status, reason };
    });
}

interface Exchange {
  /** Everything the server sent before it closed the connection. */
  answer: string;
  status: number | null;
  body: string;
  closedAfterMs: number;
}

/**
 * Sends `start` on a raw connection, then `trickle` every `everyMs` (if given), and waits for the
 * server to close it: the test fails past `waitMs` instead of hanging.
 */
function exchange(target: number, start: string | Buffer, { trickle, everyMs = 100, waitMs = 8_000, read = true }: { trickle?: string; everyMs?: number; waitMs?: number; read?: boolean } = {}): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const began = Date.now();
    const socket = connect(target, '127.0.0.1');
    let answer = '';
    let dripping: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(dripping);
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${waitMs} ms; it had sent: ${JSON.stringify(answer.slice(0, 200))}`));
    }, waitMs);
    socket.on('connect', () => {
      socket.write(start);
      if (trickle !== undefined) dripping = setInterval(() => socket.write(trickle), everyMs);
    });
    if (!read) socket.pause();
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      clearInterval(dripping);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      resolve({ answer, status: status ? Number(status[1]) : null, body: answer.split('\r\n\r\n').slice(1).join('\r\n\r\n'), closedAfterMs: Date.now() - began });
    });
  });
}

/** A JSON call that announces `contentLength` bytes and sends `sent` of them. */
const unfinishedJson = (sent: string, contentLength = 1_000) =>
  `POST ${ENTRIES} HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n${sent}`;

describe('a visitor that sends slowly', () => {
  it('has the header block cut off at the headers limit with 408', async () => {
    const sent = await exchange(port, 'GET / HTTP/1.1\r\nHost: shop\r\n', { trickle: 'X-Slow: y\r\n', everyMs: 100 });
    expect(sent.status).toBe(408);
    expect(sent.closedAfterMs).toBeLessThan(LIMITS.headersMs + SLACK_MS);
  });

  it('announcing a JSON body and never finishing it is answered 408 with its message at the idle limit, with one warn line', async () => {
    spyOnLog();
    const sent = await exchange(port, unfinishedJson('{"itemId": "'));
    expect(sent.status).toBe(408);
    expect(JSON.parse(sent.body)).toEqual({ message: serverMessages.bodyTimedOut });
    expect(sent.closedAfterMs).toBeGreaterThanOrEqual(LIMITS.idleMs - 50);
    expect(sent.closedAfterMs).toBeLessThan(LIMITS.idleMs + SLACK_MS);
    await vi.waitFor(() => expect(bodyWarnings()).toEqual([{ method: 'POST', path: ENTRIES, status: 408, reason: 'request.timeout' }]));
    expect(errors).not.toHaveBeenCalled();
  });

  it('a chunked body kept trickling under the idle limit is answered 408 at the request limit, with one warn line', async () => {
    spyOnLog();
    const start = `POST ${ENTRIES} HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n[\r\n`;
    const sent = await exchange(port, start, { trickle: '1\r\n \r\n', everyMs: 100 });
    expect(sent.status).toBe(408);
    expect(JSON.parse(sent.body)).toEqual({ message: serverMessages.bodyTimedOut });
    expect(sent.closedAfterMs).toBeGreaterThanOrEqual(LIMITS.requestMs - 50);
    expect(sent.closedAfterMs).toBeLessThan(LIMITS.requestMs + SLACK_MS);
    await vi.waitFor(() => expect(bodyWarnings()).toEqual([{ method: 'POST', path: ENTRIES, status: 408, reason: 'request.timeout' }]));
    expect(errors).not.toHaveBeenCalled();
  });

  it('a form post to a page that stalls is answered 408 in plain text', async () => {
    const sent = await exchange(port, 'POST /checkout HTTP/1.1\r\nHost: shop\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 500\r\n\r\ncrumb=');
    expect(sent.status).toBe(408);
    expect(sent.body).toBe(serverMessages.bodyTimedOut);
  });

  it('a body that stops after the request was answered is cut off at the idle limit', async () => {
    const sent = await exchange(port, 'GET /api/health HTTP/1.1\r\nHost: shop\r\nContent-Length: 100000\r\n\r\nabc');
    expect(sent.status).toBe(200);
    expect(sent.closedAfterMs).toBeLessThan(LIMITS.idleMs + SLACK_MS);
  });

  it('the owner\'s image upload that stalls is answered 408 at the idle limit, its connection closed', async () => {
    const owner = await platform.signInOwner();
    spyOnLog();
    const cookie = [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const part = '--edge\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n';
    const head = [
      'POST /api/admin/products/1/images HTTP/1.1', 'Host: shop', `Cookie: ${cookie}`,
      `X-CSRF-Token: ${decodeURIComponent(owner.crumb)}`, `${SITE_USER_XSRF_HEADER}: ${owner.xsrfToken}`,
      'Content-Type: multipart/form-data; boundary=edge', `Content-Length: ${10 * 1024 * 1024}`,
    ].join('\r\n');
    const sent = await exchange(port, Buffer.concat([Buffer.from(`${head}\r\n\r\n${part}`), Buffer.alloc(1024 * 1024)]));
    expect(sent.status).toBe(408);
    expect(JSON.parse(sent.body)).toEqual({ message: serverMessages.bodyTimedOut });
    expect(sent.closedAfterMs).toBeLessThan(LIMITS.idleMs + SLACK_MS);
    await vi.waitFor(() => expect(bodyWarnings()).toEqual([{ method: 'POST', path: '/api/admin/products/1/images', status: 408, reason: 'request.timeout' }]));
    expect(errors).not.toHaveBeenCalled();
  });

  it('the store keeps serving afterwards', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });
});

describe('a visitor that reads slowly', () => {
  it('stopping reading its answers is disconnected at the idle limit', async () => {
    // about 10 MB of answers (the icon sprite is made once, so they cost no rendering): more than
    // the connection's buffers hold, none of them read
    const requests = 'GET /universal/svg/social-accounts.svg HTTP/1.1\r\nHost: shop\r\n\r\n'.repeat(200);
    const client = connect(port, '127.0.0.1');
    client.on('error', () => {});
    client.pause();
    client.write(requests);
    const connections = () => new Promise<number>((resolve) => http.getConnections((_error, count) => resolve(count)));
    await vi.waitFor(async () => expect(await connections()).toBeGreaterThan(0));
    await vi.waitFor(async () => expect(await connections()).toBe(0), { timeout: LIMITS.idleMs + SLACK_MS * 3, interval: 100 });
    client.destroy();
  });

  it('a request the server works on for longer than the idle limit keeps its connection and gets its answer, a download paused between two reads too', async () => {
    const app = express();
    app.use(stalledClients(pino({ level: 'silent' }), LIMITS));
    app.get('/slow', (_req, res) => {
      setTimeout(() => res.send('done'), LIMITS.idleMs * 3);
    });
    app.get('/paused', (_req, res) => {
      res.setHeader('Content-Length', '12');
      res.write('first,');
      setTimeout(() => res.end('second'), LIMITS.idleMs * 3);
    });
    const slow = createHttpServer(app, LIMITS);
    const slowPort = await listen(slow);
    try {
      const sent = await exchange(slowPort, 'GET /slow HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n');
      expect(sent.status).toBe(200);
      expect(sent.body).toBe('done');
      const paused = await exchange(slowPort, 'GET /paused HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n');
      expect(paused.status).toBe(200);
      expect(paused.body).toBe('first,second');
    } finally {
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});
