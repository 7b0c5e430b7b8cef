/**
 * A page the shopper comes back to shows the cart as it is now, not as it was when the page
 * loaded: a shopper who added or removed items in another tab, or who pressed Back to a page the
 * browser kept whole (its back-forward cache), sees the cart pill, the header count and each
 * product's "in your cart" limits follow. On each return (the tab shown again after being
 * hidden, or a page restored from that cache) the cart is asked for once and every subscriber of
 * cart updates is told; nothing is asked for a visitor with no cart, nor while an earlier ask is
 * still under way.
 */
import { publishCart, shouldLoadCart, type ShoppingCart } from './cart.ts';

export interface CartOnReturnOptions {
  /** Loads the cart (the storefront's cart call); injectable for tests. */
  load: () => Promise<{ ok: boolean; data?: ShoppingCart | null }>;
}

/** Starts following returns to the page; returns the function that stops it. */
export function refreshCartOnReturn(doc: Document, options: CartOnReturnOptions): () => void {
  const view = doc.defaultView;
  let hidden = doc.visibilityState === 'hidden';
  let asking = false;
  const ask = (): void => {
    if (asking || !shouldLoadCart(doc.cookie)) return;
    asking = true;
    void options.load()
      .then((answer) => {
        if (answer.ok && answer.data) publishCart(answer.data);
      })
      .catch(() => undefined) // a failed ask leaves the page as it was; the next return asks again
      .finally(() => {
        asking = false;
      });
  };
  const onVisibilityChange = (): void => {
    if (doc.visibilityState === 'hidden') {
      hidden = true;
      return;
    }
    if (!hidden) return;
    hidden = false;
    ask();
  };
  const onPageShow = (event: Event): void => {
    if ((event as PageTransitionEvent).persisted) ask();
  };
  doc.addEventListener('visibilitychange', onVisibilityChange);
  view?.addEventListener('pageshow', onPageShow);
  return () => {
    doc.removeEventListener('visibilitychange', onVisibilityChange);
    view?.removeEventListener('pageshow', onPageShow);
  };
}
