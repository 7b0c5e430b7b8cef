/**
 * End-to-end harness: builds the client bundle when stale, starts the real
 * storefront on 127.0.0.1 port 0 with a temporary database, and drives
 * Debian's Chromium through playwright-core. Console errors are collected per page.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { buildClient, isClientBuildStale } from '../../client/build.ts';
import { createApp, type StorefrontApp } from '../../server/app.ts';
import { SiteRepository } from '../../server/db/site-repository.ts';
import type { AppOptions } from '../../server/deps.ts';
import { writeTemplateFolder } from '../server/helpers/template-folder-on-disk.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));

export interface Storefront {
  baseUrl: string;
  app: StorefrontApp;
  browser: Browser;
  context: BrowserContext;
  /** Console errors and page errors seen so far, with the page URL. */
  consoleErrors: string[];
  newPage: () => Promise<Page>;
  stop: () => Promise<void>;
}

/**
 * Starts the store and its browser. bypassCSP lets a test inject a script of its own (the
 * accessibility audit's engine) into pages whose Content-Security-Policy allows only the store's;
 * isMobile and hasTouch make the browser a phone's touch screen (its viewport meta tag honoured).
 */
export async function startStorefront(extraOptions: Partial<AppOptions> = {}, browserOptions: { bypassCSP?: boolean; isMobile?: boolean; hasTouch?: boolean } = {}): Promise<Storefront> {
  if (isClientBuildStale()) await buildClient();
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-e2e-'));
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'storefront-chromium-'));
  const app = await createApp({
    databasePath: path.join(dir, 'store.db'), logLevel: 'silent', ownerPassword: 'e2e-owner-password', ...extraOptions,
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic',
    ],
    viewport: { width: 1280, height: 900 },
    ...browserOptions,
  });
  const browser = context.browser() as Browser;
  const consoleErrors: string[] = [];
  const watch = (page: Page): void => {
    page.on('console', (message) => {
      if (message.type() === 'error') {
        const source = message.location().url;
        consoleErrors.push(`${page.url()}: ${message.text()}${source ? ` (${source})` : ''}`);
      }
    });
    page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
    // Names the resource behind a generic 'Failed to load resource' console error.
    page.on('response', (response) => {
      if (response.status() >= 400 && response.request().resourceType() !== 'document') {
        consoleErrors.push(`${page.url()}: ${response.status()} for ${response.url()}`);
      }
    });
  };
  context.on('page', watch);
  for (const page of context.pages()) watch(page);
  mkdirSync(RESULTS_DIR, { recursive: true });
  return {
    baseUrl,
    app,
    browser,
    context,
    consoleErrors,
    newPage: async () => context.newPage(),
    stop: async () => {
      await context.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      rmSync(dir, { recursive: true, force: true });
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The store serving a developer-template folder written from `files` (paths inside the folder to
 * their text) into a temporary directory, which `stop` removes with the rest.
 */
export async function startFolderStorefront(
  prefix: string,
  files: Record<string, string>,
  extraOptions: Partial<AppOptions> = {},
): Promise<Storefront> {
  const folder = writeTemplateFolder(prefix, files);
  const store = await startStorefront({ ...extraOptions, templateDir: folder });
  const stop = store.stop;
  store.stop = async () => {
    await stop();
    rmSync(folder, { recursive: true, force: true });
  };
  return store;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`), fullPage: true });
}

/**
 * Turns the store's instalment offer on (off as seeded: the built-in checkout has no instalment
 * option), for the tests of the offer and its modal. Pages built after it show the offer.
 */
export async function enableInstalments(store: Storefront): Promise<void> {
  const site = new SiteRepository(store.app.deps.store);
  const settings = await site.websiteSettings();
  const storeSettings = settings.storeSettings as Record<string, unknown>;
  await site.writeSetting('websiteSettings', {
    ...settings,
    storeSettings: { ...storeSettings, instalments: { ...(storeSettings.instalments as object), enabled: true } },
  });
}

/** Opens `url`, which must answer without an error status, and waits until its islands are live. */
export async function openPage(page: Page, url: string): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status()).toBeLessThan(400);
  await waitForIslands(page);
}

/** Waits until every island root on the page is hydrated (live: the root is marked once its island has committed). */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const roots = Array.from(document.querySelectorAll('[data-island]'));
    return roots.every((root) => root.getAttribute('data-hydrated') === 'true');
  });
  // Effects run right after hydration; one frame lets them settle.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

export interface Overflow {
  /** The document's width: wider than innerWidth means the page scrolls sideways. */
  scrollWidth: number;
  innerWidth: number;
  /** Elements whose right edge passes the window (outside any region that scrolls on its own), for a readable failure. */
  outside: string[];
}

/** How wide the page is against the window, and what sticks out. */
export async function horizontalOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const scrollsOnItsOwn = (element: Element): boolean => {
      for (let at = element.parentElement; at !== null && at !== document.body; at = at.parentElement) {
        const overflowX = getComputedStyle(at).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };
    const outside: string[] = [];
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > window.innerWidth + 0.5 && !scrollsOnItsOwn(element)) {
        outside.push(`${element.tagName.toLowerCase()}.${String(element.className).split(' ').join('.')} → ${Math.round(box.right)}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, outside: outside.slice(0, 8) };
  });
}
