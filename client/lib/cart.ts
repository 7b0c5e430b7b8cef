/**
 * The shopping cart as the islands see it, the rule for when to load it, and
 * the page event that keeps separate islands (add buttons, pill, cart page) in step.
 */
import { readCookie } from './cookies.ts';

export interface CartEntry {
  id: string;
  itemId: string;
  quantity: number;
  chosenVariant: { sku: string; attributes: Readonly<Record<string, string>> };
  additionalFields: string | null;
  title: string;
  subTotal?: number;
  purchasePriceCents: number;
  productType?: number;
  additionalFieldsFormId?: string | null;
  imageUrl?: string | null;
  /** The product page. */
  fullUrl?: string;
}

export interface ShoppingCart {
  id: string;
  entries: CartEntry[];
  subtotalCents: number;
  taxCents: number;
  /** The prices include the tax: taxCents is part of grandTotalCents, not added to it. */
  taxIncluded?: boolean;
  /** What the shop calls its tax ('' or absent: the platform's words, tax-label.ts). */
  taxName?: string;
  /** The tax rate in tenths of a basis point, said beside the tax (absent or 0: not said). */
  taxRateTenths?: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  currency?: string;
  hasDigital?: boolean;
  purelyDigital?: boolean;
  requiresShipping?: boolean;
  /** The shipping the total counts: the checkout's first (cheapest) option; null when nothing ships or no option can carry the cart. */
  selectedShippingOption?: { id: string; name: string; costCents: number } | null;
}

export const CART_UPDATED_EVENT = 'storefront:cart-updated';
export const RECALCULATE_START_EVENT = 'storefront:recalculate-start';
export const RECALCULATE_END_EVENT = 'storefront:recalculate-end';

export const HAS_CART_COOKIE = 'hasCart';
export const CART_COOKIE = 'CART';
export const SITE_USER_COOKIE = 'SiteUserInfo';

/** Whether the SiteUserInfo cookie says a site user is signed in. */
export function isSiteUserSignedIn(cookieText?: string): boolean {
  const raw = readCookie(SITE_USER_COOKIE, cookieText);
  if (!raw) return false;
  try {
    const info: unknown = JSON.parse(raw);
    return typeof info === 'object' && info !== null && (info as { authenticated?: unknown }).authenticated === true;
  } catch {
    return false;
  }
}

/** Load the cart only for a signed-in visitor, hasCart=true, or an existing cart cookie. */
export function shouldLoadCart(cookieText?: string): boolean {
  return isSiteUserSignedIn(cookieText)
    || readCookie(HAS_CART_COOKIE, cookieText) === 'true'
    || readCookie(CART_COOKIE, cookieText) !== null;
}

/**
 * The item count the pill and the header link show: the cart's total quantity (every unit
 * counts, not every entry); summed from the entries when an answer leaves the total out.
 */
export function cartItemCount(cart: Partial<Pick<ShoppingCart, 'totalQuantity' | 'entries'>>): number {
  if (typeof cart.totalQuantity === 'number' && Number.isFinite(cart.totalQuantity)) return cart.totalQuantity;
  return (cart.entries ?? []).reduce((sum, entry) => sum + (Number.isFinite(entry.quantity) ? entry.quantity : 0), 0);
}

export function publishCart(cart: ShoppingCart): void {
  document.dispatchEvent(new CustomEvent<ShoppingCart>(CART_UPDATED_EVENT, { detail: cart }));
}

/** Subscribes to cart updates; returns the unsubscribe function. */
export function subscribeCart(listener: (cart: ShoppingCart) => void): () => void {
  const handler = (event: Event): void => listener((event as CustomEvent<ShoppingCart>).detail);
  document.addEventListener(CART_UPDATED_EVENT, handler);
  return () => document.removeEventListener(CART_UPDATED_EVENT, handler);
}

/** Quantity of one item and variant already in the cart (for the stock rule). */
export function quantityInCart(cart: ShoppingCart | null, itemId: string, sku: string): number {
  if (!cart) return 0;
  return cart.entries
    .filter((entry) => entry.itemId === itemId && entry.chosenVariant.sku === sku)
    .reduce((sum, entry) => sum + entry.quantity, 0);
}
