// @vitest-environment jsdom
/**
 * A site title saved in Settings is the admin's name for the store at once: its header and the
 * browser tab say the new name without a reload.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { AdminApp } from '../../client/admin/AdminApp.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

const SETTINGS = {
  siteTitle: 'Linen & Loam', tagline: '', storeAddress: 'http://localhost:3000', currency: 'USD', taxRateBasisPoints: 800,
  storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
  shippingRates: [{ id: 'standard', name: 'Standard', kind: 'flat', priceCents: 600, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 }],
};

describe('the site title in the admin', () => {
  it('names the store by its new title in the header and the tab once the settings are saved', async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    scriptFetch([
      { method: 'GET', path: '/api/admin/settings', answer: { body: { settings: SETTINGS, currencies: ['USD'] } } },
      { method: 'PUT', path: '/api/admin/settings', answer: (call) => ({ body: { settings: { ...SETTINGS, ...(call.body as object) } } }) },
    ]);
    window.history.replaceState(null, '', '/config/settings');
    // the tab's title as the server writes it on the first view
    document.title = `${ADMIN.appTitle} — Linen & Loam`;
    render(<AdminApp account={{ email: 'owner@example.com', permissions: ['admin.use', 'settings.read', 'store.manage'], xsrfToken: 'session-token' }} siteTitle="Linen & Loam" path="/config/settings" />);
    await settle();
    expect(document.querySelector('.admin-brand')?.textContent).toBe(`Linen & Loam · ${ADMIN.appTitle}`);
    expect(document.title).toBe(`${ADMIN.appTitle} — Linen & Loam`);

    fireEvent.change(screen.getByLabelText(ADMIN.siteTitle), { target: { value: 'Hilltop Goods' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    screen.getByText(ADMIN.settingsSaved);
    expect(document.querySelector('.admin-brand')?.textContent).toBe(`Hilltop Goods · ${ADMIN.appTitle}`);
    expect(document.title).toBe(`${ADMIN.appTitle} — Hilltop Goods`);
  });
});
