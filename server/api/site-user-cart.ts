import type { Request, Response } from 'express';
import { CART_COOKIE, HAS_CART_COOKIE } from '../../client/lib/cart.ts';
import type { AppDeps } from '../deps.ts';
import { CartRepository } from '../db/cart-repository.ts';

const CART_COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * On sign-out the user's cart stays with the account. With cloneCart the visitor keeps a copy:
 * a new anonymous cart with the same entries, named by fresh cart cookies. Without it the cart
 * cookies are cleared so the browser no longer points at the account's cart.
 * Returns the number of entries copied.
 */
export async function handOverCartOnSignOut(deps: AppDeps, req: Request, res: Response, siteUserId: string | null, cloneCart: boolean): Promise<number> {
  const carts = new CartRepository(deps.store);
  const userCart = siteUserId ? await carts.findOpenCartOfUser(siteUserId) : undefined;
  const entries = userCart ? await carts.entries(userCart.id) : [];
  if (!cloneCart || !userCart || entries.length === 0) {
    res.clearCookie(CART_COOKIE, { path: '/' });
    res.clearCookie(HAS_CART_COOKIE, { path: '/' });
    return 0;
  }
  const copy = await deps.store.transaction(async (tx) => {
    const visitorCarts = new CartRepository(tx);
    const visitorCart = await visitorCarts.create('cart', userCart.currency, null);
    for (const entry of entries) {
      await visitorCarts.addEntry(visitorCart.id, entry.productId, entry.variantId, entry.quantity, entry.additionalFields);
    }
    return visitorCart;
  });
  const base = { sameSite: 'lax' as const, secure: req.secure, path: '/', maxAge: CART_COOKIE_MAX_AGE_MS };
  res.cookie(CART_COOKIE, copy.token, { ...base, httpOnly: true });
  res.cookie(HAS_CART_COOKIE, 'true', { ...base, httpOnly: false });
  return entries.length;
}
