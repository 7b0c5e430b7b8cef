import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OVERLAY_ID, overlayText } from '../../../server/dev/error-overlay.ts';
import { RELOAD_EVENTS_PATH } from '../../../server/dev/reload-stream.ts';
import { createBuiltinPages } from '../../../server/theme/builtin-pages.ts';
import { createFolderPages } from '../../../server/theme/folder-pages.ts';
import { themeMessages } from '../../../server/theme/theme-messages.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { writeTemplateFolder } from '../helpers/template-folder-on-disk.ts';

/**
 * A pages/NAME.page renders only the store's page whose urlId is NAME: development says so of a
 * file no page uses (the author would edit it and see nothing change), in the log once and again
 * when a reload adds one, and over the pages as a warning. The seeded store's pages are home and contact.
 */
const STORE_PAGES = [{ urlId: 'home', title: 'Home' }, { urlId: 'contact', title: 'Contact' }];

const writeFolder = (files: Record<string, string>): string => writeTemplateFolder('template-pages-', files);

/** A logger whose warnings are kept, as [fields, message], and its information lines as their messages. */
function warningLog(): { log: Logger; warned: Array<[unknown, string]>; said: string[] } {
  const warned: Array<[unknown, string]> = [];
  const said: string[] = [];
  const quiet = () => {};
  const log = { warn: (fields: unknown, message: string) => warned.push([fields, message]), info: (_fields: unknown, message: string) => said.push(message), error: quiet, debug: quiet } as unknown as Logger;
  return { log, warned, said };
}

/** Resolves once the development server watches its files (its reload stream says so). */
async function watching(url: string): Promise<void> {
  const controller = new AbortController();
  const response = await fetch(`${url}${RELOAD_EVENTS_PATH}`, { signal: controller.signal });
  const reader = response.body!.getReader();
  let text = '';
  while (!text.includes(': watching')) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += new TextDecoder().decode(chunk.value);
  }
  controller.abort();
}

describe('development: page files no page of the store uses', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = writeFolder({
      'template.conf': JSON.stringify({ name: 'Pages', layouts: { default: { name: 'Default', regions: ['site'] } } }),
      'site.region': '<html><head>{squarespace-headers}</head><body><main>{squarespace.main-content}</main>{squarespace-footers}</body></html>',
      'pages/home.page': '<h1>Welcome</h1>',
      'pages/contcat.page': '<h1>Write to us</h1>',
      'pages/foo.page': '<h1>Foo</h1>',
    });
    server = await startServer({ templateDir: dir, dev: true });
    await watching(server.url);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('logs each one at start, with the store\'s pages and the closest urlId, a reload that adds one that one alone, and one that removes it that it is gone', async () => {
    const { log, warned, said } = warningLog();
    const pages = createFolderPages({ ...server.app.deps, log }, dir, createBuiltinPages(log, true));
    await pages.pageFileWarnings();
    expect(warned).toEqual([
      [{ folder: dir, file: 'pages/contcat.page' }, `pages/contcat.page ${themeMessages.pageFileNotServed('contcat', STORE_PAGES, 'contact')}`],
      [{ folder: dir, file: 'pages/foo.page' }, `pages/foo.page ${themeMessages.pageFileNotServed('foo', STORE_PAGES, undefined)}`],
    ]);
    expect(warned[0]![1]).toBe("pages/contcat.page is never served: no page of the store has the urlId 'contcat'. A pages/URLID.page file renders the store's page whose urlId is URLID: "
      + "name it after one of the store's pages ('home' (Home), 'contact' (Contact)) — did you mean pages/contact.page?");
    warned.length = 0;
    writeFileSync(join(dir, 'pages/bar.page'), '<h1>Bar</h1>');
    await pages.pageFileWarnings();
    expect(warned.map(([fields]) => fields)).toEqual([{ folder: dir, file: 'pages/bar.page' }]);
    // another save changes nothing that is told
    writeFileSync(join(dir, 'pages/home.page'), '<h1>Welcome home</h1>');
    await pages.pageFileWarnings();
    expect(warned).toHaveLength(1);
    expect(said.filter((message) => message.startsWith('the warning'))).toEqual([]);
    rmSync(join(dir, 'pages/bar.page'));
    await pages.pageFileWarnings();
    expect(warned).toHaveLength(1);
    expect(said.filter((message) => message.startsWith('the warning'))).toEqual([themeMessages.warningFixed('pages/bar.page')]);
  });

  it('shows them over every page as warnings, in a panel that leaves the page working', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<main><h1>Welcome home</h1></main>');
    expect(html).toContain(`<dialog id="${OVERLAY_ID}" class="warnings-only" data-warnings=`);
    expect(html).toContain(`<h2 class="warnings" id="${OVERLAY_ID}-title">${overlayText.warnings(2)}</h2>`);
    expect(html).toContain('<span class="where">pages/foo.page</span>');
    expect(html).toContain('did you mean pages/contact.page?');
    expect(html).not.toContain('<h1>0 template errors');
  });

  it('tells the log when the watcher reloads the folder for an added page file', async () => {
    const warned: unknown[][] = [];
    vi.spyOn(server.app.deps.log, 'warn').mockImplementation((...args: unknown[]) => {
      warned.push(args);
    });
    writeFileSync(join(dir, 'pages/about.page'), '<h1>About</h1>');
    await vi.waitFor(() => expect(warned).toContainEqual([{ folder: dir, file: 'pages/about.page' }, expect.stringMatching(/^pages\/about\.page is never served/)]), { timeout: 10_000, interval: 100 });
    expect(warned.filter(([fields]) => (fields as { file?: string }).file === 'pages/foo.page')).toEqual([]);
  });

  it('says nothing outside development', async () => {
    const { log, warned } = warningLog();
    const deps = { ...server.app.deps, log, options: { ...server.app.deps.options, dev: false } };
    expect(await createFolderPages(deps, dir, createBuiltinPages(log, false)).pageFileWarnings()).toEqual([]);
    expect(warned).toEqual([]);
  });
});

