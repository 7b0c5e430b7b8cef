/**
 * The gallery page's autoplaying slideshow in Chromium, held to the WAI-ARIA carousel pattern:
 * no rotation for a person who asks for less motion (and no slide animation), none while the
 * keyboard focus is inside the carousel, a Pause/Play button first in it, and its own steps
 * kept out of the live region.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, startStorefront, type Storefront } from './harness.ts';

let store: Storefront;
let page: Page;
const position = (): Promise<string | null> => page.locator('.gallery__position').textContent();

/** Steps every second (the seed's duration is out of range, so it steps every five), to keep the waits short. */
async function autoplayEverySecond(): Promise<void> {
  const db = store.app.deps.store;
  const gallery = await db.get<{ data_json: string }>("SELECT data_json FROM collections WHERE url_id = 'gallery'");
  const data = JSON.parse(gallery!.data_json) as { galleryOptions?: Record<string, unknown> };
  data.galleryOptions = { ...data.galleryOptions, autoplay: true, 'autoplay-duration': 1 };
  await db.run("UPDATE collections SET data_json = ? WHERE url_id = 'gallery'", [JSON.stringify(data)]);
}

describe('gallery autoplay in Chromium', () => {
  beforeAll(async () => {
    store = await startStorefront();
    await autoplayEverySecond();
    page = await store.newPage();
  });
  afterAll(async () => {
    await store?.stop();
  });

  it('rotates on its own with the live region off, and the Pause button (first in the carousel) stops it', async () => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await openPage(page, `${store.baseUrl}/gallery`);
    await page.waitForFunction(() => document.querySelector('.gallery__position')?.textContent?.startsWith('Slide 2 of'));
    expect(await page.locator('.gallery__position').getAttribute('aria-live')).toBe('off');
    // Tab from the carousel itself reaches Pause before any other control in it
    await page.locator('[aria-roledescription="carousel"]').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Pause');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Play');
    // focus leaves the carousel: only the Pause holds it now
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const paused = await position();
    await page.waitForTimeout(2500);
    expect(await position()).toBe(paused);
    expect(await page.locator('.gallery__position').getAttribute('aria-live')).toBe('polite');
  });

  it('does not autoplay, nor slide, under prefers-reduced-motion', async () => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(page, `${store.baseUrl}/gallery`);
    await page.locator('.gallery__rotation', { hasText: 'Play' }).waitFor();
    await page.waitForTimeout(2500);
    expect(await position()).toMatch(/^Slide 1 of /);
    expect(await page.locator('.gallery__track').evaluate((track) => getComputedStyle(track).transitionDuration)).toBe('0s');
  });

  it('holds while the keyboard focus is on its Next button, announcing the person\'s own moves', async () => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await openPage(page, `${store.baseUrl}/gallery`);
    await page.locator('.gallery__next').focus();
    await page.keyboard.press('Enter');
    const moved = await position();
    expect(moved).toMatch(/^Slide 2 of /);
    expect(await page.locator('.gallery__position').getAttribute('aria-live')).toBe('polite');
    await page.waitForTimeout(2500);
    expect(await position()).toBe(moved);
  });
});
