/**
 * The product and cart pages as a shopper without JavaScript gets them: the controls only the
 * island can work are disabled, a <noscript> line beside them says why, and the checkout link
 * stays a plain link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_NEEDED } from '../../client/lib/messages.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { Visitor } from './helpers/visitor.ts';

const mug = seededProduct('stoneware-mug');

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

describe('pages without scripts', () => {
  it('gives the product page\'s disabled Add to Cart a <noscript> line saying why', async () => {
    const html = await (await fetch(`${server.url}/shop/p/linen-shirt`)).text();
    const button = /<button[^>]*class="sqs-add-to-cart-button"[^>]*>[^<]*<\/button>\s*<noscript>([\s\S]*?)<\/noscript>/.exec(html);
    expect(button, 'the button, then its <noscript> line').not.toBeNull();
    expect(button![0]).toMatch(/<button[^>]* disabled=""/);
    expect(button![1]).toContain(SCRIPT_NEEDED.addToCart);
  });

  it('disables the cart\'s Remove, says why in <noscript>, and keeps the checkout link', async () => {
    const shopper = await new Visitor(server.url).start();
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 })).status).toBe(200);
    const html = (await shopper.get<string>('/cart')).text;
    const remove = /<button[^>]*class="cart-row__remove"[^>]*>/.exec(html);
    expect(remove![0]).toMatch(/ disabled=""/);
    expect(/<noscript>([\s\S]*?)<\/noscript>/.exec(html.slice(html.indexOf('cart-table')))![1]).toContain(SCRIPT_NEEDED.cart);
    expect(html).toMatch(/<a class="cart-checkout" href="\/checkout">/);
  });
});
