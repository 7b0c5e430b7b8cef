/**
 * A template author's own product page, served from a developer-template folder: the Add To Cart
 * button the commerce formatters write adds to the cart, and the header's
 * {shoppingCart|cart-quantity} follows without a reload; the folder's stylesheet wins over the
 * host's at equal specificity.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_TO_CART_STATUS, ALERT_TITLE, selectOptionsMessage } from '../../client/lib/messages.ts';
import { openPage, screenshot, startStorefront, type Storefront } from './harness.ts';

const AUTHOR_ACCENT = 'rgb(204, 85, 51)';

const FOLDER: Record<string, string> = {
  'template.conf': JSON.stringify({
    name: 'Author', layouts: { default: { name: 'Default', regions: ['site'] } },
    navigations: [{ name: 'mainNav', title: 'Main' }], stylesheets: ['base.less'],
  }),
  'site.region': '<!doctype html><html lang="en"><head>{squarespace-headers}</head><body>'
    + '<header><a href="/cart" class="header-cart">Cart (<span>{shoppingCart|cart-quantity}</span>)</a></header>'
    + '<main>{squarespace.main-content}</main>{squarespace-footers}</body></html>',
  'collections/products.item': '{.section item}<h2>{title}</h2>{@|product-price}{@|variants-select}{@|quantity-input}{@|add-to-cart-btn}<div>{body}</div>{.end}',
  'styles/base.less': '@accent: rgb(204, 85, 51);\n.sqs-add-to-cart-button { background: @accent; }\n',
};

let store: Storefront;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'storefront-author-commerce-'));
  for (const [name, text] of Object.entries(FOLDER)) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), text);
  }
  store = await startStorefront({ templateDir: folder });
});

afterAll(async () => {
  await store?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe("a developer template's own products.item", () => {
  it('adds the chosen variant with the formatters\' button and the header count follows; the author\'s stylesheet wins', async () => {
    const page = await store.newPage();
    await openPage(page, `${store.baseUrl}/shop/p/stoneware-mug`);
    const button = page.locator('.sqs-add-to-cart-button[data-item-id]');
    // the script marks the button once it has taken it over
    await page.locator('.sqs-add-to-cart-button[data-item-id][data-state="idle"]').waitFor();
    const headerCount = page.locator('.header-cart .sqs-cart-quantity');
    await expect(headerCount.textContent()).resolves.toBe('0');

    // the template's stylesheet comes after the host's, which also styles this class
    expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(AUTHOR_ACCENT);

    // no glaze chosen: refused, as the island refuses
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(`${ALERT_TITLE.addItem} ${selectOptionsMessage(['Glaze'])}`);

    await page.getByRole('combobox', { name: 'Select Glaze' }).selectOption('Oat');
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    // the pause after the refusal ends before the button takes a press again
    await page.locator('.sqs-add-to-cart-button[data-item-id][data-state="idle"]').waitFor();
    const added = page.waitForResponse((response) => response.url().endsWith('/api/commerce/shopping-cart/entries') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    expect((await added).status()).toBe(200);
    await expect.poll(() => page.getByRole('status').textContent()).toBe(ADD_TO_CART_STATUS.added('2 of Stoneware Mug (Glaze: Oat)'));
    await expect.poll(() => headerCount.textContent()).toBe('2');
    await screenshot(page, 'template-add-to-cart');

    // the cart holds it, and the next page counts it too
    await openPage(page, `${store.baseUrl}/shop`);
    await expect(page.locator('.header-cart .sqs-cart-quantity').textContent()).resolves.toBe('2');
    expect(store.consoleErrors).toEqual([]);
    await page.close();
  });

  it("asks a product's extra-fields form in the island's lightbox before adding with its answers", async () => {
    const page = await store.newPage();
    await openPage(page, `${store.baseUrl}/shop/p/monogram-napkins`);
    await page.locator('.sqs-add-to-cart-button[data-item-id][data-state="idle"]').waitFor();
    const before = Number(await page.locator('.header-cart .sqs-cart-quantity').textContent());
    await page.getByRole('button', { name: 'Personalise & Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Monogram details' });
    await dialog.waitFor();
    await dialog.getByLabel(/Initials/).fill('AB');
    await dialog.getByLabel(/Thread colour/).selectOption('Rust');
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('status').textContent()).toBe(ADD_TO_CART_STATUS.added('Monogrammed Napkins (set of 4)'));
    await expect.poll(() => page.locator('.header-cart .sqs-cart-quantity').textContent()).toBe(String(before + 1));
    expect(store.consoleErrors).toEqual([]);
    await page.close();
  });
});
