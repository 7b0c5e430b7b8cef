// @vitest-environment jsdom
/**
 * The orders table labels every cell with its column (its rows become cards on a phone, as
 * Inventory's do), keeps its table semantics explicit, and holds an order's status and flags in
 * one piece, so a card's line keeps them together beside the Status label.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { OrdersScreen } from '../../client/admin/screens/OrdersScreen.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();
beforeEach(() => window.history.replaceState(null, '', '/config/orders'));
afterEach(() => window.history.replaceState(null, '', '/'));

const ORDER = { createdOn: 0, email: 'ada@example.com', name: 'Ada', grandTotalCents: 6800, currency: 'USD', itemCount: 1 };

describe('the orders table', () => {
  it('labels every cell for the phone\'s cards and keeps the table semantics explicit', async () => {
    scriptFetch([{
      method: 'GET', path: '/api/admin/orders',
      answer: {
        body: {
          orders: [
            { ...ORDER, id: 'o1', orderNumber: '1001', status: 'paid', testMode: true, emailsNotSent: 2 },
            { ...ORDER, id: 'o2', orderNumber: '1002', status: 'cancelled', testMode: false },
          ],
          hasMore: false,
        },
      },
    }]);
    render(<OrdersScreen navigate={() => undefined} />);
    await settle();
    const table = screen.getByRole('table');
    expect(table.classList.contains('admin-table--cards')).toBe(true);
    // explicit roles: a table shown as blocks on a phone stays a table to screen readers
    expect(table.getAttribute('role')).toBe('table');
    const headings = within(table).getAllByRole('columnheader').map((heading) => heading.textContent);
    expect(headings).toEqual([ADMIN.orderNumber, ADMIN.date, ADMIN.customer, ADMIN.total, ADMIN.status]);
    for (const id of ['o1', 'o2']) {
      const order = document.querySelector<HTMLElement>(`tr[data-order-id="${id}"]`)!;
      expect(order.getAttribute('role')).toBe('row');
      expect(within(order).getAllByRole('cell').map((cell) => cell.getAttribute('data-label'))).toEqual(headings);
    }
    // the status and its flags are one child of their cell, the cell's one line on a card
    const status = within(document.querySelector<HTMLElement>('tr[data-order-id="o1"]')!).getAllByRole('cell')[4]!;
    expect(status.childNodes).toHaveLength(1);
    expect(status.textContent).toBe(`${ADMIN.orderStatuses.paid} · ${ADMIN.testMode} · ${ADMIN.orderEmailsNotSent(2)}`);
  });
});
