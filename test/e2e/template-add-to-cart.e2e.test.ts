/**
 * A template author's own product page, served from a developer-template folder: the Add To Cart
 * button the commerce formatters write adds to the cart, and the header's
 * {shoppingCart|cart-quantity} follows without a reload; the folder's stylesheet wins over the
 * host's at equal specificity. The price and the button follow the chosen variant, and a button the
 * template's own script puts in later (a quick view) works too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_TO_CART_STATUS, ALERT_TITLE, BUTTON, selectOptionsMessage } from '../../client/lib/messages.ts';
import { openPage, screenshot, startFolderStorefront, type Storefront } from './harness.ts';

const AUTHOR_ACCENT = 'rgb(204, 85, 51)';

const FOLDER: Record<string, string> = {
  'template.conf': JSON.stringify({
    name: 'Author', layouts: { default: { name: 'Default', regions: ['site'] } },
    navigations: [{ name: 'mainNav', title: 'Main' }], stylesheets: ['base.less'],
  }),
  'site.region': '<!doctype html><html lang="en"><head>{squarespace-headers}</head><body>'
    + '<header><a href="/cart" class="header-cart">Cart (<span>{shoppingCart|cart-quantity}</span>)</a></header>'
    + '<main>{squarespace.main-content}</main>{squarespace-footers}</body></html>',
  'collections/products.item': '{.section item}<h2>{title}</h2>{@|product-price}{@|variants-select}{@|quantity-input}{@|add-to-cart-btn}<div>{body}</div>'
    // a quick view the template's own script opens: the same product's formatters, put in the page on a click
    + '<button type="button" class="open-quick-view">Quick view</button><div class="quick-view"></div>'
    + '<template id="quick-view-markup">{@|product-price}{@|variants-select}{@|add-to-cart-btn}</template>{.end}'
    + '<script>document.querySelector(".open-quick-view").addEventListener("click", function () {'
    + ' document.querySelector(".quick-view").appendChild(document.getElementById("quick-view-markup").content.cloneNode(true)); });</script>',
  'styles/base.less': '@accent: rgb(204, 85, 51);\n.sqs-add-to-cart-button { background: @accent; }\n',
};

let store: Storefront;

beforeAll(async () => {
  store = await startFolderStorefront('storefront-author-commerce-', FOLDER);
});

afterAll(async () => {
  await store?.stop();
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

  it('shows each option of {@|variants-select} once, as its dropdown, as the platform does', async () => {
    const page = await store.newPage();
    await openPage(page, `${store.baseUrl}/shop/p/wool-throw`);
    const pickers = page.locator('main > .product-variants');
    // the markup holds both, as the platform writes it; one shows
    await expect(pickers.locator('.variant-radiobtn-wrapper').count()).resolves.toBe(1);
    await expect(pickers.getByRole('combobox', { name: 'Select Size' }).isVisible()).resolves.toBe(true);
    await expect(pickers.locator('.variant-radiobtn-wrapper').isVisible()).resolves.toBe(false);
    await expect(pickers.locator('input.variant-radiobtn').count()).resolves.toBeGreaterThan(0);
    // nor does a screen reader meet the options twice
    await expect(pickers.getByRole('radio').count()).resolves.toBe(0);
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

  it("shows the chosen variant's price and stock, as the platform does: a sold-out size labels the button and disables it", async () => {
    const page = await store.newPage();
    await openPage(page, `${store.baseUrl}/shop/p/wool-throw`);
    await page.locator('.sqs-add-to-cart-button[data-item-id][data-state="idle"]').waitFor();
    const price = page.locator('main > .product-price');
    const button = page.locator('main > .sqs-add-to-cart-button-wrapper .sqs-add-to-cart-button');
    await expect(price.textContent().then((text) => text?.trim())).resolves.toBe('from $140.00');

    await page.getByRole('combobox', { name: 'Select Size' }).selectOption('Bed');
    await expect.poll(() => price.textContent().then((text) => text?.trim())).toBe('$190.00');
    await expect(button.textContent().then((text) => text?.trim())).resolves.toBe(BUTTON.soldOut);
    await expect(button.getAttribute('aria-disabled')).resolves.toBe('true');

    // a template that shows the radio buttons instead (its own rule wins over the host's): they choose as well, kept in step with the dropdown
    await page.addStyleTag({ content: '.variant-radiobtn-wrapper { display: block; } .variant-select-wrapper { display: none; }' });
    await page.locator('main > .product-variants label[for="variant-option-Size-Lap"]').click();
    await expect.poll(() => price.textContent().then((text) => text?.trim())).toBe('$140.00');
    await expect(button.textContent().then((text) => text?.trim())).resolves.toBe('Add To Cart');
    await expect(button.getAttribute('aria-disabled')).resolves.toBeNull();
    expect(store.consoleErrors).toEqual([]);
    await page.close();
  });

  it("adds from a button the template's script puts in after the page loaded, with the quick view's own pickers and price", async () => {
    const page = await store.newPage();
    await openPage(page, `${store.baseUrl}/shop/p/stoneware-mug`);
    await page.locator('.sqs-add-to-cart-button[data-item-id][data-state="idle"]').waitFor();
    const before = Number(await page.locator('.header-cart .sqs-cart-quantity').textContent());
    await page.getByRole('button', { name: 'Quick view' }).click();
    const quickView = page.locator('.quick-view');
    await quickView.locator('.sqs-add-to-cart-button[data-state="idle"]').waitFor();
    await quickView.getByRole('combobox', { name: 'Select Glaze' }).selectOption('Slate');
    // the mug is on sale: the sale price first, then the original
    await expect.poll(() => quickView.locator('.product-price').textContent().then((text) => text?.replace(/\s+/g, ' ').trim()))
      .toBe('Sale Price:$26.00 Original Price:$34.00');
    const added = page.waitForResponse((response) => response.url().endsWith('/api/commerce/shopping-cart/entries') && response.request().method() === 'POST');
    await quickView.getByRole('button', { name: 'Add To Cart' }).click();
    expect((await added).request().postDataJSON()).toMatchObject({ sku: 'SQ-MUG-SLATE', quantity: 1 });
    await expect.poll(() => quickView.getByRole('status').textContent()).toBe(ADD_TO_CART_STATUS.added('Stoneware Mug (Glaze: Slate)'));
    await expect.poll(() => page.locator('.header-cart .sqs-cart-quantity').textContent()).toBe(String(before + 1));
    expect(store.consoleErrors).toEqual([]);
    await page.close();
  });
});
