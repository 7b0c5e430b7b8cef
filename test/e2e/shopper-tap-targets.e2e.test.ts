/**
 * What a shopper taps beyond the checkout is a finger's size (44 px) on a touch phone, at 390 and
 * 320 px: every box, list and choice of the contact form (its likert answers too), the captcha's
 * box and Verify button (smaller text in its compact form below 320 px of room), the restock
 * sign-up's mailing-list choice, a cart line's picture and title (links to its product), the cart's
 * Remove confirmation's buttons, the empty cart's and empty checkout's way back to the shop, the members' sign-in's
 * "Forgot your password?" and its way back, the error page's way back to the shop, the header's
 * skip link, site title and Cart link (44 px both ways), and an alert's Close (in the page's type,
 * at least 16 px, as the contact form's boxes are, so iOS Safari does not zoom in on those).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createLocalCaptcha } from '../../server/security/captcha.ts';
import { screenshot, startStorefront, waitForIslands, type Storefront } from './harness.ts';

let store: Storefront;
let page: Page;

/** Each element of `selector` on the page, named with its size, when it is under 44 px tall (or wide, where `wide`). */
async function undersized(selector: string, wide = false): Promise<{ count: number; small: string[] }> {
  return page.evaluate(({ selector, wide }) => {
    const elements = Array.from(document.querySelectorAll(selector)).filter((element) => element.getClientRects().length > 0);
    const small = elements.flatMap((element) => {
      const box = element.getBoundingClientRect();
      const label = (element.textContent?.trim() || element.getAttribute('name') || element.tagName).slice(0, 30);
      return box.height < 44 || (wide && box.width < 44) ? [`${selector} "${label}" ${Math.round(box.width)}×${Math.round(box.height)}`] : [];
    });
    return { count: elements.length, small };
  }, { selector, wide });
}

async function expectFingerSized(selector: string, wide = false): Promise<void> {
  const { count, small } = await undersized(selector, wide);
  expect(count, `${selector} is on the page`).toBeGreaterThan(0);
  expect(small).toEqual([]);
}

async function open(path: string, status = 200): Promise<void> {
  const response = await page.goto(store.baseUrl + path);
  expect(response?.status(), path).toBe(status);
  await waitForIslands(page);
}

