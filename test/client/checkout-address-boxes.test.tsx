// @vitest-environment jsdom
/**
 * The checkout's address boxes follow the country chosen: the state or province box only where
 * addresses name one, the postal code box only where there are postal codes (optional for
 * Ireland), the number pad where the codes are digits alone; a box left out sends nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import Checkout, { type CheckoutQuoteProps } from '../../client/islands/Checkout.tsx';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { navigation } from '../../client/lib/navigation.ts';
import { clearCookies, scriptFetch, setCookies, settle } from './helpers.ts';

const quote: CheckoutQuoteProps = {
  currency: 'EUR',
  lines: [{ key: '0', productName: 'Wool Throw', variantLabel: '', quantity: 1, unitPriceCents: 14000, lineTotalCents: 14000, billingInterval: '' }],
  subtotalCents: 14000, requiresShipping: true,
  shippingOptions: [{ id: 'standard', name: 'Standard', costCents: 600 }], selectedShippingOptionId: 'standard', shippingCents: 600,
  taxCents: 0, taxIncluded: true, taxName: '', taxRateTenths: 0, totalCents: 14600, needsRecipient: false, discountable: true,
  giftCard: null, giftCardError: null, amountDueCents: 14600, discountCents: 0, discount: null, discountError: null,
};

const countries = [
  { code: 'DE', name: 'Germany', hasRegion: false }, { code: 'US', name: 'United States', hasRegion: true },
  { code: 'HK', name: 'Hong Kong', hasRegion: true }, { code: 'IE', name: 'Ireland', hasRegion: true }, { code: 'GB', name: 'United Kingdom', hasRegion: false },
];

const fill = (label: string, value: string): void => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
const box = (name: string): HTMLInputElement | null => document.querySelector<HTMLInputElement>(`form.checkout-form input[name="${name}"]`);

describe('the checkout\'s address boxes', () => {
  beforeEach(() => {
    clearCookies();
    setCookies('crumb=tok');
    localStorage.clear();
    vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('ask for a region and a postal code only where the country\'s addresses have them', async () => {
    scriptFetch([{ method: 'POST', path: API_PATHS.checkoutQuote, answer: { body: { quote } } }]);
    render(<Checkout quote={quote} countries={countries} testMode />);
    // Germany: no state, a five-digit code on the number pad
    expect(box('region')).toBeNull();
    expect(box('postalCode')?.getAttribute('inputmode')).toBe('numeric');
    expect(box('postalCode')?.required).toBe(true);
    const country = screen.getByLabelText(CHECKOUT.countryLabel);
    fireEvent.change(country, { target: { value: 'US' } });
    expect(screen.getByLabelText(CHECKOUT.regionLabel)).toBeTruthy();
    // Hong Kong has no postal codes
    fireEvent.change(country, { target: { value: 'HK' } });
    expect(box('postalCode')).toBeNull();
    // Ireland's Eircode may be left out, and has letters
    fireEvent.change(country, { target: { value: 'IE' } });
    const eircode = screen.getByLabelText(CHECKOUT.postalCodeOptionalLabel) as HTMLInputElement;
    expect(eircode.required).toBe(false);
    expect(eircode.getAttribute('inputmode')).toBe('text');
    fireEvent.change(country, { target: { value: 'GB' } });
    expect(box('region')).toBeNull();
    expect(box('postalCode')?.getAttribute('inputmode')).toBe('text');
    await settle();
  });

  /**
   * The order the island sends when the shopper types a US region (and postal code) first, then
   * chooses `country` and fills in the rest of an address there.
   */
  async function orderAfterSwitchingTo(country: string, address: { line1: string; city: string; postalCode?: string }, usPostalCode = '') {
    const calls = scriptFetch([
      { method: 'POST', path: API_PATHS.checkoutQuote, answer: { body: { quote } } },
      { method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 201, body: { orderNumber: 1, confirmationUrl: '/x' } } },
    ]);
    render(<Checkout quote={quote} countries={countries} testMode />);
    const list = screen.getByLabelText(CHECKOUT.countryLabel);
    fireEvent.change(list, { target: { value: 'US' } });
    fill(CHECKOUT.regionLabel, 'NY');
    if (usPostalCode !== '') fill(CHECKOUT.postalCodeLabel, usPostalCode);
    fireEvent.change(list, { target: { value: country } });
    await settle();
    fill(CHECKOUT.emailLabel, 'jane@example.com');
    fill(CHECKOUT.nameLabel, 'Jane Doe');
    fill(CHECKOUT.line1Label, address.line1);
    fill(CHECKOUT.cityLabel, address.city);
    if (address.postalCode !== undefined) fill(CHECKOUT.postalCodeLabel, address.postalCode);
    fill(CHECKOUT.cardNumberLabel, '4000 0000 0000 0002');
    fill(CHECKOUT.cardExpiryLabel, '12/39');
    fill(CHECKOUT.cardCvcLabel, '123');
    fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
    await settle();
    return calls.find((call) => call.url.startsWith(API_PATHS.checkoutOrders))?.body;
  }

  it('send no region or postal code typed under a country that has none', async () => {
    const order = await orderAfterSwitchingTo('HK', { line1: '1 Queen\'s Road', city: 'Central' }, '10118');
    // Hong Kong's addresses do have a region (its district): the one typed goes; no postal code
    expect(order).toMatchObject({ countryCode: 'HK', region: 'NY', postalCode: '' });
  });

  it('send no region typed before choosing a country whose addresses name none', async () => {
    const order = await orderAfterSwitchingTo('DE', { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117' });
    expect(order).toMatchObject({ countryCode: 'DE', region: '', postalCode: '10117' });
  });
});
