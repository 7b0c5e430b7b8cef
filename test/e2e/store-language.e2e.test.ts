/**
 * A German store in Chromium on a phone: the page preloads the German words beside its islands,
 * loads no other language, and the islands hydrate in German without a mismatch (a product added
 * to the cart says so in German, the checkout's order button reads as German law asks).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageKey, readClientManifest } from '../../client/manifest.ts';
import { SiteRepository } from '../../server/db/site-repository.ts';
import { startStorefront, waitForIslands, type Storefront } from './harness.ts';

let store: Storefront;

describe('a German store in Chromium', () => {
  beforeAll(async () => {
    store = await startStorefront({}, { isMobile: true, hasTouch: true });
    const site = new SiteRepository(store.app.deps.store);
    await site.writeSetting('website', { ...(await site.website()), language: 'de-DE' });
  });
  afterAll(async () => {
    await store?.stop();
  });

  it('preloads and loads only the German words, and its islands work in German', async () => {
    const manifest = readClientManifest();
    for (const language of ['de', 'fr', 'es', 'it', 'nl']) expect(manifest[languageKey(language)], language).toMatch(/^\/assets\/chunks\//);
    const page = await store.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const languageChunks: string[] = [];
    page.on('request', (request) => {
      const found = Object.entries(manifest).find(([key, url]) => key.startsWith('language:') && request.url().endsWith(url));
      if (found) languageChunks.push(found[0]);
    });
    await page.goto(`${store.baseUrl}/shop/p/stoneware-mug`);
    expect(await page.locator(`link[rel="modulepreload"][href="${manifest[languageKey('de')]}"]`).count()).toBe(1);
    await waitForIslands(page);
    await page.locator('select').first().selectOption({ index: 1 });
    await page.getByRole('button', { name: 'In den Warenkorb' }).first().click();
    await page.getByText('Hinzugefügt!').first().waitFor();
    await page.goto(`${store.baseUrl}/checkout`);
    await waitForIslands(page);
    await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).waitFor();
    expect([...new Set(languageChunks)]).toEqual([languageKey('de')]);
    expect(store.consoleErrors).toEqual([]);
  });
});
