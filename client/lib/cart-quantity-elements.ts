/**
 * `{shoppingCart|cart-quantity}` writes `<span class="sqs-cart-quantity">N</span>` (a template's
 * header cart link, say), and `{squarespace.cart-classes}` marks the cart link `sqs-custom-cart`,
 * with `sqs-cart-empty` while the cart holds nothing (templates hide an empty cart by it). The
 * platform's script keeps both with the cart; here every one on the page follows each cart update
 * (an add from an island or from the formatters' markup, a change on the cart page) without a reload.
 */
import { cartItemCount, subscribeCart, type ShoppingCart } from './cart.ts';

export const CART_QUANTITY_SELECTOR = '.sqs-cart-quantity';
const CART_LINK_SELECTOR = '.sqs-custom-cart';
const EMPTY_CART_CLASS = 'sqs-cart-empty';

/**
 * Writes the cart's item count (every unit counts, as the formatter sums them) into each count
 * element, and marks each cart link empty or not as the cart classes would now.
 */
export function showCartQuantity(cart: Partial<Pick<ShoppingCart, 'totalQuantity' | 'entries'>>, root: ParentNode = document): void {
  const quantity = cartItemCount(cart);
  const count = String(quantity);
  for (const element of Array.from(root.querySelectorAll(CART_QUANTITY_SELECTOR))) element.textContent = count;
  for (const element of Array.from(root.querySelectorAll(CART_LINK_SELECTOR))) element.classList.toggle(EMPTY_CART_CLASS, quantity === 0);
}

/** Keeps the page's count elements with the cart from now on; returns the function that stops it. */
export function keepCartQuantitiesInStep(doc: Document = document): () => void {
  return subscribeCart((cart) => showCartQuantity(cart, doc));
}
