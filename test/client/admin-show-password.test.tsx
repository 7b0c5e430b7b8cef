// @vitest-environment jsdom
/**
 * Show password: a new password can be checked before it is saved, on the account screen and on
 * the page an emailed link opens (with no mail server, a typo would lock the owner out). A toggle
 * button: pressed, it shows the new password(s) of its form as text; pressed again, hides them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { setSessionToken } from '../../client/admin/admin-api.ts';
import { ResetPassword } from '../../client/admin/ResetPassword.tsx';
import { AccountScreen } from '../../client/admin/screens/AccountScreen.tsx';
import { clearCookies, scriptFetch, setCookies, settle } from './helpers.ts';

beforeEach(() => {
  setCookies('crumb=the-crumb');
  setSessionToken('session-token');
});
afterEach(() => {
  cleanup();
  clearCookies();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('Show password', () => {
  it('on the account screen shows and hides the new password, never the current one, and hides it again once saved', async () => {
    scriptFetch([{ method: 'PUT', path: '/api/admin/account/password', answer: { body: { message: 'Changed.' } } }]);
    render(<AccountScreen email="owner@example.com" onEmailChanged={() => {}} />);
    const form = screen.getByRole('heading', { name: ADMIN.changePassword }).closest('form')!;
    const current = within(form).getByLabelText(ADMIN.currentPassword) as HTMLInputElement;
    const typed = within(form).getByLabelText(ADMIN.newPassword) as HTMLInputElement;
    const toggle = within(form).getByRole('button', { name: ADMIN.showPassword });
    expect(typed.type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(typed.id);
    fireEvent.change(typed, { target: { value: 'a long new passphrase' } });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(typed.type).toBe('text');
    expect(typed.value).toBe('a long new passphrase');
    expect(current.type).toBe('password');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(typed.type).toBe('password');
    fireEvent.click(toggle);
    fireEvent.change(current, { target: { value: 'the old one' } });
    fireEvent.click(within(form).getByRole('button', { name: ADMIN.changePassword }));
    await settle();
    expect(typed.type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('on the page of an emailed link shows and hides both boxes of the new password', async () => {
    window.history.replaceState(null, '', '/config/reset-password#token=abc');
    scriptFetch([]);
    render(<ResetPassword signInPath="/config" />);
    await settle();
    const first = screen.getByLabelText(ADMIN.newPassword) as HTMLInputElement;
    const again = screen.getByLabelText(ADMIN.newPasswordAgain) as HTMLInputElement;
    const toggle = screen.getByRole('button', { name: ADMIN.showPassword });
    expect([first.type, again.type]).toEqual(['password', 'password']);
    expect(toggle.getAttribute('aria-controls')).toBe(`${first.id} ${again.id}`);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect([first.type, again.type]).toEqual(['text', 'text']);
    fireEvent.click(toggle);
    expect([first.type, again.type]).toEqual(['password', 'password']);
  });
});
