/**
 * The fixed cart pill never hides what has the keyboard focus (WCAG 2.4.11, Focus Not Obscured):
 * at 320 px wide (a 1280 px window at 400% zoom), with an item in the cart so the pill shows,
 * every link and control Tab reaches on the shop page, down to the footer's last, is clear of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, startStorefront, type Storefront } from './harness.ts';

let store: Storefront;
let page: Page;

/** Puts one shirt in the cart through the storefront call, as the add-to-cart button does. */
async function addShirtToCart(): Promise<void> {
  await openPage(page, `${store.baseUrl}/shop/p/linen-shirt`);
  const status = await page.evaluate(async () => {
    const crumb = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('crumb='))?.slice(6) ?? '');
    const item = document.querySelector('main[data-item-id]')?.getAttribute('data-item-id') ?? '';
    const response = await fetch('/api/commerce/shopping-cart/entries', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb },
      body: JSON.stringify({ itemId: item, sku: 'SQ-SHIRT-M-NAT', quantity: 1, additionalFields: null }),
    });
    return response.status;
  });
  expect(status).toBeLessThan(300);
}

/** The focused element's visible box where the pill covers it, or null when it is clear. */
function coveredFocus(): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    const pill = document.querySelector<HTMLElement>('.sqs-pill-shopping-cart.is-visible');
    if (!focused || !pill || pill.contains(focused) || focused === document.body) return null;
    const a = focused.getBoundingClientRect();
    const b = pill.getBoundingClientRect();
    const overlaps = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return overlaps ? `${focused.tagName} "${(focused.textContent ?? '').trim().slice(0, 40)}" at ${Math.round(a.top)}–${Math.round(a.bottom)}, pill from ${Math.round(b.top)}` : null;
  });
}

describe('the cart pill and the keyboard focus', () => {
  beforeAll(async () => {
    store = await startStorefront();
    page = await store.newPage();
    await page.setViewportSize({ width: 320, height: 640 });
    await addShirtToCart();
  });
  afterAll(async () => {
    await store?.stop();
  });

  it('keeps every control Tab reaches on the shop page clear of the pill, the footer\'s last link included', async () => {
    await openPage(page, `${store.baseUrl}/shop`);
    await page.locator('.sqs-pill-shopping-cart.is-visible').waitFor();
    const covered: string[] = [];
    let reachedFooterEnd = false;
    for (let step = 0; step < 200; step += 1) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const focused = document.activeElement;
        return { inFooter: focused?.closest('.site-footer') !== null && focused?.closest('.site-footer') !== undefined, pill: focused?.classList.contains('sqs-pill-shopping-cart') ?? false };
      });
      const hidden = await coveredFocus();
      if (hidden) covered.push(hidden);
      if (where.inFooter) reachedFooterEnd = true;
      // the pill comes after the footer: Tab has been everywhere once it is reached
      if (where.pill) break;
    }
    expect(reachedFooterEnd).toBe(true);
    expect(covered).toEqual([]);
  });

  it('steps aside from a form field under it, so a tap there reaches the field and not the cart, and comes back once the field scrolls clear', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, `${store.baseUrl}/shop/p/linen-shirt`);
    const pill = page.locator('.sqs-pill-shopping-cart.is-visible');
    await pill.waitFor();
    // the product's first option list brought right under the pill
    const field = page.locator('main select').first();
    await page.evaluate(() => {
      const select = document.querySelector('main select')!.getBoundingClientRect();
      const badge = document.querySelector('.sqs-pill-shopping-cart')!.getBoundingClientRect();
      window.scrollBy(0, (select.top + select.bottom) / 2 - (badge.top + badge.bottom) / 2);
    });
    await expect.poll(() => pill.evaluate((element) => element.classList.contains('is-stepping-aside'))).toBe(true);
    const box = (await pill.boundingBox())!;
    const under = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('select') !== null, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    expect(under, 'a tap on the pill\'s place meets the option list').toBe(true);
    expect(await field.evaluate((element) => element.getBoundingClientRect().bottom > 0)).toBe(true);
    // the page's layout moving the field away, with no scroll (a picture loading above it): back
    await page.evaluate(() => {
      const room = document.createElement('div');
      room.id = 'pushed-down';
      room.style.height = '2000px';
      document.querySelector('main')!.prepend(room);
    });
    await expect.poll(() => pill.evaluate((element) => element.classList.contains('is-stepping-aside'))).toBe(false);
    await page.evaluate(() => document.getElementById('pushed-down')!.remove());
    // at the page's end the pill is over the room the page leaves for it: back
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => pill.evaluate((element) => element.classList.contains('is-stepping-aside'))).toBe(false);
    await page.setViewportSize({ width: 320, height: 640 });
  });
});
