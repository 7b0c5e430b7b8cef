/**
 * The storefront in a real browser: variants and add to cart, the pill count,
 * the cart page, a restock sign-up, the contact form, the instalment modal by
 * keyboard, and no console errors anywhere. Screenshots go to test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { enableInstalments, openPage, screenshot, startStorefront, waitForIslands, type Storefront } from './harness.ts';

const PRODUCT_PATH = '/shop/p/linen-shirt';
let store: Storefront;
let page: Page;

describe('storefront islands in Chromium', () => {
  beforeAll(async () => {
    store = await startStorefront();
    // The variant and modal tests below show the instalment offer, which the seed leaves off.
    await enableInstalments(store);
    page = await store.newPage();
  });
  afterAll(async () => {
    await store?.stop();
  });

  it('chooses variants, adds to cart and shows the pill count', async () => {
    await openPage(page, store.baseUrl + PRODUCT_PATH);
    const headerLink = page.locator('header.site-header a.cart-link');
    expect(await headerLink.getAttribute('aria-label')).toBe('0 items in cart');
    const addToCart = page.locator('[data-island="AddToCart"]');
    await expect(addToCart.locator('option', { hasText: 'Select Size' }).count()).resolves.toBe(1);
    const button = addToCart.locator('button.sqs-add-to-cart-button');
    await button.click();
    await page.locator('[role="alert"]', { hasText: 'Please select the Size and Color options.' }).waitFor();
    await page.waitForFunction(() => document.querySelector('.sqs-add-to-cart-button')?.getAttribute('data-state') === 'idle');
    await addToCart.locator('select[aria-label="Size"]').selectOption('M');
    await addToCart.locator('select[aria-label="Color"]').selectOption('Natural');
    await button.click();
    await page.locator('.sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
    await page.locator('a.sqs-pill-shopping-cart[aria-label="One item in cart"]').waitFor();
    // The header's cart link follows the same update, without a reload.
    await page.locator('header.site-header a.cart-link[aria-label="One item in cart"]:not(.cart-link--empty)').waitFor();
    expect(await page.locator('header.site-header .cart-link-box [data-cart-count]').textContent()).toBe('1');
    await page.locator('.sqs-add-to-cart-button', { hasText: 'Add to Cart' }).waitFor({ timeout: 5000 });
    await screenshot(page, 'product-page');
    // A second page load reads the cart from the server (cart cookie present).
    await openPage(page, store.baseUrl + PRODUCT_PATH);
    await page.locator('a.sqs-pill-shopping-cart.is-visible[aria-label="One item in cart"]').waitFor();
  });

  it('follows the chosen variant: price, low stock, sold out and the instalment offer', async () => {
    await openPage(page, store.baseUrl + '/shop/p/wool-throw');
    const price = page.locator('.product-price-area');
    expect((await price.innerText()).trim()).toBe('from $140.00');
    const addToCart = page.locator('[data-island="AddToCart"]');
    expect(await addToCart.locator('option[value="Bed"]').textContent()).toBe('Bed (Sold out)');
    await addToCart.locator('select[aria-label="Size"]').selectOption('Bed');
    await price.locator('.product-price--variant', { hasText: '$190.00' }).waitFor();
    expect((await price.innerText()).trim()).toBe('$190.00');
    await addToCart.locator('button.sqs-add-to-cart-button--sold-out', { hasText: 'Sold out' }).waitFor();
    expect(await addToCart.locator('.instalment-message').count()).toBe(0);
    await addToCart.locator('select[aria-label="Size"]').selectOption('Lap');
    await price.locator('.product-price--variant', { hasText: '$140.00' }).waitFor();
    await page.locator('.product-scarcity:visible', { hasText: 'Only 2 left in stock' }).waitFor();
    await addToCart.locator('.instalment-message__text', { hasText: '$35.00' }).waitFor();
    await addToCart.locator('button.sqs-add-to-cart-button', { hasText: 'Add to Cart' }).waitFor();
    await screenshot(page, 'product-variant');
  });

  it('changes the quantity and removes the entry on the cart page', async () => {
    await openPage(page, store.baseUrl + '/cart');
    expect(await page.locator('a.sqs-pill-shopping-cart').count()).toBe(0);
    const quantity = page.locator('input.cart-row__quantity').first();
    await quantity.fill('3');
    await quantity.press('Enter');
    await page.locator('.cart-subtotal', { hasText: '$204.00' }).waitFor();
    // The header link counts units: one entry of three shirts is three items.
    await page.locator('header.site-header a.cart-link[aria-label="3 items in cart"]').waitFor();
    await screenshot(page, 'cart-page');
    await page.locator('button.cart-row__remove').first().click();
    const dialog = page.locator('[role="alertdialog"]');
    await dialog.waitFor();
    await dialog.locator('button', { hasText: 'Remove' }).click();
    await page.locator('text=You have nothing in your shopping cart.').waitFor();
  });

  it('signs up for a restock notification on a sold-out variant', async () => {
    await openPage(page, store.baseUrl + PRODUCT_PATH);
    const addToCart = page.locator('[data-island="AddToCart"]');
    await addToCart.locator('select[aria-label="Size"]').selectOption('S');
    await addToCart.locator('select[aria-label="Color"]').selectOption('Natural');
    const box = page.locator('.restock-signup');
    await box.waitFor();
    await box.locator('button[type="submit"]').click();
    await box.locator('[role="alert"]', { hasText: 'Email cannot be blank' }).waitFor();
    // an email box: the phone shows its email keyboard
    const email = box.locator('input[type="email"][inputmode="email"][autocomplete="email"]');
    await email.fill('not-an-email');
    await box.locator('button[type="submit"]').click();
    await box.locator('[role="alert"]', { hasText: 'Email is invalid' }).waitFor();
    await email.fill('shopper@example.com');
    await box.locator('button[type="submit"]').click();
    await box.locator('.restock-signup__success').waitFor();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('restock-signup__success'))).toBe(true);
    expect(await box.locator('.restock-signup__cta').count()).toBe(1);
    await screenshot(page, 'restock-signup');
  });

  it('submits the contact form with errors, then successfully', async () => {
    // a phone: the form is far taller than the window, its button at the bottom
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, store.baseUrl + '/contact?source=e2e');
    const form = page.locator('form.form-block');
    await form.locator('button[type="submit"]').click();
    await page.locator('.form-message', { hasText: 'One or more fields is invalid, please check your entries.' }).waitFor();
    expect(await page.locator('[data-field-id="email-contact"] .field-error').textContent()).toBe('Required');
    // the focus (and the window) moved up to the first field to correct, marked and described by its error
    const first = form.locator('input[name="name-contact-0"]');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'name-contact-0');
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    const inView = await first.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return rect.top >= 0 && rect.bottom <= window.innerHeight;
    });
    expect(inView).toBe(true);
    expect(await page.locator(`[id="${await first.getAttribute('aria-describedby')}"]`).textContent()).toBe('Required');
    await screenshot(page, 'contact-form-errors');
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.locator('input[name="name-contact-0"]').fill('Ada');
    await form.locator('input[name="name-contact-1"]').fill('Lovelace');
    await form.locator('input[name="email-contact"]').fill('ada@example.com');
    await form.locator('textarea[name="textarea-message"]').fill('Do you ship linen to Lisbon?');
    await form.locator('input[type="radio"][value="Email"]').check();
    await form.locator('select[name="select-topic"]').selectOption('Order');
    await form.locator('button[type="submit"]').click();
    await page.locator('.form-submission-text', { hasText: 'Thank you! We answer within two working days.' }).waitFor();
    await screenshot(page, 'contact-form-sent');
    const saved = await store.app.deps.store.all<{ values_json: string; page_path: string }>('SELECT values_json, page_path FROM form_submissions');
    expect(saved).toHaveLength(1);
    const values = JSON.parse(saved[0]!.values_json) as Record<string, unknown>;
    expect(values['name-contact']).toEqual(['Ada', 'Lovelace']);
    expect(values['radio-contact-method']).toBe('Email');
    // The hidden field takes the URL query parameter of the same name.
    expect(values['hidden-source']).toBe('e2e');
    expect(saved[0]!.page_path).toBe('/contact');
  });

  it('opens and closes the instalment modal by keyboard', async () => {
    await openPage(page, store.baseUrl + PRODUCT_PATH);
    const trigger = page.locator('.instalment-message__info');
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('[role="dialog"]');
    await dialog.waitFor();
    await dialog.locator('.instalment-info, .instalment-modal__content').first().waitFor();
    expect(await page.evaluate(() => document.querySelector('[role="dialog"]')?.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.querySelector('[role="dialog"]')?.contains(document.activeElement))).toBe(true);
    }
    // Let the overlay's fade-in finish before the screenshot.
    await page.waitForTimeout(400);
    await screenshot(page, 'instalment-modal');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('instalment-message__info'))).toBe(true);
  });

  it('adds a product with an extra-fields form through the lightbox', async () => {
    await openPage(page, store.baseUrl + '/shop/p/monogram-napkins');
    await page.locator('button.sqs-add-to-cart-button').click();
    const dialog = page.locator('[role="dialog"]');
    await dialog.waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('sqs-lightbox-open'))).toBe(true);
    await dialog.locator('button.form-submit', { hasText: 'Add to Cart' }).click();
    await dialog.locator('.form-message', { hasText: 'One or more fields is invalid, please check your entries.' }).waitFor();
    await dialog.locator('input[name="text-monogram-initials"]').fill('ABC');
    await dialog.locator('select[name="select-thread-colour"]').selectOption('Rust');
    await screenshot(page, 'extra-fields-lightbox');
    await dialog.locator('button.form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('sqs-lightbox-open'))).toBe(false);
    await page.locator('.sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
    await openPage(page, store.baseUrl + '/cart');
    await page.locator('.cart-row', { hasText: 'Monogram' }).waitFor();
  });

  it('sends a gift card to its page and a subscription to checkout with a cart token', async () => {
    await openPage(page, store.baseUrl + '/shop/p/gift-card');
    await page.locator('button.sqs-add-to-cart-button').click();
    await page.locator('[role="alert"]', { hasText: 'Select a denomination for the Gift Card' }).waitFor();
    await page.waitForFunction(() => document.querySelector('.sqs-add-to-cart-button')?.getAttribute('data-state') === 'idle');
    await page.locator('select[aria-label="Select a denomination"]').selectOption({ index: 2 });
    await Promise.all([page.waitForURL(/\/checkout\/gift-card\?itemId=/), page.locator('button.sqs-add-to-cart-button').click()]);
    await openPage(page, store.baseUrl + '/shop/p/coffee-club');
    await page.locator('select[aria-label="Grind"]').selectOption('Filter');
    await Promise.all([page.waitForURL(/\/checkout\/subscription\?cartToken=/), page.locator('button.sqs-add-to-cart-button').click()]);
  });

  it('sends the purchase event of the order confirmation once, with the crumb, and records it', async () => {
    const purchases = (): Promise<Array<{ payload_json: string }>> => store.app.deps.store
      .all<{ payload_json: string }>("SELECT payload_json FROM tracking_events WHERE kind = 'Purchase'");
    await openPage(page, store.baseUrl + PRODUCT_PATH);
    const addToCart = page.locator('[data-island="AddToCart"]');
    await addToCart.locator('select[aria-label="Size"]').selectOption('M');
    await addToCart.locator('select[aria-label="Color"]').selectOption('Natural');
    await addToCart.locator('button.sqs-add-to-cart-button').click();
    await page.locator('.sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
    await openPage(page, store.baseUrl + '/checkout');
    const form = page.locator('form.checkout-form');
    for (const [id, value] of [['email', 'jane@example.com'], ['name', 'Jane Doe'], ['line1', '350 Fifth Avenue'], ['city', 'New York'],
      ['postalCode', '10118'], ['cardNumber', '4242 4242 4242 4242'], ['cardExpiry', '12/39'], ['cardCvc', '123']]) {
      await form.locator(`#checkout-${id}`).fill(value!);
    }
    await Promise.all([page.waitForURL(/\/checkout\/order-confirmed\//), form.locator('button[type="submit"]').click()]);
    const orderId = new URL(page.url()).pathname.split('/').pop();
    await expect.poll(async () => (await purchases()).length, { timeout: 10_000 }).toBe(1);
    const recorded = JSON.parse((await purchases())[0]!.payload_json) as { event: string; data: Record<string, unknown> };
    expect(recorded.event).toBe('Purchase');
    expect(recorded.data).toMatchObject({ transaction_id: orderId, currency: 'USD', value: expect.any(Number) });
    // The cart may still hold the napkins of an earlier test; the shirt added here is among the items.
    expect(recorded.data.items).toContainEqual(expect.objectContaining({ item_name: 'Linen Work Shirt', quantity: 1 }));
    // Coming back to the confirmation does not count the sale again.
    await page.reload();
    await waitForIslands(page);
    await page.waitForLoadState('networkidle');
    expect(await purchases()).toHaveLength(1);
  });

  it('moves the gallery slideshow by keyboard, thumbnails and swipe', async () => {
    await openPage(page, store.baseUrl + '/gallery');
    // The gallery's four-three setting crops the 3:2 pictures to 4:3.
    const slideBox = (await page.locator('[data-island="Gallery"] .gallery__open').first().boundingBox())!;
    expect(slideBox.width / slideBox.height).toBeCloseTo(4 / 3, 2);
    const gallery = page.locator('[data-island="Gallery"] .gallery');
    const position = gallery.locator('.gallery__position');
    const total = await gallery.locator('.gallery__thumbs button').count();
    expect(total).toBeGreaterThan(2);
    await gallery.focus();
    await page.keyboard.press('ArrowRight');
    await position.filter({ hasText: `Slide 2 of ${total}` }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await position.filter({ hasText: `Slide ${total} of ${total}` }).waitFor();
    await gallery.locator('.gallery__thumbs button').nth(2).click();
    await position.filter({ hasText: `Slide 3 of ${total}` }).waitFor();
    const box = (await gallery.locator('.gallery__slides').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await position.filter({ hasText: `Slide 4 of ${total}` }).waitFor();
  });

  it('never sends a form by GET before or without scripts: the button waits, <noscript> says why', async () => {
    const still = await store.newPage();
    const cdp = await store.context.newCDPSession(still);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    await still.goto(`${store.baseUrl}/contact`);
    const form = still.locator('form.form-block');
    expect(await form.getAttribute('method')).toBe('post');
    expect(await form.locator('button[type="submit"]').isDisabled()).toBe(true);
    await form.locator('noscript, .form-noscript').first().waitFor({ state: 'attached' });
    expect(await still.locator('form.form-block .form-noscript').isVisible()).toBe(true);
    // Enter in a field (the order lookup code too) sends nothing: the page and its address stay as they were
    const code = form.locator('input[type="password"]');
    await code.fill('secret123');
    await code.press('Enter');
    const newsletter = still.locator('.footer-newsletter form');
    expect(await newsletter.getAttribute('method')).toBe('post');
    await newsletter.locator('input[type="email"]').fill('reader@example.com');
    await newsletter.locator('input[type="email"]').press('Enter');
    await still.waitForTimeout(300);
    expect(still.url()).toBe(`${store.baseUrl}/contact`);
    expect(await code.inputValue()).toBe('secret123');
    await screenshot(still, 'contact-form-without-scripts');
    await still.close();
  });

  it('shows no console errors on any page', async () => {
    for (const path of ['/', '/shop', PRODUCT_PATH, '/cart', '/contact', '/gallery', '/lessons', '/search?q=linen']) {
      await openPage(page, store.baseUrl + path);
      await screenshot(page, `page${path === '/' ? '-home' : path.replace(/[^a-z0-9]+/gi, '-')}`);
    }
    expect(store.consoleErrors, store.consoleErrors.join("\n")).toEqual([]);
  });
});
