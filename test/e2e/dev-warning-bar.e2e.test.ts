/**
 * The development overlay's bar of warnings (a page that works, with things the author should
 * know): closed, it stays closed on the tab's next pages while the warnings are the same, since it
 * lies over the foot of the page, where a template keeps its phone bar and the store its cart button.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERLAY_ID } from '../../server/dev/error-overlay.ts';
import { startFolderStorefront, type Storefront } from './harness.ts';

let store: Storefront;

beforeAll(async () => {
  store = await startFolderStorefront('storefront-warning-bar-', {
    'template.conf': JSON.stringify({ name: 'Author', layouts: { default: { name: 'Default', regions: ['site'] } }, navigations: [{ name: 'mainNav', title: 'Main' }] }),
    // a script the folder lacks: a warning on every page
    'site.region': '<!doctype html><html lang="en"><head>{squarespace-headers}</head><body><main>{squarespace.main-content}</main>'
      + '<squarespace:script src="site-bundle.js" />{squarespace-footers}</body></html>',
  }, { dev: true });
});

afterAll(async () => {
  await store?.stop();
});

describe("the development overlay's bar of warnings", () => {
  it("stays closed on the tab's next pages once closed, for the same warnings", async () => {
    const page = await store.newPage();
    const bar = page.locator(`#${OVERLAY_ID}.warnings-only`);
    await page.goto(`${store.baseUrl}/shop`);
    await expect(bar.isVisible()).resolves.toBe(true);
    await bar.getByRole('button', { name: 'Close' }).click();
    await expect(bar.isVisible()).resolves.toBe(false);
    await page.goto(`${store.baseUrl}/lessons`);
    await expect(bar.count()).resolves.toBe(1);
    await expect(bar.isVisible()).resolves.toBe(false);
    // another tab has not closed it
    const other = await store.newPage();
    await other.goto(`${store.baseUrl}/lessons`);
    await expect(other.locator(`#${OVERLAY_ID}.warnings-only`).isVisible()).resolves.toBe(true);
    await page.close();
    await other.close();
  });
});
