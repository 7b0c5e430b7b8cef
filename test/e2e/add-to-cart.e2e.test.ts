/**
 * The product page on a slow connection, in Chromium: the add-to-cart island's code is held back
 * (page.route) while the shopper picks a size and a quantity in the server's markup; once it
 * arrives the island keeps them, is marked hydrated only then, and adds what was chosen. The cart
 * page the same way: a quantity typed before its island arrives is kept and saved. Also the
 * status region, the stock-bounded quantity, the gift card's own step and the instalment offer
 * being off as seeded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request, Route } from 'playwright-core';
import { readClientManifest } from '../../client/manifest.ts';
import { openPage, screenshot, startStorefront, waitForIslands, type Storefront } from './harness.ts';

let store: Storefront;
let page: Page;

/**
 * Holds an island's bundle back, as a slow phone connection would, until the returned release is
 * called; release waits until the page's islands are live.
 */
async function holdIsland(name: string): Promise<() => Promise<void>> {
  const chunk = readClientManifest()[name];
  expect(chunk).toBeTruthy();
  const url = `${store.baseUrl}${chunk}`;
  let arrive!: () => void;
  const held = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const hold = async (route: Route): Promise<void> => {
    await held;
    await route.continue();
  };
  await page.route(url, hold);
  return async () => {
    arrive();
    await waitForIslands(page);
    await page.unroute(url, hold);
  };
}

