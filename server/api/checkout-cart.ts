import type { Request, Response } from 'express';
import type { AppDeps } from '../deps.ts';
import type { CheckoutCart } from '../commerce/checkout-order.ts';
import { CartRepository } from '../db/cart-repository.ts';
import { cookieToken, findCurrentCart } from './cart-session.ts';

/**
 * The cart a checkout buys: a subscription's or gift card's own cart when its token is given
 * (the token is that cart's only key), otherwise the visitor's cart. Purchased carts never match.
 */
export async function checkoutCartOf(deps: AppDeps, req: Request, res: Response, cartToken: string | undefined): Promise<CheckoutCart | null> {
  if (cartToken) {
    const cart = await new CartRepository(deps.store).findByToken(cartToken);
    return cart && !cart.isPurchased ? { id: cart.id, kind: cart.kind, discountCode: cart.discountCode } : null;
  }
  const cart = await findCurrentCart(deps, req, res);
  return cart ? { id: cart.id, kind: cart.kind, discountCode: cart.discountCode } : null;
}

/**
 * Whether a checkout that found no cart to buy was named one already bought (the token given, or
 * the cart cookie): such an attempt is told the cart was purchased, any other that it has no cart.
 */
export async function namesBoughtCart(deps: AppDeps, req: Request, cartToken: string | undefined): Promise<boolean> {
  const token = cartToken ?? cookieToken(req);
  const cart = token ? await new CartRepository(deps.store).findByToken(token) : undefined;
  return cart?.isPurchased === true;
}
