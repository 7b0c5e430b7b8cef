/**
 * Development: a block that does not compile stops only the pages that can render it (their
 * template, their regions and the blocks those apply). A slip in a block nothing applies is
 * listed over every page, which still renders, as `tmpl check` calls it a warning.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { writeTemplateFolder } from '../helpers/template-folder-on-disk.ts';

describe('a development server with a block that does not compile', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = writeTemplateFolder('template-folder-unused-block-', {
      'template.conf': JSON.stringify({ name: 'Blocks', layouts: { default: { name: 'Default', regions: ['site'] } } }),
      'site.region': '<html><head>{squarespace-headers}</head><body><main>{squarespace.main-content}</main>{squarespace-footers}</body></html>',
      'collections/products.list': '<h1>{collection.title}</h1>',
      'blocks/unused.block': '{title|htmll}',
    });
    server = await startServer({ templateDir: dir, dev: true });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders a page that does not apply it, with its error listed over the page', async () => {
    const page = await fetch(`${server.url}/shop`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Shop</h1>');
    expect(html).toContain('<span class="where">blocks/unused.block:1:1</span>');
  });

  it('stops a page whose template applies it, and one whose region applies a block that applies it', async () => {
    writeFileSync(join(dir, 'collections/products.list'), '<h1>{collection.title}</h1>{@|apply unused.block}');
    await expect.poll(async () => (await fetch(`${server.url}/shop`)).status, { timeout: 10_000 }).toBe(500);
    writeFileSync(join(dir, 'collections/products.list'), '<h1>{collection.title}</h1>');
    writeFileSync(join(dir, 'blocks/header.block'), '<header>{@|apply unused.block}</header>');
    writeFileSync(join(dir, 'site.region'), '<html><head>{squarespace-headers}</head><body>{@|apply header.block}<main>{squarespace.main-content}</main>{squarespace-footers}</body></html>');
    await expect.poll(async () => (await fetch(`${server.url}/shop`)).status, { timeout: 10_000 }).toBe(500);
  });
});
