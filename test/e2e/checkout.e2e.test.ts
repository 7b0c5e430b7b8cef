/**
 * Buying in Chromium at a phone's and a desktop's width, each on a fresh store: pick a variant
 * (price and scarcity follow it), add it, type 0 and Enter in the cart (the remove dialog stays
 * open; Cancel keeps the line), check out with an address chosen from the address suggestions by
 * keyboard, the expiry typed as digits alone (the box puts the slash in), and the decline card
 * (the decline message, no order), then the success card (the confirmation of order #1001, its
 * email in the outbox), then a double submit of a second order (one order, #1002). At the phone's
 * width the browser emulates a touch screen; there the boxes ask for the right keyboard and
 * autofill, the card number is grouped as typed, the order's total is in sight with the Pay button,
 * which is disabled while the order is placed, the confirmation reloads, and Back leads to the order
 * again, with no checkout to buy it again. On the phone, a discount code: a wrong one refused under its box on Enter (which
 * places no order), the right one applied with a tap, the total lower, still applied after a
 * reload, the order placed at it. No
 * page scrolls sideways; screenshots of the product, cart, checkout and confirmation go to
 * test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { EmailOutboxRepository } from '../../server/db/email-outbox-repository.ts';
import { TEST_CARDS } from '../../server/payments/test-payment-provider.ts';
import { insertDiscountCode, timesUsedOf } from '../server/helpers/discount-codes.ts';
import { screenshot, startStorefront, waitForIslands, type Storefront } from './harness.ts';

const WIDTHS = [390, 1280] as const;

async function orderCount(store: Storefront): Promise<number> {
  const row = await store.app.deps.store.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM orders');
  return Number(row?.n ?? 0);
}

/** The order total shown inside the window (the summary's, or the one just above the button), or null. */
async function totalInSight(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (const total of Array.from(document.querySelectorAll('.checkout-summary .grand-total, .checkout-recap__total'))) {
      const box = total.getBoundingClientRect();
      if (box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight) return total.textContent;
    }
    return null;
  });
}

async function fitsWindow(page: Page, name: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}

