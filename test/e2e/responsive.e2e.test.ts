/**
 * Every page type fits the window from a small phone up: at 320, 390 and
 * 1280 px the document is never wider than the viewport (no sideways scroll),
 * the footer newsletter with its captcha stays inside the window, and the
 * footer's links line up with the newsletter box. On a phone (320 and 390 px) every link and
 * button a finger aims at is at least 44 px tall (and wide, where it is a lone word or icon), the
 * checkout's boxes, shipping choices, list of problems and Pay button included; two checkout boxes side
 * by side line up when only one has an error under it; and a
 * cart row's title keeps to two lines. The gallery's and the product page's lightbox (a photo opened)
 * are measured as pages of their own, and on a phone the product photo opened fills the window's width, a product's
 * only photo included, and covers the cart pill. The header underlines the current page's word just beneath it. A screenshot of each
 * page type at 390 and 1280 px goes to test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createLocalCaptcha } from '../../server/security/captcha.ts';
import { insertDiscountCode } from '../server/helpers/discount-codes.ts';
import { horizontalOverflow, screenshot, startStorefront, waitForIslands, type Storefront } from './harness.ts';

let store: Storefront;
let page: Page;
/** A discount code of the most characters a code may have (client/lib/discount-code.ts). */
const LONGEST_CODE = 'SUMMER-FRIENDS-AND-FAMILY-2026XY';

/** Opens the first photo of the page's gallery (the gallery page's, a product's) in its lightbox. */
async function openGalleryPhoto(): Promise<void> {
  await page.locator('[data-island="Gallery"] .gallery__open:not([disabled])').first().click();
  await page.locator('.gallery-lightbox__body').waitFor();
  // the screenshot shows the lightbox once it has faded in
  await page.locator('.island-overlay').evaluate((overlay) => Promise.all(overlay.getAnimations().map((animation) => animation.finished)));
}

/** Places the order with nothing filled in: each field's problem, and their list above the fields. */
async function refuseEmptyCheckout(): Promise<void> {
  await page.locator('button.checkout-submit').click();
  await page.locator('.checkout-error-summary').waitFor();
}

/**
 * Page types and a path that shows each, with what to do there first (`then`); the order
 * confirmation's path is found once an order exists.
 */
const PAGE_TYPES: Array<{ name: string; path: string; status: number; then?: () => Promise<void> }> = [
  { name: 'home', path: '/', status: 200 },
  { name: 'shop', path: '/shop', status: 200 },
  { name: 'product', path: '/shop/p/linen-shirt', status: 200 },
  { name: 'product-lightbox', path: '/shop/p/linen-shirt', status: 200, then: openGalleryPhoto },
  { name: 'cart', path: '/cart', status: 200 },
  { name: 'checkout', path: '/checkout', status: 200 },
  { name: 'checkout-refused', path: '/checkout', status: 200, then: refuseEmptyCheckout },
  { name: 'search', path: '/search?q=linen', status: 200 },
  { name: 'contact', path: '/contact', status: 200 },
  { name: 'gallery', path: '/gallery', status: 200 },
  { name: 'gallery-lightbox', path: '/gallery', status: 200, then: openGalleryPhoto },
  { name: 'lessons', path: '/lessons', status: 200 },
  { name: 'lesson', path: '/lessons/indigo-basics', status: 200 },
  { name: 'not-found', path: '/no-such-page', status: 404 },
  { name: 'access-denied', path: '/lessons/glazing-at-home', status: 403 },
  { name: 'sign-in', path: '/account/sign-in?returnTo=%2Flessons%2Fglazing-at-home', status: 200 },
];

const WIDTHS = [320, 390, 1280] as const;

/**
 * What a finger aims at on a phone, on whichever pages show it: each at least 44 px tall, and as wide
 * where `wide` (a lone word or icon; the footer's links are a column as wide as the page).
 */
