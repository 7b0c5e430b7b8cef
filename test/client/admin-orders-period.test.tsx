// @vitest-environment jsdom
/**
 * The orders screen by the days orders were placed: a named period or dates between, with the
 * status, search and page, all kept in the address (Back and a reload open the same list); the
 * line above the list says what the orders found took, in the store's money format; dates are
 * written in the store's time zone; the export takes the same filters.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import type { MoneyFormat } from '../../client/lib/money.ts';
import { OrdersScreen } from '../../client/admin/screens/OrdersScreen.tsx';
import { scriptFetch, settle, type FetchCall } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const ZONE = 'America/Los_Angeles';
// 23:30 on 14 January 2025 in Los Angeles: already the 15th in UTC
const LATE_EVENING = Date.UTC(2025, 0, 15, 7, 30);
const EUROS_IN_GERMAN: MoneyFormat = {
  currency: 'EUR', fractionDigits: 2, positive: { prefix: '', suffix: ' €' }, negative: { prefix: '-', suffix: ' €' },
  decimal: ',', group: '.', primaryGroup: 3, secondaryGroup: 3, minimumGroupingDigits: 1,
};
const SUMMARY = { orders: 5, notCounted: 2, taken: [{ currency: 'EUR', cents: 280_050 }], takenInTestMode: [{ currency: 'EUR', cents: 700 }] };

function scriptOrders(): FetchCall[] {
  return scriptFetch([{
    method: 'GET', path: '/api/admin/orders',
    answer: {
      body: {
        orders: [{ id: 'o1', orderNumber: '1001', createdOn: LATE_EVENING, email: null, name: 'Ada', grandTotalCents: 1250, currency: 'EUR', status: 'paid', testMode: false, itemCount: 1 }],
        hasMore: true, summary: SUMMARY, period: { from: null, to: null }, timeZone: ZONE, moneyFormat: EUROS_IN_GERMAN,
      },
    },
  }]);
}

/** The filters of the last call to the list, as the address would carry them (limit left out). */
const lastListQuery = (calls: FetchCall[]): Record<string, string> => {
  const query = Object.fromEntries(new URL(calls.at(-1)!.url, 'http://shop.test').searchParams);
  delete query.limit;
  return query;
};

const period = () => screen.getByLabelText(ADMIN.orderPeriod) as HTMLSelectElement;

/** What the browser's Back does: the address changes, then popstate. */
async function back(address: string): Promise<void> {
  window.history.replaceState(null, '', address);
  window.dispatchEvent(new PopStateEvent('popstate'));
  await settle();
}

beforeEach(() => window.history.replaceState(null, '', '/config/orders'));
afterEach(() => window.history.replaceState(null, '', '/'));

