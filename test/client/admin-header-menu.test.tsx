// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { AdminHeader } from '../../client/admin/AdminHeader.tsx';

afterEach(cleanup);

/** The header as a phone has it: the Menu button before the sections and the account, which admin.css hides until it opens. */
function header(current: 'products' | 'orders' = 'products') {
  const onNavigate = vi.fn();
  const onSignOut = vi.fn();
  const props = { siteTitle: 'Linen & Loam', sections: ['products', 'orders', 'account'] as const, email: 'owner@example.com', inert: false, onNavigate, onSignOut };
  const view = render(<><AdminHeader {...props} current={current} /><main><button type="button">Elsewhere</button></main></>);
  const button = screen.getByRole('button', { name: ADMIN.menu });
  const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
  return { ...view, props, button, menu, onNavigate, onSignOut };
}

describe("the admin's header on a small screen", () => {
  it('is a disclosure button naming the current section beside it, which opens the sections and the account', () => {
    const { button, menu } = header();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(menu.classList.contains('admin-menu--open')).toBe(false);
    // the sections and Sign out are what it opens; the current section is named beside the button
    expect(within(menu).getByRole('navigation', { name: ADMIN.navLabel })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: ADMIN.signOut })).toBeTruthy();
    expect(button.previousElementSibling?.textContent).toBe(ADMIN.screens.products);
    // the menu comes right after the button, so Tab goes into it
    expect(button.nextElementSibling).toBe(menu);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menu.classList.contains('admin-menu--open')).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape, the focus back on the button when it was in the menu; an Escape elsewhere on the screen is left to it', () => {
    const { button, menu } = header();
    fireEvent.click(button);
    const orders = within(menu).getByRole('link', { name: ADMIN.screens.orders });
    orders.focus();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Elsewhere' }), { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(orders, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    // with nothing focused (Safari does not focus a tapped button)
    fireEvent.click(button);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // pressed on the button itself, the focus stays there
    fireEvent.click(button);
    button.focus();
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes as a section is chosen (which moves to it), and at a tap outside the header', () => {
    const { button, menu, onNavigate, rerender, props } = header();
    fireEvent.click(button);
    fireEvent.click(within(menu).getByRole('link', { name: ADMIN.screens.orders }));
    expect(onNavigate).toHaveBeenCalledWith('/config/orders');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    rerender(<><AdminHeader {...props} current="orders" /><main><button type="button">Elsewhere</button></main></>);
    expect(button.previousElementSibling?.textContent).toBe(ADMIN.screens.orders);
    expect(within(menu).getByRole('link', { name: ADMIN.screens.orders }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(button);
    fireEvent.pointerDown(within(menu).getByRole('link', { name: ADMIN.screens.products }));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('gives the focus back to the Menu button when the section already shown is chosen, rather than losing it with the menu', () => {
    const { button, menu, onNavigate } = header('orders');
    fireEvent.click(button);
    const link = within(menu).getByRole('link', { name: ADMIN.screens.orders });
    link.focus();
    fireEvent.click(link);
    expect(onNavigate).toHaveBeenCalledWith('/config/orders');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});