const TAP_TARGETS: Array<{ selector: string; wide: boolean }> = [
  { selector: '.main-nav a', wide: true },
  { selector: '.header-search', wide: true },
  // the cart link covers its box, with the count and subtotal beside its word
  { selector: '.site-header .cart-link-box', wide: true },
  { selector: '.gallery__controls button', wide: true },
  { selector: '.shop-filters a', wide: true },
  { selector: '.shop-sort a', wide: true },
  { selector: '.footer-nav a', wide: false },
  // the product page's way back to the shop, and the lesson page's to the lessons
  { selector: '.breadcrumb a', wide: true },
  { selector: '.gallery-lightbox__body button', wide: true },
  { selector: '.island-modal__close', wide: true },
  // the fixed cart pill, on every page but the cart and checkout while the cart holds something
  { selector: '.sqs-pill-shopping-cart', wide: true },
  // the checkout: its boxes, shipping choices (the whole row is the radio's label), list of problems and Pay button
  { selector: '.checkout-field input, .checkout-field select', wide: true },
  { selector: '.shipping-option', wide: true },
  { selector: '.checkout-error-summary a', wide: true },
  { selector: '.checkout-submit', wide: true },
  // the order confirmation's way back to the shop
  { selector: '.order-confirmed .button', wide: true },
];

/**
 * The page's tap targets under 44 px or reaching past the window's sides (out of a finger's reach),
 * named with their size and place, and the selectors the page shows at all.
 */
async function smallTapTargets(): Promise<{ shown: string[]; small: string[] }> {
  return page.evaluate((targets) => {
    const shown: string[] = [];
    const small: string[] = [];
    for (const { selector, wide } of targets) {
      const elements = Array.from(document.querySelectorAll(selector));
      if (elements.length > 0) shown.push(selector);
      for (const element of elements) {
        const box = element.getBoundingClientRect();
        const outside = box.left < -0.5 || box.right > window.innerWidth + 0.5;
        if (box.height < 44 || (wide && box.width < 44) || outside) {
          small.push(`${selector} "${element.textContent?.trim()}" ${Math.round(box.width)}×${Math.round(box.height)} at ${Math.round(box.left)}–${Math.round(box.right)}`);
        }
      }
    }
    return { shown, small };
  }, TAP_TARGETS);
}

/**
 * How the header marks the current page, if it does: an underline of the word (just beneath it),
 * not a border of the link's box (which on a phone is 44 px tall and would sit well below the word).
 */
async function currentPageMark(): Promise<{ underline: boolean; border: string } | null> {
  return page.evaluate(() => {
    const current = document.querySelector('.main-nav a[aria-current="page"]');
    if (!current) return null;
    const style = getComputedStyle(current);
    return { underline: style.textDecorationLine.includes('underline'), border: style.borderBottomWidth };
  });
}

/** How many lines the first cart row's title link is drawn on (an inline box has one rectangle a line). */
async function cartTitleLines(): Promise<number> {
  return page.locator('.cart-row__title a').first().evaluate((link) => link.getClientRects().length);
}
const SCREENSHOT_WIDTHS: ReadonlySet<number> = new Set([390, 1280]);

async function open(path: string, status: number): Promise<void> {
  const response = await page.goto(store.baseUrl + path);
  expect(response?.status(), path).toBe(status);
  await waitForIslands(page);
  // The captcha renders its challenge after hydration; measure once it is there.
  await page.locator('.footer-newsletter [data-captcha-rendered="true"]').waitFor();
}

/** Turns the gallery's lightbox on (off as seeded), so a photo opens in it. */
async function enableGalleryLightbox(): Promise<void> {
  const db = store.app.deps.store;
  const gallery = await db.get<{ data_json: string }>("SELECT data_json FROM collections WHERE url_id = 'gallery'");
  const data = JSON.parse(gallery!.data_json) as { galleryOptions?: Record<string, unknown> };
  data.galleryOptions = { ...data.galleryOptions, lightbox: true };
  await db.run("UPDATE collections SET data_json = ? WHERE url_id = 'gallery'", [JSON.stringify(data)]);
}

