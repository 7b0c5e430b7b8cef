// @vitest-environment jsdom
/**
 * Unsaved edits in the admin: leaving a screen whose form has changes asks first (the admin's
 * links, Sign out, the browser's Back), closing or reloading the tab gets the browser's prompt;
 * nothing asks once the edits are saved, typed back, or the product is deleted. And the admin's
 * "Skip to content" link.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { setSessionToken } from '../../client/admin/admin-api.ts';
import { AdminApp } from '../../client/admin/AdminApp.tsx';
import { AccountScreen } from '../../client/admin/screens/AccountScreen.tsx';
import { SettingsScreen } from '../../client/admin/screens/SettingsScreen.tsx';
import { StaffScreen } from '../../client/admin/screens/StaffScreen.tsx';
import { clearCookies, scriptFetch, setCookies, settle } from './helpers.ts';

const PERMISSIONS = ['admin.use', 'catalogue.read', 'catalogue.edit', 'orders.read', 'orders.manage', 'messages.read', 'settings.read', 'store.manage', 'staff.manage'];
const PRODUCT = {
  id: 'p1', title: 'Jacket', description: '', excerpt: '', productType: 'physical', urlSlug: 'jacket', visible: true, categories: [], tags: [],
  variantOptions: [], additionalFieldsFormId: null, images: [],
  variants: [{ id: 'v1', sku: 'J-1', priceCents: 1250, salePriceCents: 0, onSale: false, qtyInStock: 4, unlimited: false, weightGrams: 0, attributes: {} }],
};
const SETTINGS = {
  siteTitle: 'Linen & Loam', tagline: '', storeAddress: 'http://localhost:3000', currency: 'USD', taxRateBasisPoints: 800,
  storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
  shippingRates: [{ id: 'standard', name: 'Standard', kind: 'flat', priceCents: 600, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 }],
};

let confirm: ReturnType<typeof vi.fn>;

beforeEach(() => {
  setCookies('crumb=the-crumb');
  setSessionToken('session-token');
  confirm = vi.fn(() => false);
  vi.stubGlobal('confirm', confirm);
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => {
  cleanup();
  clearCookies();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function scriptAdmin() {
  return scriptFetch([
    { method: 'GET', path: '/api/admin/messages/forms', answer: { body: { forms: [] } } },
    { method: 'GET', path: '/api/admin/settings', answer: { body: { settings: SETTINGS, currencies: ['USD'] } } },
    { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product: PRODUCT } } },
    { method: 'PUT', path: '/api/admin/products/p1', answer: (call) => ({ body: { product: { ...PRODUCT, title: (call.body as { title: string }).title } } }) },
    { method: 'DELETE', path: '/api/admin/products/p1', answer: { body: { deleted: true } } },
    { method: 'GET', path: '/api/admin/products', answer: { body: { products: [], hasMore: false } } },
    { method: 'GET', path: '/api/admin/inventory', answer: { body: { variants: [], hasMore: false, lowStock: 5 } } },
    { method: 'DELETE', path: '/api/site-users/account/session', answer: { body: {} } },
  ]);
}

async function openProduct(): Promise<void> {
  window.history.replaceState(null, '', '/config/products/p1');
  render(<AdminApp account={{ email: 'owner@example.com', permissions: PERMISSIONS, xsrfToken: 'session-token' }} siteTitle="Shop" path="/config/products/p1" />);
  await settle();
  screen.getByRole('heading', { level: 1, name: ADMIN.editProduct });
}

const title = () => screen.getByLabelText(ADMIN.title) as HTMLInputElement;
const sectionLink = (name: string) => screen.getByRole('navigation', { name: ADMIN.navLabel }).querySelector(`a[href="/config/${name}"]`) as HTMLAnchorElement;

/** Whether closing or reloading the tab now would have the browser ask. */
function browserWouldAsk(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('leaving a product with unsaved edits', () => {
  it('asks before the admin menu takes the owner away, and keeps the edits when they stay', async () => {
    scriptAdmin();
    await openProduct();
    fireEvent.change(title(), { target: { value: 'Harbour Jacket' } });
    fireEvent.click(sectionLink('inventory'));
    await settle();
    expect(confirm).toHaveBeenCalledWith(ADMIN.unsavedChanges);
    expect(screen.getByRole('heading', { level: 1, name: ADMIN.editProduct })).toBeTruthy();
    expect(title().value).toBe('Harbour Jacket');
    expect(window.location.pathname).toBe('/config/products/p1');

    confirm.mockReturnValue(true);
    fireEvent.click(sectionLink('inventory'));
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: ADMIN.screens.inventory })).toBeTruthy();
    expect(window.location.pathname).toBe('/config/inventory');
    // the edits are given up: nothing asks any more
    expect(browserWouldAsk()).toBe(false);
  });

  it("asks on the browser's Back too, and puts the product's address back when the owner stays", async () => {
    scriptAdmin();
    await openProduct();
    fireEvent.change(title(), { target: { value: 'Harbour Jacket' } });
    // what the browser's Back does: the address changes, then popstate
    window.history.replaceState(null, '', '/config/products');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await settle();
    expect(confirm).toHaveBeenCalledWith(ADMIN.unsavedChanges);
    expect(window.location.pathname).toBe('/config/products/p1');
    expect(title().value).toBe('Harbour Jacket');

    confirm.mockReturnValue(true);
    window.history.replaceState(null, '', '/config/products');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await settle();
    expect(window.location.pathname).toBe('/config/products');
    expect(screen.getByRole('heading', { level: 1, name: ADMIN.screens.products })).toBeTruthy();
  });

  it('has the browser ask before closing or reloading the tab, until the edits are saved or typed back', async () => {
    scriptAdmin();
    await openProduct();
    expect(browserWouldAsk()).toBe(false);
    fireEvent.change(title(), { target: { value: 'Harbour Jacket' } });
    await settle();
    expect(browserWouldAsk()).toBe(true);
    fireEvent.change(title(), { target: { value: 'Jacket' } });
    await settle();
    expect(browserWouldAsk()).toBe(false);

    fireEvent.change(title(), { target: { value: 'Harbour Jacket' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe(ADMIN.productSaved);
    expect(browserWouldAsk()).toBe(false);
    fireEvent.click(sectionLink('inventory'));
    await settle();
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: ADMIN.screens.inventory })).toBeTruthy();
  });

  it('asks nothing more once the product is deleted, and asks before signing out', async () => {
    scriptAdmin();
    await openProduct();
    fireEvent.change(title(), { target: { value: 'Harbour Jacket' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.signOut }));
    await settle();
    expect(confirm).toHaveBeenLastCalledWith(ADMIN.unsavedChanges);

    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: ADMIN.delete }));
    await settle();
    expect(confirm.mock.calls.map((call) => call[0])).toEqual([ADMIN.unsavedChanges, ADMIN.confirmDelete]);
    expect(screen.getByRole('heading', { level: 1, name: ADMIN.screens.products })).toBeTruthy();
    expect(browserWouldAsk()).toBe(false);
  });
});

