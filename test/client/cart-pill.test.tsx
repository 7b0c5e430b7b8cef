// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import CartPill from '../../client/islands/CartPill.tsx';
import { cartItemCount, publishCart, shouldLoadCart, type ShoppingCart } from '../../client/lib/cart.ts';
import { cartCountLabel, cartCountText } from '../../client/lib/messages.ts';
import { clearCookies, scriptFetch, setCookies, settle } from './helpers.ts';

const cartWith = (totalQuantity: number, subtotalCents = 1000): ShoppingCart => ({
  id: 'c', entries: [], subtotalCents, taxCents: 0, shippingCostCents: 0, discountCents: 0, grandTotalCents: subtotalCents, totalQuantity,
});

describe('cart count display', () => {
  it('shows 100+ above 100 and the accessible labels', () => {
    expect(cartCountText(100)).toBe('100');
    expect(cartCountText(101)).toBe('100+');
    expect(cartCountLabel(1)).toBe('One item in cart');
    expect(cartCountLabel(7)).toBe('7 items in cart');
    expect(cartCountLabel(101)).toBe('More than 100 items in cart');
    expect(cartCountLabel(undefined)).toBe('Cart');
  });

  it('loads the cart only for a signed-in visitor, hasCart=true or a cart cookie', () => {
    expect(shouldLoadCart('')).toBe(false);
    expect(shouldLoadCart('hasCart=false')).toBe(false);
    expect(shouldLoadCart('hasCart=true')).toBe(true);
    expect(shouldLoadCart('CART=abc')).toBe(true);
    expect(shouldLoadCart(`SiteUserInfo=${encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: 'u' }))}`)).toBe(true);
    expect(shouldLoadCart(`SiteUserInfo=${encodeURIComponent(JSON.stringify({ authenticated: false }))}`)).toBe(false);
    expect(shouldLoadCart('SiteUserInfo=not-json')).toBe(false);
  });
});

describe('CartPill island', () => {
  beforeEach(() => clearCookies());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is hidden at 0 and appears with count and subtotal after a cart update', async () => {
    const calls = scriptFetch([]);
    render(<CartPill currency="USD" />);
    await settle();
    expect(calls).toHaveLength(0);
    const link = document.querySelector('a.sqs-pill-shopping-cart') as HTMLAnchorElement;
    expect(link.hidden).toBe(true);
    act(() => publishCart(cartWith(3, 4550)));
    const shown = screen.getByRole('link', { name: '3 items in cart' });
    expect((shown as HTMLAnchorElement).hidden).toBe(false);
    expect(shown.className).toContain('is-visible');
    expect(shown.textContent).toContain('$45.50');
    act(() => publishCart(cartWith(150)));
    expect(screen.getByRole('link', { name: 'More than 100 items in cart' }).textContent).toContain('100+');
  });

  it('sits in a landmark of its own, hidden with it while the cart is empty, as the page places it after the footer', () => {
    scriptFetch([]);
    render(<CartPill currency="USD" initialQuantity={0} />);
    expect(screen.queryByRole('complementary')).toBeNull();
    act(() => publishCart(cartWith(2, 1360)));
    const landmark = screen.getByRole('complementary', { name: 'Cart' });
    expect(landmark.contains(screen.getByRole('link', { name: '2 items in cart' }))).toBe(true);
  });

  it('fetches the cart when the has-cart cookie is true', async () => {
    setCookies('hasCart=true');
    const calls = scriptFetch([{ method: 'GET', path: '/api/commerce/shopping-cart', answer: { body: cartWith(1, 999) } }]);
    render(<CartPill currency="USD" />);
    await settle();
    expect(calls[0]!.url).toContain('/api/commerce/shopping-cart');
    expect(screen.getByRole('link', { name: 'One item in cart' }).textContent).toContain('$9.99');
  });

  it('as the header link, shows the total quantity and subtotal and follows cart updates', () => {
    render(<CartPill variant="link" currency="USD" initialQuantity={0} initialSubtotalCents={0} />);
    const empty = screen.getByRole('link', { name: '0 items in cart' });
    expect(empty.getAttribute('href')).toBe('/cart');
    expect(empty.className).toContain('cart-link--empty');
    expect(empty.className).toContain('is-initialized');
    expect((empty as HTMLAnchorElement).hidden).toBe(false);
    // the count and subtotal are drawn beside the link's word, in the box the link covers
    const count = (): string | null => document.querySelector('.cart-link-box [data-cart-count]')!.textContent;
    expect(count()).toBe('0');
    // Two entries, three units: the link counts units like the pill does.
    const entry = (id: string, quantity: number) => ({
      id, itemId: 'i', quantity, chosenVariant: { sku: id, attributes: {} }, additionalFields: null, title: 't', purchasePriceCents: 1000,
    });
    act(() => publishCart({ ...cartWith(3, 3000), entries: [entry('a', 1), entry('b', 2)] }));
    const filled = screen.getByRole('link', { name: '3 items in cart' });
    expect(filled.className).not.toContain('cart-link--empty');
    expect(count()).toBe('3');
    expect(document.querySelector('.cart-link-box')!.textContent).toContain('$30.00');
    act(() => publishCart(cartWith(101)));
    screen.getByRole('link', { name: 'More than 100 items in cart' });
    expect(count()).toBe('100+');
  });

  it('as the header link, shows only text its label contains, so speech control finds it by what it shows', () => {
    render(<CartPill variant="link" currency="USD" initialQuantity={1} initialSubtotalCents={6800} />);
    const link = screen.getByRole('link', { name: 'One item in cart' });
    expect(link.textContent).toBe('Cart');
    expect(link.getAttribute('aria-label')!.toLowerCase()).toContain(link.textContent!.toLowerCase());
  });

  it('counts units, not entries, when an answer leaves the total out', () => {
    const entries = [1, 4].map((quantity, index) => ({
      id: String(index), itemId: 'i', quantity, chosenVariant: { sku: 's', attributes: {} }, additionalFields: null, title: 't', purchasePriceCents: 1,
    }));
    expect(cartItemCount({ entries })).toBe(5);
    expect(cartItemCount({ totalQuantity: 7, entries })).toBe(7);
    expect(cartItemCount({})).toBe(0);
  });

  it('renders nothing where the pill is suppressed (cart page, express checkout, custom cart)', () => {
    render(<CartPill suppressed initialQuantity={4} />);
    expect(document.querySelector('a')).toBeNull();
  });
});
