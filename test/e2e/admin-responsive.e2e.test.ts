/**
 * The owner's admin on a phone: at 320 and 390 px (and 1280 px, as before) no admin screen
 * scrolls sideways (a wide table scrolls inside its own region), every section link of the
 * header can be tapped where it is drawn, and Sign out stays inside the window. Screens: the
 * product list, a new and an existing product, inventory with a variant's history, the order
 * list and an order, messages, settings, staff and account; each checkbox sits beside its label.
 * On a phone every button, field, menu, checkbox and link a finger aims at is at least 44 px tall;
 * at 1280 px the Settings fields side by side have their labels level.
 * On Inventory and Staff every control of the table (stock, Unlimited, History; role, New
 * password, Remove) is drawn inside the window with no sideways scrolling (the rows are cards on
 * a phone), the tables stay tables to screen readers, and the history of the last variant opens
 * in sight under its row. Screenshots at 390 px go to test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { horizontalOverflow, screenshot, startStorefront, type Storefront } from './harness.ts';
import { Visitor } from '../server/helpers/visitor.ts';
import { placeOrderThroughCheckout } from '../server/helpers/checkout.ts';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { ADMIN } from '../../client/lib/admin-messages.ts';
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
  if (width <= 432) expect(await smallTapTargets(), `${label} at ${width} px: tap targets under 44 px`).toEqual([]);
}

/**
 * What a finger aims at on a touch-sized screen: buttons, fields and menus, the links of the header
 * and of tables (an order's number), the CSV exports, and each checkbox, whose label is the target
 * (it covers the box too). Each is at least 44 px tall. Named with its size when it is smaller.
 */
const TAP_TARGETS = [
  '.admin button', '.admin input:not([type="checkbox"])', '.admin select',
  '.admin-header a', '.admin-table a', '.admin a[download]', '.admin-field--checkbox > label',
].join(', ');

async function smallTapTargets(): Promise<string[]> {
  return page.locator(TAP_TARGETS).evaluateAll((targets) =>
    targets.flatMap((target) => {
      const box = target.getBoundingClientRect();
      // out of sight (a screen reader's heading text, inside a closed panel): no finger aims at it
      if (box.width <= 1 || box.height <= 1 || !target.checkVisibility()) return [];
      const name = `${target.tagName.toLowerCase()} "${(target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 30)}"`;
      const small = box.height < 44 ? [`${name} ${Math.round(box.width)}×${Math.round(box.height)}`] : [];
      if (!target.matches('.admin-field--checkbox > label')) return small;
      // a tap on the checkbox itself reaches it or its label (hit-tested in sight)
      target.scrollIntoView({ block: 'center' });
      const input = target.parentElement!.querySelector('input')!.getBoundingClientRect();
      const hit = document.elementFromPoint(input.left + input.width / 2, input.top + input.height / 2);
      return hit === target || hit === target.parentElement!.querySelector('input') ? small : [...small, `${name}: its checkbox is covered`];
    }),
  );
}

/**
 * The table's controls that cannot be reached without scrolling sideways: drawn past either edge
 * of the window, or cut off by a box of theirs that scrolls or clips. Each is named by its
 * accessible label.
 */
async function controlsOutOfReach(table: string): Promise<string[]> {
  return page.locator(`${table} :is(input, select, button)`).evaluateAll((controls) =>
    controls.flatMap((control) => {
      const box = control.getBoundingClientRect();
      const name = control.getAttribute('aria-label') ?? control.textContent ?? control.tagName;
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) return [`${name} (${Math.round(box.left)}–${Math.round(box.right)})`];
      for (let at = control.parentElement; at !== null && at !== document.body; at = at.parentElement) {
        if (getComputedStyle(at).overflowX === 'visible') continue;
        const clip = at.getBoundingClientRect();
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) return [`${name} (cut off by ${at.className})`];
        if (at.scrollWidth > at.clientWidth + 1) return [`${name} (in ${at.className}, which scrolls sideways)`];
      }
      return [];
    }),
  );
}