/**
 * collections/NAME.list and NAME.item render the store's collection whose urlId or type is NAME
 * (lessons also through blog): a name one typo away from one of those is a renamed or mistyped
 * file the store never renders. The seeded store has shop (products), lessons, gallery and pages.
 */
describe('development: collection files named one typo away from a collection of the store', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = writeFolder({
      'template.conf': JSON.stringify({ name: 'Lists', layouts: { default: { name: 'Default', regions: ['site'] } } }),
      'site.region': '<html><head>{squarespace-headers}</head><body><main>{squarespace.main-content}</main>{squarespace-footers}</body></html>',
      'collections/galery.list': '<h1>My gallery</h1>',
      'collections/blgo.list': '<h1>Journal</h1>',
      'collections/blgo.item': '<h1>{item.title}</h1>',
      'collections/blog.conf': '{}',
      // a collection type of the template's own, which this store has none of: not a typo
      'collections/project.list': '<h1>Projects</h1>',
      'collections/products.list': '<h1>Shop</h1>',
    });
    server = await startServer({ templateDir: dir, dev: true });
    await watching(server.url);
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('logs each file with the name it likely meant, and leaves names close to no collection alone', async () => {
    const { log, warned } = warningLog();
    const pages = createFolderPages({ ...server.app.deps, log }, dir, createBuiltinPages(log, true));
    await pages.pageFileWarnings();
    expect(warned.map(([, message]) => message).sort()).toEqual([
      `collections/blgo.item ${themeMessages.collectionFileNotServed('blgo', 'collections/blog.item')}`,
      `collections/blgo.list ${themeMessages.collectionFileNotServed('blgo', 'collections/blog.list')}`,
      `collections/galery.list ${themeMessages.collectionFileNotServed('galery', 'collections/gallery.list')}`,
    ]);
  });

  it('shows them over the page the file was meant for, which renders the built-in list', async () => {
    const html = await (await fetch(`${server.url}/gallery`)).text();
    expect(html).not.toContain('<h1>My gallery</h1>');
    expect(html).toContain(`<dialog id="${OVERLAY_ID}" class="warnings-only" data-warnings=`);
    expect(html).toContain('<span class="where">collections/galery.list</span>');
    expect(html).toContain('did you mean collections/gallery.list?');
  });
});
