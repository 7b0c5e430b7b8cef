/**
 * An accessibility audit of what shoppers and the owner meet: axe-core's WCAG 2.1 A and AA rules
 * and its best practices on every page type at a phone's (390 px) and a desktop's (1280 px)
 * width, in states a person reaches (the product page with the cart pill showing, a product photo
 * opened in the dark lightbox, the restock and newsletter forms with their errors, the cart's
 * remove dialog, the checkout's field errors, address suggestions, a declined card, a gift card
 * and a discount code applied, the members' sign-in refused, a password link asked for, working
 * and not, the contact form refused, the admin signed in). Any finding fails, whatever its
 * impact, each named by its rule, impact, element and help page. One browser and one seeded
 * store; each page is audited at both widths without reloading.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHECKOUT, CONFIRM } from '../../client/lib/messages.ts';
import { GiftCardRepository } from '../../server/db/gift-card-repository.ts';
import { AdminDiscountCodeRepository } from '../../server/db/admin-discount-code-repository.ts';
import { TEST_CARDS } from '../../server/payments/test-payment-provider.ts';
import { issuePasswordLink } from '../../server/security/password-links.ts';
import { createSiteUserAccount } from '../../server/security/site-user-accounts.ts';
import { auditPage, describeFindings, type AxeFinding } from './axe-audit.ts';
import { glyphContrasts, NON_TEXT_CONTRAST } from './glyph-contrast.ts';
import { focusRing, type FocusRing } from './focus-ring-contrast.ts';
import { startStorefront, waitForIslands, type Storefront } from './harness.ts';
import { insertDiscountCode } from '../server/helpers/discount-codes.ts';

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

let store: Storefront;
let page: Page;

async function open(path: string, status = 200): Promise<void> {
  const response = await page.goto(store.baseUrl + path);
  expect(response?.status(), path).toBe(status);
  await waitForIslands(page);
}

/** Audits the page as it stands at each width; the page is not reloaded between them. */
async function auditAtEachWidth(name: string): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    findings.push(...(await auditPage(page, `${name} at ${size.width} px`)));
  }
  return findings;
}

/** Fails on any finding, minor ones too: every page is clean, so whatever appears is new. */
function expectNoFindings(findings: AxeFinding[]): void {
  expect(findings.length, `Accessibility findings:\n${describeFindings(findings)}\n`).toBe(0);
}

