/**
 * Outside development, a large page is streamed: sent chunked (no length),
 * with the response's own nonce wherever the template wrote it, and with
 * the same bytes (but its own nonce) when it comes again from the
 * rendered-page cache or from another render.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_CHUNK } from '../../engine/runtime/render-state.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';

const BLOCK = 'lorem ipsum dolor sit amet '.repeat(Math.ceil(OUTPUT_CHUNK / 27));
let dir: string;
let server: RunningServer;

beforeAll(async () => {
  // A theme of single .tmpl pages (the project's own theme is a template folder, composed whole).
  dir = mkdtempSync(join(tmpdir(), 'streamed-theme-'));
  mkdirSync(join(dir, 'partials'));
  writeFileSync(join(dir, 'partials', 'head.block'), '<!doctype html><html lang="en"><head><title>{pageTitle}</title></head><body>');
  // The home page made large: several engine chunks of text, each followed by the nonce.
  const large = Array.from({ length: 6 }, (_, i) => `<p data-part="${i}" data-nonce="{cspNonce}">${BLOCK}</p>`).join('\n');
  writeFileSync(join(dir, 'home.tmpl'), `{@|apply head.block}<main>\n${large}\n</main></body></html>\n`);
  writeFileSync(join(dir, 'shop.tmpl'), '{@|apply head.block}<main><p>{collection.title}</p></main></body></html>\n');
  server = await startServer({ templateDir: dir });
});

afterAll(async () => {
  await server.stop(true);
  rmSync(dir, { recursive: true, force: true });
});

function nonceOf(csp: string | null): string {
  const match = /'nonce-([^']+)'/.exec(csp ?? '');
  if (match === null) throw new Error(`no nonce in ${csp}`);
  return match[1] as string;
}

describe('large pages streamed', () => {
  it('go out chunked, with the response nonce, the same page every time', async () => {
    const bodies: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.url}/`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const body = await res.text();
      const nonce = nonceOf(res.headers.get('content-security-policy'));
      expect(body.length).toBeGreaterThan(6 * OUTPUT_CHUNK);
      for (let part = 0; part < 6; part++) expect(body).toContain(`<p data-part="${part}" data-nonce="${nonce}">${BLOCK}</p>`);
      expect(body.trimEnd().endsWith('</html>')).toBe(true);
      bodies.push(body.replaceAll(nonce, 'NONCE'));
      if (i === 0) expect(res.headers.get('content-length')).toBeNull();
    }
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[2]).toBe(bodies[0]);
  });

  it('leave small pages whole, with their length', async () => {
    const res = await fetch(`${server.url}/shop`);
    const body = await res.text();
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
  });
});
