/**
 * Issue 16, item 6: bodies the client cannot have meant (an unsupported charset, an unknown
 * content encoding, gzip that does not inflate) answered 500, and an aborted upload logged an
 * error with a stack. Each is now a 4xx with one warn line and no stack.
 */
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { serverMessages } from '../../../server/messages.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const mug = seededProduct('stoneware-mug');
const validJson = JSON.stringify({ itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 });

let server: PlatformServer;
let warnings: MockInstance;
let errors: MockInstance;
beforeAll(async () => {
  server = await startPlatformServer();
});
afterAll(async () => {
  await server.stop(true);
});
function spyOnLog(): void {
  warnings = vi.spyOn(server.app.deps.log, 'warn');
  errors = vi.spyOn(server.app.deps.log, 'error');
}
afterEach(() => {
  warnings?.mockRestore();
  errors?.mockRestore();
});

/** The warn lines logged for refused bodies: their method, path, status and reason (other fields, such as a request id, aside). */
function bodyWarnings(): Array<Record<string, unknown>> {
  return warnings.mock.calls
    .filter(([, message]) => message === serverMessages.bodyRefusedLog)
    .map(([fields]) => {
      const { method, path, status, reason } = fields as Record<string, unknown>;
      return { method, path, status, reason };
    });
}

async function send(path: string, headers: Record<string, string>, body: Buffer | string) {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : new Uint8Array(body) });
  const text = await response.text();
  return { status: response.status, text, json: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) as { message: string } : null };
}

describe('bodies the client sent wrong', () => {
  const cases: Array<[string, Record<string, string>, Buffer | string, number, string, string]> = [
    ['a charset other than UTF-8', { 'content-type': 'application/json; charset=latin1' }, validJson, 415, serverMessages.bodyCharsetUnsupported, 'charset.unsupported'],
    ['an unknown content encoding', { 'content-type': 'application/json', 'content-encoding': 'x-squish' }, validJson, 415, serverMessages.bodyEncodingUnsupported, 'encoding.unsupported'],
    ['gzip that does not inflate', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, Buffer.from('certainly not gzip'), 400, serverMessages.bodyNotDecompressed, 'Z_DATA_ERROR'],
    ['gzip cut short', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, gzipSync(validJson).subarray(0, 12), 400, serverMessages.bodyNotDecompressed, 'Z_BUF_ERROR'],
  ];

  for (const [label, headers, body, status, message, reason] of cases) {
    it(`${label}: a call answers ${status} with its message and one warn line, no error`, async () => {
      spyOnLog();
      const answer = await send(ENTRIES, headers, body);
      expect(answer.status).toBe(status);
      expect(answer.json?.message).toBe(message);
      expect(bodyWarnings()).toEqual([{ method: 'POST', path: ENTRIES, status, reason }]);
      expect(errors).not.toHaveBeenCalled();
    });
  }

  it('a form post to a page with an unsupported charset answers the error page with 415, one warn line and no stack', async () => {
    spyOnLog();
    const answer = await send('/checkout', { 'content-type': 'application/x-www-form-urlencoded; charset=latin1' }, 'crumb=x');
    expect(answer.status).toBe(415);
    expect(answer.text).toContain('data-page-type');
    expect(bodyWarnings()).toEqual([{ method: 'POST', path: '/checkout', status: 415, reason: 'charset.unsupported' }]);
    expect(JSON.stringify(warnings.mock.calls)).not.toContain('    at ');
    expect(errors).not.toHaveBeenCalled();
  });

  it('a good gzip body is still read', async () => {
    const answer = await send(ENTRIES, { 'content-type': 'application/json', 'content-encoding': 'gzip' }, gzipSync(validJson));
    // read, then refused for the missing crumb: the body itself was fine
    expect(answer.status).toBe(403);
  });
});

describe('an aborted upload', () => {
  it('logs one warn line without a stack and no error', async () => {
    spyOnLog();
    const { port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const outgoing = request({ host: '127.0.0.1', port, method: 'POST', path: ENTRIES, headers: { 'content-type': 'application/json', 'content-length': '50000' } });
      outgoing.on('error', () => resolve());
      outgoing.write('{"itemId": "');
      setTimeout(() => { outgoing.destroy(); resolve(); }, 100);
    });
    await vi.waitFor(() => expect(bodyWarnings()).toHaveLength(1), { timeout: 3000 });
    expect(bodyWarnings()[0]).toEqual({ method: 'POST', path: ENTRIES, status: 400, reason: 'request.aborted' });
    expect(errors).not.toHaveBeenCalled();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
