// @vitest-environment jsdom
/**
 * Settings → Shipping rates → Ships to: one text box per rate, its codes shown separated by
 * commas, empty for everywhere (its hint says so), the pieces typed sent as a list, and the
 * server's refusal of a country shown under that rate's box.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { SettingsScreen } from '../../client/admin/screens/SettingsScreen.tsx';
import { countriesTyped } from '../../client/admin/rate-countries-input.ts';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const settings = {
  siteTitle: 'Leinen & Lehm', tagline: '', storeAddress: 'http://localhost:3000', currency: 'EUR', taxRateBasisPoints: 1900,
  storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
  shippingRates: [
    { id: 'dhl', name: 'DHL Paket Deutschland', kind: 'flat', priceCents: 490, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0, countries: ['DE'] },
    // a rate of a server from before zones: no countries at all
    { id: 'world', name: 'World', kind: 'flat', priceCents: 2500, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 },
  ],
};

const described = (input: HTMLElement) => (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
const refusal = `"Atlantis" is not a country the checkout ships to: use its code (AT) or its name (Austria), separated by commas.`;

describe('a shipping rate\'s countries in the settings', () => {
  it('shows each rate\'s codes in one box, empty for everywhere, saying what to type', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/settings', answer: { body: { settings, currencies: ['EUR'] } } }]);
    render(<SettingsScreen canEdit />);
    await settle();
    const dhl = within(screen.getByRole('group', { name: 'DHL Paket Deutschland' })).getByLabelText(ADMIN.rateCountries) as HTMLInputElement;
    expect(dhl.value).toBe('DE');
    expect(described(dhl)).toEqual([ADMIN.rateCountriesHint]);
    expect(ADMIN.rateCountriesHint).toMatch(/Leave empty to ship everywhere/);
    // codes are not words: no capital-first or corrections from a phone's keyboard
    expect(dhl.getAttribute('autocapitalize')).toBe('characters');
    expect(dhl.getAttribute('spellcheck')).toBe('false');
    expect((within(screen.getByRole('group', { name: 'World' })).getByLabelText(ADMIN.rateCountries) as HTMLInputElement).value).toBe('');
  });

  it('sends the codes and names typed as a list, and shows a refusal under that rate\'s box', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/settings', answer: { body: { settings, currencies: ['EUR'] } } },
      { method: 'PUT', path: '/api/admin/settings', answer: { status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: { 'shippingRates.1.countries': refusal } } } },
    ]);
    render(<SettingsScreen canEdit />);
    await settle();
    const world = within(screen.getByRole('group', { name: 'World' }));
    fireEvent.change(world.getByLabelText(ADMIN.rateCountries), { target: { value: 'AT, Switzerland;; atlantis ,' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    const sent = (calls.find((call) => call.method === 'PUT')!.body as { shippingRates: Array<{ countries: string[] }> }).shippingRates;
    expect(sent.map((rate) => rate.countries)).toEqual([['DE'], ['AT', 'Switzerland', 'atlantis']]);
    const box = world.getByLabelText(ADMIN.rateCountries);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(described(box)).toContain(refusal);
  });

  it('reads an empty box as none: everywhere', () => {
    expect(countriesTyped('  ')).toEqual([]);
    expect(countriesTyped('DE\nAT')).toEqual(['DE', 'AT']);
  });
});
