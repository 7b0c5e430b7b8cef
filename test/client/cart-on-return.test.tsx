// @vitest-environment jsdom
/**
 * A page the shopper returns to (another tab shown again, or Back to a page the browser kept)
 * asks for the cart once and tells the page's cart displays: the pill follows a cart changed
 * elsewhere. A visitor with no cart, a second "visible" without a hide, and a return while an
 * ask is under way ask nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import CartPill from '../../client/islands/CartPill.tsx';
import { refreshCartOnReturn } from '../../client/lib/cart-on-return.ts';
import type { ShoppingCart } from '../../client/lib/cart.ts';
import { clearCookies, setCookies, settle } from './helpers.ts';

const cartWith = (totalQuantity: number): ShoppingCart => ({
  id: 'c', entries: [], subtotalCents: 1500 * totalQuantity, taxCents: 0, shippingCostCents: 0, discountCents: 0,
  grandTotalCents: 1500 * totalQuantity, totalQuantity,
});

let visibility: DocumentVisibilityState = 'visible';
function showPage(state: DocumentVisibilityState): void {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the cart on a return to the page', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    clearCookies();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    stop();
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the cart changed in another tab once the tab is shown again', async () => {
    setCookies('hasCart=true');
    const load = vi.fn(async () => ({ ok: true, data: cartWith(3) }));
    render(<CartPill currency="USD" initialQuantity={1} initialSubtotalCents={1500} />);
    stop = refreshCartOnReturn(document, { load });
    expect(screen.getByRole('link', { name: 'One item in cart' })).toBeTruthy();
    showPage('hidden');
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      showPage('visible');
      await settle();
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: '3 items in cart' }).textContent).toContain('$45.00');
    // shown again without having been hidden: nothing more is asked
    showPage('visible');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks on a page restored by Back from the browser\'s cache, not on an ordinary load', async () => {
    setCookies('hasCart=true');
    const load = vi.fn(async () => ({ ok: true, data: cartWith(0) }));
    stop = refreshCartOnReturn(document, { load });
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    expect(load).not.toHaveBeenCalled();
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for a visitor without a cart, nor twice while an ask is under way', async () => {
    const load = vi.fn(() => new Promise<{ ok: boolean; data: ShoppingCart }>(() => undefined));
    stop = refreshCartOnReturn(document, { load });
    showPage('hidden');
    showPage('visible');
    expect(load).not.toHaveBeenCalled();
    setCookies('CART=abc');
    showPage('hidden');
    showPage('visible');
    showPage('hidden');
    showPage('visible');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves the page as it was when the ask fails', async () => {
    setCookies('hasCart=true');
    render(<CartPill currency="USD" initialQuantity={2} initialSubtotalCents={3000} />);
    const load = vi.fn(async () => ({ ok: false }));
    stop = refreshCartOnReturn(document, { load });
    await act(async () => {
      showPage('hidden');
      showPage('visible');
      await settle();
    });
    expect(screen.getByRole('link', { name: '2 items in cart' })).toBeTruthy();
  });
});
