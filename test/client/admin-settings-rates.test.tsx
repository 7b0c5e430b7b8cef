// @vitest-environment jsdom
/**
 * Shipping rates in the settings: "Free from" and "Max weight" left empty mean never free and
 * any weight (the server's 0), each saying so under it; a rate stored without them shows them
 * empty, not as a free-from of 0.00; a new rate starts that way, with an id no other rate has.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { SettingsScreen } from '../../client/admin/screens/SettingsScreen.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const settings = {
  siteTitle: 'Linen & Loam', tagline: '', storeAddress: 'http://localhost:3000', currency: 'USD', taxRateBasisPoints: 800,
  storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
  shippingRates: [{ id: 'rate-2', name: 'Post', kind: 'flat', priceCents: 600, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 }],
};
type SentRate = { id: string; freeOverCents: number; maxWeightGrams: number };

const described = (input: HTMLElement) => (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

describe('shipping rates in the settings', () => {
  it('shows a rate that is never free, for any weight, with both boxes empty and saying what empty means', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/settings', answer: { body: { settings, currencies: ['USD'] } } }]);
    render(<SettingsScreen canEdit />);
    await settle();
    const post = within(screen.getByRole('group', { name: 'Post' }));
    const freeOver = post.getByLabelText(ADMIN.rateFreeOver) as HTMLInputElement;
    const maxWeight = post.getByLabelText(ADMIN.rateMaxWeight) as HTMLInputElement;
    expect([freeOver.value, maxWeight.value]).toEqual(['', '']);
    expect(described(freeOver)).toEqual([ADMIN.rateFreeOverHint]);
    expect(described(maxWeight)).toEqual([ADMIN.rateMaxWeightHint]);
    // the id, a key the checkout sends back, says what it is for and that it needs no change
    expect(described(post.getByLabelText(ADMIN.rateId))).toEqual([ADMIN.rateIdHint]);
  });

  it('adds a rate that is never free and has an id of its own, and sends empty boxes as none', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/settings', answer: { body: { settings, currencies: ['USD'] } } },
      { method: 'PUT', path: '/api/admin/settings', answer: (call) => ({ body: { settings: { ...settings, ...(call.body as object) } } }) },
    ]);
    render(<SettingsScreen canEdit />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.addRate }));
    const added = within(screen.getByRole('group', { name: `${ADMIN.rateName} 2` }));
    expect((added.getByLabelText(ADMIN.rateId) as HTMLInputElement).value).toBe('rate-3');
    expect((added.getByLabelText(ADMIN.rateFreeOver) as HTMLInputElement).value).toBe('');
    expect((added.getByLabelText(ADMIN.rateMaxWeight) as HTMLInputElement).value).toBe('');
    // written as the store's other amounts are, not a bare 0
    expect((added.getByLabelText(ADMIN.ratePrice) as HTMLInputElement).value).toBe('0.00');
    fireEvent.change(added.getByLabelText(ADMIN.rateName), { target: { value: 'Courier' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    const sent = (calls.find((call) => call.method === 'PUT')!.body as { shippingRates: SentRate[] }).shippingRates;
    expect(sent.map(({ id, freeOverCents, maxWeightGrams }) => [id, freeOverCents, maxWeightGrams])).toEqual([['rate-2', 0, 0], ['rate-3', 0, 0]]);
  });
});
