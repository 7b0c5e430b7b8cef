/**
 * Built-in pages (the product page, the cart) in a developer-template folder that has no template
 * of its own for them: the page gets the theme's stylesheet scoped to it, and that must not undo
 * the islands' own rules (the product's picture strip keeps small thumbnails, the cart's Checkout
 * button its white text on black) at a desktop's and a phone's width.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshot, startFolderStorefront, type Storefront } from './harness.ts';

const FOLDER: Record<string, string> = {
  'template.conf': JSON.stringify({
    name: 'Author', layouts: { default: { name: 'Default', regions: ['site'] } },
    navigations: [{ name: 'mainNav', title: 'Main' }], stylesheets: ['base.less'],
  }),
  'site.region': '<!doctype html><html lang="en"><head>{squarespace-headers}</head><body>'
    + '<main class="page">{squarespace.main-content}</main>{squarespace-footers}</body></html>',
  // a folder's own rules for its pictures, as templates have them
  'styles/base.less': 'img { max-width: 100%; height: auto; }\na { color: #666; }\n.page { max-width: 1020px; margin: 0 auto; }\n',
};

let store: Storefront;

beforeAll(async () => {
  store = await startFolderStorefront('storefront-builtin-in-folder-', FOLDER);
});

afterAll(async () => {
  await store?.stop();
});

describe('a built-in product page in a developer template', () => {
  for (const [width, height] of [[1280, 900], [390, 844]] as const) {
    it(`keeps the picture strip's thumbnails small at ${width} px`, async () => {
      const page = await store.newPage();
      await page.setViewportSize({ width, height });
      await openPage(page, `${store.baseUrl}/shop/p/linen-shirt`);
      const strip = page.locator('.gallery__thumbs');
      await strip.waitFor();
      const sizes = await page.locator('.gallery__thumbs button').evaluateAll((buttons) => buttons.map((button) => {
        const box = button.getBoundingClientRect();
        const picture = button.querySelector('img')!.getBoundingClientRect();
        return { width: box.width, height: box.height, pictureHeight: picture.height };
      }));
      await screenshot(page, `builtin-product-in-folder-${width}`);
      expect(sizes.length).toBeGreaterThan(1);
      const stripHeight = (await strip.boundingBox())!.height;
      for (const size of sizes) {
        // a thumbnail as tall as the strip and about as wide as its picture's proportions make it
        expect(size.height).toBeLessThanOrEqual(stripHeight);
        expect(size.pictureHeight).toBeLessThanOrEqual(stripHeight);
        expect(size.width).toBeLessThan(stripHeight * 2);
      }
      await page.close();
    });
  }

  it("gives an empty checkout's way back to the shop a finger's height on a phone", async () => {
    const page = await store.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, `${store.baseUrl}/checkout`);
    const back = await page.locator('.empty a').boundingBox();
    expect(back!.height).toBeGreaterThanOrEqual(44);
    await page.close();
  });

  it("shows the cart's Checkout button in its own colours, not the folder's link colour", async () => {
    const page = await store.newPage();
    await page.goto(`${store.baseUrl}/shop/p/linen-shirt`);
    const status = await page.evaluate(async () => {
      const crumb = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('crumb='))?.slice(6) ?? '');
      const context = await (await fetch('/shop/p/linen-shirt?format=json')).json() as { item: { id: string } };
      const response = await fetch('/api/commerce/shopping-cart/entries', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb },
        body: JSON.stringify({ itemId: context.item.id, sku: 'SQ-SHIRT-M-NAT', quantity: 1, additionalFields: null }),
      });
      return response.status;
    });
    expect(status).toBe(200);
    await openPage(page, `${store.baseUrl}/cart`);
    const checkout = page.locator('.cart-checkout');
    await checkout.waitFor();
    const colours = await checkout.evaluate((link) => ({ text: getComputedStyle(link).color, background: getComputedStyle(link).backgroundColor }));
    await screenshot(page, 'builtin-cart-in-folder');
    expect(colours.text).not.toBe(colours.background);
    expect(colours.text).toBe('rgb(255, 255, 255)');
    await page.close();
  });
});
