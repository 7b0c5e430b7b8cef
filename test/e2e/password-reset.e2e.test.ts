/**
 * A forgotten password, on a phone (390 px) in Chromium: "Forgot your password?" on the sign-in,
 * the emailed link opened, a new password chosen, and the owner signed in with it. The email is
 * read from the store's outbox, as the mail server would have delivered it. Screenshots of each
 * step go to test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { horizontalOverflow, screenshot, startStorefront, type Storefront } from './harness.ts';
import { adminHeaderReady } from './admin-sections.ts';
import { AdminSettingsRepository } from '../../server/db/admin-settings-repository.ts';
import { EmailOutboxRepository } from '../../server/db/email-outbox-repository.ts';
import { freshPostgresUrl, ON_POSTGRES } from '../server/helpers/test-database.ts';

const OWNER_EMAIL = 'owner@example.com';
const NEW_PASSWORD = 'harbour lights at dusk';

let store: Storefront;
let page: Page;

describe('a forgotten password in Chromium, at 390 px', () => {
  beforeAll(async () => {
    // a mail server that refuses connections: the email is tried, and kept in the outbox to read here
    store = await startStorefront({ mail: { smtpUrl: 'smtp://127.0.0.1:9' }, ...(ON_POSTGRES ? { databaseUrl: await freshPostgresUrl() } : {}) });
    const settings = new AdminSettingsRepository(store.app.deps.store);
    await settings.write('website', { ...(await settings.read('website')), baseUrl: store.baseUrl });
    page = await store.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
  });
  afterAll(async () => {
    await store?.stop();
  });

  it('asks for a link from the sign-in', async () => {
    await page.goto(`${store.baseUrl}/config`);
    await page.getByLabel('Email').fill(OWNER_EMAIL);
    const forgot = page.getByRole('button', { name: 'Forgot your password?' });
    await expect.poll(() => forgot.isEnabled()).toBe(true);
    await forgot.click();
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    // the email typed for signing in is kept
    expect(await page.getByLabel('Email').inputValue()).toBe(OWNER_EMAIL);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('status').filter({ hasText: 'a link to choose a new password is on its way' }).waitFor();
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth, overflow.outside.join(', ')).toBeLessThanOrEqual(overflow.innerWidth);
    await screenshot(page, 'admin-forgot-password-390');
  });

  it('opens the emailed link, chooses a new password and signs in with it', async () => {
    // the link is made just after the answer, as the mail server would then receive it
    const resetEmail = async () => (await new EmailOutboxRepository(store.app.deps.store).list({ recipient: OWNER_EMAIL })).find((email) => email.kind === 'password-reset');
    await expect.poll(resetEmail, { timeout: 10_000 }).toBeDefined();
    const link = /href="([^"]*reset-password#token=[^"]*)"/.exec((await resetEmail())!.html)![1]!;
    expect(link.startsWith(`${store.baseUrl}/config/reset-password#token=`)).toBe(true);
    await page.goto(link.replace(/&amp;/g, '&'));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    // the token leaves the address bar once read
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('New password, again').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your new password is set' }).waitFor();
    await screenshot(page, 'admin-reset-password-390');

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(OWNER_EMAIL);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    const signIn = page.getByRole('button', { name: 'Sign in' });
    await expect.poll(() => signIn.isEnabled()).toBe(true);
    await signIn.click();
    await adminHeaderReady(page);
    expect(store.consoleErrors).toEqual([]);
  });
});
