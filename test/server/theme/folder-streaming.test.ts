/**
 * Outside development a folder page streams as a single template does: its regions go out as
 * they render (chunked once a page outgrows one engine chunk), with the same bytes as the page
 * composed whole, the response's nonce wherever the folder wrote one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_CHUNK } from '../../../engine/runtime/render-state.ts';
import { composeFolderPage, composeFolderPageToStream } from '../../../server/theme/compose-page.ts';
import { chooseTemplates } from '../../../server/theme/collection-choice.ts';
import { EMPTY_PLATFORM_DATA } from '../../../server/theme/platform-data.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { BLOG, folderOf } from './folder-fixture.ts';

const BLOCK = 'lorem ipsum dolor sit amet '.repeat(Math.ceil(OUTPUT_CHUNK / 27));
const LARGE = Array.from({ length: 5 }, (_, i) => `<p data-part="${i}" data-nonce="{cspNonce}">${BLOCK}</p>`).join('\n');
// the head's scripts and the cart pill written from the page context, as the project's own theme
// writes them: {squarespace-headers} would add the visitor's own parts to bytes this suite compares
const REGION = `<!doctype html><html><head><title>{collection.title}</title>{assetTags}</head><body>${LARGE}\n<main>{squarespace.main-content}</main>\n${LARGE}{islands.cartPill}</body></html>`;

describe('a folder page composed into a stream', () => {
  it('hands over the bytes of the page composed whole, head first, in several chunks', () => {
    const folder = folderOf({ 'site.region': REGION, 'collections/blog.list': '{.repeated section items}<h2>{title}</h2>{.end}<squarespace:script src="a.js" combo="true" />' });
    const target = { view: 'list' as const, collection: BLOG };
    const input = {
      folder,
      target,
      choice: chooseTemplates(folder, target),
      context: { collection: BLOG, items: [{ title: 'One' }, { title: 'Two' }], cspNonce: 'N' },
      data: EMPTY_PLATFORM_DATA,
      headers: '',
      footers: '',
      builtinMain: () => ({ html: '', errors: [] }),
    };
    const whole = composeFolderPage(input);
    const chunks: string[] = [];
    const streamed = composeFolderPageToStream(input, (chunk) => chunks.push(chunk));
    expect(streamed.errors).toEqual([]);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks[0]!.startsWith('<!doctype html><html><head><title>Journal</title>')).toBe(true);
    expect(chunks.join('')).toBe(whole.html);
    expect(whole.html).toContain('<main><h2>One</h2><h2>Two</h2><script src="/scripts/combo/?a.js"></script></main>');
  });
});

function nonceOf(csp: string | null): string {
  const match = /'nonce-([^']+)'/.exec(csp ?? '');
  if (match === null) throw new Error(`no nonce in ${csp}`);
  return match[1] as string;
}

describe('folder pages on the server', () => {
  let dir: string;
  let server: RunningServer;
  let development: RunningServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'streamed-folder-'));
    const files: Record<string, string> = {
      'template.conf': JSON.stringify({ name: 'Streamed', layouts: { default: { name: 'Default', regions: ['site'] } }, navigations: [] }),
      'site.region': REGION,
      'collections/products.list': '{.repeated section items}<h2>{title}</h2>{.end}',
      // a page the store serves (pages/about.page would be a development warning over every page)
      'pages/contact.page': '<p>small</p>',
      'system/404.page': 'gone',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    server = await startServer({ templateDir: dir });
    development = await startServer({ templateDir: dir, dev: true });
  });
  afterAll(async () => {
    await server.stop(true);
    await development.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('streams a large page chunked, the same bytes every time (the first rendered, the next kept), with the response nonce', async () => {
    const bodies: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.url}/shop`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const body = await res.text();
      const nonce = nonceOf(res.headers.get('content-security-policy'));
      for (let part = 0; part < 5; part++) expect(body).toContain(`<p data-part="${part}" data-nonce="${nonce}">`);
      expect(body).toMatch(/<main>(<h2>[^<]+<\/h2>)+<\/main>/);
      expect(body.endsWith('</body></html>')).toBe(true);
      if (i === 0) expect(res.headers.get('content-length')).toBeNull();
      else expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
      bodies.push(body.replaceAll(nonce, 'NONCE'));
    }
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[2]).toBe(bodies[0]);
  });

  it('sends the page development composes whole, less its development additions', async () => {
    const streamed = await fetch(`${server.url}/shop`);
    const whole = await fetch(`${development.url}/shop`);
    const streamedBody = (await streamed.text()).replaceAll(nonceOf(streamed.headers.get('content-security-policy')), 'NONCE');
    const wholeText = await whole.text();
    expect(whole.headers.get('content-length')).toBe(String(Buffer.byteLength(wholeText)));
    const wholeBody = wholeText.replaceAll(nonceOf(whole.headers.get('content-security-policy')), 'NONCE');
    // Development adds its reload and overlay scripts; the rest of the page is the same.
    const developmentScripts = /<script nonce="NONCE">new EventSource[^<]*<\/script><script nonce="NONCE">\(\(\)=>\{const d=document\.getElementById[^<]*<\/script>/;
    expect(wholeBody).toMatch(developmentScripts);
    expect(wholeBody.replace(developmentScripts, '')).toBe(streamedBody);
  });

  it('keeps the status of a streamed page', async () => {
    const res = await fetch(`${server.url}/no-such-page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<main>gone</main>');
  });
});
