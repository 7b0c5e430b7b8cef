// @vitest-environment jsdom
/**
 * The admin of a shop that sells in Kuwaiti dinars, which have thousandths: a stored 1250 fils is
 * shown as 1.250 and sent back as 1250, a typed 2.5 is 2500 fils, and an amount the screen cannot
 * read is refused with an example in three decimals.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { SettingsScreen } from '../../client/admin/screens/SettingsScreen.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const SETTINGS = {
  siteTitle: 'Souq Dates', tagline: '', storeAddress: 'http://localhost:3000', currency: 'KWD', taxRateBasisPoints: 0,
  storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
  shippingRates: [{ id: 'post', name: 'Post', kind: 'flat', priceCents: 1250, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 }],
};

/** The error shown under a field (the one of its descriptions that is an alert). */
const errorOf = (input: HTMLElement) => (input.getAttribute('aria-describedby') ?? '').split(' ')
  .map((id) => document.getElementById(id)).find((node) => node?.getAttribute('role') === 'alert')?.textContent;

describe('the settings of a shop in dinars', () => {
  it('shows a shipping rate of 1250 fils as 1.250 and saves it unchanged; a typed 2.5 is 2500 fils', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/settings', answer: { body: { settings: SETTINGS, currencies: ['USD', 'KWD'] } } },
      { method: 'PUT', path: '/api/admin/settings', answer: (call) => ({ body: { settings: call.body, message: ADMIN.settingsSaved } }) },
    ]);
    render(<SettingsScreen canEdit />);
    await settle();
    const post = within(screen.getByRole('group', { name: 'Post' }));
    expect((post.getByLabelText(ADMIN.ratePrice) as HTMLInputElement).value).toBe('1.250');
    fireEvent.change(post.getByLabelText(ADMIN.rateFreeOver), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    const sent = calls.find((call) => call.method === 'PUT')!.body as { currency: string; shippingRates: Array<{ priceCents: number; freeOverCents: number }> };
    expect(sent.currency).toBe('KWD');
    expect(sent.shippingRates[0]).toMatchObject({ priceCents: 1250, freeOverCents: 2500 });
  });
});

describe('the product editor of a shop in dinars', () => {
  it('sends 1.250 as 1250 fils, and refuses "1,250" with an example in three decimals', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'KWD' } } } },
      { method: 'POST', path: '/api/admin/products', answer: { status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: {
        'variants.0.salePriceCents': 'Enter an amount, such as 12.50.',
      } } } },
    ]);
    render(<ProductEditor productId={null} navigate={() => {}} canEdit />);
    await settle();
    const variant = within(screen.getByRole('group', { name: 'Variant 1' }));
    fireEvent.change(screen.getByLabelText(ADMIN.title), { target: { value: 'Date box' } });
    fireEvent.change(variant.getByLabelText(ADMIN.price), { target: { value: '1.250' } });
    // a thousand dinars, or one and a quarter with a decimal comma: no amount, rather than a guess
    fireEvent.change(variant.getByLabelText(ADMIN.salePrice), { target: { value: '1,250' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    const sent = (calls.find((call) => call.method === 'POST')!.body as { variants: Array<{ priceCents: unknown; salePriceCents: unknown }> }).variants[0]!;
    expect(sent.priceCents).toBe(1250);
    expect(sent.salePriceCents).toBeNull();
    expect(errorOf(variant.getByLabelText(ADMIN.salePrice))).toBe('Enter an amount, such as 12.500.');
  });
});
