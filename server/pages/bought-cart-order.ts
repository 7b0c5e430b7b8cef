import type { Request } from 'express';
import { PAGE_PATHS } from '../../client/lib/api-paths.ts';
import type { AppDeps } from '../deps.ts';
import type { CartRecord } from '../db/cart-repository.ts';
import { OrderRepository } from '../db/order-repository.ts';
import { cookieToken, currentSiteUserId, storeRepositories } from '../api/cart-session.ts';

/**
 * Where a checkout opened again for a cart already bought leads: that order's confirmation, so
 * that a shopper whose answer to Place order was lost (then reloaded, or came Back) sees the order
 * was placed rather than an empty cart inviting a second purchase. The cart's token is the only
 * key to it (the CART cookie of the browser that bought it, or a subscription's or gift card's
 * own token), so no one is shown another's order.
 */

/** The confirmation page of the order a bought cart became; null for an open cart, none, or no order. */
export async function confirmationOfBoughtCart(deps: AppDeps, cart: CartRecord | null | undefined): Promise<string | null> {
  if (!cart || !cart.isPurchased || cart.orderId === null) return null;
  const order = await new OrderRepository(deps.store).findById(cart.orderId);
  return order ? PAGE_PATHS.orderConfirmed(order.id, order.viewToken) : null;
}

/**
 * The confirmation of the order this browser's own cart became: the cart its CART cookie names,
 * when bought, and bought anonymously or by the site user signed in now (a cookie of someone
 * else's account leads nowhere).
 */
export async function visitorsBoughtCartConfirmation(deps: AppDeps, req: Request): Promise<string | null> {
  const token = cookieToken(req);
  if (!token) return null;
  const cart = await storeRepositories(deps).carts.findByToken(token);
  if (!cart || cart.kind !== 'cart' || (cart.siteUserId !== null && cart.siteUserId !== currentSiteUserId(req))) return null;
  return confirmationOfBoughtCart(deps, cart);
}
