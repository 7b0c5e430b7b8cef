// @vitest-environment jsdom
/**
 * A session that ended while the phone slept is found as the owner wakes the phone, not at the
 * next save: on each return to the page one small call checks the session, and if it has ended
 * the password is asked over the screen at once, the edits kept. Nothing is asked while the page
 * is hidden, nor twice for one return.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { AdminApp } from '../../client/admin/AdminApp.tsx';
import { SESSION_CHECK_PATH } from '../../client/admin/session-check-on-return.ts';
import { moneyFormatFor } from '../../server/commerce/money-format.ts';
import { platformMessages } from '../../server/platform-messages.ts';
import { scriptFetch, settle, type ScriptedAnswer } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const PERMISSIONS = ['admin.use', 'catalogue.read', 'catalogue.edit', 'settings.read'];
const PRODUCT = {
  id: 'p1', title: 'Jacket', description: '', excerpt: '', productType: 'physical', urlSlug: 'jacket', visible: true, categories: [], tags: [],
  variantOptions: [], additionalFieldsFormId: null, images: [],
  variants: [{ id: 'v1', sku: 'J-1', priceCents: 1250, salePriceCents: 0, onSale: false, qtyInStock: 4, unlimited: false, weightGrams: 0, attributes: {} }],
};
const SIGNED_OUT: ScriptedAnswer = { status: 401, body: { message: platformMessages.signInRequired } };

let visibility: DocumentVisibilityState = 'visible';
afterEach(() => {
  visibility = 'visible';
  window.history.replaceState(null, '', '/');
});

/** The phone locked (hidden) or woken (visible), as the browser tells the page. */
function pageBecomes(state: DocumentVisibilityState): void {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** The editor open on a product, and the store, whose session holds until `ended` is set. */
async function openEditor(session: { ended: boolean }) {
  const calls = scriptFetch([
    { method: 'GET', path: '/api/admin/messages/forms', answer: { body: { forms: [] } } },
    { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product: PRODUCT } } },
    { method: 'GET', path: SESSION_CHECK_PATH, answer: () => (session.ended ? SIGNED_OUT : { status: 204 }) },
  ]);
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  vi.stubGlobal('scrollTo', vi.fn());
  window.history.replaceState(null, '', '/config/products/p1');
  render(<AdminApp account={{ email: 'owner@example.com', permissions: PERMISSIONS, xsrfToken: 'session-token' }} siteTitle="Shop" path="/config/products/p1" moneyFormat={moneyFormatFor('USD', 'en-US')} />);
  await settle();
  const checks = () => calls.filter((call) => call.url === SESSION_CHECK_PATH);
  return { calls, checks };
}

const title = () => screen.getByLabelText(ADMIN.title) as HTMLInputElement;

describe('coming back to the admin', () => {
  it('asks for the password at once when the session ended while the phone slept, keeping the edits', async () => {
    const session = { ended: false };
    const { calls, checks } = await openEditor(session);
    fireEvent.change(title(), { target: { value: 'Harbour Jacket' } });

    pageBecomes('hidden');
    session.ended = true;
    await settle();
    // nothing is asked while the phone sleeps
    expect(checks()).toHaveLength(0);

    pageBecomes('visible');
    await settle();
    expect(checks()).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: ADMIN.sessionEndedTitle })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(ADMIN.password));
    // before any save was tried, and with what was typed still there
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    expect(title().value).toBe('Harbour Jacket');
  });

  it('asks nothing more while the session holds, and checks once per return', async () => {
    const { checks } = await openEditor({ ended: false });
    // the page shown again without having been hidden: no return
    pageBecomes('visible');
    await settle();
    expect(checks()).toHaveLength(0);

    pageBecomes('hidden');
    pageBecomes('visible');
    pageBecomes('visible');
    await settle();
    expect(checks()).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    pageBecomes('hidden');
    pageBecomes('visible');
    await settle();
    expect(checks()).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('makes one check at a time, however quickly the phone is locked and woken', async () => {
    let answer: (value: unknown) => void = () => {};
    const slow = new Promise((resolve) => {
      answer = resolve;
    });
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/products', answer: { body: { products: [], hasMore: false } } },
      { method: 'GET', path: SESSION_CHECK_PATH, answer: { status: 204, after: slow } },
    ]);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    vi.stubGlobal('scrollTo', vi.fn());
    window.history.replaceState(null, '', '/config/products');
    render(<AdminApp account={{ email: 'owner@example.com', permissions: PERMISSIONS, xsrfToken: 'session-token' }} siteTitle="Shop" path="/config/products" />);
    await settle();
    for (let round = 0; round < 3; round += 1) {
      pageBecomes('hidden');
      pageBecomes('visible');
    }
    await settle();
    expect(calls.filter((call) => call.url === SESSION_CHECK_PATH)).toHaveLength(1);
    answer(undefined);
    await settle();
  });
});
