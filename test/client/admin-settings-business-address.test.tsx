// @vitest-environment jsdom
/**
 * Settings: the web address is labelled as one (Shop web address), and the business address, a
 * group of its own with a hint saying where it is printed, is sent part by part with the settings;
 * a part the server refuses is marked under its field; the VAT number, in the same group, is shown,
 * sent and marked alike.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { AdminApp } from '../../client/admin/AdminApp.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();
afterEach(() => {
  window.history.replaceState(null, '', '/');
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

const SETTINGS = {
  siteTitle: 'Linen & Loam', tagline: '', storeAddress: 'https://shop.example.com', timeZone: 'America/New_York', currency: 'USD', taxRateBasisPoints: 800,
  businessAddress: { name: 'Linen & Loam', line1: '', line2: '', city: '', region: '', postalCode: '', country: '' },
  storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
  shippingRates: [{ id: 'standard', name: 'Standard', kind: 'flat', priceCents: 600, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 }],
};
const OWNER = { email: 'owner@example.com', xsrfToken: 'session-token', permissions: ['admin.use', 'settings.read', 'store.manage'] };

describe('the web address and the business address in Settings', () => {
  it('labels the web address as one, and sends the business address typed part by part', async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    Element.prototype.scrollIntoView = () => {};
    let refuse = true;
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/settings', answer: { body: { settings: SETTINGS, revision: 4, currencies: ['USD'], timeZones: ['America/New_York'] } } },
      {
        method: 'PUT', path: '/api/admin/settings',
        answer: (call) => (refuse
          ? { status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: { 'businessAddress.postalCode': 'Too long.' } } }
          : { body: { settings: { ...SETTINGS, ...(call.body as object) }, revision: 5 } }),
      },
    ]);
    window.history.replaceState(null, '', '/config/settings');
    render(<AdminApp account={OWNER} siteTitle="Linen & Loam" path="/config/settings" timeZone="America/New_York" />);
    await settle();
    expect((screen.getByLabelText('Shop web address') as HTMLInputElement).value).toBe('https://shop.example.com');
    expect(screen.queryByLabelText('Store address')).toBeNull();

    const group = screen.getByRole('group', { name: ADMIN.businessAddress });
    expect(document.getElementById(group.getAttribute('aria-describedby')!)?.textContent).toBe(ADMIN.businessAddressHint);
    expect((within(group).getByLabelText(ADMIN.businessName) as HTMLInputElement).value).toBe('Linen & Loam');
    const typed = { [ADMIN.addressLine1]: '12 Mill Lane', [ADMIN.addressCity]: 'Hudson', [ADMIN.addressRegion]: 'NY', [ADMIN.addressPostalCode]: '12534', [ADMIN.addressCountry]: 'United States' };
    for (const [label, value] of Object.entries(typed)) fireEvent.change(within(group).getByLabelText(label), { target: { value } });
    expect((within(group).getByLabelText(ADMIN.addressPostalCode) as HTMLInputElement).autocomplete).toBe('postal-code');

    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    const postal = within(group).getByLabelText(ADMIN.addressPostalCode);
    expect(postal.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(postal);

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    screen.getByText(ADMIN.settingsSaved);
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toMatchObject({
      storeAddress: 'https://shop.example.com',
      businessAddress: { name: 'Linen & Loam', line1: '12 Mill Lane', line2: '', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'United States' },
    });
  });

  it('shows the VAT number in the business address group, sends it, and marks a refused one under its field', async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    Element.prototype.scrollIntoView = () => {};
    let refuse = true;
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/settings', answer: { body: { settings: { ...SETTINGS, vatNumber: 'DE111111111' }, revision: 4, currencies: ['USD'], timeZones: ['America/New_York'] } } },
      {
        method: 'PUT', path: '/api/admin/settings',
        answer: (call) => (refuse
          ? { status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: { vatNumber: 'Not a VAT number.' } } }
          : { body: { settings: { ...SETTINGS, ...(call.body as object) }, revision: 5 } }),
      },
    ]);
    window.history.replaceState(null, '', '/config/settings');
    render(<AdminApp account={OWNER} siteTitle="Linen & Loam" path="/config/settings" timeZone="America/New_York" />);
    await settle();
    const group = screen.getByRole('group', { name: ADMIN.businessAddress });
    const vat = within(group).getByLabelText(ADMIN.vatNumber) as HTMLInputElement;
    expect(vat.value).toBe('DE111111111');
    expect(document.getElementById(vat.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(ADMIN.vatNumberHint);
    fireEvent.change(vat, { target: { value: 'DE 123/456' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(vat.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(vat);
    screen.getByText('Not a VAT number.');

    refuse = false;
    fireEvent.change(vat, { target: { value: 'DE123456789' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    screen.getByText(ADMIN.settingsSaved);
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toMatchObject({ vatNumber: 'DE123456789' });
  });
});
