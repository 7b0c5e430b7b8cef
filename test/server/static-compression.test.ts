/**
 * The files pages load are compressed as the browser asks; pages and JSON answers, which carry
 * the visitor's crumb and echo what the visitor typed, never are (BREACH).
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { writeTemplateFolder } from './helpers/template-folder-on-disk.ts';

let server: RunningServer;
let folder = '';
// A template folder's script and picture, larger than the compression threshold; the client bundle
// is compressed by the same middleware, by its content type.
const SCRIPT = `window.parts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `part ${i}`))};\n`;
const PICTURE = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`;
beforeAll(async () => {
  folder = writeTemplateFolder('compression-', {
    'template.conf': JSON.stringify({ name: 'Compressed', layouts: { default: { name: 'Default', regions: ['site'] } } }),
    'site.region': '<html><body>{squarespace.main-content}<squarespace:script src="site.js" /></body></html>',
    'scripts/site.js': SCRIPT,
    'assets/picture.svg': PICTURE,
  });
  server = await startServer({ templateDir: folder });
});
afterAll(async () => {
  await server.stop(true);
  rmSync(folder, { recursive: true, force: true });
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

describe('compression', () => {
  it('sends the scripts and pictures a page loads as brotli or gzip, the same bytes once decoded', async () => {
    for (const [path, text] of [['/scripts/site.js', SCRIPT], ['/assets/picture.svg', PICTURE]] as const) {
      const plain = await get(path, null);
      expect(plain.status, path).toBe(200);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(plain.body.toString(), path).toBe(text);
      const br = await get(path, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers.vary, path).toMatch(/Accept-Encoding/i);
      expect(br.body.length, path).toBeLessThan(plain.body.length / 2);
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
    for (const path of ['/', '/shop', '/search?q=linen', '/shop/p/linen-shirt', '/shop/p/linen-shirt?format=json', '/api/commerce/shopping-cart']) {
      const answer = await get(path, 'gzip, deflate, br');
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.headers['content-encoding'], path).toBeUndefined();
    }
  });
});