describe.each([390, 320])('tap targets beyond the checkout at %i px', (width) => {
  beforeAll(async () => {
    store = await startStorefront({ captcha: createLocalCaptcha() }, { isMobile: true, hasTouch: true });
    page = await store.newPage();
    await page.setViewportSize({ width, height: 844 });
  });
  afterAll(async () => {
    await store?.stop();
  });

  it('gives the contact form finger-sized boxes, lists and choices', async () => {
    await open('/contact');
    await expectFingerSized('.form-field input:not([type="checkbox"]):not([type="radio"]), .form-field select');
    await expectFingerSized('.form-field .field-option');
    await expectFingerSized('.field-likert .likert-answer');
    await screenshot(page, `shopper-contact-${width}`);
  });

  it('writes the contact form\'s boxes in 16 px text at least, so iOS Safari does not zoom in on focus', async () => {
    await open('/contact');
    const small = await page.evaluate(() => Array.from(document.querySelectorAll('.form-field input:not([type="checkbox"]):not([type="radio"]), .form-field select, .form-field textarea'))
      .filter((box) => parseFloat(getComputedStyle(box).fontSize) < 16)
      .map((box) => `${box.getAttribute('name') ?? box.tagName} ${getComputedStyle(box).fontSize}`));
    expect(small).toEqual([]);
    // the parts' own labels may stay smaller: they are not typed in
    expect(await page.locator('.form-field .field-part__label').count()).toBeGreaterThan(0);
  });

  it('gives the footer captcha a finger-sized box and Verify button', async () => {
    await open('/');
    await page.locator('.footer-newsletter [data-captcha-rendered="true"]').waitFor();
    await expectFingerSized('.footer-newsletter .local-captcha input, .footer-newsletter .local-captcha button');
  });

  it('gives the restock sign-up\'s mailing-list choice a finger\'s height', async () => {
    await open('/shop/p/wool-throw');
    await page.locator('.variant-option select').selectOption({ label: 'Bed (Sold out)' });
    await page.locator('.restock-signup').waitFor();
    await expectFingerSized('.restock-signup__mailing-list');
  });

  it('gives a cart line\'s links to its product and its Remove confirmation finger-sized buttons', async () => {
    await open('/shop/p/stoneware-mug');
    await page.locator('.variant-option select').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Add to Cart' }).tap();
    await page.getByText(/Added .* to your cart/).waitFor();
    await open('/cart');
    // the line's picture and title, each a way back to the product
    await expectFingerSized('.cart-row__title > a');
    await expectFingerSized('.cart-row__thumbnail > a', true);
    await page.locator('.cart-row__remove').first().tap();
    await page.locator('.confirm-dialog__actions').waitFor();
    await expectFingerSized('.confirm-dialog__actions button', true);
    // the screenshot shows the dialog once it has faded in
    await page.locator('.island-overlay').evaluate((overlay) => Promise.all(overlay.getAnimations().map((animation) => animation.finished)));
    await screenshot(page, `shopper-cart-remove-${width}`);
  });

  it('gives the empty cart a finger-sized way back to the shop', async () => {
    // a new visitor's cart: the Remove case above left a mug in this one
    await page.context().clearCookies();
    await open('/cart');
    await page.locator('.cart-page.is-empty').waitFor();
    await expectFingerSized('.cart-page.is-empty > a');
    // and the checkout of an empty cart its way back to the shop
    await open('/checkout');
    await expectFingerSized('.empty a');
  });

  it('gives the members\' sign-in and forgotten-password pages finger-sized ways on', async () => {
    await open('/account/sign-in?returnTo=%2Flessons%2Fglazing-at-home');
    await expectFingerSized('.member-sign-in-forgot a');
    await open('/account/forgot-password?returnTo=%2Flessons%2Fglazing-at-home');
    await expectFingerSized('.member-sign-in-back a');
    // a store without a mail server offers its contact page there instead of a link by email
    await expectFingerSized('.member-sign-in-contact a');
  });

  it('gives the header\'s skip link, site title and Cart link a finger\'s size both ways', async () => {
    await open('/');
    // the skip link shows once focused, the first stop of the page
    await page.keyboard.press('Tab');
    expect(await page.locator('.skip-link').evaluate((link) => link === document.activeElement)).toBe(true);
    // the Cart link itself, not only the box with the count that it covers
    const measured = await Promise.all(['.skip-link', '.site-header .site-title', '.site-header a.cart-link'].map((selector) => undersized(selector, true)));
    expect(measured.map(({ count }) => count)).toEqual([1, 1, 1]);
    expect(measured.flatMap(({ small }) => small)).toEqual([]);
    await screenshot(page, `shopper-header-${width}`);
  });

  it('gives an alert\'s Close the page\'s own type, at least 16 px, and a finger\'s size', async () => {
    await open('/shop/p/linen-shirt');
    // Add to Cart with no size or colour chosen: the alert asks for them
    await page.getByRole('button', { name: 'Add to Cart' }).tap();
    const close = page.locator('[role="alert"] .island-alert__close');
    await close.waitFor();
    await expectFingerSized('.island-alert__close', true);
    const type = await close.evaluate((button) => ({
      size: parseFloat(getComputedStyle(button).fontSize), family: getComputedStyle(button).fontFamily, page: getComputedStyle(document.body).fontFamily,
    }));
    expect(type.size).toBeGreaterThanOrEqual(16);
    expect(type.family).toBe(type.page);
  });

  it('gives the error page a finger-sized way back to the shop', async () => {
    await open('/shop?sort=bogus', 400);
    await expectFingerSized('.error-back');
  });
});
