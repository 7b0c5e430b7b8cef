/**
 * A template folder's cart link, as the public templates write it (`{shoppingCart|cart-quantity}`
 * in a block of every page): the formatters read the cart's entries, so every page's context has
 * the visitor's whole cart, not only its totals, and the link counts what the cart holds.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { Visitor } from '../helpers/visitor.ts';
import { writeTemplateFolder } from '../helpers/template-folder-on-disk.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const mug = seededProduct('stoneware-mug');

describe('a template folder\'s cart link', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = writeTemplateFolder('template-folder-cart-', {
      'template.conf': JSON.stringify({ name: 'Cart link', layouts: { default: { name: 'Default', regions: ['site'] } } }),
      'site.region': '<html><head>{squarespace-headers}</head><body>{@|apply cart.block}<main>{squarespace.main-content}</main>{squarespace-footers}</body></html>',
      'blocks/cart.block': '<a class="cart" href="/cart">Cart ({shoppingCart|cart-quantity}) {shoppingCart|cart-subtotal}</a>',
    });
    server = await startServer({ templateDir: dir });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  const link = async (visitor: Visitor, path: string): Promise<string> => /<a class="cart"[^>]*>(.*?)<\/a>/.exec((await visitor.get<string>(path)).text)?.[1] ?? '';

  it('counts what the cart holds on every page, not only on the cart page', async () => {
    const shopper = await new Visitor(server.url).start();
    expect(await link(shopper, '/shop')).toContain('<span class="sqs-cart-quantity">0</span>');
    expect((await shopper.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 2 })).status).toBe(200);
    for (const path of ['/shop', '/shop/p/stoneware-mug', '/', '/cart']) {
      expect(await link(shopper, path), path).toContain('<span class="sqs-cart-quantity">2</span>');
    }
    // another visitor's page counts their own cart
    const other = await new Visitor(server.url).start();
    expect(await link(other, '/shop')).toContain('<span class="sqs-cart-quantity">0</span>');
  });
});
