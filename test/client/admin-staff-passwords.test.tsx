// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { StaffScreen } from '../../client/admin/screens/StaffScreen.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const member = (id: string, email: string, role: number, you = false) => ({ id, email, role, createdOn: 0, you });

/** A store without a mail server: each member added gets a generated password, answered once. */
function staffCalls() {
  let staff = [member('u1', 'owner@example.com', 1, true)];
  let next = 1;
  return scriptFetch([
    { method: 'GET', path: '/api/admin/staff', answer: () => ({ body: { staff, roles: [1, 8, 4, 10, 2] } }) },
    {
      method: 'POST', path: '/api/admin/staff',
      answer: (call) => {
        const { email, role } = call.body as { email: string; role: number };
        const added = member(`u${++next}`, email.trim().toLowerCase(), role);
        staff = [...staff, added];
        return { status: 201, body: { member: added, password: `pw-${added.email}`, message: ADMIN.staffAdded.replace('{email}', added.email) } };
      },
    },
    { method: 'POST', path: /\/api\/admin\/staff\/u\d+\/password$/, answer: (call) => ({ body: { password: `new-${call.url.split('/').at(-2)}`, message: 'New password.' } }) },
    {
      method: 'DELETE', path: /\/api\/admin\/staff\/u\d+$/,
      answer: (call) => {
        staff = staff.filter((one) => one.id !== call.url.split('/').at(-1));
        return { body: { message: 'Removed.' } };
      },
    },
  ]);
}

async function add(email: string): Promise<void> {
  fireEvent.change(screen.getByLabelText(ADMIN.staffEmail), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: ADMIN.add }));
  await settle();
}

/** The passwords on screen, as "whose: password". */
function passwordsShown(): string[] {
  const list = screen.queryByRole('list', { name: ADMIN.staffPasswords });
  if (!list) return [];
  return within(list).getAllByRole('listitem').map((item) => `${item.getAttribute('data-password-for')}: ${item.querySelector('code')!.textContent}`);
}

describe("the staff screen's generated passwords", () => {
  it("keeps each new member's password on screen, named, when another is added, until dismissed", async () => {
    staffCalls();
    render(<StaffScreen />);
    await settle();
    await add('ann@example.com');
    await add('Bob@Example.com');
    expect(passwordsShown()).toEqual(['ann@example.com: pw-ann@example.com', 'bob@example.com: pw-bob@example.com']);
    const list = screen.getByRole('list', { name: ADMIN.staffPasswords });
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain(ADMIN.staffPasswordOf.replace('{email}', 'ann@example.com'));
    // each whole on its own, to be copied
    expect(screen.getByText('pw-ann@example.com').tagName).toBe('CODE');
    // the latest answer is announced as before
    expect(screen.getByRole('status').textContent).toBe(ADMIN.staffAdded.replace('{email}', 'bob@example.com'));
    // a refused add, or a role change, hides none of them
    fireEvent.change(screen.getByRole('combobox', { name: `${ADMIN.role}: ann@example.com` }), { target: { value: '4' } });
    await settle();
    expect(passwordsShown()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: ADMIN.dismissPasswordOf.replace('{email}', 'ann@example.com') }));
    expect(passwordsShown()).toEqual(['bob@example.com: pw-bob@example.com']);
    fireEvent.click(screen.getByRole('button', { name: ADMIN.dismissPasswordOf.replace('{email}', 'bob@example.com') }));
    expect(screen.queryByRole('list', { name: ADMIN.staffPasswords })).toBeNull();
  });

  it("replaces a member's password when they are given a new one, and drops it when they are removed", async () => {
    staffCalls();
    vi.stubGlobal('confirm', vi.fn(() => true));
    render(<StaffScreen />);
    await settle();
    await add('ann@example.com');
    await add('bob@example.com');
    fireEvent.click(screen.getByRole('button', { name: `${ADMIN.newPasswordFor}: ann@example.com` }));
    await settle();
    // the old one no longer works: only the new one is shown, last
    expect(passwordsShown()).toEqual(['bob@example.com: pw-bob@example.com', 'ann@example.com: new-u2']);
    fireEvent.click(screen.getByRole('button', { name: `${ADMIN.remove} bob@example.com` }));
    await settle();
    expect(passwordsShown()).toEqual(['ann@example.com: new-u2']);
  });

  it('forgets the passwords once the screen is left', async () => {
    staffCalls();
    const { unmount } = render(<StaffScreen />);
    await settle();
    await add('ann@example.com');
    expect(passwordsShown()).toHaveLength(1);
    unmount();
    render(<StaffScreen />);
    await settle();
    expect(passwordsShown()).toEqual([]);
  });
});
