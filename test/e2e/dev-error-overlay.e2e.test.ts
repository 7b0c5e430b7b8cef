/**
 * The development server's error overlay as a template author meets it on a phone-sized page: a
 * dialog named by its heading that takes the focus when it shows errors the author has not seen,
 * closes on Escape, and stays out of the way (no focus taken) when a save brings back the same
 * errors; an Escape meant for one of the page's own controls leaves it open.
 */
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERLAY_ID, overlayText } from '../../server/dev/error-overlay.ts';
import { TEMPLATES_DIR } from '../../server/pages/template-store.ts';
import { screenshot, startStorefront, type Storefront } from './harness.ts';

let store: Storefront;
let folder: string;
let searchPage: string;
let original: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'storefront-overlay-'));
  const theme = join(folder, 'templates');
  cpSync(TEMPLATES_DIR, theme, { recursive: true });
  searchPage = join(theme, 'system', 'search.page');
  original = readFileSync(searchPage, 'utf8');
  writeFileSync(searchPage, `${original}\n<p>{query|htmll}</p>\n<p>{query|bogus}</p>\n`);
  store = await startStorefront({ dev: true, templateDir: theme });
});

afterAll(async () => {
  await store?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** Whether the overlay holds the focus (the dialog itself or something in it). */
/**
 * The page's live-reload channel answered: a save before it would reload nothing (the page's
 * script opens the channel after the page has loaded, so a busy machine can save first).
 */
const reloadChannelOpen = (page: Page): Promise<unknown> => page.waitForResponse((response) => new URL(response.url()).pathname === '/__dev/events');

const overlayFocused = (page: Page): Promise<boolean> =>
  page.evaluate((id) => document.getElementById(id)?.contains(document.activeElement) === true, OVERLAY_ID);

describe('the development error overlay', () => {
  it('is a dialog named by its heading that takes the focus for new errors, closes on Escape, and leaves the focus alone for the same errors again', async () => {
    const page = await store.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const watching = reloadChannelOpen(page);
    await page.goto(`${store.baseUrl}/search`);
    await watching;
    const overlay = page.getByRole('dialog', { name: overlayText.errors(2) });
    await expect(overlay.isVisible()).resolves.toBe(true);
    expect(await overlayFocused(page)).toBe(true);
    // on a phone: nothing wider than the screen, and a Close button a finger can hit
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const close = await page.getByRole('button', { name: 'Close' }).boundingBox();
    expect(Math.min(close!.width, close!.height)).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'dev-error-overlay-390');
    // a template's own type rules for headings stop at the overlay, which keeps its own type
    await page.addStyleTag({ content: 'h1, h2, summary, span { font-family: serif; text-transform: uppercase; letter-spacing: 3px; }' });
    const type = await page.evaluate((id) => {
      const root = document.getElementById(id)!;
      const heading = getComputedStyle(root.querySelector('h1')!);
      return { root: getComputedStyle(root).fontFamily, heading: heading.fontFamily, transform: heading.textTransform, spacing: heading.letterSpacing, weight: heading.fontWeight };
    }, OVERLAY_ID);
    expect(type).toEqual({ root: type.root, heading: type.root, transform: 'none', spacing: 'normal', weight: '700' });
    expect(type.root).toContain('monospace');

    await page.keyboard.press('Escape');
    await expect(overlay.isVisible()).resolves.toBe(false);
    // the browser moves the focus off the closed dialog at its next rendering step
    await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);

    // the reload after a save that did not mend them: the same errors, shown without taking the focus
    await page.reload();
    await expect(overlay.isVisible()).resolves.toBe(true);
    expect(await overlayFocused(page)).toBe(false);
    // an Escape for one of the page's own controls (a box of its search form, say) is theirs; with nothing focused it closes the overlay
    await page.evaluate(() => document.body.insertAdjacentHTML('afterbegin', '<input aria-label="Search" id="page-control">'));
    await page.locator('#page-control').focus();
    await page.keyboard.press('Escape');
    await expect(overlay.isVisible()).resolves.toBe(true);
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.keyboard.press('Escape');
    await expect(overlay.isVisible()).resolves.toBe(false);

    // a save that changes the errors: the page reloads and the overlay takes the focus again
    const reloaded = page.waitForEvent('load');
    const watchingAgain = reloadChannelOpen(page);
    appendFileSync(searchPage, '<p>{query|nonesuch}</p>\n');
    await reloaded;
    await watchingAgain;
    await page.getByRole('dialog', { name: overlayText.errors(3) }).waitFor();
    expect(await overlayFocused(page)).toBe(true);

    // mended, the page reloads without it and forgets them: the same errors saved again are new again
    const broken = readFileSync(searchPage, 'utf8');
    const mended = page.waitForEvent('load');
    const watchingMended = reloadChannelOpen(page);
    writeFileSync(searchPage, original);
    await mended;
    await watchingMended;
    await page.locator(`#${OVERLAY_ID}`).waitFor({ state: 'detached' });
    const brokenAgain = page.waitForEvent('load');
    writeFileSync(searchPage, broken);
    await brokenAgain;
    await page.getByRole('dialog', { name: overlayText.errors(3) }).waitFor();
    expect(await overlayFocused(page)).toBe(true);
    // the overlay's script threw nothing (the page of templates that do not compile is itself a 500)
    expect(store.consoleErrors.filter((error) => !error.includes('status of 500'))).toEqual([]);
    await page.close();
  });

  it("scrolls a long line's frame to its caret, and once closed leaves a way back to the errors rather than an empty page", async () => {
    const page = await store.newPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    const watching = reloadChannelOpen(page);
    await page.goto(`${store.baseUrl}/search`);
    await watching;
    // the save reloads the page open on it, as for the author
    const reloaded = page.waitForEvent('load');
    writeFileSync(searchPage, `${original}\n<p class="long">${'x'.repeat(200)} {query|htmll}</p>\n`);
    await reloaded;
    const overlay = page.getByRole('dialog', { name: overlayText.errors(1) });
    await overlay.waitFor();
    const [caret, frame] = await Promise.all([
      page.locator(`#${OVERLAY_ID} pre.frame .caret`).first().boundingBox(),
      page.locator(`#${OVERLAY_ID} pre.frame`).first().boundingBox(),
    ]);
    expect(caret!.x).toBeGreaterThanOrEqual(frame!.x);
    expect(caret!.x + caret!.width).toBeLessThanOrEqual(frame!.x + frame!.width);
    // and the tag it points at, {query|htmll} (13 characters, the caret marking the first), shows after it whole
    expect(caret!.x + 13 * caret!.width).toBeLessThanOrEqual(frame!.x + frame!.width);
    await screenshot(page, 'dev-error-overlay-long-line-1024');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(overlay.isVisible()).resolves.toBe(false);
    await expect(page.getByText(overlayText.noPage).isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: overlayText.showAgain }).click();
    await overlay.waitFor();
    await page.close();
  });
});
