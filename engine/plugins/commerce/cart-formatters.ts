/**
 * Cart widgets: `cart-quantity` (units in the cart), `cart-subtotal` (the
 * subtotal in the legacy money markup) and `cart-url`.
 */
import type { FormatterTable } from '../types.ts';
import { cartQuantityOf, cartSubtotalCentsOf } from './cart.ts';
import { legacyMoneyHtml } from './money.ts';

/** Where the cart page lives. */
export const CART_URL = '/cart';

export const cartFormatters: FormatterTable = {
  'cart-quantity': {
    apply: (cart) => `<span class="sqs-cart-quantity">${cartQuantityOf(cart)}</span>`,
  },
  'cart-subtotal': {
    apply: (cart) => `<span class="sqs-cart-subtotal">${legacyMoneyHtml(cartSubtotalCentsOf(cart))}</span>`,
  },
  'cart-url': {
    apply: () => CART_URL,
  },
};
