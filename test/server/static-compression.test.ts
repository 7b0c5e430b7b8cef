/**
 * The files pages load are compressed as the browser asks; pages and JSON answers, which carry
 * the visitor's crumb and echo what the visitor typed, never are (BREACH).
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './helpers/start-server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

interface RawAnswer { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** A GET that takes the bytes as sent (fetch would decompress them). */
function get(path: string, acceptEncoding: string | null): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === null ? {} : { 'Accept-Encoding': acceptEncoding };
    request(server.url + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
}

async function pageAssets(): Promise<string[]> {
  const html = (await get('/shop/p/linen-shirt', null)).body.toString();
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
}

describe('compression', () => {
  it('sends the scripts and stylesheets a page loads as brotli or gzip, the same bytes once decoded', async () => {
    const assets = await pageAssets();
    expect(assets.some((path) => path.endsWith('.js'))).toBe(true);
    expect(assets.some((path) => path.endsWith('.css'))).toBe(true);
    for (const path of assets) {
      const plain = await get(path, null);
      expect(plain.status, path).toBe(200);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      if (plain.body.length < 1024) continue; // too small to be worth it
      const br = await get(path, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers.vary, path).toMatch(/Accept-Encoding/i);
      expect(brotliDecompressSync(br.body).equals(plain.body), path).toBe(true);
      const gzip = await get(path, 'gzip');
      expect(gzip.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain.body), path).toBe(true);
    }
  });

  it('compresses the theme stylesheet and the sitemap as well', async () => {
    for (const path of ['/theme/site.css', '/sitemap.xml']) {
      const answer = await get(path, 'br');
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-encoding'], path).toBe('br');
    }
  });

  it('never compresses a page or a JSON answer', async () => {
    for (const path of ['/', '/shop', '/search?q=linen', '/shop/p/linen-shirt?format=json', '/api/commerce/shopping-cart']) {
      const answer = await get(path, 'gzip, deflate, br');
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.headers['content-encoding'], path).toBeUndefined();
    }
  });
});
