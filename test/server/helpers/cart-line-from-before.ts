import { CART_COOKIE, HAS_CART_COOKIE } from '../../../client/lib/cart.ts';
import { CartRepository } from '../../../server/db/cart-repository.ts';
import { SiteRepository } from '../../../server/db/site-repository.ts';
import type { StoreSession } from '../../../server/db/store.ts';
import { seededProduct } from './fixtures.ts';
import type { Visitor } from './visitor.ts';

/**
 * Puts a line in the visitor's cart as a cart made before the cart call refused it held it (a gift
 * card or a subscription added through POST …/shopping-cart/entries): written to the store, in
 * the visitor's cart, or in a new one its cookie then names. For tests of what such carts still do.
 */
export async function putLineFromBefore(store: StoreSession, visitor: Visitor, urlId: string, sku: string, quantity = 1): Promise<void> {
  const product = seededProduct(urlId);
  const variant = product.variants.find((candidate) => candidate.sku === sku);
  if (!variant) throw new Error(`no variant ${sku} of ${urlId}`);
  const carts = new CartRepository(store);
  const token = visitor.cookies.get(CART_COOKIE);
  const cart = (token ? await carts.findByToken(token) : undefined)
    ?? await carts.create('cart', await new SiteRepository(store).currency(), null);
  visitor.cookies.set(CART_COOKIE, cart.token);
  visitor.cookies.set(HAS_CART_COOKIE, 'true');
  await carts.addEntry(cart.id, product.id, variant.id, quantity, null);
}
