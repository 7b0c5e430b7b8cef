// @vitest-environment jsdom
/**
 * The checkout island: errors next to their fields (before sending and from the server), the
 * server's totals for each shipping choice, the payment answers above the button, one attempt
 * key for every submit of one checkout, a gift card's recipient field, and the address box
 * naming a highlighted suggestion only while the suggestions are shown.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import Checkout, { type CheckoutQuoteProps } from '../../client/islands/Checkout.tsx';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { advance, clearCookies, scriptFetch, setCookies, settle } from './helpers.ts';

const quote: CheckoutQuoteProps = {
  currency: 'USD',
  lines: [{ key: '0', productName: 'Undyed Wool Throw', variantLabel: 'Size: Lap', quantity: 1, unitPriceCents: 14000, lineTotalCents: 14000, billingInterval: '' }],
  subtotalCents: 14000,
  requiresShipping: true,
  shippingOptions: [{ id: 'standard', name: 'Standard', costCents: 600 }, { id: 'express', name: 'Express', costCents: 1500 }],
  selectedShippingOptionId: 'standard',
  shippingCents: 600,
  taxCents: 1120,
  totalCents: 15720,
  needsRecipient: false,
};

const countries = [{ code: 'US', name: 'United States' }, { code: 'GB', name: 'United Kingdom' }];

function fill(label: string, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValid(): void {
  fill(CHECKOUT.emailLabel, 'jane@example.com');
  fill(CHECKOUT.nameLabel, 'Jane Doe');
  fill(CHECKOUT.line1Label, '1 Road');
  fill(CHECKOUT.cityLabel, 'Town');
  fill(CHECKOUT.postalCodeLabel, '12345');
  fill(CHECKOUT.cardNumberLabel, '4000 0000 0000 0002');
  fill(CHECKOUT.cardExpiryLabel, '12/39');
  fill(CHECKOUT.cardCvcLabel, '123');
}

describe('Checkout island', () => {
  beforeEach(() => {
    clearCookies();
    setCookies('crumb=tok');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('puts each problem under its field and sends nothing', async () => {
    const calls = scriptFetch([]);
    render(<Checkout quote={quote} countries={countries} testMode />);
    fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
    await settle();
    const email = screen.getByLabelText(CHECKOUT.emailLabel);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(CHECKOUT.emailInvalid);
    expect(document.getElementById('checkout-cardNumber-error')?.textContent).toBe(CHECKOUT.cardNumberInvalid);
    expect(screen.getByRole('alert').textContent).toBe(CHECKOUT.fieldsInvalid);
    expect(document.activeElement).toBe(email);
    expect(calls).toEqual([]);
  });

  it('drops a pending address lookup when the form goes away', async () => {
    vi.useFakeTimers();
    try {
      const calls = scriptFetch([{ method: 'GET', path: '/api/google-maps/places/autocomplete', answer: { body: { predictions: [] } } }]);
      const { unmount } = render(<Checkout quote={quote} countries={countries} testMode />);
      fill(CHECKOUT.line1Label, '350 Fifth');
      unmount();
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('points the address box at a highlighted suggestion only while the list is shown', async () => {
    vi.useFakeTimers();
    try {
      const prediction = { placeId: 'p1', description: '350 Fifth Avenue, New York, NY, USA' };
      scriptFetch([
        { method: 'GET', path: '/api/google-maps/places/autocomplete', answer: { body: { predictions: [prediction] } } },
        { method: 'GET', path: '/api/google-maps/places/details', answer: { body: { result: {
          addressLine1: '350 Fifth Avenue', addressLine2: '', city: 'New York', state: 'NY', postalCode: '10118', countryCode: 'US',
        } } } },
      ]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      const address = screen.getByRole('combobox', { name: CHECKOUT.line1Label });
      // each time a new street typed (React sees no change in the same value twice)
      const showSuggestions = async (street: string): Promise<void> => {
        fill(CHECKOUT.line1Label, street);
        await advance(250);
        fireEvent.keyDown(address, { key: 'ArrowDown' });
        expect(address.getAttribute('aria-activedescendant')).toBe('checkout-address-suggestions-0');
        expect(document.getElementById('checkout-address-suggestions-0')?.getAttribute('aria-selected')).toBe('true');
      };
      await showSuggestions('350 Fifth');
      fireEvent.keyDown(address, { key: 'Escape' });
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(address.hasAttribute('aria-activedescendant')).toBe(false);
      await showSuggestions('350 Fifth Av');
      fireEvent.keyDown(address, { key: 'Enter' });
      await settle();
      expect((screen.getByLabelText(CHECKOUT.cityLabel) as HTMLInputElement).value).toBe('New York');
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(address.hasAttribute('aria-activedescendant')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the server totals of another shipping choice', async () => {
    scriptFetch([{ method: 'POST', path: API_PATHS.checkoutQuote, answer: { body: { quote: { ...quote, selectedShippingOptionId: 'express', shippingCents: 1500, totalCents: 16620 } } } }]);
    render(<Checkout quote={quote} countries={countries} testMode />);
    expect(screen.getByRole('button', { name: /Place order/ }).textContent).toContain('$157.20');
    fireEvent.click(screen.getByRole('radio', { name: /Express/ }));
    await settle();
    expect(screen.getByRole('button', { name: /Place order/ }).textContent).toContain('$166.20');
  });

  it('shows a decline above the button and sends the same attempt key when tried again', async () => {
    const calls = scriptFetch([{ method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 402, body: { message: CHECKOUT.paymentDeclined } } }]);
    render(<Checkout quote={quote} countries={countries} testMode />);
    fillValid();
    const form = screen.getByRole('button', { name: /Place order/ }).closest('form')!;
    fireEvent.submit(form);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(CHECKOUT.paymentDeclined);
    fireEvent.submit(form);
    await settle();
    // (typing the street may also ask for address suggestions: only the order calls count here)
    const orders = calls.filter((call) => call.method === 'POST');
    const keys = orders.map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect((orders[0]!.body as { expectedTotalCents: number }).expectedTotalCents).toBe(15720);
  });

  it.each([
    ['a decline, to the card number', { status: 402, body: { message: CHECKOUT.paymentDeclined } }, () => screen.getByLabelText(CHECKOUT.cardNumberLabel)],
    ['a field the server names, to that field', { status: 400, body: { message: CHECKOUT.fieldsInvalid, fieldErrors: { postalCode: CHECKOUT.postalCodeRequired } } }, () => screen.getByLabelText(CHECKOUT.postalCodeLabel)],
    ['any other refusal, back to the button', { status: 409, body: { message: CHECKOUT.paymentDeclined } }, () => screen.getByRole('button', { name: /Place order/ })],
  ])('after %s, puts the focus back in the form (sending disabled the button that had it)', async (_, answer, expected) => {
    scriptFetch([{ method: 'POST', path: API_PATHS.checkoutOrders, answer }]);
    render(<Checkout quote={quote} countries={countries} testMode />);
    fillValid();
    // Chromium drops the focus of the button it disables while the order is sent, and jsdom keeps
    // it: the test starts where Chromium is then, with nothing focused
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
    await settle();
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(document.activeElement).toBe(expected());
  });

  it('takes an expiry typed on a phone keypad: the slash goes in as the digits come, MM/YY when the box is left', async () => {
    const calls = scriptFetch([{ method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 402, body: { message: CHECKOUT.paymentDeclined } } }]);
    render(<Checkout quote={quote} countries={countries} testMode />);
    fillValid();
    const expiry = screen.getByLabelText(CHECKOUT.cardExpiryLabel) as HTMLInputElement;
    fill(CHECKOUT.cardExpiryLabel, '');
    for (const digit of '1239') fireEvent.change(expiry, { target: { value: expiry.value + digit } });
    expect(expiry.value).toBe('12/39');
    // a deletion is kept as it is: the slash does not come straight back
    fireEvent.change(expiry, { target: { value: '12' } });
    expect(expiry.value).toBe('12');
    fireEvent.change(expiry, { target: { value: '122039' } });
    fireEvent.blur(expiry);
    expect(expiry.value).toBe('12/39');
    fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
    await settle();
    expect(document.getElementById('checkout-cardExpiry-error')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((call) => (call.body as { cardExpiry: string }).cardExpiry)).toEqual(['12/39']);
  });

  it('keeps the expiry message for what is not a date', async () => {
    const calls = scriptFetch([]);
    render(<Checkout quote={quote} countries={countries} testMode />);
    fillValid();
    fill(CHECKOUT.cardExpiryLabel, '123');
    fireEvent.blur(screen.getByLabelText(CHECKOUT.cardExpiryLabel));
    fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
    await settle();
    expect(document.getElementById('checkout-cardExpiry-error')?.textContent).toBe(CHECKOUT.cardExpiryInvalid);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows the server field errors next to their fields', async () => {
    scriptFetch([{ method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 400, body: { message: CHECKOUT.fieldsInvalid, fieldErrors: { postalCode: CHECKOUT.postalCodeRequired } } } }]);
    render(<Checkout quote={quote} countries={countries} testMode />);
    fillValid();
    fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
    await settle();
    expect(document.getElementById('checkout-postalCode-error')?.textContent).toBe(CHECKOUT.postalCodeRequired);
  });

  it('names the line another shopper bought out first, marks it in the summary and links to the cart', async () => {
    const shortLines = [{ productName: 'Undyed Wool Throw', variantLabel: 'Size: Lap', left: 0 }];
    const twoLines: CheckoutQuoteProps = { ...quote, lines: [...quote.lines, { key: '1', productName: 'Bud Vase', variantLabel: '', quantity: 1, unitPriceCents: 3000, lineTotalCents: 3000, billingInterval: '' }] };
    scriptFetch([{ method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 409, body: { message: CHECKOUT.notEnoughLeft(shortLines), shortLines } } }]);
    render(<Checkout quote={twoLines} countries={countries} testMode />);
    fillValid();
    fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
    await settle();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Sorry, Undyed Wool Throw (Size: Lap) is sold out.');
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/cart');
    expect(alert.querySelector('a')?.textContent).toBe(CHECKOUT.changeCart);
    const marked = Array.from(document.querySelectorAll('.checkout-line.is-short'));
    expect(marked.map((line) => line.querySelector('.checkout-line__stock')?.textContent?.trim())).toEqual([CHECKOUT.lineLeft(0)]);
    expect(marked[0]!.textContent).toContain('Undyed Wool Throw');
    expect(CHECKOUT.lineLeft(2)).toBe('Only 2 left');
  });

  it('asks for a gift card recipient', async () => {
    const calls = scriptFetch([]);
    render(<Checkout quote={{ ...quote, requiresShipping: false, shippingOptions: [], selectedShippingOptionId: null, needsRecipient: true }} countries={countries} testMode />);
    fillValid();
    fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
    await settle();
    expect(document.getElementById('checkout-recipientEmail-error')?.textContent).toBe(CHECKOUT.recipientEmailInvalid);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
