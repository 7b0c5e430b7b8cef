import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderFolderPage } from '../../../server/theme/render-folder-page.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

/**
 * `tmpl render DIR --page URL --data context.json` previews what the storefront serves at URL:
 * given the context the store answers there with ?format=json, it picks the same list, item,
 * page or system page of the folder (each file here writes its own path).
 */
const SYSTEM_PAGES = ['404', 'error', 'search', 'cart', 'checkout', 'gift-card', 'order-confirmed', 'access-denied', 'sign-in', 'forgot-password', 'reset-password', 'mailing-list-confirmation'];
const TEMPLATES = [
  'collections/products.list', 'collections/products.item', 'collections/lessons.list', 'collections/lessons.item', 'collections/gallery.list',
  'pages/home.page', 'pages/contact.page', ...SYSTEM_PAGES.map((name) => `system/${name}.page`),
];

function writeFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'template-preview-'));
  const files: Record<string, string> = {
    'template.conf': JSON.stringify({ name: 'Preview', layouts: { default: { name: 'Default', regions: ['site'] } } }),
    'site.region': '<html><body><main>{squarespace.main-content}</main></body></html>',
  };
  for (const path of TEMPLATES) files[path] = `<p id="which">${path}</p>`;
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** The folder file whose marker a page shows. */
function shownFile(html: string): string | undefined {
  return /<p id="which">([^<]+)<\/p>/.exec(html)?.[1];
}

describe('tmpl render DIR picks the files the storefront serves', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = writeFolder();
    server = await startServer({ templateDir: dir });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['/', 'pages/home.page'],
    ['/contact', 'pages/contact.page'],
    ['/shop', 'collections/products.list'],
    ['/shop?sort=sideways', 'system/error.page'],
    ['/shop/p/linen-shirt', 'collections/products.item'],
    ['/gallery', 'collections/gallery.list'],
    ['/lessons', 'collections/lessons.list'],
    ['/lessons/indigo-basics', 'collections/lessons.item'],
    // a members-only lesson signed out: its context holds the lesson, the page is the access-denied one
    ['/lessons/glazing-at-home', 'system/access-denied.page'],
    ['/cart', 'system/cart.page'],
    ['/checkout', 'system/checkout.page'],
    ['/checkout/gift-card?itemId=6570a1b2c3d4e5f6a7b82010', 'system/gift-card.page'],
    ['/checkout/gift-card?itemId=none', 'system/404.page'],
    ['/search?q=mug', 'system/search.page'],
    ['/account/sign-in', 'system/sign-in.page'],
    ['/account/forgot-password', 'system/forgot-password.page'],
    ['/account/reset-password?token=unknown', 'system/reset-password.page'],
    ['/mailing-list/confirm?token=unknown', 'system/mailing-list-confirmation.page'],
    ['/no-such-page', 'system/404.page'],
  ])('%s shows %s in both', async (url, expected) => {
    const served = await (await fetch(`${server.url}${url}`)).text();
    expect(shownFile(served)).toBe(expected);
    const context = await (await fetch(`${server.url}${url}${url.includes('?') ? '&' : '?'}format=json`)).json() as Record<string, unknown>;
    const rendered = renderFolderPage(dir, url, context);
    expect(shownFile(rendered.html)).toBe(expected);
    // the context was answered at that address: no warning that it is another page's
    expect(rendered.otherPage).toBeUndefined();
  });
});