/** Puts one item in the cart through the storefront call, as the add-to-cart button does. */
async function addShirtToCart(): Promise<void> {
  await page.goto(`${store.baseUrl}/shop/p/linen-shirt`);
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
  expect(status).toBe(200);
}

describe('every page type fits the window', () => {
  beforeAll(async () => {
    store = await startStorefront({ captcha: createLocalCaptcha() });
    page = await store.newPage();
    await enableGalleryLightbox();
    await addShirtToCart();
    // The checkout page needs a cart; the confirmation needs an order: place one, then fill the cart again.
    // Its discount code is as long as a code may be, so its line in the totals is the widest they have.
    await insertDiscountCode(store.app.deps.store, { code: LONGEST_CODE, kind: 'percent', percentBasisPoints: 1000 });
    await page.goto(`${store.baseUrl}/checkout`);
    const confirmationPath = await page.evaluate(async (discountCode) => {
      const crumb = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('crumb='))?.slice(6) ?? '');
      const headers = { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb };
      const quote = await (await fetch('/api/commerce/checkout/quote', { method: 'POST', headers, body: JSON.stringify({ discountCode }) })).json() as { quote: { totalCents: number; selectedShippingOptionId: string } };
      const placed = await fetch('/api/commerce/checkout/orders', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          email: 'jane@example.com', name: 'Jane Doe', line1: '350 Fifth Avenue', line2: '', city: 'New York', region: 'NY',
          postalCode: '10118', countryCode: 'US', shippingOptionId: quote.quote.selectedShippingOptionId, recipientEmail: '',
          cardNumber: '4242424242424242', cardExpiry: '12/39', cardCvc: '123', idempotencyKey: 'responsive-check-order-1',
          expectedTotalCents: quote.quote.totalCents, discountCode,
        }),
      });
      return ((await placed.json()) as { confirmationUrl: string }).confirmationUrl;
    }, LONGEST_CODE);
    PAGE_TYPES.push({ name: 'order-confirmed', path: confirmationPath, status: 200 });
    await addShirtToCart();
  });
  afterAll(async () => {
    await store?.stop();
  });

  for (const width of WIDTHS) {
    it(`has no horizontal scroll at ${width} px`, async () => {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      const phone = width <= 432;
      const targetsShown = new Set<string>();
      for (const { name, path, status, then } of PAGE_TYPES) {
        await open(path, status);
        await then?.();
        const overflow = await horizontalOverflow(page);
        expect(overflow.scrollWidth, `${name} at ${width} px: ${overflow.outside.join(', ')}`).toBeLessThanOrEqual(overflow.innerWidth);
        // The footer's newsletter form and its captcha's button stay inside the window.
        const verify = page.locator('.footer-newsletter .local-captcha button');
        const box = await verify.boundingBox();
        expect(box, `${name} at ${width} px: captcha button`).not.toBeNull();
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        // The footer's links line up with its newsletter box: level with its top beside it, or under it from its left edge.
        const newsletter = (await page.locator('.footer-newsletter .newsletter-block').boundingBox())!;
        const firstLink = (await page.locator('.footer-nav a').first().boundingBox())!;
        if (firstLink.x >= newsletter.x + newsletter.width) {
          expect(Math.abs(firstLink.y - newsletter.y), `${name} at ${width} px: footer links beside the newsletter box`).toBeLessThanOrEqual(1);
        } else {
          expect(firstLink.y, `${name} at ${width} px: footer links under the newsletter box`).toBeGreaterThanOrEqual(newsletter.y + newsletter.height);
          expect(Math.abs(firstLink.x - newsletter.x), `${name} at ${width} px: footer links under the newsletter box`).toBeLessThanOrEqual(1);
        }
        if (name === 'checkout-refused') {
          // the region (no error) beside the postal code (its error under it): boxes level and of one height
          const [region, postalCode] = await Promise.all(['#checkout-region', '#checkout-postalCode'].map(async (id) => (await page.locator(id).boundingBox())!));
          expect(region!.height, `${name} at ${width} px: the region box's height`).toBeCloseTo(postalCode!.height, 0);
          if (width >= 433) expect(region!.y, `${name} at ${width} px: the region box level with the postal code's`).toBeCloseTo(postalCode!.y, 0);
        }
        const mark = await currentPageMark();
        if (mark) expect(mark, `${name} at ${width} px: the current page's mark in the header`).toEqual({ underline: true, border: '0px' });
        if (phone) {
          const { shown, small } = await smallTapTargets();
          for (const selector of shown) targetsShown.add(selector);
          expect(small, `${name} at ${width} px: tap targets under 44 px or outside the window`).toEqual([]);
          // the title has the row's width, not a squeezed column of one word a line
          if (name === 'cart') expect(await cartTitleLines(), `cart at ${width} px: lines of the title`).toBeLessThanOrEqual(2);
        }
        if (SCREENSHOT_WIDTHS.has(width)) await screenshot(page, `responsive-${name}-${width}`);
      }
      if (phone) expect([...targetsShown].sort()).toEqual(TAP_TARGETS.map((target) => target.selector).sort());
      // The 404 and 403 pages report their own status in the console; anything else is a fault.
      const faults = store.consoleErrors.filter((line) => !/status of 40[34] \(.*(no-such-page|glazing-at-home)/.test(line));
      expect(faults, faults.join('\n')).toEqual([]);
    });
  }

  it('opens a product photo at nearly the window\'s width on a phone, its arrows and close button inside the window', async () => {
    const viewport = { width: 390, height: 844 };
    await page.setViewportSize(viewport);
    await open('/shop/p/linen-shirt', 200);
    await openGalleryPhoto();
    const photo = (await page.locator('.gallery-lightbox__body img').boundingBox())!;
    expect(photo.width, 'the opened photo\'s width').toBeGreaterThanOrEqual(300);
    const controls = await page.locator('.gallery-lightbox-box button').evaluateAll((buttons) => buttons.map((button) => {
      const box = button.getBoundingClientRect();
      return { name: button.getAttribute('aria-label'), left: box.left, right: box.right, top: box.top, bottom: box.bottom };
    }));
    expect(controls.map((control) => control.name).sort()).toEqual(['Close', 'Next', 'Previous']);
    for (const control of controls) {
      expect(control.left, `${control.name}: left edge`).toBeGreaterThanOrEqual(0);
      expect(control.right, `${control.name}: right edge`).toBeLessThanOrEqual(viewport.width);
      expect(control.top, `${control.name}: top edge`).toBeGreaterThanOrEqual(0);
      expect(control.bottom, `${control.name}: bottom edge`).toBeLessThanOrEqual(viewport.height);
    }
  });

  it('opens a product\'s only photo large on a phone too, with no arrows, over everything on the page, the cart pill included', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // the stoneware mug has one photo (the seed's products but the shirt have one each)
    await open('/shop/p/stoneware-mug', 200);
    const pill = (await page.locator('.sqs-pill-shopping-cart.is-visible').boundingBox())!;
    await openGalleryPhoto();
    const photo = (await page.locator('.gallery-lightbox__body img').boundingBox())!;
    expect(photo.width, 'the opened photo\'s width').toBeGreaterThanOrEqual(300);
    const controls = await page.locator('.gallery-lightbox-box button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    expect(controls).toEqual(['Close']);
    // what a tap on the cart pill's middle meets while the lightbox is open: the lightbox, not the pill
    const atPill = await page.evaluate(({ x, y }) => {
      const element = document.elementFromPoint(x, y);
      return { inLightbox: element?.closest('.island-overlay') !== null, tag: `${element?.tagName.toLowerCase()}.${String(element?.className)}` };
    }, { x: pill.x + pill.width / 2, y: pill.y + pill.height / 2 });
    expect(atPill.inLightbox, `at the cart pill's middle: ${atPill.tag}`).toBe(true);
    await screenshot(page, 'responsive-product-one-photo-lightbox-390');
  });
});
