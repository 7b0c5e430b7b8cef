// @vitest-environment jsdom
/**
 * An amount the owner typed that the screen cannot read is refused with an example written as
 * the store's currency writes amounts ("such as 1250" in yen, which have no decimals), not the
 * server's, which only sees null and gives the example in dollars.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { SettingsScreen } from '../../client/admin/screens/SettingsScreen.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

/** What the server answers for an amount sent as null, whatever the store's currency. */
const SERVER_WORDS = 'Enter an amount, such as 12.50.';

/** The error shown under a field (the one of its descriptions that is an alert). */
const errorOf = (input: HTMLElement) => (input.getAttribute('aria-describedby') ?? '').split(' ')
  .map((id) => document.getElementById(id)).find((node) => node?.getAttribute('role') === 'alert')?.textContent;

describe('an unreadable amount in a shop that sells in yen', () => {
  it('gives the product editor\'s example in yen, and leaves the server\'s other words as they are', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'JPY' } } } },
      { method: 'POST', path: '/api/admin/products', answer: { status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: {
        'variants.0.priceCents': SERVER_WORDS, 'variants.0.salePriceCents': ADMIN.server.amountTooLarge,
      } } } },
    ]);
    render(<ProductEditor productId={null} navigate={() => {}} canEdit />);
    await settle();
    const variant = within(screen.getByRole('group', { name: 'Variant 1' }));
    fireEvent.change(screen.getByLabelText(ADMIN.title), { target: { value: 'Teapot' } });
    // a decimal comma: yen have no minor units, so this is no amount
    fireEvent.change(variant.getByLabelText(ADMIN.price), { target: { value: '12,50' } });
    fireEvent.change(variant.getByLabelText(ADMIN.salePrice), { target: { value: '999999999' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect((calls.find((call) => call.method === 'POST')!.body as { variants: Array<{ priceCents: unknown }> }).variants[0]!.priceCents).toBeNull();
    expect(errorOf(variant.getByLabelText(ADMIN.price))).toBe('Enter an amount, such as 1250.');
    expect(errorOf(variant.getByLabelText(ADMIN.salePrice))).toBe(ADMIN.server.amountTooLarge);
  });
});

describe('an unreadable shipping rate in the settings', () => {
  const settings = {
    siteTitle: 'Linen & Loam', tagline: '', storeAddress: 'http://localhost:3000', currency: 'USD', taxRateBasisPoints: 800,
    storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStockThreshold: 5,
    shippingRates: [{ id: 'post', name: 'Post', kind: 'flat', priceCents: 600, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 }],
  };
  const refusing = () => scriptFetch([
    { method: 'GET', path: '/api/admin/settings', answer: { body: { settings, currencies: ['USD', 'JPY'] } } },
    { method: 'PUT', path: '/api/admin/settings', answer: { status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: { 'shippingRates.0.priceCents': SERVER_WORDS } } } },
  ]);

  it('gives the example in the currency the form is being changed to', async () => {
    refusing();
    render(<SettingsScreen canEdit />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.currency), { target: { value: 'JPY' } });
    const price = within(screen.getByRole('group', { name: 'Post' })).getByLabelText(ADMIN.ratePrice);
    expect((price as HTMLInputElement).value).toBe('600');
    fireEvent.change(price, { target: { value: '6,5' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(errorOf(price)).toBe('Enter an amount, such as 1250.');
  });

  it('keeps two decimals in the example for a currency that has them', async () => {
    refusing();
    render(<SettingsScreen canEdit />);
    await settle();
    const price = within(screen.getByRole('group', { name: 'Post' })).getByLabelText(ADMIN.ratePrice);
    fireEvent.change(price, { target: { value: '6,5,0' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(errorOf(price)).toBe('Enter an amount, such as 12.50.');
  });
});
