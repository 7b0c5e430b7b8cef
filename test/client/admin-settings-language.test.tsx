// @vitest-environment jsdom
/**
 * Settings → Language and region: the store's locale (the website's language), chosen by name from
 * the list the server offers and saved as its code with the settings.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { AdminApp } from '../../client/admin/AdminApp.tsx';
import { storeDateText } from '../../client/admin/StoreDate.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

const SETTINGS = {
  siteTitle: 'Linen & Loam', tagline: '', storeAddress: 'http://localhost:3000', timeZone: 'Europe/Dublin', language: 'en-US', currency: 'EUR', taxRateBasisPoints: 2300,
  storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
  shippingRates: [{ id: 'standard', name: 'Standard', kind: 'flat', priceCents: 600, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 }],
};
const OWNER = { email: 'owner@example.com', xsrfToken: 'session-token', permissions: ['admin.use', 'catalogue.read', 'settings.read', 'store.manage'] };
const LANGUAGES = [{ code: 'en-IE', name: 'English (Ireland)' }, { code: 'en-US', name: 'English (United States)' }, { code: 'de-DE', name: 'German (Germany)' }];

describe('the language and region in Settings', () => {
  it('offers the server\'s regions by name, says what follows it, and saves the code of the one chosen', async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/settings', answer: { body: { settings: SETTINGS, revision: 4, currencies: ['EUR'], timeZones: ['Europe/Dublin'], languages: LANGUAGES } } },
      { method: 'PUT', path: '/api/admin/settings', answer: (call) => ({ body: { settings: { ...SETTINGS, ...(call.body as object) }, revision: 5 } }) },
    ]);
    window.history.replaceState(null, '', '/config/settings');
    render(<AdminApp account={OWNER} siteTitle="Linen & Loam" path="/config/settings" timeZone="Europe/Dublin" />);
    await settle();
    const language = screen.getByLabelText(ADMIN.language) as HTMLSelectElement;
    expect(language.value).toBe('en-US');
    expect([...language.options].map((option) => [option.value, option.textContent])).toEqual(LANGUAGES.map((choice) => [choice.code, choice.name]));
    const hint = document.getElementById(language.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toBe(ADMIN.languageHint);

    fireEvent.change(language, { target: { value: 'en-IE' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    screen.getByText(ADMIN.settingsSaved);
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ language: 'en-IE', revisionWhenLoaded: 4 });
    expect((screen.getByLabelText(ADMIN.language) as HTMLSelectElement).value).toBe('en-IE');
  });
});

describe('the admin\'s dates after the language is saved', () => {
  it('are written in the saved language at once', async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    const restocked = Date.UTC(2026, 10, 27, 12);
    scriptFetch([
      { method: 'GET', path: '/api/admin/settings', answer: { body: { settings: SETTINGS, revision: 4, currencies: ['EUR'], timeZones: ['Europe/Dublin'], languages: LANGUAGES } } },
      { method: 'PUT', path: '/api/admin/settings', answer: (call) => ({ body: { settings: { ...SETTINGS, ...(call.body as object) }, revision: 5 } }) },
      {
        method: 'GET', path: '/api/admin/inventory',
        answer: { body: { variants: [{ productId: 'p1', productTitle: 'Harbour Jacket', variantId: 'v1', sku: 'HJ-S', attributes: {}, qtyInStock: 3, unlimited: false }], hasMore: false, lowStock: 5 } },
      },
      {
        method: 'GET', path: '/api/admin/inventory/v1/history',
        answer: { body: { changes: [{ delta: 2, quantityAfter: 3, reason: 'restock', actor: 'owner@example.com', orderId: null, createdOn: restocked }] } },
      },
    ]);
    window.history.replaceState(null, '', '/config/settings');
    render(<AdminApp account={OWNER} siteTitle="Linen & Loam" path="/config/settings" timeZone="Europe/Dublin" locale="en-US" />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.language), { target: { value: 'de-DE' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    screen.getByText(ADMIN.settingsSaved);

    fireEvent.click(screen.getByRole('link', { name: ADMIN.screens.inventory }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.historyOf('HJ-S') }));
    await settle();
    const date = screen.getByRole('region', { name: ADMIN.historyOf('HJ-S') }).querySelector('time')!;
    expect(date.textContent).toBe(storeDateText(restocked, 'Europe/Dublin', 'de-DE'));
    expect(date.textContent).toMatch(/^27\.11\.2026, 12:00:00/);
  });
});
