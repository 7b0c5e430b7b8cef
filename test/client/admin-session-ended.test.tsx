// @vitest-environment jsdom
/**
 * The session ends under an open admin (a phone asleep past its hours): the first call refused as
 * signed out brings a prompt for the password over the screen, which keeps what was typed; signed
 * in again, the calls carry the new session's token, so the owner saves the same edits, and a
 * section that could not load asks again by itself. A wrong password is said in the prompt.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { AdminApp } from '../../client/admin/AdminApp.tsx';
import { platformMessages } from '../../server/platform-messages.ts';
import { scriptFetch, settle, type FetchCall, type ScriptedAnswer } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const PERMISSIONS = ['admin.use', 'catalogue.read', 'catalogue.edit', 'orders.read', 'orders.manage', 'messages.read', 'settings.read', 'store.manage'];
const PRODUCT = {
  id: 'p1', title: 'Jacket', description: '', excerpt: '', productType: 'physical', urlSlug: 'jacket', visible: true, categories: [], tags: [],
  variantOptions: [], additionalFieldsFormId: null, images: [],
  variants: [{ id: 'v1', sku: 'J-1', priceCents: 1250, salePriceCents: 0, onSale: false, qtyInStock: 4, unlimited: false, weightGrams: 0, attributes: {} }],
};
const SIGNED_OUT_MESSAGE = platformMessages.signInRequired;
const SIGNED_OUT: ScriptedAnswer = { status: 401, body: { message: SIGNED_OUT_MESSAGE } };

/** The store, whose session has ended until the password is given again. */
function scriptStore() {
  let signedIn = false;
  const whileSignedIn = (answer: (call: FetchCall) => ScriptedAnswer) => (call: FetchCall) => (signedIn ? answer(call) : SIGNED_OUT);
  const calls = scriptFetch([
    { method: 'GET', path: '/api/admin/messages/forms', answer: { body: { forms: [] } } },
    { method: 'GET', path: '/api/admin/settings', answer: { body: { settings: { currency: 'USD' }, currencies: ['USD'] } } },
    { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product: PRODUCT } } },
    { method: 'PUT', path: '/api/admin/products/p1', answer: whileSignedIn((call) => ({ body: { product: { ...PRODUCT, title: (call.body as { title: string }).title } } })) },
    { method: 'GET', path: '/api/admin/orders', answer: whileSignedIn(() => ({ body: { orders: [], hasMore: false } })) },
    {
      method: 'POST', path: '/api/site-users/account/session', answer: (call) => {
        if ((call.body as { password: string }).password !== 'the right password') return { status: 401, body: { message: 'Invalid credentials.' } };
        signedIn = true;
        return { body: { xsrfToken: 'new-session-token', siteUserId: 'owner' } };
      },
    },
  ]);
  return calls;
}

async function openAdmin(path: string): Promise<void> {
  vi.stubGlobal('scrollTo', vi.fn());
  window.history.replaceState(null, '', path);
  render(<AdminApp account={{ email: 'owner@example.com', permissions: PERMISSIONS, xsrfToken: 'session-token' }} siteTitle="Shop" path={path} />);
  await settle();
}

const title = () => screen.getByLabelText(ADMIN.title) as HTMLInputElement;

describe('a session that ended while the admin was open', () => {
  it('asks for the password over the product editor, keeps the edits, and saves them once signed in again', async () => {
    const calls = scriptStore();
    await openAdmin('/config/products/p1');
    fireEvent.change(title(), { target: { value: 'Harbour Jacket' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();

    const prompt = screen.getByRole('dialog', { name: ADMIN.sessionEndedTitle });
    expect(prompt.getAttribute('aria-modal')).toBe('true');
    expect(within(prompt).getByText(ADMIN.sessionEnded)).toBeTruthy();
    expect((within(prompt).getByLabelText(ADMIN.email) as HTMLInputElement).value).toBe('owner@example.com');
    const password = within(prompt).getByLabelText(ADMIN.password) as HTMLInputElement;
    expect(document.activeElement).toBe(password);
    // the screen underneath is as it was, and out of reach until signed in again
    expect(title().value).toBe('Harbour Jacket');
    expect(document.querySelector('main')!.hasAttribute('inert')).toBe(true);

    fireEvent.change(password, { target: { value: 'a wrong one' } });
    fireEvent.click(within(prompt).getByRole('button', { name: ADMIN.signIn }));
    await settle();
    expect(within(prompt).getByRole('alert').textContent).toBe(ADMIN.signInFailed);

    fireEvent.change(password, { target: { value: 'the right password' } });
    fireEvent.click(within(prompt).getByRole('button', { name: ADMIN.signIn }));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('main')!.hasAttribute('inert')).toBe(false);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(ADMIN.signedInAgain);
    expect(title().value).toBe('Harbour Jacket');

    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    const saves = calls.filter((call) => call.method === 'PUT');
    expect(saves).toHaveLength(2);
    expect(saves[1]!.headers['X-SiteUser-XSRF-Token']).toBe('new-session-token');
    expect((saves[1]!.body as { title: string }).title).toBe('Harbour Jacket');
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(ADMIN.productSaved);
  });

  it("takes away the editor's refusal of the save once the owner has signed in again", async () => {
    scriptStore();
    await openAdmin('/config/products/p1');
    fireEvent.change(title(), { target: { value: 'Harbour Jacket' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    // said by the Save button, under the prompt
    expect(screen.getByText(SIGNED_OUT_MESSAGE)).toBeTruthy();

    const prompt = screen.getByRole('dialog', { name: ADMIN.sessionEndedTitle });
    fireEvent.change(within(prompt).getByLabelText(ADMIN.password), { target: { value: 'the right password' } });
    fireEvent.click(within(prompt).getByRole('button', { name: ADMIN.signIn }));
    await settle();
    expect(screen.queryByText(SIGNED_OUT_MESSAGE)).toBeNull();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(ADMIN.signedInAgain);
    expect(title().value).toBe('Harbour Jacket');
  });

  it('loads a section that could not load once the owner has signed in again', async () => {
    scriptStore();
    await openAdmin('/config/orders');
    expect(screen.getByText(SIGNED_OUT_MESSAGE)).toBeTruthy();
    const prompt = screen.getByRole('dialog', { name: ADMIN.sessionEndedTitle });
    fireEvent.change(within(prompt).getByLabelText(ADMIN.password), { target: { value: 'the right password' } });
    fireEvent.click(within(prompt).getByRole('button', { name: ADMIN.signIn }));
    await settle();
    expect(screen.queryByText(SIGNED_OUT_MESSAGE)).toBeNull();
    expect(screen.getByText(ADMIN.noOrders)).toBeTruthy();
  });
});
