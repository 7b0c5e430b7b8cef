// @vitest-environment jsdom
/**
 * Settings → Time zone: the store's zone (the website's timeZone), chosen from the IANA zones the
 * server offers, saved with the settings; the admin writes its dates in the new zone at once.
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
  siteTitle: 'Linen & Loam', tagline: '', storeAddress: 'http://localhost:3000', timeZone: 'America/New_York', currency: 'EUR', taxRateBasisPoints: 2000,
  storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
  shippingRates: [{ id: 'standard', name: 'Standard', kind: 'flat', priceCents: 600, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 }],
};
const OWNER = { email: 'owner@example.com', xsrfToken: 'session-token', permissions: ['admin.use', 'catalogue.read', 'settings.read', 'store.manage'] };

describe('the time zone in Settings', () => {
  it('offers the server\'s zones, says what follows it, saves the one chosen and writes the admin\'s dates in it at once', async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/settings', answer: { body: { settings: SETTINGS, revision: 2, currencies: ['EUR'], timeZones: ['America/New_York', 'Europe/Paris', 'America/Argentina/Buenos_Aires'] } } },
      { method: 'PUT', path: '/api/admin/settings', answer: (call) => ({ body: { settings: { ...SETTINGS, ...(call.body as object) }, revision: 3 } }) },
      {
        method: 'GET', path: '/api/admin/inventory',
        answer: { body: { variants: [{ productId: 'p1', productTitle: 'Harbour Jacket', variantId: 'v1', sku: 'HJ-S', attributes: {}, qtyInStock: 3, unlimited: false }], hasMore: false, lowStock: 5 } },
      },
      {
        method: 'GET', path: '/api/admin/inventory/v1/history',
        answer: { body: { changes: [{ delta: 2, quantityAfter: 3, reason: 'restock', actor: 'owner@example.com', orderId: null, createdOn: Date.UTC(2026, 10, 27, 12) }] } },
      },
    ]);
    window.history.replaceState(null, '', '/config/settings');
    render(<AdminApp account={OWNER} siteTitle="Linen & Loam" path="/config/settings" timeZone="America/New_York" />);
    await settle();
    const zone = screen.getByLabelText(ADMIN.timeZone) as HTMLSelectElement;
    expect(zone.value).toBe('America/New_York');
    expect([...zone.options].map((option) => [option.value, option.textContent])).toEqual([
      ['America/New_York', 'America/New York'], ['Europe/Paris', 'Europe/Paris'], ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos Aires'],
    ]);
    const hint = document.getElementById(zone.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toBe(ADMIN.timeZoneHint);
    expect(hint.textContent).toMatch(/pages.*admin.*orders/);

    fireEvent.change(zone, { target: { value: 'Europe/Paris' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    screen.getByText(ADMIN.settingsSaved);
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ timeZone: 'Europe/Paris', revisionWhenLoaded: 2 });

    fireEvent.click(screen.getByRole('link', { name: ADMIN.screens.inventory }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.historyOf('HJ-S') }));
    await settle();
    expect(screen.getByRole('region', { name: ADMIN.historyOf('HJ-S') }).querySelector('time')?.getAttribute('title')).toBe(ADMIN.storeTimeZoneTitle('Europe/Paris'));
  });
});
