/**
 * Back to a page of search results shows the words those results are for: after a second search
 * typed on the results page, Back brings the first results back with the first words in the box,
 * not the second ones the browser kept from before the page was left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, startStorefront, waitForIslands, type Storefront } from './harness.ts';

let store: Storefront;
let page: Page;

describe('search and Back on a phone', () => {
  beforeAll(async () => {
    store = await startStorefront({}, { isMobile: true, hasTouch: true });
    page = await store.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
  });
  afterAll(async () => {
    await store?.stop();
  });

  it('shows the first search\'s words with its results after Back', async () => {
    await openPage(page, `${store.baseUrl}/search?q=linen`);
    const box = page.locator('#search-q');
    await box.fill('mug');
    await box.press('Enter');
    await page.waitForURL(/q=mug/);
    await waitForIslands(page);
    await expect.poll(() => page.locator('.search-summary').textContent()).toContain('“mug”');
    await page.goBack();
    await page.waitForURL(/q=linen/);
    await waitForIslands(page);
    expect(await page.locator('.search-summary').textContent()).toContain('“linen”');
    expect(await box.inputValue()).toBe('linen');
  });

  it('leaves what the shopper types alone on a first visit', async () => {
    await openPage(page, `${store.baseUrl}/search`);
    await page.locator('#search-q').fill('vase');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(await page.locator('#search-q').inputValue()).toBe('vase');
  });
});
