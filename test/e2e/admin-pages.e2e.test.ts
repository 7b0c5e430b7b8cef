/**
 * The Pages screen in Chromium, a German shop's first day: the owner replaces the demo's home
 * heading, takes the demo's Lessons out of the main navigation, adds an Impressum to the footer
 * navigation by the keyboard alone, moves it up there, and opens it from the shop's footer, its
 * text in paragraphs with its link. At 390 px the screen does not scroll sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { horizontalOverflow, screenshot, startStorefront, type Storefront } from './harness.ts';
import { adminHeaderReady, openAdminSection } from './admin-sections.ts';

let store: Storefront;
let admin: Page;

async function signIn(): Promise<void> {
  await admin.goto(`${store.baseUrl}/config`);
  await admin.getByLabel('Email').fill('owner@example.com');
  await admin.getByLabel('Password').fill('e2e-owner-password');
  const signInButton = admin.getByRole('button', { name: 'Sign in' });
  await expect.poll(() => signInButton.isEnabled()).toBe(true);
  await signInButton.click();
  await adminHeaderReady(admin);
}

async function openPages(): Promise<void> {
  await openAdminSection(admin, ADMIN.screens.pages);
  await admin.getByRole('heading', { level: 1, name: ADMIN.screens.pages }).waitFor();
  await admin.getByRole('table', { name: ADMIN.sitePages.tableLabel }).waitFor();
}

describe('the Pages screen in Chromium', () => {
  beforeAll(async () => {
    store = await startStorefront();
    admin = await store.newPage();
  });
  afterAll(async () => {
    await store?.stop();
  });

  it('replaces the home page\'s heading and takes Lessons out of the main navigation', async () => {
    await signIn();
    await openPages();
    await admin.getByRole('link', { name: 'Home', exact: true }).click();
    await admin.getByLabel(ADMIN.sitePages.heroTitle).fill('Keramik aus Berlin');
    await admin.getByRole('button', { name: ADMIN.save }).click();
    await admin.getByText(ADMIN.server.pageSaved).waitFor();

    await openPages();
    await admin.getByRole('link', { name: 'Lessons', exact: true }).click();
    await admin.getByLabel(ADMIN.sitePages.inNavigation).selectOption('none');
    await admin.getByRole('button', { name: ADMIN.save }).click();
    await admin.getByText(ADMIN.server.pageSaved).waitFor();

    const shop = await store.newPage();
    await shop.goto(`${store.baseUrl}/`);
    expect(await shop.locator('.hero-title').textContent()).toBe('Keramik aus Berlin');
    expect(await shop.locator('nav.main-nav a').allTextContents()).toEqual(['Home', 'Shop', 'Gallery', 'Contact']);
    await shop.close();
  });

  it('adds an Impressum to the footer by the keyboard, moves it up, and the shop opens it from its footer', async () => {
    await openPages();
    await admin.getByRole('button', { name: ADMIN.sitePages.addPage }).click();
    await admin.getByRole('heading', { level: 1, name: ADMIN.sitePages.newPage }).waitFor();
    await admin.getByLabel(ADMIN.sitePages.pageTitle).focus();
    await admin.keyboard.type('Impressum');
    // the address follows the title
    expect(await admin.getByLabel(ADMIN.sitePages.address).inputValue()).toBe('impressum');
    await admin.keyboard.press('Tab');
    await admin.keyboard.press('Tab');
    expect(await admin.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await admin.keyboard.type('Keramik Studio Mitte GmbH & Co. KG');
    await admin.keyboard.press('Enter');
    await admin.keyboard.type('Musterstraße 1, 10115 Berlin');
    await admin.keyboard.press('Enter');
    await admin.keyboard.press('Enter');
    await admin.keyboard.type('Fragen? [Schreiben Sie uns](/contact).');
    await admin.keyboard.press('Tab');
    expect(await admin.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    await admin.getByLabel(ADMIN.sitePages.inNavigation).selectOption('footer');
    await admin.getByRole('button', { name: ADMIN.save }).focus();
    await admin.keyboard.press('Enter');
    await admin.getByText('Impressum added: the shop shows it at /impressum.').waitFor();
    expect(new URL(admin.url()).pathname).toMatch(/^\/config\/pages\/[0-9a-f]{24}$/);
    await screenshot(admin, 'admin-pages-impressum');

    await openPages();
    const up = admin.getByRole('button', { name: 'Move Impressum up in the footer navigation' });
    await up.focus();
    await admin.keyboard.press('Enter');
    await admin.getByText('Impressum moved to 2 of 3 in the footer navigation.').waitFor();
    // the focus stays on the button pressed, though its row moved
    expect(await admin.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Impressum up in the footer navigation');

    const shop = await store.newPage();
    await shop.goto(`${store.baseUrl}/`);
    expect(await shop.locator('nav.footer-nav a').allTextContents()).toEqual(['Search', 'Impressum', 'Instagram']);
    await shop.locator('nav.footer-nav').getByRole('link', { name: 'Impressum' }).click();
    await shop.waitForURL(`${store.baseUrl}/impressum`);
    expect(await shop.getByRole('heading', { level: 1 }).textContent()).toBe('Impressum');
    expect(await shop.locator('.page-text p').allTextContents()).toEqual([
      'Keramik Studio Mitte GmbH & Co. KGMusterstraße 1, 10115 Berlin', 'Fragen? Schreiben Sie uns.',
    ]);
    expect(await shop.locator('.page-text a').getAttribute('href')).toBe('/contact');
    await screenshot(shop, 'shop-impressum');
    await shop.close();
  });

  it('fits a 390 px phone without sideways scrolling', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await openPages();
    expect(await horizontalOverflow(admin)).toMatchObject({ scrollWidth: 390, outside: [] });
    await screenshot(admin, 'admin-390-pages');
    await admin.getByRole('link', { name: 'Impressum', exact: true }).click();
    await admin.getByLabel(ADMIN.sitePages.text).waitFor();
    expect(await horizontalOverflow(admin)).toMatchObject({ scrollWidth: 390, outside: [] });
    await screenshot(admin, 'admin-390-page-editor');
  });
});
