/**
 * `{shoppingCart|cart-quantity}` writes `<span class="sqs-cart-quantity">N</span>` (a template's
 * header cart link, say). The platform's script keeps those counts with the cart; here every one on
 * the page follows each cart update (an add from an island or from the formatters' markup, a change
 * on the cart page) without a reload.
 */
import { cartItemCount, subscribeCart, type ShoppingCart } from './cart.ts';

export const CART_QUANTITY_SELECTOR = '.sqs-cart-quantity';

/** Writes the cart's item count (every unit counts, as the formatter sums them) into each count element. */
export function showCartQuantity(cart: Partial<Pick<ShoppingCart, 'totalQuantity' | 'entries'>>, root: ParentNode = document): void {
  const count = String(cartItemCount(cart));
  for (const element of Array.from(root.querySelectorAll(CART_QUANTITY_SELECTOR))) element.textContent = count;
}

/** Keeps the page's count elements with the cart from now on; returns the function that stops it. */
export function keepCartQuantitiesInStep(doc: Document = document): () => void {
  return subscribeCart((cart) => showCartQuantity(cart, doc));
}
