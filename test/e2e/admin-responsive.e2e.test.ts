/**
 * The owner's admin on a phone: at 320 and 390 px (and 1280 px, as before) no admin screen
 * scrolls sideways (a wide table scrolls inside its own region), every section link of the
 * header can be tapped where it is drawn, and Sign out stays inside the window. Screens: the
 * product list, a new and an existing product, inventory with a variant's history, the order
 * list and an order, messages, settings and account; each checkbox sits beside its label. Screenshots
 * at 390 px go to test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { horizontalOverflow, screenshot, startStorefront, type Storefront } from './harness.ts';
import { Visitor } from '../server/helpers/visitor.ts';
import { placeOrderThroughCheckout } from '../server/helpers/checkout.ts';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { CONTRIBUTOR_ROLES } from '../../server/security/owner-permissions.ts';
import { createSiteUserAccount } from '../../server/security/site-user-accounts.ts';

const SECTIONS = ['Products', 'Inventory', 'Orders', 'Messages', 'Settings', 'Staff', 'Account'] as const;
const WIDTHS = [320, 390, 1280] as const;

let store: Storefront;
let page: Page;

/** One order from a visitor, so that the order list and an order's page have content. */
async function placeOneOrder(): Promise<void> {
  const visitor = await new Visitor(store.baseUrl).start();
  const product = await visitor.get<{ item: { id: string } }>('/shop/p/linen-shirt?format=json');
  const added = await visitor.post(API_PATHS.cartEntries, { itemId: product.body.item.id, sku: 'SQ-SHIRT-M-NAT', quantity: 2, additionalFields: null });
  expect(added.status, added.text).toBe(200);
  const placed = await placeOrderThroughCheckout(visitor);
  expect(placed.status, placed.text.slice(0, 200)).toBe(201);
}

async function signIn(): Promise<void> {
  await page.goto(`${store.baseUrl}/config`);
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill('e2e-owner-password');
  const button = page.getByRole('button', { name: 'Sign in' });
  await page.waitForFunction(() => {
    const b = Array.from(document.querySelectorAll('button')).find((x) => x.textContent === 'Sign in');
    return b !== undefined && !b.disabled;
  });
  await button.click();
  await page.getByRole('navigation', { name: 'Admin sections' }).waitFor();
}

function sectionLink(name: string) {
  return page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name, exact: true });
}

/** The page fits the window, and every section link and Sign out is drawn inside it, on top. */
async function expectFits(label: string, width: number): Promise<void> {
  const overflow = await horizontalOverflow(page);
  expect(overflow.scrollWidth, `${label} at ${width} px: ${overflow.outside.join(', ')}`).toBeLessThanOrEqual(overflow.innerWidth);
  // The header is at the top of the page (a screen may have moved the focus further down).
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const name of SECTIONS) {
    const hit = await sectionLink(name).evaluate((link) => {
      const box = link.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const top = document.elementFromPoint(x, y);
      return box.right <= window.innerWidth && top !== null && link.contains(top);
    });
    expect(hit, `${label} at ${width} px: the ${name} link is not tappable`).toBe(true);
  }
  // A checkbox is drawn at its own size, with its label just after it.
  const misplaced = await page.locator('.admin-field--checkbox').evaluateAll((fields) =>
    fields.flatMap((field) => {
      const box = field.querySelector('input')!.getBoundingClientRect();
      const label = field.querySelector('label')!.getBoundingClientRect();
      return box.width > 32 || label.left - box.right > 16 ? [field.textContent ?? ''] : [];
    }),
  );
  expect(misplaced, `${label} at ${width} px: checkboxes away from their labels`).toEqual([]);
  const signOut = await page.getByRole('button', { name: 'Sign out' }).boundingBox();
  expect(signOut!.x + signOut!.width, `${label} at ${width} px: Sign out`).toBeLessThanOrEqual(width);
}

async function openSection(name: string): Promise<void> {
  await sectionLink(name).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe('the admin on a phone', () => {
  beforeAll(async () => {
    store = await startStorefront();
    await placeOneOrder();
    // a member of staff, so the staff table has a row with a role menu and actions
    await createSiteUserAccount(store.app.deps, { email: 'packer@example.com', password: 'packer e2e password', contributorRole: CONTRIBUTOR_ROLES.storeManager });
    page = await store.newPage();
    await signIn();
  });
  afterAll(async () => {
    await store?.stop();
  });

  for (const width of WIDTHS) {
    it(`has no sideways scroll and a tappable header at ${width} px`, async () => {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      const shot = async (name: string): Promise<void> => {
        if (width === 390) await screenshot(page, `admin-390-${name}`);
      };

      await openSection('Products');
      await page.getByRole('link', { name: 'Linen Work Shirt' }).waitFor();
      await expectFits('products', width);
      await shot('products');
      await page.getByRole('button', { name: 'New product' }).click();
      await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
      await expectFits('new product', width);
      await openSection('Products');
      await page.getByRole('link', { name: 'Linen Work Shirt' }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit product' }).waitFor();
      await page.getByLabel('Title', { exact: true }).and(page.locator('[value="Linen Work Shirt"]')).waitFor();
      await expectFits('product editor', width);
      await shot('product-editor');

      await openSection('Inventory');
      // The variant the order took has a history.
      await page.getByRole('row', { name: /SQ-SHIRT-M-NAT/ }).getByRole('button', { name: 'History' }).click();
      await page.locator('table.admin-history').waitFor();
      await expectFits('inventory', width);
      await shot('inventory');

      await openSection('Orders');
      await page.getByRole('link', { name: '#1001' }).click();
      await page.getByRole('heading', { level: 1, name: /#1001/ }).waitFor();
      await expectFits('order', width);
      await shot('order');
      await openSection('Orders');
      await expectFits('orders', width);
      await shot('orders');

      for (const name of ['Messages', 'Settings', 'Staff', 'Account'] as const) {
        await openSection(name);
        await expectFits(name.toLowerCase(), width);
        await shot(name.toLowerCase());
      }
      expect(store.consoleErrors, store.consoleErrors.join('\n')).toEqual([]);
    });
  }
});