/** The role Chromium's accessibility tree gives the first element the selector finds. */
async function axRole(cdp: CDPSession, selector: string): Promise<string> {
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  expect(nodeId, selector).toBeGreaterThan(0);
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
  return String(nodes[0]?.role?.value ?? '');
}

/** The table is a table, its heading cells column headers and its cells cells, to screen readers, however it is drawn. */
async function expectTableSemantics(table: string, cell: string, label: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    expect(await axRole(cdp, table), label).toBe('table');
    expect(await axRole(cdp, `${table} > thead th`), label).toBe('columnheader');
    expect(await axRole(cdp, `${table} > tbody > tr`), label).toBe('row');
    expect(await axRole(cdp, `${table} ${cell}`), label).toBe('cell');
  } finally {
    await cdp.detach();
  }
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
      const inventory = 'table.admin-table:not(.admin-history)';
      await page.locator(inventory).waitFor();
      expect(await controlsOutOfReach(inventory), `inventory at ${width} px`).toEqual([]);
      await expectTableSemantics(inventory, '> tbody > tr > td:nth-child(4)', `inventory at ${width} px`);
      // The variant the order took has a history, which opens under its row.
      const shirt = page.locator('tr[data-sku="SQ-SHIRT-M-NAT"]');
      await shirt.getByRole('button', { name: 'History' }).click();
      await page.locator('table.admin-history').waitFor();
      expect(await shirt.getByRole('button', { name: 'History' }).getAttribute('aria-expanded')).toBe('true');
      expect(await shirt.evaluate((row) => row.nextElementSibling?.querySelector('table.admin-history') !== null)).toBe(true);
      await expectFits('inventory', width);
      expect(await controlsOutOfReach(inventory), `inventory with a history at ${width} px`).toEqual([]);
      await shot('inventory');
      // The last variant of the page: its history comes into sight under it, at the bottom of the page.
      await page.evaluate(() => window.scrollTo(0, 0));
      const last = page.locator(`${inventory} > tbody > tr[data-sku]`).last();
      const lastSku = await last.getAttribute('data-sku');
      await last.getByRole('button', { name: 'History' }).click();
      const heading = page.getByRole('heading', { level: 2, name: `Stock history of ${lastSku}` });
      await heading.waitFor();
      // its changes (or that there are none) in, which may have moved the row
      await page.locator('.admin-history-panel').filter({ hasText: /No stock changes yet\.|Owner edit|Order/ }).waitFor();
      const inSight = await heading.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
      expect(inSight, `the history of ${lastSku} at ${width} px is out of sight`).toBe(true);
      expect(await page.locator('.admin-history-panel').count()).toBe(1);
      await expectFits('inventory, the last history', width);
      await shot('inventory-last-history');
      await page.getByRole('button', { name: `Close the stock history of ${lastSku}` }).click();
      expect(await page.locator('.admin-history-panel').count()).toBe(0);
      expect(await last.getByRole('button', { name: 'History' }).evaluate((button) => button === document.activeElement)).toBe(true);

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
        if (name === 'Staff') {
          const staff = 'table.admin-table';
          await page.getByRole('combobox', { name: 'Role: packer@example.com' }).waitFor();
          expect(await controlsOutOfReach(staff), `staff at ${width} px`).toEqual([]);
          // the member's role menu and both buttons, each on the page
          expect(await page.locator(`${staff} :is(select, button)`).count()).toBe(3);
          await expectTableSemantics(staff, '> tbody > tr > td:nth-child(2)', `staff at ${width} px`);
        }
        if (name === 'Settings') {
          // fields side by side have their labels level, whether or not one has a hint under it
          const currency = await page.locator('label', { hasText: ADMIN.currency }).first().boundingBox();
          const taxRate = await page.locator('label', { hasText: ADMIN.taxRate }).first().boundingBox();
          if (Math.abs(currency!.x - taxRate!.x) > 1) {
            expect(Math.abs(currency!.y - taxRate!.y), `settings at ${width} px: the Currency and Tax rate labels`).toBeLessThanOrEqual(1);
          }
        }
        await expectFits(name.toLowerCase(), width);
        await shot(name.toLowerCase());
      }
      expect(store.consoleErrors, store.consoleErrors.join('\n')).toEqual([]);
    });
  }
});
