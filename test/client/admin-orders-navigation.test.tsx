// @vitest-environment jsdom
/**
 * The way between the orders list and an order keeps the list's filters: an order opened from a
 * filtered list carries them in its address, and Back to orders leads to the same list. Orders in
 * the menu shows the whole list, as a fresh visit does, even from a filtered list.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { AdminApp } from '../../client/admin/AdminApp.tsx';
import { scriptFetch, settle, type FetchCall } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();
afterEach(() => window.history.replaceState(null, '', '/'));

const OWNER = { email: 'owner@example.com', xsrfToken: 'session-token', permissions: ['admin.use', 'orders.read', 'orders.manage'] };
const SUMMARY = { id: 'o1', orderNumber: '1042', createdOn: 0, email: 'jane@example.com', name: 'Jane Doe', grandTotalCents: 6800, currency: 'USD', status: 'paid', testMode: false, itemCount: 1 };

function scriptOrders(): FetchCall[] {
  return scriptFetch([
    { method: 'GET', path: '/api/admin/orders', answer: { body: { orders: [SUMMARY], hasMore: false, timeZone: 'America/New_York' } } },
    {
      method: 'GET', path: '/api/admin/orders/o1',
      answer: {
        body: {
          canSendEmail: true,
          order: {
            ...SUMMARY, subtotalCents: 6800, taxCents: 0, shippingCents: 0, discountCents: 0, shippingAddress: null, shippingOption: null,
            paymentReference: null, lines: [], history: [], emails: [],
          },
        },
      },
    },
  ]);
}

function openAdmin(address: string): void {
  vi.stubGlobal('scrollTo', vi.fn());
  window.history.replaceState(null, '', address);
  render(<AdminApp account={OWNER} siteTitle="Linen & Loam" path={new URL(address, 'http://shop.test').pathname} />);
}

/** The filters of the last call to the list (limit and offset left out). */
const lastListQuery = (calls: FetchCall[]): Record<string, string> => {
  const list = calls.filter((call) => call.url.split('?')[0] === '/api/admin/orders');
  const query = Object.fromEntries(new URL(list.at(-1)!.url, 'http://shop.test').searchParams);
  delete query.limit;
  delete query.offset;
  return query;
};

const FILTERED = '?status=paid&period=last-7-days&page=2';

describe('between the orders list and an order', () => {
  it('shows the whole list when Orders in the menu is chosen under a filtered list', async () => {
    const calls = scriptOrders();
    openAdmin(`/config/orders${FILTERED}`);
    await settle();
    expect(lastListQuery(calls)).toEqual({ status: 'paid', period: 'last-7-days' });
    const menu = screen.getByRole('navigation', { name: ADMIN.navLabel });
    fireEvent.click(within(menu).getByRole('link', { name: ADMIN.screens.orders }));
    await settle();
    expect(window.location.pathname + window.location.search).toBe('/config/orders');
    expect(lastListQuery(calls)).toEqual({});
    expect((screen.getByLabelText(ADMIN.status) as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText(ADMIN.orderPeriod) as HTMLSelectElement).value).toBe('all');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    // and Back returns to the filtered list
    window.history.back();
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    await settle();
    expect(lastListQuery(calls)).toEqual({ status: 'paid', period: 'last-7-days' });
  });

  it('opens an order with the list\'s filters in its address, and Back to orders leads to the same list', async () => {
    const calls = scriptOrders();
    openAdmin(`/config/orders${FILTERED}`);
    await settle();
    const orderLink = screen.getByRole('link', { name: '#1042' });
    expect(orderLink.getAttribute('href')).toBe(`/config/orders/o1${FILTERED}`);
    fireEvent.click(orderLink);
    await settle();
    expect(window.location.pathname + window.location.search).toBe(`/config/orders/o1${FILTERED}`);
    const back = screen.getByRole('link', { name: ADMIN.backToOrders });
    expect(back.getAttribute('href')).toBe(`/config/orders${FILTERED}`);
    fireEvent.click(back);
    await settle();
    expect(window.location.pathname + window.location.search).toBe(`/config/orders${FILTERED}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ADMIN.screens.orders);
    expect(lastListQuery(calls)).toEqual({ status: 'paid', period: 'last-7-days' });
    expect(calls.at(-1)!.url).toContain('offset=50');
  });

  it('leads an order opened on its own (an email\'s link) back to the whole list', async () => {
    scriptOrders();
    openAdmin('/config/orders/o1');
    await settle();
    expect(screen.getByRole('link', { name: ADMIN.backToOrders }).getAttribute('href')).toBe('/config/orders');
  });

  it('takes an emptied search box as no search once the status changes, as the Products screen does', async () => {
    const calls = scriptOrders();
    openAdmin('/config/orders?q=jane');
    await settle();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText(ADMIN.status), { target: { value: 'paid' } });
    await settle();
    expect(window.location.search).toBe('?status=paid');
    expect(lastListQuery(calls)).toEqual({ status: 'paid' });
  });
});
