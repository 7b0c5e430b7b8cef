/**
 * The owner's admin at /config in Chromium, the "done when" path: sign in, create a
 * product with two variants and stock, see it on /shop and its page with the right price, edit
 * the price and see the new one, buy it as a visitor, find the order with the stock taken and
 * mark it fulfilled; a restock request becomes notifiable only once stock is back above 0. On a
 * phone, a refused save takes the focus to the field to correct, and leaving unsaved edits asks
 * first (the admin's menu, Back, closing the tab); the admin starts with a Skip to content link.
 * Screenshots of every admin screen go to test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialog, Page } from 'playwright-core';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { screenshot, startStorefront, waitForIslands, type Storefront } from './harness.ts';
import { adminHeaderReady, openAdminSection, showAdminSections } from './admin-sections.ts';
import { freshPostgresUrl, ON_POSTGRES } from '../server/helpers/test-database.ts';

const OWNER_EMAIL = 'owner@example.com';
const OWNER_PASSWORD = 'e2e-owner-password';
const PRODUCT_PATH = '/shop/p/harbour-jacket';

let store: Storefront;
let admin: Page;
/** The product the owner makes, whose refused save below is one of the refusals asked for. */
let productId = '';

async function signIn(page: Page): Promise<void> {
  await page.goto(`${store.baseUrl}/config`);
  await page.getByLabel('Email').fill(OWNER_EMAIL);
  await page.getByLabel('Password').fill(OWNER_PASSWORD);
  const signInButton = page.getByRole('button', { name: 'Sign in' });
  await expect.poll(() => signInButton.isEnabled()).toBe(true);
  await signInButton.click();
  await adminHeaderReady(page);
}

async function screen(name: string): Promise<void> {
  await openAdminSection(admin, name);
  await admin.getByRole('heading', { level: 1, name }).waitFor();
}

/** A fresh page for the shopper: the admin's cookies are dropped first, so the purchase is a visitor's. */
async function visitorPage(path: string): Promise<Page> {
  const page = await store.newPage();
  const response = await page.goto(store.baseUrl + path);
  expect(response?.status()).toBeLessThan(400);
  await waitForIslands(page);
  return page;
}

