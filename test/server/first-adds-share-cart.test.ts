/**
 * A new visitor's first adds sent at once (a double tap, two products added quickly on a slow
 * phone) carry no CART cookie yet: each used to make its own cart and set its own cookie, and all
 * but the last were lost. They share the cart the first one makes, recognised by the browser's
 * crumb secret; another browser, or the same one long after (its cart cookie lost), gets its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_COOKIE } from '../../client/lib/cart.ts';
import { FIRST_ADDS_SHARE_CART_MS } from '../../server/api/first-cart.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { Visitor } from './helpers/visitor.ts';

const shirt = seededProduct('linen-shirt');
const mug = seededProduct('stoneware-mug');
const vase = seededProduct('bud-vase');

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

/** An add as a browser without a cart sends it: the visitor's cookies as they are now, none set by the other adds. */
function add(visitor: Visitor, product: ReturnType<typeof seededProduct>) {
  return visitor.post<{ shoppingCart: { totalQuantity: number } }>('/api/commerce/shopping-cart/entries', {
    itemId: product.id, sku: product.variants.find((variant) => variant.qtyInStock > 5)?.sku ?? product.variants[0]!.sku, quantity: 1, additionalFields: null,
  });
}

function cartCookieOf(headers: Headers): string | undefined {
  const line = headers.getSetCookie().find((cookie) => cookie.startsWith(`${CART_COOKIE}=`));
  return line?.slice(CART_COOKIE.length + 1).split(';', 1)[0];
}

describe('the first adds of a new visitor, sent at once', () => {
  it('land in one cart, each answer naming it', async () => {
    const visitor = await new Visitor(server.url).start();
    const sent = [shirt, mug, vase, shirt].map(() => new Visitor(server.url, new Map(visitor.cookies))).map((copy, index) => add(copy, [shirt, mug, vase, shirt][index]!));
    const answers = await Promise.all(sent);
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const tokens = new Set(answers.map((answer) => cartCookieOf(answer.headers)));
    expect(tokens.size).toBe(1);
    visitor.cookies.set(CART_COOKIE, [...tokens][0]!);
    const cart = await visitor.get<{ totalQuantity: number }>('/api/commerce/shopping-cart');
    expect(cart.body.totalQuantity).toBe(4);
  });

  it('never joins another browser, nor the same browser once its first cart is older than the moment', async () => {
    const first = await new Visitor(server.url).start();
    const other = await new Visitor(server.url).start();
    const [mine, theirs] = await Promise.all([add(first, shirt), add(other, shirt)]);
    expect(cartCookieOf(mine.headers)).not.toBe(cartCookieOf(theirs.headers));

    await server.app.deps.store.run('UPDATE carts SET created_on = created_on - ? WHERE cookie_token = ?', [FIRST_ADDS_SHARE_CART_MS + 1000, cartCookieOf(mine.headers) ?? null]);
    first.cookies.delete(CART_COOKIE);
    const later = await add(first, mug);
    expect(later.status).toBe(200);
    expect(cartCookieOf(later.headers)).not.toBe(cartCookieOf(mine.headers));
    expect(later.body.shoppingCart.totalQuantity).toBe(1);
  });
});
