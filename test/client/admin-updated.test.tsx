// @vitest-environment jsdom
/**
 * A new release installed on the server while the admin stayed open: every admin call's answer
 * names the admin script served now (X-Admin-Script), and once it is not the one this page
 * loaded, the admin says so over the screen, once, with a button that reloads the page.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { AdminApp } from '../../client/admin/AdminApp.tsx';
import { adminCall } from '../../client/admin/admin-api.ts';
import { ADMIN_SCRIPT_HEADER } from '../../client/admin/admin-root.ts';
import { setLoadedAdminScript } from '../../client/admin/admin-updated.ts';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();
afterEach(() => {
  setLoadedAdminScript(null);
  window.history.replaceState(null, '', '/');
});

const OWNER = { email: 'owner@example.com', xsrfToken: 'session-token', permissions: ['admin.use', 'orders.read'] };

function serving(script: string): void {
  scriptFetch([
    { method: 'GET', path: '/api/admin/orders', answer: { body: { orders: [], hasMore: false, timeZone: 'UTC' }, headers: { [ADMIN_SCRIPT_HEADER]: script } } },
    { method: 'GET', path: '/api/admin/ping', answer: { body: {}, headers: { [ADMIN_SCRIPT_HEADER]: script } } },
  ]);
}

async function openOrders(): Promise<void> {
  vi.stubGlobal('scrollTo', vi.fn());
  window.history.replaceState(null, '', '/config/orders');
  render(<AdminApp account={OWNER} siteTitle="Linen & Loam" path="/config/orders" />);
  await settle();
}

describe('a new release installed under an open admin', () => {
  it('says nothing while the server serves the script this page loaded', async () => {
    setLoadedAdminScript('/assets/admin-AAAA.js');
    serving('/assets/admin-AAAA.js');
    await openOrders();
    expect(screen.queryByText(ADMIN.adminUpdated)).toBeNull();
  });

  it('says so once another script is served, with a button that reloads the page', async () => {
    setLoadedAdminScript('/assets/admin-AAAA.js');
    serving('/assets/admin-BBBB.js');
    await openOrders();
    expect(screen.getByText(ADMIN.adminUpdated).closest('[role="status"]')).not.toBeNull();
    await act(async () => {
      await adminCall('GET', '/api/admin/ping');
    });
    expect(screen.getAllByText(ADMIN.adminUpdated)).toHaveLength(1);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.reloadAdmin }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('says nothing when the page does not know its script (an older shell) or the answer names none', async () => {
    setLoadedAdminScript(null);
    serving('/assets/admin-BBBB.js');
    await openOrders();
    expect(screen.queryByText(ADMIN.adminUpdated)).toBeNull();
  });
});