describe('add to cart on a slow connection, in Chromium', () => {
  beforeAll(async () => {
    store = await startStorefront();
    page = await store.newPage();
  });
  afterAll(async () => {
    await store?.stop();
  });

  it('keeps a size and quantity chosen before the island loaded, and adds them', async () => {
    // The island's bundle is held back until the shopper has chosen, as on a slow phone connection.
    const release = await holdIsland('AddToCart');
    await page.goto(`${store.baseUrl}/shop/p/wool-throw`, { waitUntil: 'domcontentloaded' });
    const island = page.locator('[data-island="AddToCart"]');
    const button = island.locator('button.sqs-add-to-cart-button');
    const price = page.locator('.product-price-area');
    expect((await price.innerText()).trim()).toBe('from $140.00');
    // Not live yet: not marked hydrated, and the button visibly not ready (a tap would be lost).
    await page.waitForTimeout(300);
    expect(await island.getAttribute('data-hydrated')).toBeNull();
    expect(await button.isDisabled()).toBe(true);
    await island.locator('select[aria-label="Size"]').selectOption('Lap');
    await island.locator('input[aria-label="Quantity"]').fill('2');
    await screenshot(page, 'add-to-cart-before-hydration');
    await release();
    expect(await island.locator('select[aria-label="Size"]').inputValue()).toBe('Lap');
    expect(await island.locator('input[aria-label="Quantity"]').inputValue()).toBe('2');
    await price.locator('.product-price--variant', { hasText: '$140.00' }).waitFor();
    expect((await price.innerText()).trim()).toBe('$140.00');
    // Lap has 2 in stock: the box goes no higher.
    expect(await island.locator('input[aria-label="Quantity"]').getAttribute('max')).toBe('2');
    expect(await button.isDisabled()).toBe(false);
    await button.click();
    await island.locator('[role="status"]', { hasText: 'Added 2 of Undyed Wool Throw (Size: Lap) to your cart.' }).waitFor();
    await page.locator('.sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
    await page.locator('.sqs-add-to-cart-button', { hasText: 'Add to Cart' }).waitFor({ timeout: 5000 });
    // Both are in the cart now: one more is refused before anything is sent, with the count.
    const adds: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/commerce/shopping-cart/entries')) adds.push(request.url());
    });
    await island.locator('input[aria-label="Quantity"]').fill('1');
    await button.click();
    await island.locator('[role="alert"]', {
      hasText: 'Sorry, we do not have enough of that item available. Only 2 left, and your cart already has 2.',
    }).waitFor();
    expect(adds).toEqual([]);
    // the size, the quantity and the alert's Close are a finger's size
    for (const control of [island.locator('select[aria-label="Size"]'), island.locator('input[aria-label="Quantity"]'), island.locator('button.island-alert__close')]) {
      const box = (await control.boundingBox())!;
      expect(box.height, await control.evaluate((element) => element.outerHTML.slice(0, 60))).toBeGreaterThanOrEqual(44);
    }
    await screenshot(page, 'add-to-cart-stock-limit');
  });

  it('keeps a quantity typed in the cart before its island loaded, and saves it', async () => {
    const saved: unknown[] = [];
    const recordSave = (request: Request): void => {
      if (request.method() === 'PUT' && request.url().endsWith('/quantity')) saved.push(request.postDataJSON());
    };
    page.on('request', recordSave);
    const island = page.locator('[data-island="CartPage"]');
    const box = island.locator('input.cart-row__quantity');
    const subtotal = island.locator('.cart-subtotal');

    // typed, and still in the box when the island arrives: saved on leaving it
    let release = await holdIsland('CartPage');
    await page.goto(`${store.baseUrl}/cart`, { waitUntil: 'domcontentloaded' });
    expect(await box.inputValue()).toBe('2');
    await box.fill('1');
    await release();
    expect(await box.inputValue()).toBe('1');
    expect(saved).toEqual([]);
    await box.press('Tab');
    await subtotal.filter({ hasText: '$140.00' }).waitFor();
    expect(saved).toEqual([{ quantity: 1 }]);

    // typed and left before the island arrives: saved as it takes over
    release = await holdIsland('CartPage');
    await page.goto(`${store.baseUrl}/cart`, { waitUntil: 'domcontentloaded' });
    await box.fill('2');
    await box.press('Tab');
    await release();
    await subtotal.filter({ hasText: '$280.00' }).waitFor();
    expect(saved).toEqual([{ quantity: 1 }, { quantity: 2 }]);
    expect(await box.inputValue()).toBe('2');
    page.off('request', recordSave);
  });

  it('buys a gift card on its own step: the chosen amount marked, a way back, then checkout', async () => {
    await openPage(page, store.baseUrl + '/shop/p/gift-card');
    const button = page.locator('[data-island="AddToCart"] button.sqs-add-to-cart-button');
    expect((await button.innerText()).trim()).toBe('Buy now');
    await page.locator('select[aria-label="Select a denomination"]').selectOption({ label: '$50.00' });
    await Promise.all([page.waitForURL(/\/checkout\/gift-card\?itemId=.*&sku=SQ-GIFT-50$/), button.click()]);
    await waitForIslands(page);
    const current = page.locator('.gift-card-amounts a[aria-current="true"]');
    expect(await current.count()).toBe(1);
    expect((await current.innerText()).trim()).toContain('$50.00');
    expect(await page.locator('a.gift-card-back').getAttribute('href')).toBe('/shop/p/gift-card');
    // Styled as choices: laid out in a row, the chosen one filled.
    expect(await page.locator('.gift-card-amounts').evaluate((list) => getComputedStyle(list).display)).toBe('flex');
    const [chosen, other] = await Promise.all([
      current.evaluate((link) => getComputedStyle(link).backgroundColor),
      page.locator('.gift-card-amounts a:not([aria-current])').first().evaluate((link) => getComputedStyle(link).backgroundColor),
    ]);
    expect(chosen).not.toBe(other);
    await screenshot(page, 'gift-card-page');
    await Promise.all([page.waitForURL(/sku=SQ-GIFT-100$/), page.locator('.gift-card-amounts a', { hasText: '$100.00' }).click()]);
    expect((await page.locator('.gift-card-amounts a[aria-current="true"]').innerText()).trim()).toContain('$100.00');
    await Promise.all([page.waitForURL(/\/checkout\?cartToken=/), page.locator('form.gift-card-form button[type="submit"]').click()]);
    await page.locator('#checkout-recipientEmail').waitFor();
  });

  it('offers no instalments as seeded, the checkout having no instalment option', async () => {
    for (const path of ['/shop/p/linen-shirt', '/shop/p/coffee-club']) {
      await openPage(page, store.baseUrl + path);
      expect(await page.locator('.instalment-message').count(), path).toBe(0);
    }
  });

  it('hands the focus to the first option to choose when the error\'s Close is pressed, not to the page', async () => {
    await openPage(page, `${store.baseUrl}/shop/p/linen-shirt`);
    const addToCart = page.locator('[data-island="AddToCart"]');
    await addToCart.locator('button.sqs-add-to-cart-button').click();
    const close = addToCart.locator('[role="alert"] .island-alert__close');
    await close.focus();
    await page.keyboard.press('Enter');
    await addToCart.locator('[role="alert"]').waitFor({ state: 'detached' });
    // the browser settles a removed element's focus at its next rendering step: read it after one
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    expect(await page.evaluate(() => [document.activeElement?.tagName, document.activeElement?.getAttribute('aria-label')])).toEqual(['SELECT', 'Size']);
  });

  it('shows no console errors', () => {
    expect(store.consoleErrors, store.consoleErrors.join('\n')).toEqual([]);
  });
});
