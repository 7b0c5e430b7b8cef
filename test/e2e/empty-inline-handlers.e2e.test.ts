/**
 * A developer template's empty inline event handlers (`onclick=""`, written so that iOS Safari
 * sends taps on elements that are not links) pass the Content-Security-Policy without a console
 * violation per tap, while a handler with code in it is still blocked and never runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startFolderStorefront, type Storefront } from './harness.ts';

const FOLDER: Record<string, string> = {
  'template.conf': JSON.stringify({ name: 'Handlers', layouts: { default: { name: 'Default', regions: ['site'] } } }),
  'site.region':
    '<!doctype html><html lang="en"><head><title>Handlers</title>{squarespace-headers}</head><body>'
    + '<div class="menu-toggle" onclick="" ontouchstart="">Menu</div>'
    + '<button class="planted" onclick="document.title = \'ran\'">Planted</button>'
    + '<main>{squarespace.main-content}</main>{squarespace-footers}</body></html>',
};

let store: Storefront;

beforeAll(async () => {
  store = await startFolderStorefront('storefront-empty-handlers-', FOLDER);
});

afterAll(async () => {
  await store?.stop();
});

describe('inline event handlers in a developer template', () => {
  it('lets an empty one pass silently and keeps one with code blocked', async () => {
    const page = await store.newPage();
    await openPage(page, `${store.baseUrl}/`);
    const before = store.consoleErrors.length;
    await page.locator('.menu-toggle').click();
    expect(store.consoleErrors.slice(before)).toEqual([]);
    await page.locator('.planted').click();
    await page.waitForTimeout(100);
    expect(await page.title()).toBe('Handlers');
    const violations = store.consoleErrors.slice(before);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(/inline event handler violates .*script-src-attr/);
    store.consoleErrors.length = before;
    await page.close();
  });
});
