import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { writeTemplateFolder } from '../helpers/template-folder-on-disk.ts';

describe('a folder page\'s ?format= answers', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = writeTemplateFolder('page-formats-', {
      'template.conf': JSON.stringify({ name: 'Plain', layouts: { default: { name: 'Default', regions: ['site'] } }, navigations: [] }),
      'site.region': '<html><head>{squarespace-headers}</head><body><header>Site header</header>'
        + '<main>{squarespace.main-content}</main><footer>Site footer</footer>{squarespace-footers}</body></html>',
      'collections/products.list': '<h1>{collection.title}</h1>{.repeated section items}<i>{title}</i>{.end}<script>window.listed = true;</script>',
    });
    server = await startServer({ templateDir: dir });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers main-content with what {squarespace.main-content} holds, without the regions around it', async () => {
    const response = await fetch(`${server.url}/shop?format=main-content`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toMatch(/^<h1>Shop<\/h1>(<i>[^<]+<\/i>)+<script nonce="[^"]+">window\.listed = true;<\/script>$/);
    expect(html).not.toContain('Site header');
    // the nonce is the response's own, as in a whole page
    const nonce = /nonce="([^"]+)"/.exec(html)![1];
    expect(response.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
  });

  it('answers main-content for an item page with the item template\'s content, and a missing page with its 404', async () => {
    const item = await fetch(`${server.url}/shop/p/stoneware-mug?format=main-content`);
    const html = await item.text();
    expect(item.status).toBe(200);
    expect(html).toContain('Stoneware Mug');
    expect(html).not.toContain('<html');
    const missing = await fetch(`${server.url}/no-such-page?format=main-content`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('Site header');
  });

  it('answers page-context with the Static.SQUARESPACE_CONTEXT the page\'s scripts read', async () => {
    const response = await fetch(`${server.url}/shop?format=page-context`);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ authenticatedAccount: null, tweakJSON: {} });
  });

  it('answers json and json-pretty with the page context, and any other format with the page itself', async () => {
    const json = await (await fetch(`${server.url}/shop?format=json`)).text();
    const pretty = await (await fetch(`${server.url}/shop?format=json-pretty`)).text();
    expect(JSON.parse(pretty)).toMatchObject({ collection: { urlId: 'shop' } });
    expect(pretty).toContain('\n  "');
    expect(json).not.toContain('\n');
    const other = await fetch(`${server.url}/shop?format=xml`);
    expect(other.status).toBe(200);
    expect(await other.text()).toContain('<header>Site header</header><main><h1>Shop</h1>');
  });
});
