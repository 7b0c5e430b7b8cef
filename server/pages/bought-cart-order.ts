import type { Request } from 'express';
import { PAGE_PATHS } from '../../client/lib/api-paths.ts';
import type { AppDeps } from '../deps.ts';
import type { CartRecord } from '../db/cart-repository.ts';
import { OrderRepository, type OrderRecord } from '../db/order-repository.ts';
import { cookieToken, currentSiteUserId, storeRepositories } from '../api/cart-session.ts';

/**
 * Where a checkout opened again for a cart already bought leads: that order's confirmation, so
 * that a shopper whose answer to Place order was lost (then reloaded, or came Back) sees the order
 * was placed rather than an empty cart inviting a second purchase. The cart's token is the key to
 * it (the CART cookie of the browser that bought it, or a subscription's or gift card's own
 * token); /checkout also asks that a cart bought by a signed-in account be opened by that account
 * signed in, and that the order be recent (BOUGHT_CART_REDIRECT_WINDOW_MS).
 */

/**
 * How long after an order /checkout still leads its cart to the order's confirmation. A lost
 * answer to Place order is retried or reloaded within moments; later, the CART cookie left on a
 * shared browser would show the next person at /checkout the earlier buyer's name, address and
 * email, so past this /checkout is the empty cart again (the order stays in the confirmation
 * email's link).
 */
export const BOUGHT_CART_REDIRECT_WINDOW_MS = 60 * 60 * 1000;

async function orderOfBoughtCart(deps: AppDeps, cart: CartRecord | null | undefined): Promise<OrderRecord | null> {
  if (!cart || !cart.isPurchased || cart.orderId === null) return null;
  return (await new OrderRepository(deps.store).findById(cart.orderId)) ?? null;
}

/** The confirmation page of the order a bought cart became; null for an open cart, none, or no order. */
export async function confirmationOfBoughtCart(deps: AppDeps, cart: CartRecord | null | undefined): Promise<string | null> {
  const order = await orderOfBoughtCart(deps, cart);
  return order ? PAGE_PATHS.orderConfirmed(order.id, order.viewToken) : null;
}

/**
 * The confirmation /checkout leads this visitor to for a cart (the one its CART cookie names, or
 * its `?cartToken=`): only a shopping cart (a subscription's leads from its own checkout), bought
 * anonymously or by the site user signed in now (someone else's account's cart leads nowhere),
 * and within the window after its order was placed.
 */
export async function checkoutsBoughtCartConfirmation(deps: AppDeps, req: Request, cart: CartRecord | null | undefined, now = Date.now()): Promise<string | null> {
  if (!cart || cart.kind !== 'cart' || (cart.siteUserId !== null && cart.siteUserId !== currentSiteUserId(req))) return null;
  const order = await orderOfBoughtCart(deps, cart);
  if (!order || now - order.createdOn > BOUGHT_CART_REDIRECT_WINDOW_MS) return null;
  return PAGE_PATHS.orderConfirmed(order.id, order.viewToken);
}

/** The confirmation of the order this browser's own cart (the one its CART cookie names) became, by the rules above. */
export async function visitorsBoughtCartConfirmation(deps: AppDeps, req: Request): Promise<string | null> {
  const token = cookieToken(req);
  if (!token) return null;
  return checkoutsBoughtCartConfirmation(deps, req, await storeRepositories(deps).carts.findByToken(token));
}