describe('the admin at /config in Chromium', () => {
  beforeAll(async () => {
    // TEST_ENGINE=postgres with TEST_DATABASE_URL runs the same path on a fresh PostgreSQL schema
    store = await startStorefront(ON_POSTGRES ? { databaseUrl: await freshPostgresUrl() } : {});
    admin = await store.newPage();
  });
  afterAll(async () => {
    await store?.stop();
  });

  it('signs the owner in with Email and Password', async () => {
    await admin.goto(`${store.baseUrl}/config`);
    await admin.getByRole('heading', { name: 'Sign in to your store' }).waitFor();
    await screenshot(admin, 'admin-sign-in');
    // a wrong password is said next to the form, not by a page change
    await admin.getByLabel('Email').fill(OWNER_EMAIL);
    await admin.getByLabel('Password').fill('not the password');
    await expect.poll(() => admin.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByRole('alert').filter({ hasText: 'do not match' }).waitFor();
    await signIn(admin);
    await admin.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await screenshot(admin, 'admin-products');
  });

  it('creates a product with two variants and stock, shown on /shop and its page', async () => {
    await admin.getByRole('button', { name: 'New product' }).click();
    await admin.getByRole('heading', { name: 'New product' }).waitFor();
    // a price that is not a price is named next to its field
    await admin.getByLabel('Title', { exact: true }).fill('Harbour Jacket');
    await admin.getByLabel('Description', { exact: true }).fill('Waxed cotton, lined with wool.');
    await admin.getByLabel('Options', { exact: true }).fill('Size');
    const first = admin.locator('fieldset.admin-variant').nth(0);
    await first.getByLabel('Size', { exact: true }).fill('S');
    await first.getByLabel('SKU', { exact: true }).fill('HJ-S');
    await first.getByLabel('Price', { exact: true }).fill('twelve');
    await first.getByLabel('Stock', { exact: true }).fill('3');
    await admin.getByRole('button', { name: 'Add variant' }).click();
    const second = admin.locator('fieldset.admin-variant').nth(1);
    await second.getByLabel('Size', { exact: true }).fill('M');
    await second.getByLabel('SKU', { exact: true }).fill('HJ-M');
    await second.getByLabel('Price', { exact: true }).fill('120.00');
    await second.getByLabel('Stock', { exact: true }).fill('0');
    await admin.getByRole('button', { name: 'Save' }).click();
    await first.locator('.admin-field-error').first().waitFor();
    expect(await first.getByLabel('Price', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await first.locator('.admin-field-error').allInnerTexts()).toEqual(['Enter an amount, such as 12.50.']);
    await first.getByLabel('Price', { exact: true }).fill('120.00');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('status').filter({ hasText: 'Product saved.' }).waitFor();
    await admin.getByRole('heading', { name: 'Edit product' }).waitFor();
    expect(admin.url()).toMatch(/\/config\/products\/[0-9a-f]{24}$/);
    productId = new URL(admin.url()).pathname.split('/').pop()!;
    await screenshot(admin, 'admin-product-editor');

    const shop = await visitorPage('/shop');
    expect(await shop.locator('.product-card-title', { hasText: 'Harbour Jacket' }).count()).toBe(1);
    await shop.goto(store.baseUrl + PRODUCT_PATH);
    expect((await shop.locator('.product-price-area').innerText()).trim()).toBe('$120.00');
    // the admin is a bundle of its own: no storefront page loads any of it
    const loaded = await shop.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(loaded.filter((url) => url.includes('/assets/admin/'))).toEqual([]);
    const adminScripts = await admin.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(adminScripts.some((url) => url.includes('/assets/admin/'))).toBe(true);
    await shop.close();
  });

  it('edits the price and the product page shows the new one', async () => {
    for (const index of [0, 1]) await admin.locator('fieldset.admin-variant').nth(index).getByLabel('Price', { exact: true }).fill('99.00');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('status').filter({ hasText: 'Product saved.' }).waitFor();
    const page = await visitorPage(PRODUCT_PATH);
    expect((await page.locator('.product-price-area').innerText()).trim()).toBe('$99.00');
    await page.close();
  });

  it('on a phone, takes a refused save to the field to correct, and asks before unsaved edits are lost', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    const productUrl = admin.url();
    const title = admin.getByLabel('Title', { exact: true });
    await title.fill('Harbour Jacket, draft');
    const price = admin.locator('fieldset.admin-variant').nth(1).getByLabel('Price', { exact: true });
    await price.fill('ninety');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('alert').filter({ hasText: 'Please correct the marked fields.' }).waitFor();
    // the field to correct has the focus, in the middle of the window, far above the button
    await expect.poll(() => price.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await price.evaluate((input) => {
      const box = input.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    })).toBe(true);

    const asked: string[] = [];
    const stay = (dialog: Dialog) => {
      asked.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    };
    admin.on('dialog', stay);
    // the admin's menu, then the browser's Back: each asks, and staying keeps the edits and the address
    await openAdminSection(admin, 'Inventory');
    await expect.poll(() => asked.length).toBe(1);
    await admin.goBack();
    await expect.poll(() => asked.length).toBe(2);
    expect(asked).toEqual(Array(2).fill('confirm: You have unsaved changes — leave anyway?'));
    // staying after Back is a step forward again, which the browser takes a moment to make
    await expect.poll(() => admin.url()).toBe(productUrl);
    expect(await title.inputValue()).toBe('Harbour Jacket, draft');
    // closing the tab: the browser's own prompt
    await admin.close({ runBeforeUnload: true });
    await expect.poll(() => asked.length).toBe(3);
    expect(asked[2]).toMatch(/^beforeunload: /);
    expect(admin.isClosed()).toBe(false);

    // once saved, nothing asks
    await title.fill('Harbour Jacket');
    await price.fill('99.00');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('status').filter({ hasText: 'Product saved.' }).waitFor();
    await screen('Inventory');
    expect(asked).toHaveLength(3);
    admin.off('dialog', stay);
    await admin.setViewportSize({ width: 1280, height: 900 });
  });

  it('has a Skip to content link as the first Tab stop, shown once it has the focus', async () => {
    await admin.reload();
    await admin.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
    const skip = admin.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((link) => link.getBoundingClientRect().bottom <= 0)).toBe(true);
    await admin.keyboard.press('Tab');
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await expect.poll(() => skip.evaluate((link) => link.getBoundingClientRect().top >= 0)).toBe(true);
    await admin.keyboard.press('Enter');
    expect(await admin.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
  });

  it("keeps every Back and Forward entry when the owner stays on unsaved edits, and goes back one step when they leave", async () => {
    const answers: boolean[] = [];
    const answer = (dialog: Dialog) => void (answers.shift() ? dialog.accept() : dialog.dismiss());
    admin.on('dialog', answer);
    const siteTitle = admin.getByLabel('Site title', { exact: true });
    const at = async (name: string) => {
      await admin.getByRole('heading', { level: 1, name }).waitFor();
      await expect.poll(() => new URL(admin.url()).pathname).toBe(`/config/${name.toLowerCase()}`);
    };
    // Inventory, Settings, Orders; back on Settings, with Orders ahead
    await screen('Settings');
    await screen('Orders');
    await admin.goBack();
    await at('Settings');
    const entries = await admin.evaluate(() => history.length);
    await siteTitle.fill('Linen & Loam, draft');

    // staying, on Back and then on Forward: the screen, its edits and every entry are kept
    answers.push(false, false);
    await admin.goBack();
    await expect.poll(() => answers.length).toBe(1);
    await at('Settings');
    await admin.goForward();
    await expect.poll(() => answers.length).toBe(0);
    await at('Settings');
    expect(await siteTitle.inputValue()).toBe('Linen & Loam, draft');
    expect(await admin.evaluate(() => history.length)).toBe(entries);

    // leaving by Forward: Orders is still there
    answers.push(true);
    await admin.goForward();
    await at('Orders');
    // leaving by Back goes one step back, to Inventory, not two
    await admin.goBack();
    await at('Settings');
    await siteTitle.fill('Linen & Loam, draft');
    answers.push(true);
    await admin.goBack();
    await at('Inventory');
    expect(answers).toEqual([]);
    expect(await admin.evaluate(() => history.length)).toBe(entries);
    admin.off('dialog', answer);
  });

  it('sells it to a visitor; the order shows with the stock taken and is marked fulfilled', async () => {
    // the shopper is not signed in: the owner's cookies go, and the owner signs in again after
    await store.context.clearCookies();
    const page = await visitorPage(PRODUCT_PATH);
    const addToCart = page.locator('[data-island="AddToCart"]');
    await addToCart.locator('select[aria-label="Size"]').selectOption('S');
    await addToCart.locator('button.sqs-add-to-cart-button').click();
    await page.locator('.sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
    await page.goto(`${store.baseUrl}/checkout`);
    await waitForIslands(page);
    const form = page.locator('form.checkout-form');
    for (const [id, value] of [['email', 'jane@example.com'], ['name', 'Jane Doe'], ['line1', '350 Fifth Avenue'], ['city', 'New York'],
      ['postalCode', '10118'], ['cardNumber', '4242 4242 4242 4242'], ['cardExpiry', '12/39'], ['cardCvc', '123']]) {
      await form.locator(`#checkout-${id}`).fill(value!);
    }
    await Promise.all([page.waitForURL(/\/checkout\/order-confirmed\//), form.locator('button[type="submit"]').click()]);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    // the shopper's page, as the order's emails link it (with its token)
    const orderPage = page.url();
    // this store has no mail server: the page promises no email
    expect(await page.locator('.order-email-note').innerText()).toContain('This store does not send confirmation emails');
    await page.close();

    await signIn(admin);
    await screen('Orders');
    const row = admin.locator(`tr[data-order-id="${orderId}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('$');
    expect(await row.innerText()).toContain('Paid');
    await screenshot(admin, 'admin-orders');
    // the toolbar's links sit together at its end, not Export CSV mid-bar (1366 × 768), and stay together under the heading on a phone
    const toolbarLinks = async () => admin.evaluate(() => {
      const bar = document.querySelector('#orders-title')!.closest('.admin-toolbar')!.getBoundingClientRect();
      const [csv, slips] = Array.from(document.querySelectorAll('.admin-toolbar a'), (link) => link.getBoundingClientRect());
      return { barRight: bar.right, csvRight: csv!.right, slipsLeft: slips!.left, slipsRight: slips!.right, sameLine: Math.abs(csv!.top - slips!.top) < 2 };
    });
    for (const [width, height] of [[1366, 768], [390, 844]] as const) {
      await admin.setViewportSize({ width, height });
      const links = await toolbarLinks();
      expect(links.sameLine, `at ${width} px`).toBe(true);
      expect(links.slipsLeft - links.csvRight, `at ${width} px`).toBeLessThan(40);
      if (width === 1366) expect(links.barRight - links.slipsRight).toBeLessThan(2);
    }
    await admin.setViewportSize({ width: 1280, height: 900 });
    // today's orders, kept in the address: a reload shows them again, with what they took, and Back every date
    await admin.getByLabel(ADMIN.orderPeriod).selectOption('today');
    await admin.waitForURL(/\/config\/orders\?period=today$/);
    await admin.locator('.admin-orders-summary', { hasText: ADMIN.ordersTakenInTestMode('').trim() }).waitFor();
    expect(await admin.getByRole('link', { name: ADMIN.exportCsv }).getAttribute('href')).toBe('/api/admin/orders.csv?period=today');
    await admin.reload();
    await row.waitFor();
    await expect.poll(() => admin.getByLabel(ADMIN.orderPeriod).inputValue()).toBe('today');
    await admin.goBack();
    await admin.waitForURL(/\/config\/orders$/);
    await expect.poll(() => admin.getByLabel(ADMIN.orderPeriod).inputValue()).toBe('all');
    await row.getByRole('link').click();
    await admin.getByRole('heading', { name: /^Order / }).waitFor();
    expect(await admin.locator('table.admin-table').innerText()).toContain('HJ-S');
    // the variant bought, in words, beside its SKU
    expect(await admin.locator('table.admin-table tbody tr').first().locator('td').allInnerTexts()).toEqual(['Harbour Jacket', 'Size: S', 'HJ-S', '1', '$99.00']);
    // no mail server: the confirmation cannot be sent again, and the detail says why
    await admin.getByText('This store has no mail server (SMTP_URL), so these emails cannot be sent').waitFor();
    expect(await admin.getByRole('button', { name: 'Send again' }).count()).toBe(0);
    // it asks first in the page (with the parcel's tracking, all optional), saying that no shipping
    // notice can be emailed from this store, then says what was done
    await admin.getByRole('button', { name: ADMIN.markFulfilled }).click();
    const question = admin.getByRole('form', { name: ADMIN.markFulfilled });
    await question.getByText(ADMIN.confirmFulfilNoMail('jane@example.com')).waitFor();
    await question.getByLabel(ADMIN.carrier).selectOption('UPS');
    await question.getByLabel(ADMIN.trackingNumber).fill('1Z 999 AA1 01 2345 6784');
    await question.getByRole('button', { name: ADMIN.markFulfilled }).click();
    await admin.locator('[data-status="fulfilled"]').waitFor();
    await admin.getByRole('status').filter({ hasText: ADMIN.fulfilledNoMail }).waitFor();
    await screenshot(admin, 'admin-order-detail');
    // on the shopper's page, read on a phone, the carrier's tracking link is a finger's size
    const shopperPage = await store.newPage();
    await shopperPage.setViewportSize({ width: 390, height: 844 });
    await shopperPage.goto(orderPage);
    const track = shopperPage.locator('.order-tracking-link a');
    expect(await track.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect((await track.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await shopperPage.close();

    await screen('Inventory');
    await expect.poll(() => admin.getByLabel('Stock HJ-S').inputValue()).toBe('2');
  });

  it('keeps Notify greyed until the variant is back in stock, and on a store without a mail server says why after the restock', async () => {
    await store.context.clearCookies();
    const page = await visitorPage(PRODUCT_PATH);
    await page.locator('[data-island="AddToCart"] select[aria-label="Size"]').selectOption('M');
    const box = page.locator('.restock-signup');
    await box.waitFor();
    await box.locator('input[type="email"]').fill('waiting@example.com');
    await box.locator('button[type="submit"]').click();
    await box.locator('.restock-signup__success').waitFor();
    await page.close();

    await signIn(admin);
    await screen('Messages');
    const request = admin.locator('tr[data-sku="HJ-M"]');
    await request.waitFor();
    expect(await request.getByRole('button', { name: 'Notify' }).isDisabled()).toBe(true);
    await screenshot(admin, 'admin-messages');

    await screen('Inventory');
    // the variant the owner restocks, found among the others by its SKU
    await admin.getByRole('searchbox', { name: 'Search' }).fill('hj-m');
    await admin.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect.poll(() => admin.locator('table.admin-table tbody tr').count()).toBe(1);
    await admin.getByLabel('Reason').selectOption('restock');
    const stock = admin.getByLabel('Stock HJ-M');
    await stock.fill('4');
    await stock.press('Enter');
    await admin.getByRole('status').filter({ hasText: 'Stock saved.' }).waitFor();
    await admin.locator('tr[data-sku="HJ-M"]').getByRole('button', { name: 'History' }).click();
    await admin.getByRole('heading', { name: 'Stock history of HJ-M' }).waitFor();
    await admin.locator('.admin-history', { hasText: 'Restock' }).waitFor();
    await screenshot(admin, 'admin-inventory');

    await screen('Messages');
    // this store has no mail server: back in stock, Notify is still greyed, saying why (sending is
    // tested with a mail server in test/server/restock.test.ts)
    const row = admin.locator('tr[data-sku="HJ-M"]');
    await row.getByText(ADMIN.notifyNeedsMailServer).waitFor();
    expect(await row.getByRole('button', { name: 'Notify' }).isDisabled()).toBe(true);
  });

  it('imports products from a spreadsheet: a file with a problem names its row, a right one fills the shop', async () => {
    await screen('Products');
    await admin.getByText('Import products from a spreadsheet').click();
    const file = admin.getByLabel('CSV file');
    const header = 'Product,Price,Stock,Option 1 name,Option 1 value';
    await file.setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\nWool Scarf,45.00,5,Colour,Grey\nWool Scarf,45.00,lots,Colour,Oat\n`) });
    await admin.getByRole('button', { name: 'Import', exact: true }).click();
    await admin.getByRole('row', { name: /3\s*Stock\s*Write a whole number, or unlimited\./ }).waitFor();
    await screenshot(admin, 'admin-import-problems');
    await file.setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\nWool Scarf,45.00,5,Colour,Grey\nWool Scarf,45.00,unlimited,Colour,Oat\n`) });
    await admin.getByRole('button', { name: 'Import', exact: true }).click();
    await admin.getByRole('status').filter({ hasText: 'Imported 1 product(s).' }).waitFor();
    await admin.getByRole('link', { name: 'Wool Scarf' }).waitFor();
    const shop = await visitorPage('/shop');
    expect(await shop.locator('.product-card-title', { hasText: 'Wool Scarf' }).count()).toBe(1);
    await shop.close();
    // the same product again at its URL slug, with the box ticked: written over, not added
    const slugHeader = 'Product,URL slug,Price,Stock,Option 1 name,Option 1 value';
    await file.setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(`${slugHeader}\nWool Scarf,wool-scarf,39.00,5,Colour,Grey\nWool Scarf,wool-scarf,39.00,unlimited,Colour,Oat\n`) });
    await admin.getByRole('checkbox', { name: 'Update the products the shop has' }).check();
    await screenshot(admin, 'admin-import-update');
    await admin.getByRole('button', { name: 'Import', exact: true }).click();
    await admin.getByRole('status').filter({ hasText: 'Updated 1 product(s).' }).waitFor();
    const again = await visitorPage('/shop');
    expect(await again.locator('.product-card-title', { hasText: 'Wool Scarf' }).count()).toBe(1);
    expect(await again.locator('.product-card', { hasText: 'Wool Scarf' }).innerText()).toContain('39.00');
    await again.close();
  });

  it('says when a new release was installed under the open page, and reloads into it', async () => {
    // the shell names the script it loaded, and every admin call's answer the one served now
    const loaded = await admin.locator('#admin-root').getAttribute('data-admin-script');
    expect(loaded).toBe(await admin.locator('script[type="module"][src]').first().getAttribute('src'));
    const served = await admin.evaluate(() => fetch('/api/admin/orders?limit=1').then((response) => response.headers.get('X-Admin-Script')));
    expect(served).toBe(loaded);
    // a new build: the server now names another script
    await admin.route('**/api/admin/**', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'x-admin-script': '/assets/admin-NEWBUILD.js' } });
    });
    await screen('Orders');
    await admin.getByRole('status').filter({ hasText: ADMIN.adminUpdated }).waitFor();
    await screenshot(admin, 'admin-updated');
    await admin.unroute('**/api/admin/**');
    await admin.getByRole('button', { name: ADMIN.reloadAdmin }).click();
    await admin.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(await admin.getByText(ADMIN.adminUpdated).count()).toBe(0);
  });

  it('saves settings that the storefront shows at once', async () => {
    await screen('Settings');
    await admin.getByLabel('Tagline').fill('Made by the sea');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    await screenshot(admin, 'admin-settings');
    const home = await visitorPage('/');
    expect(await home.content()).toContain('Made by the sea');
    await home.close();
    await screen('Account');
    // the owner signs in with their own address from now on; the header follows at once
    const emailForm = admin.locator('form', { has: admin.getByRole('heading', { name: 'Change sign-in email' }) });
    await emailForm.getByLabel('New email').fill('me@harbour.example');
    await emailForm.getByLabel('Current password').fill(OWNER_PASSWORD);
    await emailForm.getByRole('button', { name: 'Change sign-in email' }).click();
    await emailForm.getByRole('status').filter({ hasText: 'Email changed: sign in with me@harbour.example from now on.' }).waitFor();
    await showAdminSections(admin);
    await admin.locator('.admin-account').filter({ hasText: 'me@harbour.example' }).waitFor();
    await screenshot(admin, 'admin-account');
    await admin.getByRole('button', { name: 'Sign out' }).click();
    await admin.getByRole('heading', { name: 'Sign in to your store' }).waitFor();
    const afterSignOut = await admin.evaluate(() => fetch('/api/admin/products').then((response) => response.status));
    expect(afterSignOut).toBe(401);
  });

  it('shows no console errors but the refusals it asked for (wrong password, bad prices, a call after signing out)', () => {
    const asked: Array<[number, string]> = [
      [401, '/api/site-users/account/session'], [400, '/api/admin/products'], [400, `/api/admin/products/${productId}`], [401, '/api/admin/products'], [400, '/api/admin/product-import'],
    ];
    const deliberate = (line: string) => asked.some(([status, path]) =>
      (line.includes(` ${status} for `) || line.includes(`status of ${status} `)) && (line.endsWith(path) || line.endsWith(`${path})`)));
    expect(store.consoleErrors.filter(deliberate).length).toBeGreaterThanOrEqual(5);
    const others = store.consoleErrors.filter((line) => !deliberate(line));
    expect(others, others.join('\n')).toEqual([]);
  });
});