/** Puts a shirt in the cart from its product page, which then shows the cart pill. */
async function addShirtToCart(): Promise<void> {
  const addToCart = page.locator('[data-island="AddToCart"]');
  await addToCart.locator('select[aria-label="Size"]').selectOption('M');
  await addToCart.locator('select[aria-label="Color"]').selectOption('Natural');
  await addToCart.locator('button.sqs-add-to-cart-button').click();
  await page.locator('.sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
}

describe('accessibility (WCAG 2.1 A and AA, best practices) of the storefront and the admin', () => {
  beforeAll(async () => {
    // the audit injects axe-core's source, which the store's Content-Security-Policy would refuse;
    // a mail server (one that refuses connections) lets the forgotten-password page offer its form
    store = await startStorefront({ mail: { smtpUrl: 'smtp://127.0.0.1:9' } }, { bypassCSP: true });
    page = await store.newPage();
  });
  afterAll(async () => {
    await store?.stop();
  });

  it('the shopper\'s pages and forms', async () => {
    const findings: AxeFinding[] = [];
    await open('/');
    findings.push(...(await auditAtEachWidth('home')));
    await open('/shop');
    findings.push(...(await auditAtEachWidth('shop')));
    await open('/search?q=linen');
    findings.push(...(await auditAtEachWidth('search results')));
    await open('/no-such-page', 404);
    findings.push(...(await auditAtEachWidth('404')));

    await open('/shop/p/linen-shirt');
    // the cart pill shows only with something in the cart (and never on the cart or checkout)
    await addShirtToCart();
    await page.locator('a.sqs-pill-shopping-cart.is-visible').waitFor();
    findings.push(...(await auditAtEachWidth('product with the cart pill')));
    // a photo opened large, in the lightbox's dark theme (the product page's): its title, arrows and close sign
    await page.locator('.gallery__open:not([disabled])').first().click();
    const lightbox = page.getByRole('dialog');
    await lightbox.locator('.gallery-lightbox__body img').waitFor();
    findings.push(...(await auditAtEachWidth('product photo in the dark lightbox')));
    // its close sign and arrows are symbols, which axe does not measure: they are measured here
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      const controls = await glyphContrasts(page, '.gallery-lightbox-box button');
      expect(controls.map((control) => control.name).sort()).toEqual(['Close', 'Next', 'Previous']);
      for (const control of controls) {
        expect(control.ratio, `${control.name} (${control.color}) in the dark lightbox at ${size.width} px`).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
      }
    }
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    // a sold-out variant offers the restock form; sent empty, it says what is wrong
    const addToCart = page.locator('[data-island="AddToCart"]');
    await addToCart.locator('select[aria-label="Size"]').selectOption('S');
    await addToCart.locator('select[aria-label="Color"]').selectOption('Natural');
    const restock = page.locator('.restock-signup');
    await restock.locator('button[type="submit"]').click();
    await restock.locator('[role="alert"]').waitFor();
    // the footer's newsletter, sent empty too
    const newsletter = page.locator('.footer-newsletter');
    await newsletter.locator('button[type="submit"]').click();
    await newsletter.locator('[role="alert"]').waitFor();
    findings.push(...(await auditAtEachWidth('restock and newsletter forms with errors')));
    await restock.locator('input[type="email"]').fill('shopper@example.com');
    await restock.locator('button[type="submit"]').click();
    await restock.locator('.restock-signup__success').waitFor();
    findings.push(...(await auditAtEachWidth('restock form signed up')));

    expectNoFindings(findings);
  });

  it('the cart, each step of checkout and the order confirmation', async () => {
    const findings: AxeFinding[] = [];
    await open('/shop/p/linen-shirt');
    await addShirtToCart();

    await open('/cart');
    await page.locator('.cart-row').first().waitFor();
    findings.push(...(await auditAtEachWidth('cart with an item')));
    // the remove button asks first, in a dialog; Cancel keeps the line
    await page.locator('button.cart-row__remove').first().click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    findings.push(...(await auditAtEachWidth('cart asking to remove a line')));
    await dialog.getByRole('button', { name: CONFIRM.cancel }).click();
    await dialog.waitFor({ state: 'detached' });

    await open('/checkout');
    findings.push(...(await auditAtEachWidth('checkout')));
    const form = page.locator('form.checkout-form');
    await form.locator('button.checkout-submit').click();
    await form.locator('#checkout-email-error').waitFor();
    findings.push(...(await auditAtEachWidth('checkout with field errors')));

    await form.getByLabel(CHECKOUT.emailLabel, { exact: true }).fill('jane@example.com');
    await form.getByLabel(CHECKOUT.nameLabel).fill('Jane Doe');
    await form.locator('#checkout-line1').pressSequentially('350 Fifth');
    await page.locator('#checkout-address-suggestions [role="option"]').first().waitFor();
    findings.push(...(await auditAtEachWidth('checkout with address suggestions')));
    await form.locator('#checkout-line1').press('ArrowDown');
    await form.locator('#checkout-line1').press('Enter');
    await expect.poll(() => form.locator('#checkout-city').inputValue()).toBe('New York');
    await form.getByLabel(CHECKOUT.cardExpiryLabel).fill('12/39');
    await form.getByLabel(CHECKOUT.cardCvcLabel).fill('123');
    await form.getByLabel(CHECKOUT.cardNumberLabel).fill(TEST_CARDS.decline);
    await form.locator('button.checkout-submit').click();
    await page.locator('.checkout-error[role="alert"]').waitFor();
    findings.push(...(await auditAtEachWidth('checkout with a declined card')));

    await form.getByLabel(CHECKOUT.cardNumberLabel).fill(TEST_CARDS.success);
    await Promise.all([page.waitForURL(/\/checkout\/order-confirmed\//), form.locator('button.checkout-submit').click()]);
    await page.locator('.order-number').waitFor();
    await waitForIslands(page);
    findings.push(...(await auditAtEachWidth('order confirmation')));

    // a gift card (issued here as if that order had bought it) applied at the next checkout
    const orderId = await page.locator('main.order-confirmed').getAttribute('data-order-id');
    const card = await new GiftCardRepository(store.app.deps.store).issue({ orderId: orderId!, currency: 'USD', amountCents: 2500, recipientEmail: 'robin@example.com' }, Date.now());
    await open('/shop/p/linen-shirt');
    await addShirtToCart();
    await open('/checkout');
    await form.getByLabel(CHECKOUT.giftCardCodeLabel).fill(card.code);
    await form.locator('.checkout-gift-card').getByRole('button', { name: `${CHECKOUT.giftCardApply} ${CHECKOUT.giftCardApplyWhat}`, exact: true }).click();
    await form.getByRole('button', { name: CHECKOUT.giftCardRemove }).waitFor();
    // and a discount code (written as the owner's screen would), its deduction in the totals
    await insertDiscountCode(store.app.deps.store, { code: 'AUDIT-CHECKOUT', kind: 'percent', percentBasisPoints: 1000 });
    await form.getByLabel(CHECKOUT.discountCodeLabel).fill('audit-checkout');
    await form.locator('.checkout-discount').getByRole('button', { name: `${CHECKOUT.discountApply} ${CHECKOUT.discountApplyWhat}`, exact: true }).click();
    await form.getByRole('button', { name: CHECKOUT.discountRemove }).waitFor();
    findings.push(...(await auditAtEachWidth('checkout with a gift card and a discount code applied')));

    expectNoFindings(findings);
  });

  it('the members\' pages, the contact form, the gallery and the lessons', async () => {
    const findings: AxeFinding[] = [];
    const member = await createSiteUserAccount(store.app.deps, { email: 'member@example.com', password: 'a member passphrase' });
    await open('/lessons');
    findings.push(...(await auditAtEachWidth('lessons')));
    await open('/lessons/indigo-basics');
    findings.push(...(await auditAtEachWidth('lesson')));
    await open('/lessons/glazing-at-home', 403);
    findings.push(...(await auditAtEachWidth('members-only lesson')));
    // the members' forms are plain pages: each step is a navigation, audited once its islands are up
    const memberForm = page.locator('form.member-sign-in-form');
    await page.locator('a.member-sign-in-link').click();
    await page.waitForURL(/\/account\/sign-in\?/);
    await waitForIslands(page);
    findings.push(...(await auditAtEachWidth('members\' sign-in')));
    await memberForm.getByLabel('Email').fill(member.email);
    await memberForm.getByLabel('Password').fill('not the password');
    await memberForm.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.member-sign-in-error[role="alert"]').waitFor();
    await waitForIslands(page);
    findings.push(...(await auditAtEachWidth('members\' sign-in refused')));

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await waitForIslands(page);
    findings.push(...(await auditAtEachWidth('forgotten password')));
    await memberForm.getByLabel('Email').fill(member.email);
    await memberForm.getByRole('button', { name: 'Send me a link' }).click();
    await page.locator('.member-sign-in-notice[role="status"]').waitFor();
    await waitForIslands(page);
    findings.push(...(await auditAtEachWidth('forgotten password, link sent')));
    const token = await store.app.deps.store.transaction((tx) => issuePasswordLink(tx, member.id, Date.now(), 60 * 60 * 1000));
    await open(`/account/reset-password?token=${encodeURIComponent(token)}`);
    findings.push(...(await auditAtEachWidth('new password')));
    await open('/account/reset-password?token=not-a-link', 400);
    findings.push(...(await auditAtEachWidth('new password, link not working')));

    await open('/contact');
    findings.push(...(await auditAtEachWidth('contact')));
    const contactForm = page.locator('form.form-block');
    await contactForm.locator('button[type="submit"]').click();
    await contactForm.locator('.form-message[role="alert"]').waitFor();
    findings.push(...(await auditAtEachWidth('contact form with errors')));
    await open('/gallery');
    findings.push(...(await auditAtEachWidth('gallery')));

    expectNoFindings(findings);
  });

  it('the admin: sign-in, products, the product editor, orders and an order, gift cards and a card, discount codes, a code and a new one, inventory, settings', async () => {
    const findings: AxeFinding[] = [];
    await open('/config');
    await page.getByRole('heading', { name: 'Sign in to your store' }).waitFor();
    findings.push(...(await auditAtEachWidth('admin sign-in')));
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password').fill('not the password');
    const signIn = page.getByRole('button', { name: 'Sign in' });
    await expect.poll(() => signIn.isEnabled()).toBe(true);
    await signIn.click();
    await page.getByRole('alert').waitFor();
    findings.push(...(await auditAtEachWidth('admin sign-in refused')));
    await page.getByLabel('Password').fill('e2e-owner-password');
    await signIn.click();
    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    await sections.waitFor();

    const screen = async (name: string): Promise<void> => {
      await sections.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
    };
    await page.getByRole('link', { name: 'Linen Work Shirt' }).waitFor();
    findings.push(...(await auditAtEachWidth('admin products')));
    await page.getByRole('link', { name: 'Linen Work Shirt' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit product' }).waitFor();
    await page.getByLabel('Title', { exact: true }).and(page.locator('[value="Linen Work Shirt"]')).waitFor();
    findings.push(...(await auditAtEachWidth('admin product editor')));
    // a phone's header: the sections and Sign out opened under its Menu button
    await page.setViewportSize({ width: 390, height: 844 });
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await menu.click();
    await sections.waitFor();
    findings.push(...(await auditPage(page, 'admin menu open at 390 px')));
    await menu.click();
    await page.setViewportSize(WIDTHS[WIDTHS.length - 1]!);
    await screen('Products');
    await page.getByRole('button', { name: 'New product' }).click();
    await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
    findings.push(...(await auditAtEachWidth('admin new product')));

    await screen('Orders');
    await page.getByRole('link', { name: '#1001' }).waitFor();
    findings.push(...(await auditAtEachWidth('admin orders')));
    await page.getByRole('link', { name: '#1001' }).click();
    await page.getByRole('heading', { level: 1, name: /#1001/ }).waitFor();
    findings.push(...(await auditAtEachWidth('admin order #1001')));

    // a gift card the order sold (issued here as if it had bought one), found and opened on its screen
    const sold = await store.app.deps.store.get<{ id: string }>('SELECT id FROM orders WHERE order_number = 1001');
    const giftCard = await new GiftCardRepository(store.app.deps.store).issue({ orderId: sold!.id, currency: 'USD', amountCents: 5000, recipientEmail: 'sam@example.com' }, Date.now());
    await screen('Gift cards');
    const cardLink = page.getByRole('link', { name: `Ending ${giftCard.code.slice(-4)}` });
    await cardLink.waitFor();
    findings.push(...(await auditAtEachWidth('admin gift cards')));
    await cardLink.click();
    await page.getByRole('heading', { level: 1, name: `Gift card ending ${giftCard.code.slice(-4)}` }).waitFor();
    findings.push(...(await auditAtEachWidth('admin gift card')));

    // a discount code for a category (made here as the owner's form would), listed, opened with its categories to tick, and a new one's form
    await new AdminDiscountCodeRepository(store.app.deps.store).create({
      code: 'AUDIT-10', kind: 'amount', percentBasisPoints: 0, amountCents: 1000, currency: 'USD', minimumSubtotalCents: 0, startsOn: null, endsOn: null, usageLimit: 5, oncePerCustomer: false, appliesTo: 'categories', targets: ['Ceramics'],
    }, Date.now());
    await screen('Discounts');
    await page.getByRole('link', { name: 'AUDIT-10' }).waitFor();
    findings.push(...(await auditAtEachWidth('admin discounts')));
    await page.getByRole('link', { name: 'AUDIT-10' }).click();
    await page.getByRole('heading', { level: 1, name: 'Discount code AUDIT-10' }).waitFor();
    await page.getByRole('checkbox', { name: 'Ceramics' }).waitFor();
    findings.push(...(await auditAtEachWidth('admin discount code')));
    await screen('Discounts');
    await page.getByRole('button', { name: 'New discount code' }).click();
    await page.getByRole('heading', { level: 1, name: 'New discount code' }).waitFor();
    findings.push(...(await auditAtEachWidth('admin new discount code')));

    await screen('Inventory');
    await page.locator('table.admin-table').first().waitFor();
    findings.push(...(await auditAtEachWidth('admin inventory')));
    await page.locator('tr[data-sku="SQ-SHIRT-M-NAT"]').getByRole('button', { name: 'History' }).click();
    await page.locator('table.admin-history').waitFor();
    findings.push(...(await auditAtEachWidth('admin inventory with a stock history')));

    // the site's pages, their navigations' order, and the home page's and a new page's editors
    await screen('Pages');
    await page.locator('.admin-page-list').waitFor();
    findings.push(...(await auditAtEachWidth('admin pages')));
    await page.locator('.admin-page-list').getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByLabel('Heading').waitFor();
    findings.push(...(await auditAtEachWidth('admin home page editor')));
    await screen('Pages');
    await page.getByRole('button', { name: 'Add a page' }).click();
    await page.getByRole('heading', { level: 1, name: 'New page' }).waitFor();
    findings.push(...(await auditAtEachWidth('admin new page')));

    await screen('Settings');
    findings.push(...(await auditAtEachWidth('admin settings')));

    // the focus ring on the dark header (the skip link over it, each section, Sign out): axe does not measure outlines
    await sections.getByRole('link').first().focus();
    await page.keyboard.press('Shift+Tab');
    const rings: FocusRing[] = [];
    const onHeader = () => page.evaluate(() => document.activeElement?.closest('.admin-header, .admin-skip') != null);
    for (let stop = 0; stop < 30 && (await onHeader()); stop += 1) {
      rings.push((await focusRing(page))!);
      await page.keyboard.press('Tab');
    }
    expect(rings.map((ring) => ring.name)).toEqual(expect.arrayContaining(['Skip to content', 'Settings', 'Sign out']));
    for (const ring of rings) {
      expect(ring.outlineStyle, ring.name).toBe('solid');
      expect(ring.ratio, `the focus ring of ${ring.name} (${ring.outlineColor}) on the header`).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
    }

    expectNoFindings(findings);
  });
});
