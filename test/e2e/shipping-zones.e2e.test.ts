/**
 * Shipping zones in Chromium, at a phone's width: the owner limits a rate to Germany in Settings
 * → Shipping rates (a name typed, saved as its code), and the checkout of a German shop lists
 * only the countries its rates serve, offers "DHL Paket Deutschland" to Germany alone, follows a
 * change to Austria with Austria's rate and totals, hides the State / Province box for both and
 * asks for Austria's four-digit postal code on the number pad. Once the owner empties a rate's
 * countries, every country is listed again, the Germany-only rate still offered to Germany alone.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { adminHeaderReady, openAdminSection } from './admin-sections.ts';
import { RESULTS_DIR, screenshot, startStorefront, waitForIslands, type Storefront } from './harness.ts';

const OWNER_EMAIL = 'owner@example.com';

const RATES = [
  { id: 'dhl-de', name: 'DHL Paket Deutschland', kind: 'flat', priceCents: 490, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0, countries: [] },
  { id: 'eu', name: 'EU Standard', kind: 'flat', priceCents: 1200, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0, countries: ['DE', 'AT', 'FR'] },
];

describe('shipping zones in the browser', () => {
  let store: Storefront;
  let page: Page;

  async function open(path: string): Promise<void> {
    const response = await page.goto(store.baseUrl + path);
    expect(response?.status(), path).toBeLessThan(400);
    await waitForIslands(page);
  }

  async function countryCodes(): Promise<string[]> {
    return page.locator('#checkout-countryCode option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  }

  beforeAll(async () => {
    store = await startStorefront({ rateLimits: { checkout: 100 } }, { isMobile: true, hasTouch: true });
    page = await store.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const db = store.app.deps.store;
    const row = await db.get<{ value_json: string }>("SELECT value_json FROM site_settings WHERE key = 'websiteSettings'");
    const settings = JSON.parse(row!.value_json) as { storeSettings: Record<string, unknown> };
    const businessAddress = { name: 'Leinen', line1: 'Unter den Linden 1', line2: '', city: 'Berlin', region: '', postalCode: '10117', country: 'Germany' };
    await db.run("UPDATE site_settings SET value_json = ? WHERE key = 'websiteSettings'",
      [JSON.stringify({ ...settings, storeSettings: { ...settings.storeSettings, shippingRates: RATES, businessAddress } })]);
  });
  afterAll(async () => {
    await store?.stop();
  });

  it('lets the owner limit a rate to Germany by typing its name', async () => {
    await page.goto(`${store.baseUrl}/config`);
    await page.getByLabel('Email').fill(OWNER_EMAIL);
    await page.getByLabel('Password').fill('e2e-owner-password');
    const signIn = page.getByRole('button', { name: 'Sign in' });
    await expect.poll(() => signIn.isEnabled()).toBe(true);
    await signIn.click();
    await adminHeaderReady(page);
    await openAdminSection(page, 'Settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const dhl = page.getByRole('group', { name: 'DHL Paket Deutschland' });
    const shipsTo = dhl.getByLabel(ADMIN.rateCountries);
    await shipsTo.fill('Atlantis');
    await page.getByRole('button', { name: ADMIN.save, exact: true }).click();
    await dhl.locator('.admin-field-error', { hasText: '"Atlantis" is not a country the checkout ships to' }).waitFor();
    await shipsTo.fill('germany');
    await page.getByRole('button', { name: ADMIN.save, exact: true }).click();
    await expect.poll(() => shipsTo.inputValue()).toBe('DE');
    await dhl.screenshot({ path: path.join(RESULTS_DIR, 'shipping-zones-settings-rate-390.png') });
  });

  it('offers each country its own rates, lists only the countries served, and asks for Austria\'s postal code on the number pad', async () => {
    // the shopper's own page: the owner's cookies are dropped
    page = await store.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await open('/shop/p/wool-throw');
    const addToCart = page.locator('[data-island="AddToCart"]');
    await addToCart.locator('select[aria-label="Size"]').selectOption('Lap');
    await addToCart.locator('button.sqs-add-to-cart-button').click();
    await page.locator('.sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
    await open('/checkout');
    const form = page.locator('form.checkout-form');
    // the shop's own country first, then the others by name
    expect(await countryCodes()).toEqual(['DE', 'AT', 'FR']);
    expect(await form.locator('#checkout-countryCode').inputValue()).toBe('DE');
    await form.getByLabel(/DHL Paket Deutschland/).waitFor();
    expect(await form.locator('#checkout-region').count()).toBe(0);
    await form.locator('#checkout-countryCode').selectOption('AT');
    await expect.poll(() => form.getByLabel(/DHL Paket Deutschland/).count()).toBe(0);
    expect(await form.getByLabel(/EU Standard/).isChecked()).toBe(true);
    // the totals just above the button take Austria's shipping
    await page.locator('.checkout-recap dd', { hasText: '$12.00' }).waitFor();
    expect(await form.locator('#checkout-postalCode').getAttribute('inputmode')).toBe('numeric');
    await form.getByLabel(CHECKOUT.emailLabel, { exact: true }).fill('anna@example.at');
    await form.getByLabel(CHECKOUT.nameLabel).fill('Anna Huber');
    await form.locator('#checkout-line1').fill('Stephansplatz 1');
    await form.getByLabel(CHECKOUT.cityLabel).fill('Wien');
    await form.locator('#checkout-postalCode').fill('10117');
    await form.getByLabel(CHECKOUT.cardNumberLabel).fill('4242424242424242');
    await form.getByLabel(CHECKOUT.cardExpiryLabel).fill('12/39');
    await form.getByLabel(CHECKOUT.cardCvcLabel).fill('123');
    await form.locator('button.checkout-submit').click();
    await page.locator('#checkout-postalCode-error', { hasText: CHECKOUT.postalCodeInvalid('Austria', '1010') }).waitFor();
    await form.locator('#checkout-postalCode').fill('1010');
    await screenshot(page, 'shipping-zones-checkout-austria-390');
    await Promise.all([page.waitForURL(/order-confirmed/), form.locator('button.checkout-submit').click()]);
    await page.locator('text=Stephansplatz 1').first().waitFor();
  });

  it('lists every country again once a rate ships everywhere, offering the Germany-only rate to no other', async () => {
    const db = store.app.deps.store;
    const row = await db.get<{ value_json: string }>("SELECT value_json FROM site_settings WHERE key = 'websiteSettings'");
    const settings = JSON.parse(row!.value_json) as { storeSettings: Record<string, unknown> };
    await db.run("UPDATE site_settings SET value_json = ? WHERE key = 'websiteSettings'",
      [JSON.stringify({ ...settings, storeSettings: { ...settings.storeSettings, shippingRates: [{ ...RATES[0], countries: ['DE'] }, { ...RATES[1], countries: [] }] } })]);
    await open('/shop/p/wool-throw');
    const addToCart = page.locator('[data-island="AddToCart"]');
    await addToCart.locator('select[aria-label="Size"]').selectOption('Lap');
    await addToCart.locator('button.sqs-add-to-cart-button').click();
    await page.locator('.sqs-add-to-cart-button', { hasText: 'Added!' }).waitFor();
    await open('/checkout');
    expect((await countryCodes()).length).toBeGreaterThan(50);
    const form = page.locator('form.checkout-form');
    await form.locator('#checkout-countryCode').selectOption('US');
    await form.locator('#checkout-region').waitFor();
    // the list's first country's quote offered both: the United States' has the EU rate alone
    await expect.poll(() => form.getByLabel(/DHL Paket Deutschland/).count()).toBe(0);
    expect(await form.getByLabel(/EU Standard/).count()).toBe(1);
    await form.locator('#checkout-countryCode').selectOption('HK');
    await expect.poll(() => form.locator('#checkout-postalCode').count()).toBe(0);
  });
});
