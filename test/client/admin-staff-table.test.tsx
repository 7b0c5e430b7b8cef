// @vitest-environment jsdom
/** The staff table labels every cell with its column (its rows become cards on a phone) and keeps its table semantics explicit. */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { StaffScreen } from '../../client/admin/screens/StaffScreen.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

describe('the staff table', () => {
  it('labels the email and role cells for the phone\'s cards; the actions say themselves', async () => {
    const staff = [{ id: 'u1', email: 'owner@example.com', role: 1, createdOn: 0, you: true }, { id: 'u2', email: 'packer@example.com', role: 8, createdOn: 0, you: false }];
    scriptFetch([{ method: 'GET', path: '/api/admin/staff', answer: { body: { staff, roles: [1, 8] } } }]);
    render(<StaffScreen />);
    await settle();
    const table = screen.getByRole('table');
    expect(table.classList.contains('admin-table--cards')).toBe(true);
    expect(table.getAttribute('role')).toBe('table');
    expect(within(table).getAllByRole('columnheader').map((heading) => heading.textContent)).toEqual([ADMIN.staffEmail, ADMIN.role, ADMIN.memberActions]);
    for (const email of ['owner@example.com', 'packer@example.com']) {
      const member = document.querySelector<HTMLElement>(`tr[data-staff="${email}"]`)!;
      expect(member.getAttribute('role')).toBe('row');
      expect(within(member).getAllByRole('cell').map((cell) => cell.getAttribute('data-label'))).toEqual([ADMIN.staffEmail, ADMIN.role, null]);
    }
    const packer = document.querySelector<HTMLElement>('tr[data-staff="packer@example.com"]')!;
    expect(within(packer).getByRole('combobox', { name: `${ADMIN.role}: packer@example.com` })).toBeTruthy();
    expect(within(packer).getAllByRole('button').map((button) => button.textContent)).toEqual([ADMIN.newPasswordFor, ADMIN.remove]);
  });

  it("lists each role by its short name (a phone cut the long ones off), with what the chosen one may do said under its menu and describing it", async () => {
    const staff = [{ id: 'u2', email: 'packer@example.com', role: 8, createdOn: 0, you: false }];
    scriptFetch([{ method: 'GET', path: '/api/admin/staff', answer: { body: { staff, roles: [1, 8, 2] } } }]);
    render(<StaffScreen />);
    await settle();
    const described = (select: HTMLElement) => (select.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' ');
    const member = screen.getByRole('combobox', { name: `${ADMIN.role}: packer@example.com` }) as HTMLSelectElement;
    expect(Array.from(member.options, (option) => option.textContent)).toEqual(['Admin', 'Store manager', 'Billing']);
    expect(described(member)).toBe('products, stock, orders, settings');
    const adding = screen.getByLabelText(ADMIN.role) as HTMLSelectElement;
    expect(Array.from(adding.options, (option) => option.textContent)).toEqual(['Admin', 'Store manager', 'Billing']);
    expect(described(adding)).toBe('products, stock, orders, settings');
    fireEvent.change(adding, { target: { value: '2' } });
    expect(described(adding)).toBe('reads orders');
    // said whole elsewhere (a member's own role, the invitation email)
    expect(ADMIN.roleNames[8]).toBe('Store manager: products, stock, orders, settings');
  });
});
