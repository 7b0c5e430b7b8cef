/**
 * The built-in captcha in a real browser: a store configured with it asks for
 * the challenge before a restock sign-up, refuses a wrong answer and accepts
 * the right one, and the server verifies the token. The answer box is named by
 * its question, and an answer typed there goes with the form in one step (the
 * button, or Enter in the box), the success message taking the focus.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createLocalCaptcha } from '../../server/security/captcha.ts';
import { screenshot, startStorefront, waitForIslands, type Storefront } from './harness.ts';

let store: Storefront;
let page: Page;

async function answerFor(prompt: string): Promise<string> {
  const numbers = (prompt.match(/\d+/g) ?? []).map(Number);
  expect(numbers).toHaveLength(2);
  return String(numbers[0]! + numbers[1]!);
}

describe('captcha-protected restock sign-up', () => {
  beforeAll(async () => {
    store = await startStorefront({ captcha: createLocalCaptcha() });
    page = await store.newPage();
  });
  afterAll(async () => {
    await store?.stop();
  });

  it('needs the solved challenge before the sign-up goes through', async () => {
    await page.goto(`${store.baseUrl}/shop/p/linen-shirt`);
    await waitForIslands(page);
    await page.locator('select[aria-label="Size"]').selectOption('S');
    await page.locator('select[aria-label="Color"]').selectOption('Natural');
    const box = page.locator('.restock-signup');
    await box.locator('[data-captcha-rendered="true"]').waitFor();
    await box.locator('input[autocomplete="email"]').fill('shopper@example.com');
    await box.locator('button[type="submit"]').click();
    await box.locator('[role="alert"]', { hasText: 'Complete CAPTCHA before submitting.' }).waitFor();

    const captcha = box.locator('.local-captcha');
    await page.waitForFunction(() => /\d/.test(document.querySelector('.local-captcha label')?.textContent ?? ''));
    await captcha.locator('input').fill('999');
    await captcha.locator('button').click();
    await captcha.locator('[role="status"]', { hasText: 'That answer is not correct. Please try again.' }).waitFor();

    await page.waitForFunction(() => /\d/.test(document.querySelector('.local-captcha label')?.textContent ?? ''));
    const prompt = (await captcha.locator('label').textContent()) ?? '';
    // the question is the box's accessible name
    const answer = box.getByRole('textbox', { name: prompt });
    await answer.fill(await answerFor(prompt));
    await screenshot(page, 'restock-captcha');
    // Enter in the answer verifies it and sends the sign-up: one step
    await answer.press('Enter');
    await box.locator('.restock-signup__success').waitFor();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('restock-signup__success'))).toBe(true);
  });

  it('keeps the focus in the widget when Verify, pressed from the keyboard, turns off once verified', async () => {
    await page.goto(`${store.baseUrl}/contact`);
    await waitForIslands(page);
    const footer = page.locator('.footer-newsletter');
    await footer.locator('[data-captcha-rendered="true"]').waitFor();
    await page.waitForFunction(() => /\d/.test(document.querySelector('.footer-newsletter .local-captcha label')?.textContent ?? ''));
    const prompt = (await footer.locator('.local-captcha label').textContent()) ?? '';
    const answer = footer.getByRole('textbox', { name: prompt });
    await answer.fill(await answerFor(prompt));
    await answer.press('Tab');
    const verify = footer.locator('.local-captcha button');
    expect(await verify.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await footer.locator('.local-captcha [role="status"]', { hasText: 'Verified' }).waitFor();
    expect(await verify.isDisabled()).toBe(true);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    expect(await answer.evaluate((box) => box === document.activeElement)).toBe(true);
    // and Verify is seen to be off
    expect(await verify.evaluate((button) => getComputedStyle(button).opacity)).toBe('0.6');
  });

  it('verifies a typed answer when the footer newsletter is sent, without Verify', async () => {
    await page.goto(`${store.baseUrl}/contact`);
    await waitForIslands(page);
    const footer = page.locator('.footer-newsletter');
    await footer.locator('[data-captcha-rendered="true"]').waitFor();
    await page.waitForFunction(() => /\d/.test(document.querySelector('.footer-newsletter .local-captcha label')?.textContent ?? ''));
    const prompt = (await footer.locator('.local-captcha label').textContent()) ?? '';
    await footer.locator('input[type="email"]').fill('reader@example.com');
    await footer.getByRole('textbox', { name: prompt }).fill(await answerFor(prompt));
    await footer.locator('button[type="submit"]').click();
    await footer.locator('.newsletter-block__success').waitFor();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('newsletter-block__success'))).toBe(true);
  });
});
