import type { Request, Response } from 'express';
import { CART_COOKIE, HAS_CART_COOKIE } from '../../client/lib/cart.ts';
import type { AppDeps } from '../deps.ts';
import { CartRepository, type CartRecord } from '../db/cart-repository.ts';
import { CatalogueRepository } from '../db/catalogue-repository.ts';
import { currencyOf, SiteRepository, storeSettingsOf } from '../db/site-repository.ts';
import { answerBytes, fitsInCart } from '../commerce/cart-limits.ts';
import { taxSettingsOf } from '../commerce/tax-settings.ts';
import { priceEntries, shoppingCartView, type ShoppingCartView } from '../commerce/cart-view.ts';
import { variantWeightGrams } from '../commerce/checkout-lines.ts';
import { shippingRatesFrom } from '../commerce/shipping-rates.ts';
import { readResolvedSiteUserIfAny } from '../security/site-user.ts';

const CART_COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
export const PRODUCT_URL_PREFIX = '/shop/p/';

/** The repositories the storefront calls share, built once per app. */
export interface StoreRepositories {
  site: SiteRepository;
  catalogue: CatalogueRepository;
  /** Carts on the store itself (outside any transaction). */
  carts: CartRepository;
}

const repositoriesByDeps = new WeakMap<AppDeps, StoreRepositories>();

export function storeRepositories(deps: AppDeps): StoreRepositories {
  let repositories = repositoriesByDeps.get(deps);
  if (!repositories) {
    repositories = {
      // live content versions: shared by every request, and cart calls read back what they changed
      site: new SiteRepository(deps.store),
      catalogue: new CatalogueRepository(deps.store),
      carts: new CartRepository(deps.store),
    };
    repositoriesByDeps.set(deps, repositories);
  }
  return repositories;
}

/** The signed-in site user's id when the platform router resolved one. */
export function currentSiteUserId(req: Request): string | null {
  return readResolvedSiteUserIfAny(req)?.siteUserId ?? null;
}

/** The token the visitor's CART cookie names, when it holds one of a sensible length. */
export function cookieToken(req: Request): string | null {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[CART_COOKIE];
  return typeof value === 'string' && value.length > 0 && value.length <= 128 ? value : null;
}

/** Names the cart in the visitor's cookies (after the transaction that made it has committed). */
export function rememberCart(req: Request, res: Response, cart: CartRecord): void {
  const base = { sameSite: 'lax' as const, secure: req.secure, path: '/', maxAge: CART_COOKIE_MAX_AGE_MS };
  // The token is the cart's only key, so scripts never see it; hasCart tells them a cart exists.
  res.cookie(CART_COOKIE, cart.token, { ...base, httpOnly: true });
  res.cookie(HAS_CART_COOKIE, 'true', { ...base, httpOnly: false });
}

/**
 * The visitor's open cart: a signed-in user's own cart (a cart started before signing in moves
 * into it), otherwise the cart named by the cookie. Purchased carts and other users' carts never match.
 */
export async function findCurrentCart(deps: AppDeps, req: Request, res?: Response): Promise<CartRecord | null> {
  const { carts } = storeRepositories(deps);
  const token = cookieToken(req);
  const fromCookie = token ? await carts.findByToken(token) : undefined;
  const cookieCart = fromCookie && !fromCookie.isPurchased && fromCookie.kind === 'cart' ? fromCookie : undefined;
  const siteUserId = currentSiteUserId(req);
  if (!siteUserId) {
    return cookieCart && cookieCart.siteUserId === null ? cookieCart : null;
  }
  let userCart = await carts.findOpenCartOfUser(siteUserId);
  if (cookieCart && cookieCart.siteUserId === null) {
    if (userCart) {
      // the caps hold for the joined cart too: what does not fit stays in the visitor's old cart
      await carts.mergeInto(userCart.id, cookieCart.id, (size, entry) => fitsInCart(size, 1, answerBytes(entry.additionalFields)));
      // the visitor's kept discount code came along when the user's cart kept none
      userCart = { ...userCart, discountCode: userCart.discountCode ?? cookieCart.discountCode };
    } else if (await carts.assignUser(cookieCart.id, siteUserId)) {
      const adopted = { ...cookieCart, siteUserId };
      if (res) rememberCart(req, res, adopted);
      return adopted;
    } else {
      // another request of this visitor adopted it first: it is the user's open cart now
      return findCurrentCart(deps, req, res);
    }
  }
  if (userCart && res && userCart.token !== token) rememberCart(req, res, userCart);
  return userCart ?? null;
}

/** The cart answer for a cart (or the empty cart when null). */
export async function cartView(deps: AppDeps, cart: CartRecord | null, content?: { site: SiteRepository; catalogue: CatalogueRepository }): Promise<ShoppingCartView> {
  const { carts } = storeRepositories(deps);
  // a page or call passes its request's repositories (one version read); without them, live ones
  const { catalogue, site } = content ?? storeRepositories(deps);
  const priced = cart ? await priceEntries(await carts.entries(cart.id), catalogue) : [];
  const websiteSettings = await site.websiteSettings();
  const storeSettings = storeSettingsOf(websiteSettings);
  // weighed as the checkout weighs its lines, so the cart's shipping is what the checkout charges
  const weightGrams = priced.reduce((sum, line) => sum + variantWeightGrams(line.variant, line.product.data) * line.entry.quantity, 0);
  return shoppingCartView({
    cart,
    priced,
    websiteId: await site.websiteId(),
    currency: cart?.currency ?? currencyOf(websiteSettings),
    ...taxSettingsOf(storeSettings),
    shippingRates: shippingRatesFrom(storeSettings),
    weightGrams,
    productUrlPrefix: PRODUCT_URL_PREFIX,
  });
}
