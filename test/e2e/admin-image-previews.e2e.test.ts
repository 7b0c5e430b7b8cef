/**
 * The product editor's previews of photos chosen before the first save are `blob:` addresses made
 * in the page; the store's Content-Security-Policy must let them show (img-src admitting blob:),
 * as a browser enforces it, which the jsdom suites cannot check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { startStorefront, type Storefront } from './harness.ts';
import { adminHeaderReady } from './admin-sections.ts';

let store: Storefront;
let admin: Page;
const violations: string[] = [];

describe('photos chosen for a new product in Chromium', () => {
  beforeAll(async () => {
    store = await startStorefront();
    admin = await store.newPage();
    admin.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(message.text());
    });
  });
  afterAll(async () => {
    await store?.stop();
  });

  it('shows each preview before the product is saved, with no policy violation', async () => {
    await admin.goto(`${store.baseUrl}/config`);
    await admin.getByLabel('Email').fill('owner@example.com');
    await admin.getByLabel('Password').fill('e2e-owner-password');
    const signIn = admin.getByRole('button', { name: 'Sign in' });
    await expect.poll(() => signIn.isEnabled()).toBe(true);
    await signIn.click();
    await adminHeaderReady(admin);
    await admin.goto(`${store.baseUrl}/config/products/new`);
    await admin.getByRole('heading', { name: 'New product' }).waitFor();
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b55' } }).png().toBuffer();
    await admin.locator('input[type=file][accept*="image"]').first().setInputFiles([{ name: 'bowl.png', mimeType: 'image/png', buffer: photo }]);
    const preview = admin.locator('img[src^="blob:"]').first();
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBe(64);
    expect(violations).toEqual([]);
  });
});