describe('the other forms with typing to lose', () => {
  it('settings, the account and a new member of staff each count as unsaved once typed in', async () => {
    scriptFetch([
      { method: 'GET', path: '/api/admin/settings', answer: { body: { settings: SETTINGS, currencies: ['USD'] } } },
      { method: 'GET', path: '/api/admin/staff', answer: { body: { staff: [], roles: [1, 8] } } },
    ]);
    const { unmount } = render(<SettingsScreen canEdit />);
    await settle();
    expect(browserWouldAsk()).toBe(false);
    fireEvent.change(screen.getByLabelText(ADMIN.tagline), { target: { value: 'Made by the sea' } });
    await settle();
    expect(browserWouldAsk()).toBe(true);
    unmount();
    expect(browserWouldAsk()).toBe(false);

    const account = render(<AccountScreen email="owner@example.com" onEmailChanged={() => {}} />);
    fireEvent.change(screen.getByLabelText(ADMIN.newEmail), { target: { value: 'me@harbour.example' } });
    await settle();
    expect(browserWouldAsk()).toBe(true);
    account.unmount();

    render(<StaffScreen />);
    await settle();
    expect(browserWouldAsk()).toBe(false);
    fireEvent.change(screen.getByLabelText(ADMIN.staffEmail), { target: { value: 'packer@example.com' } });
    await settle();
    expect(browserWouldAsk()).toBe(true);
  });
});

describe('skip to content', () => {
  it('is the first link of the admin and moves the focus to the screen', async () => {
    scriptAdmin();
    await openProduct();
    const skip = screen.getByRole('link', { name: ADMIN.skipToContent });
    expect(document.querySelector('a')).toBe(skip);
    expect(skip.getAttribute('href')).toBe('#admin-main');
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(window.location.hash).toBe('');
  });
});
