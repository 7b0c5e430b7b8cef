/**
 * Gift cards in Chromium at a phone's (touch) and a desktop's width, each on a fresh store: a
 * shopper buys one from its product page (Buy now, the amount changed on the gift card's own
 * step, the recipient's email, the test card; no tax, and the confirmation never shows the code),
 * the recipient reads the code in the email in the outbox and spends it twice: typed in lower case
 * with spaces, it pays a download whole (no card asked for; first with Place order tapped before
 * Apply, which applies it and places nothing), then what is left of it pays part of
 * a tote bag and the payment card the rest; typed again it is refused as used up. No page scrolls
 * sideways, Apply and Remove are a finger's size on the phone, and the checkout with the card
 * applied is saved as a screenshot in test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { EmailOutboxRepository } from '../../server/db/email-outbox-repository.ts';
import { TEST_CARDS } from '../../server/payments/test-payment-provider.ts';
import { horizontalOverflow, screenshot, startStorefront, waitForIslands, type Storefront } from './harness.ts';

const WIDTHS = [390, 1280] as const;
const RECIPIENT = 'robin@example.com';

for (const width of WIDTHS) {
  describe(`gift cards at ${width} px`, () => {
    let store: Storefront;
    let page: Page;
    /** The code as the recipient's email writes it (ABCD-EFGH-JKLM-NPQR). */
    let code = '';
    const phone = width < 500;

    async function open(path: string): Promise<void> {
      const response = await page.goto(store.baseUrl + path);
      expect(response?.status(), path).toBeLessThan(400);
      await waitForIslands(page);
    }

    async function fitsWindow(name: string): Promise<void> {
      const overflow = await horizontalOverflow(page);
      expect(overflow.scrollWidth, `${name} scrolls sideways: ${overflow.outside.join(', ')}`).toBeLessThanOrEqual(overflow.innerWidth);
    }

    /** The contact and billing or shipping address, typed as a shopper does (no suggestion picked). */
    async function fillDetails(form: Locator, email: string): Promise<void> {
      await form.getByLabel(CHECKOUT.emailLabel, { exact: true }).fill(email);
      await form.getByLabel(CHECKOUT.nameLabel).fill('Sam Lee');
      await form.locator('#checkout-line1').fill('350 Fifth Avenue');
      await form.locator('#checkout-city').fill('New York');
      await form.locator('#checkout-postalCode').fill('10118');
    }

    async function fillCard(form: Locator): Promise<void> {
      await form.getByLabel(CHECKOUT.cardNumberLabel).fill(TEST_CARDS.success);
      await form.getByLabel(CHECKOUT.cardExpiryLabel).fill('12/39');
      await form.getByLabel(CHECKOUT.cardCvcLabel).fill('123');
    }

    /** The tallness of a button, for a finger on the phone. */
    async function heightOf(button: Locator): Promise<number> {
      return (await button.boundingBox())!.height;
    }

    /** The code typed as someone copying it from the email might: lower case, groups split by spaces. */
    function typedLoosely(emailed: string): string {
      return emailed.toLowerCase().split('-').join(' ');
    }

    /** Buys `productPath`'s only variant and opens the checkout. */
    async function checkoutWith(productPath: string): Promise<Locator> {
      await open(productPath);
      await page.locator('[data-island="AddToCart"] button.sqs-add-to-cart-button').click();
      await page.locator('.sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
      await open('/checkout');
      return page.locator('form.checkout-form');
    }

    /** Types the code, applies it, and waits for the totals with it. */
    async function applyCode(form: Locator, typed: string): Promise<void> {
      const box = form.getByLabel(CHECKOUT.giftCardCodeLabel);
      await box.fill(typed);
      // the gift card's Apply (the discount code's box has one too)
      const apply = form.locator('.checkout-gift-card').getByRole('button', { name: `${CHECKOUT.giftCardApply} ${CHECKOUT.giftCardApplyWhat}`, exact: true });
      if (phone) expect(await heightOf(apply), 'Apply is a finger\'s size').toBeGreaterThanOrEqual(44);
      await apply.click();
      await form.locator('.checkout-summary .gift-card-deduction').waitFor();
    }

    beforeAll(async () => {
      store = await startStorefront({ rateLimits: { checkout: 100 } }, phone ? { isMobile: true, hasTouch: true } : {});
      page = await store.newPage();
      await page.setViewportSize({ width, height: phone ? 844 : 900 });
    });
    afterAll(async () => {
      await store?.stop();
    });

    it('buys a $25 gift card: no tax, the confirmation says who it goes to, and the recipient is emailed its code', async () => {
      await open('/shop/p/gift-card');
      const addToCart = page.locator('[data-island="AddToCart"]');
      await addToCart.locator('select').selectOption({ label: '$50.00' });
      await Promise.all([page.waitForURL(/\/checkout\/gift-card\?/), addToCart.locator('button.sqs-add-to-cart-button', { hasText: 'Buy now' }).click()]);
      await page.locator('.gift-card-denomination', { hasText: '$50.00' }).waitFor();
      // a change of mind on the gift card's own step
      await Promise.all([page.waitForURL(/sku=SQ-GIFT-25/), page.locator('a.gift-card-amount', { hasText: '$25.00' }).click()]);
      await page.locator('.gift-card-amount[aria-current="true"]', { hasText: '$25.00' }).waitFor();
      await fitsWindow('the gift card step');
      await Promise.all([page.waitForURL(/\/checkout\?cartToken=/), page.getByRole('button', { name: 'Continue to checkout' }).click()]);
      await waitForIslands(page);

      const form = page.locator('form.checkout-form');
      // no gift card pays for another: the box to type one in is left out
      expect(await form.getByLabel(CHECKOUT.giftCardCodeLabel).count()).toBe(0);
      await fillDetails(form, 'sam@example.com');
      await form.getByLabel(CHECKOUT.recipientEmailLabel).fill(RECIPIENT);
      await fillCard(form);
      await form.locator('.checkout-summary .tax', { hasText: '$0.00' }).waitFor();
      await form.locator('.checkout-summary .grand-total', { hasText: '$25.00' }).waitFor();
      expect(await form.locator('button.checkout-submit').innerText()).toBe(`${CHECKOUT.placeOrder} · $25.00`);
      await fitsWindow('the gift card checkout');
      await Promise.all([page.waitForURL(/\/checkout\/order-confirmed\//), form.locator('button.checkout-submit').click()]);
      await page.locator('.order-number', { hasText: '#1001' }).waitFor();
      await page.locator('.gift-card-recipient', { hasText: RECIPIENT }).waitFor();
      expect(await page.locator('.order-confirmed .tax').innerText()).toBe('$0.00');
      expect(await page.locator('.order-confirmed .grand-total').innerText()).toBe('$25.00');
      await fitsWindow('the gift card confirmation');

      const emails = await new EmailOutboxRepository(store.app.deps.store).list({ recipient: RECIPIENT });
      expect(emails).toHaveLength(1);
      expect(emails[0]!.subject).toBe('Sam Lee sent you a $25.00 gift card for Linen & Loam');
      code = /\b([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})\b/.exec(emails[0]!.text)?.[1] ?? '';
      expect(code, emails[0]!.text).not.toBe('');
      expect(emails[0]!.html).toContain(code);
      // the buyer's page never shows the code, in any form
      const confirmation = await page.locator('main').innerText();
      expect(confirmation).not.toContain(code);
      expect(confirmation).not.toContain(code.replaceAll('-', ''));
    });

    it('pays for a download whole with the code typed loosely: no card asked for, none charged', async () => {
      const form = await checkoutWith('/shop/p/pattern-pack');
      // $9.00 and 8% tax: $9.72
      await form.locator('.checkout-summary .grand-total', { hasText: '$9.72' }).waitFor();
      await fillDetails(form, 'robin@example.com');
      const last4 = code.slice(-4);
      // typed, and Place order tapped without Apply: the card is applied and nothing is placed yet
      await form.getByLabel(CHECKOUT.giftCardCodeLabel).fill(typedLoosely(code));
      await form.locator('button.checkout-submit').click();
      await form.locator('.checkout-error[role="alert"]', { hasText: CHECKOUT.giftCardAppliedOnOrder(last4, '$0.00') }).waitFor();
      expect(await form.getByLabel(CHECKOUT.cardNumberLabel).count()).toBe(0);
      // taken off, the box is back, empty, with the focus in it; then applied as meant
      await form.getByRole('button', { name: CHECKOUT.giftCardRemove }).click();
      await form.locator('[role="status"]', { hasText: CHECKOUT.giftCardRemoved }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('checkout-giftCardCode');
      expect(await form.getByLabel(CHECKOUT.giftCardCodeLabel).inputValue()).toBe('');
      await form.getByLabel(CHECKOUT.cardNumberLabel).waitFor();
      await applyCode(form, typedLoosely(code));
      await form.locator('.checkout-summary dt', { hasText: CHECKOUT.giftCardLine(last4) }).waitFor();
      expect(await form.locator('.checkout-summary .gift-card-deduction').innerText()).toMatch(/^-\$9\.72$/);
      expect(await form.locator('.checkout-summary .amount-due').innerText()).toBe('$0.00');
      await form.locator('.checkout-gift-card__applied', { hasText: CHECKOUT.giftCardBalanceAfter('$15.28') }).waitFor();
      await form.locator('.checkout-gift-card-pays-all', { hasText: CHECKOUT.giftCardPaysAll }).waitFor();
      expect(await form.getByLabel(CHECKOUT.cardNumberLabel).count()).toBe(0);
      await form.locator('[role="status"]', { hasText: CHECKOUT.giftCardApplied(last4, '$0.00') }).waitFor();
      expect(await form.locator('button.checkout-submit').innerText()).toBe(`${CHECKOUT.placeOrder} · $0.00`);
      await fitsWindow('the checkout paid whole by a gift card');
      await Promise.all([page.waitForURL(/\/checkout\/order-confirmed\//), form.locator('button.checkout-submit').click()]);
      await page.locator('.order-number', { hasText: '#1002' }).waitFor();
      expect(await page.locator('.order-confirmed .gift-card-paid').innerText()).toMatch(/^-\$9\.72$/);
      // the payment card paid nothing: no line says it did
      expect(await page.locator('.order-confirmed .paid-by-card').count()).toBe(0);
      const order = await store.app.deps.store.get<{ ref: string }>("SELECT payment_reference AS ref FROM orders ORDER BY created_on DESC LIMIT 1");
      expect(order?.ref).toBe('gift-card');
    });

    it('pays part of a tote bag with what is left on it and the rest by card, then is refused as used up', async () => {
      const form = await checkoutWith('/shop/p/canvas-tote');
      // the code's box is met before the card, whose last box places the order
      const codeTop = (await form.getByLabel(CHECKOUT.giftCardCodeLabel).boundingBox())!.y;
      expect(codeTop).toBeLessThan((await form.getByLabel(CHECKOUT.cardNumberLabel).boundingBox())!.y);
      // $42.00, Standard shipping $6.00, 8% tax $3.36: $51.36; the card's $15.28 leaves $36.08
      await form.locator('.checkout-summary .grand-total', { hasText: '$51.36' }).waitFor();
      await fillDetails(form, 'robin@example.com');
      await fillCard(form);
      await applyCode(form, typedLoosely(code));
      const last4 = code.slice(-4);
      expect(await form.locator('.checkout-summary .gift-card-deduction').innerText()).toMatch(/^-\$15\.28$/);
      expect(await form.locator('.checkout-summary .amount-due').innerText()).toBe('$36.08');
      await form.locator('.checkout-gift-card__applied', { hasText: CHECKOUT.giftCardSpentWhole }).waitFor();
      await form.locator('[role="status"]', { hasText: CHECKOUT.giftCardApplied(last4, '$36.08') }).waitFor();
      expect(await form.locator('button.checkout-submit').innerText()).toBe(`${CHECKOUT.placeOrder} · $36.08`);
      // the card details are still asked for, and kept as typed
      expect(await form.getByLabel(CHECKOUT.cardNumberLabel).inputValue()).toMatch(/^4242 ?4242 ?4242 ?4242$/);
      const remove = form.getByRole('button', { name: CHECKOUT.giftCardRemove });
      await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('checkout-gift-card__summary');
      if (phone) expect(await heightOf(remove), 'Remove is a finger\'s size').toBeGreaterThanOrEqual(44);
      await fitsWindow('the checkout with a gift card applied');
      // the street's suggestions, come back once the shopper was in the next boxes, are not left open over them
      expect(await page.locator('#checkout-address-suggestions').count(), 'address suggestions left open').toBe(0);
      await form.locator('.checkout-gift-card').scrollIntoViewIfNeeded();
      await screenshot(page, `gift-card-checkout-${width}`);
      await Promise.all([page.waitForURL(/\/checkout\/order-confirmed\//), form.locator('button.checkout-submit').click()]);
      await page.locator('.order-number', { hasText: '#1003' }).waitFor();
      const confirmation = page.locator('.order-confirmed');
      await confirmation.locator('dt', { hasText: CHECKOUT.giftCardLine(last4) }).waitFor();
      expect(await confirmation.locator('.gift-card-paid').innerText()).toMatch(/^-\$15\.28$/);
      await confirmation.locator('dt', { hasText: 'Paid by card' }).waitFor();
      expect(await confirmation.locator('.paid-by-card').innerText()).toBe('$36.08');
      await fitsWindow('the confirmation of an order paid in part by a gift card');

      // the same code once more: used up, said under its box, which keeps the focus
      const next = await checkoutWith('/shop/p/pattern-pack');
      const box = next.getByLabel(CHECKOUT.giftCardCodeLabel);
      await box.fill(code);
      await box.press('Enter');
      await next.locator('#checkout-giftCardCode-error', { hasText: CHECKOUT.giftCardUsedUp }).waitFor();
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('checkout-giftCardCode');
      expect(await next.locator('.gift-card-deduction').count()).toBe(0);
      expect(await next.locator('button.checkout-submit').innerText()).toBe(`${CHECKOUT.placeOrder} · $9.72`);
      await fitsWindow('the checkout refusing a used-up gift card');
      // the order placed without Apply is answered 409 with the totals to review: an answer the page expected
      const faults = store.consoleErrors.filter((line) => !/409.*\/api\/commerce\/checkout\/orders/.test(line));
      expect(faults, faults.join('\n')).toEqual([]);
    });
  });
}