describe('the orders screen by date', () => {
  it('opens the list its address names, with the filters and the page shown, and the export of the same orders', async () => {
    window.history.replaceState(null, '', '/config/orders?status=paid&q=ada&period=last-7-days&page=3');
    const calls = scriptOrders();
    render(<OrdersScreen navigate={() => undefined} />);
    await settle();
    expect(lastListQuery(calls)).toEqual({ offset: '100', status: 'paid', q: 'ada', period: 'last-7-days' });
    expect(period().value).toBe('last-7-days');
    expect((screen.getByLabelText(ADMIN.status) as HTMLSelectElement).value).toBe('paid');
    expect((screen.getByRole('searchbox', { name: ADMIN.search }) as HTMLInputElement).value).toBe('ada');
    expect(within(screen.getByRole('navigation', { name: ADMIN.pages })).getByText('101–101')).toBeTruthy();
    expect(screen.getByRole('link', { name: ADMIN.exportCsv }).getAttribute('href')).toBe('/api/admin/orders.csv?status=paid&q=ada&period=last-7-days');
    // the packing slips are those of the orders listed, as the export's rows are
    expect(screen.getByRole('link', { name: ADMIN.printPackingSlips }).getAttribute('href')).toBe('/config/packing-slips?status=paid&q=ada&period=last-7-days');
  });

  it('keeps each choice in the address, from the first page, and Back goes to the one before', async () => {
    window.history.replaceState(null, '', '/config/orders?page=2');
    const calls = scriptOrders();
    render(<OrdersScreen navigate={() => undefined} />);
    await settle();
    fireEvent.change(period(), { target: { value: 'today' } });
    await settle();
    expect(window.location.search).toBe('?period=today');
    expect(lastListQuery(calls)).toEqual({ offset: '0', period: 'today' });
    fireEvent.change(period(), { target: { value: 'this-month' } });
    await settle();
    expect(lastListQuery(calls)).toEqual({ offset: '0', period: 'this-month' });
    await back('/config/orders?period=today');
    expect(period().value).toBe('today');
    expect(lastListQuery(calls)).toEqual({ offset: '0', period: 'today' });
    fireEvent.change(period(), { target: { value: 'all' } });
    await settle();
    expect(window.location.search).toBe('');
    expect(lastListQuery(calls)).toEqual({ offset: '0' });
  });

  it('shows the orders between two dates once they are in order, and says so when they are not', async () => {
    const calls = scriptOrders();
    render(<OrdersScreen navigate={() => undefined} />);
    await settle();
    fireEvent.change(period(), { target: { value: 'custom' } });
    const from = screen.getByLabelText(ADMIN.orderPeriodFrom) as HTMLInputElement;
    const to = screen.getByLabelText(ADMIN.orderPeriodTo) as HTMLInputElement;
    expect(from.type).toBe('date');
    fireEvent.change(from, { target: { value: '2025-01-15' } });
    fireEvent.change(to, { target: { value: '2025-01-14' } });
    const asked = calls.length;
    fireEvent.click(screen.getByRole('button', { name: ADMIN.showOrders }));
    await settle();
    expect(calls).toHaveLength(asked);
    expect(screen.getByRole('alert').textContent).toBe(ADMIN.server.periodBackwards);
    expect(to.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(to, { target: { value: '2025-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.showOrders }));
    await settle();
    expect(window.location.search).toBe('?from=2025-01-15&to=2025-01-31');
    expect(lastListQuery(calls)).toEqual({ offset: '0', from: '2025-01-15', to: '2025-01-31' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(period().value).toBe('custom');
    expect((screen.getByLabelText(ADMIN.orderPeriodFrom) as HTMLInputElement).value).toBe('2025-01-15');
  });

  it('offers the dates when Between dates is chosen from a named period, which the list keeps until they are shown', async () => {
    window.history.replaceState(null, '', '/config/orders?period=today');
    const calls = scriptOrders();
    render(<OrdersScreen navigate={() => undefined} />);
    await settle();
    expect(period().value).toBe('today');
    fireEvent.change(period(), { target: { value: 'custom' } });
    await settle();
    expect(period().value).toBe('custom');
    expect(window.location.search).toBe('?period=today');
    fireEvent.change(screen.getByLabelText(ADMIN.orderPeriodFrom), { target: { value: '2025-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.showOrders }));
    await settle();
    expect(window.location.search).toBe('?from=2025-01-01');
    expect(lastListQuery(calls)).toEqual({ offset: '0', from: '2025-01-01' });
    expect(period().value).toBe('custom');
  });

  it('says what the orders found took, in the store\'s money, and writes dates in the store\'s time zone', async () => {
    scriptOrders();
    render(<OrdersScreen navigate={() => undefined} />);
    await settle();
    expect(screen.getByText(/orders ·/).textContent).toBe(
      '5 orders · 2.800,50 € taken by paid and fulfilled orders · 7,00 € in test mode, where no money moves · 2 cancelled or refunded orders not counted',
    );
    const row = screen.getByText('Ada').closest('tr')!;
    expect(row.textContent).toContain('12,50 €');
    const written = new Date(LATE_EVENING).toLocaleString(undefined, { timeZone: ZONE });
    expect(written).toContain('11:30');
    // the zone named in its title, and in its text when the browser's own zone writes another time
    const date = row.querySelector('time')!;
    expect(date.textContent).toContain(written);
    expect(date.getAttribute('title')).toBe(ADMIN.storeTimeZoneTitle(ZONE));
    expect(document.getElementById(period().getAttribute('aria-describedby')!)!.textContent).toBe(ADMIN.orderPeriodHint(ZONE));
  });
});