for (const width of WIDTHS) {
  describe(`checkout at ${width} px`, () => {
    let store: Storefront;
    let page: Page;

    async function open(path: string): Promise<void> {
      const response = await page.goto(store.baseUrl + path);
      expect(response?.status(), path).toBeLessThan(400);
      await waitForIslands(page);
    }

    async function fillDetails(email: string): Promise<void> {
      const form = page.locator('form.checkout-form');
      await form.getByLabel(CHECKOUT.emailLabel, { exact: true }).fill(email);
      await form.getByLabel(CHECKOUT.nameLabel).fill('Jane Doe');
      // the address from the suggestions, by keyboard
      const address = form.locator('#checkout-line1');
      await address.pressSequentially('350 Fifth');
      await page.locator('#checkout-address-suggestions [role="option"]', { hasText: '350 Fifth Avenue' }).waitFor();
      await address.press('ArrowDown');
      await address.press('Enter');
      await expect.poll(() => form.locator('#checkout-city').inputValue()).toBe('New York');
      expect(await form.locator('#checkout-postalCode').inputValue()).toBe('10118');
      // the expiry as a phone's numeric keypad types it (no slash on it): the box puts the slash in
      const expiry = form.getByLabel(CHECKOUT.cardExpiryLabel);
      await expiry.pressSequentially('1239');
      expect(await expiry.inputValue()).toBe('12/39');
      // deleting back over the slash keeps what is left; the next digit brings the slash back
      for (let i = 0; i < 3; i += 1) await expiry.press('Backspace');
      expect(await expiry.inputValue()).toBe('12');
      await expiry.pressSequentially('2039');
      expect(await expiry.inputValue()).toBe('12/2039');
      await form.getByLabel(CHECKOUT.cardCvcLabel).fill('123');
      // leaving the box shows it as MM/YY
      expect(await expiry.inputValue()).toBe('12/39');
    }

    const phone = width < 500;

    beforeAll(async () => {
      store = await startStorefront({ rateLimits: { checkout: 100 } }, phone ? { isMobile: true, hasTouch: true } : {});
      page = await store.newPage();
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    });
    afterAll(async () => {
      await store?.stop();
    });

    it('picks a variant, adds it, is declined, then pays and sees order #1001 with its email in the outbox', async () => {
      await open('/shop/p/wool-throw');
      const price = page.locator('.product-price-area');
      expect((await price.innerText()).trim()).toBe('from $140.00');
      const addToCart = page.locator('[data-island="AddToCart"]');
      await addToCart.locator('select[aria-label="Size"]').selectOption('Bed');
      await price.locator('.product-price--variant', { hasText: '$190.00' }).waitFor();
      await addToCart.locator('select[aria-label="Size"]').selectOption('Lap');
      await price.locator('.product-price--variant', { hasText: '$140.00' }).waitFor();
      await page.locator('.product-scarcity:visible', { hasText: 'Only 2 left in stock' }).waitFor();
      await fitsWindow(page, 'product');
      await screenshot(page, `checkout-flow-product-${width}`);
      await addToCart.locator('button.sqs-add-to-cart-button').click();
      await page.locator('.sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();

      await open('/cart');
      await page.locator('.cart-subtotal', { hasText: '$140.00' }).waitFor();
      // 0 and Enter asks to remove the line, and the dialog stays open for the answer
      const quantity = page.locator('input.cart-row__quantity');
      await quantity.fill('0');
      await quantity.press('Enter');
      const dialog = page.locator('[role="alertdialog"]');
      await dialog.waitFor();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
      expect(await dialog.count(), 'the remove dialog closed by itself').toBe(1);
      expect(await quantity.inputValue()).toBe('0');
      await dialog.locator('button', { hasText: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await quantity.inputValue()).toBe('1');
      await page.locator('.cart-subtotal', { hasText: '$140.00' }).waitFor();
      await fitsWindow(page, 'cart');
      // the line's quantity box and Remove are a finger's size, side by side on a phone
      for (const control of [quantity, page.locator('button.cart-row__remove')]) {
        const box = (await control.boundingBox())!;
        expect(Math.min(box.width, box.height), await control.getAttribute('aria-label') ?? '').toBeGreaterThanOrEqual(44);
      }
      await screenshot(page, `checkout-flow-cart-${width}`);
      await Promise.all([page.waitForURL(/\/checkout$/), page.locator('a.cart-checkout').click()]);
      await waitForIslands(page);

      const form = page.locator('form.checkout-form');
      // nothing filled in: each field says what it needs, next to it
      await form.locator('button.checkout-submit').click();
      await form.locator('#checkout-email-error', { hasText: CHECKOUT.emailInvalid }).waitFor();
      await form.locator('#checkout-line1-error', { hasText: CHECKOUT.line1Required }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('checkout-email');

      await fillDetails('Jane@Linen.Studio');
      // the summary: $140.00, Standard shipping $6.00, 8% tax $11.20 → $157.20
      await form.locator('.grand-total', { hasText: '$157.20' }).waitFor();
      // what the phone offers for each box: its keyboard, its autofill and its Enter key
      const boxes = await form.locator('input:not([type="radio"]), select').evaluateAll((controls) => Object.fromEntries(controls.map((box) => [
        box.getAttribute('name'), ['autocomplete', 'inputmode', 'enterkeyhint', 'type'].map((name) => box.getAttribute(name) ?? '-').join(' '),
      ])));
      expect(boxes).toEqual({
        email: 'email email next email', name: 'shipping name - next text', line1: 'shipping address-line1 - next text',
        line2: 'shipping address-line2 - next text', city: 'shipping address-level2 - next text', region: 'shipping address-level1 - next text',
        postalCode: 'shipping postal-code numeric next text', countryCode: 'shipping country - - -',
        cardNumber: 'cc-number numeric next text', cardExpiry: 'cc-exp numeric next text', cardCvc: 'cc-csc numeric go text',
        // letters and digits: the full keyboard, and Enter applies the code
        giftCardCode: 'off text go text', discountCode: 'off text go text',
      });
      // the card number in groups as it is typed; the screenshot shows the form ready to buy, with the test card that succeeds
      await form.getByLabel(CHECKOUT.cardNumberLabel).fill('');
      await form.getByLabel(CHECKOUT.cardNumberLabel).pressSequentially('4242424242424242');
      expect(await form.getByLabel(CHECKOUT.cardNumberLabel).inputValue()).toBe('4242 4242 4242 4242');
      // with the Pay button in sight, so is the total it pays
      await form.locator('button.checkout-submit').scrollIntoViewIfNeeded();
      expect(await totalInSight(page), 'the total beside the Pay button').toBe('$157.20');
      await fitsWindow(page, 'checkout');
      await screenshot(page, `checkout-flow-checkout-${width}`);
      await form.getByLabel(CHECKOUT.cardNumberLabel).fill(TEST_CARDS.decline);
      await form.locator('button.checkout-submit').click();
      await page.locator('.checkout-error[role="alert"]', { hasText: CHECKOUT.paymentDeclined }).waitFor();
      expect(await orderCount(store)).toBe(0);
      // the button was disabled while the order was sent: the focus is on the card to change, not lost
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('checkout-cardNumber');
      // and the reason is in the window with it
      await expect.poll(() => page.locator('.checkout-error[role="alert"]').evaluate((alert) => {
        const box = alert.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      })).toBe(true);

      await form.getByLabel(CHECKOUT.cardNumberLabel).fill('4242 4242 4242 4242');
      // while the order is placed, the button says so and takes no second tap
      let answerOrder = (): void => undefined;
      const orderHeld = new Promise<void>((resolve) => { answerOrder = resolve; });
      await page.route('**/api/commerce/checkout/orders', async (route) => {
        await orderHeld;
        await route.continue();
      });
      const submitButton = form.locator('button.checkout-submit');
      await submitButton.click();
      await expect.poll(() => submitButton.isDisabled()).toBe(true);
      expect(await submitButton.innerText()).toBe(CHECKOUT.placingOrder);
      await Promise.all([page.waitForURL(/\/checkout\/order-confirmed\//), answerOrder()]);
      await page.unroute('**/api/commerce/checkout/orders');
      await page.locator('.order-number', { hasText: '#1001' }).waitFor();
      const confirmation = await page.locator('main').innerText();
      expect(confirmation).toContain('Lap');
      expect(confirmation).not.toMatch(/SQ-THROW|[0-9a-f]{24}/);
      for (const amount of ['$140.00', '$6.00', '$11.20', '$157.20']) expect(confirmation).toContain(amount);
      await fitsWindow(page, 'confirmation');
      await screenshot(page, `checkout-flow-confirmation-${width}`);
      expect(await orderCount(store)).toBe(1);
      const emails = await new EmailOutboxRepository(store.app.deps.store).list({ recipient: 'jane@linen.studio' });
      expect(emails.map((email) => email.subject)).toEqual(['Your order #1001 from Linen & Loam']);

      // the confirmation reloads as it was; Back to the checkout of the cart bought leads to its order
      // again (server/pages/bought-cart-order.ts), never to a checkout to buy it again nor an empty cart
      const confirmationUrl = page.url();
      expect((await page.reload())?.status()).toBe(200);
      await page.locator('.order-number', { hasText: '#1001' }).waitFor();
      await page.goBack();
      await page.waitForFunction((url) => location.href === url && document.readyState === 'complete', confirmationUrl);
      await page.locator('.order-number', { hasText: '#1001' }).waitFor();
      expect(await page.locator('form.checkout-form').count()).toBe(0);
      expect(await page.locator('main.checkout .empty').count()).toBe(0);
      await page.goForward();
      expect(page.url()).toBe(confirmationUrl);
      await page.locator('.order-number', { hasText: '#1001' }).waitFor();
      expect(await orderCount(store)).toBe(1);
    });

    it('makes one order of a double submit', async () => {
      await open('/shop/p/linen-shirt');
      const addToCart = page.locator('[data-island="AddToCart"]');
      await addToCart.locator('select[aria-label="Size"]').selectOption('M');
      await addToCart.locator('select[aria-label="Color"]').selectOption('Natural');
      await addToCart.locator('button.sqs-add-to-cart-button').click();
      await page.locator('.sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
      await open('/checkout');
      await fillDetails('sam@example.com');
      await page.locator('form.checkout-form').getByLabel(CHECKOUT.cardNumberLabel).fill(TEST_CARDS.success);
      const before = await orderCount(store);
      const orderCalls: number[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('/api/commerce/checkout/orders')) orderCalls.push(response.status());
      });
      // two submits in one task: both leave before the page can disable its button
      await Promise.all([
        page.waitForURL(/\/checkout\/order-confirmed\//),
        page.evaluate(() => {
          const form = document.querySelector<HTMLFormElement>('form.checkout-form')!;
          form.requestSubmit();
          form.requestSubmit();
        }),
      ]);
      await page.locator('.order-number', { hasText: '#1002' }).waitFor();
      expect(await orderCount(store)).toBe(before + 1);
      expect(orderCalls.length).toBeGreaterThanOrEqual(1);
      // the declined card's 402 is the browser reporting an answer the page expected
      const faults = store.consoleErrors.filter((line) => !/402.*\/api\/commerce\/checkout\/orders/.test(line));
      expect(faults, faults.join('\n')).toEqual([]);
    });

    it.skipIf(!phone)('takes a discount code by touch: a wrong one refused under its box, the right one lowering the total the order is placed at', async () => {
      await insertDiscountCode(store.app.deps.store, { code: 'SUMMER-25', kind: 'percent', percentBasisPoints: 2500 });
      await open('/shop/p/wool-throw');
      const addToCart = page.locator('[data-island="AddToCart"]');
      await addToCart.locator('select[aria-label="Size"]').selectOption('Lap');
      await addToCart.locator('button.sqs-add-to-cart-button').tap();
      await page.locator('.sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
      await open('/checkout');
      const form = page.locator('form.checkout-form');
      await fillDetails('pat@example.com');
      await form.getByLabel(CHECKOUT.cardNumberLabel).fill(TEST_CARDS.success);
      // $140.00, Standard shipping $6.00, 8% tax $11.20
      await form.locator('.grand-total', { hasText: '$157.20' }).waitFor();
      const box = form.locator('.checkout-discount');
      const code = box.getByLabel(CHECKOUT.discountCodeLabel);
      const apply = box.getByRole('button', { name: `${CHECKOUT.discountApply} ${CHECKOUT.discountApplyWhat}` });
      for (const control of [code, apply]) {
        const { width: across, height } = (await control.boundingBox())!;
        expect(Math.min(across, height), 'the discount box and its Apply are a finger\'s size').toBeGreaterThanOrEqual(44);
      }
      // Enter (the phone's Go) asks the server about the code, and places no order
      const before = await orderCount(store);
      await code.tap();
      await code.pressSequentially('summer-52');
      await code.press('Enter');
      await box.locator('#checkout-discountCode-error', { hasText: CHECKOUT.discountUnknown }).waitFor();
      expect(await orderCount(store)).toBe(before);
      await code.fill('summer-25');
      await apply.tap();
      await box.locator('.checkout-discount__applied', { hasText: CHECKOUT.discountLine('SUMMER-25') }).waitFor();
      // 25% off the goods before the tax: $105.00 + $6.00 + $8.40
      await form.locator('.grand-total', { hasText: '$119.40' }).waitFor();
      expect(await form.locator('.checkout-summary .checkout-totals').innerText()).toMatch(/Subtotal\s+\$140\.00\s+Discount \(SUMMER-25\)\s+-\$35\.00\s+Shipping\s+\$6\.00\s+Tax \(8%\)\s+\$8\.40/);
      const remove = box.getByRole('button', { name: CHECKOUT.discountRemove });
      expect((await remove.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('checkout-discount__summary');
      await box.scrollIntoViewIfNeeded();
      await fitsWindow(page, 'checkout with a discount');
      await screenshot(page, `checkout-discount-${width}`);
      // a reload (a phone's tab dropped and restored) keeps the code applied: the cart keeps it.
      // The card details are never kept, so they are typed again
      await page.reload();
      await box.locator('.checkout-discount__applied', { hasText: CHECKOUT.discountLine('SUMMER-25') }).waitFor();
      await form.locator('.grand-total', { hasText: '$119.40' }).waitFor();
      await expect.poll(() => form.getByLabel(CHECKOUT.emailLabel, { exact: true }).inputValue()).toBe('pat@example.com');
      await form.getByLabel(CHECKOUT.cardNumberLabel).fill(TEST_CARDS.success);
      await form.getByLabel(CHECKOUT.cardExpiryLabel).fill('12/39');
      await form.getByLabel(CHECKOUT.cardCvcLabel).fill('123');
      const submitButton = form.locator('button.checkout-submit');
      await submitButton.scrollIntoViewIfNeeded();
      expect(await totalInSight(page), 'the total beside the Pay button').toBe('$119.40');
      expect(await submitButton.innerText()).toContain('$119.40');
      await Promise.all([page.waitForURL(/\/checkout\/order-confirmed\//), submitButton.tap()]);
      await page.locator('.order-number').waitFor();
      expect(await page.locator('main').innerText()).toContain('$119.40');
      expect(await orderCount(store)).toBe(before + 1);
      const placed = await store.app.deps.store.get<{ discount_cents: number | string; grand_total_cents: number | string }>(
        'SELECT discount_cents, grand_total_cents FROM orders ORDER BY order_number DESC LIMIT 1');
      expect([Number(placed?.discount_cents), Number(placed?.grand_total_cents)]).toEqual([3500, 11940]);
      expect(await timesUsedOf(store.app.deps.store, 'SUMMER-25')).toBe(1);
    });
  });
}
