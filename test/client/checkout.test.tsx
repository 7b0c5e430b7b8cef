// @vitest-environment jsdom
/**
 * The checkout island: errors next to their fields (before sending and from the server), the
 * server's totals for each shipping choice, the payment answers above the button, one attempt
 * key for every submit of one checkout, a gift card's recipient field, a discount code and a gift
 * card applied through the server's totals, and the address box
 * naming a highlighted suggestion only while the suggestions are shown. For a phone: each box's
 * keyboard, autofill and Enter key, the card number grouped as typed, several problems listed
 * above the fields, the totals just above the button, and Back after the order reloading the page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import Checkout, { type CheckoutQuoteProps } from '../../client/islands/Checkout.tsx';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { navigation } from '../../client/lib/navigation.ts';
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
  taxIncluded: false,
  taxName: '',
  taxRateTenths: 0,
  totalCents: 15720,
  needsRecipient: false,
  discountable: true,
  giftCard: null,
  giftCardError: null,
  amountDueCents: 15720,
  discountCents: 0,
  discount: null,
  discountError: null,
};

const countries = [{ code: 'US', name: 'United States' }, { code: 'GB', name: 'United Kingdom' }];

function fill(label: string, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The gift card's box (the discount code's box has its own Apply and announcement). */
const giftCardBox = (): HTMLElement => document.querySelector<HTMLElement>('.checkout-gift-card')!;

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
    // each case starts with a form no earlier one filled in (checkout-draft.ts)
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** Each box's autocomplete, inputmode, enterkeyhint and type, by its name. */
  function keyboards(): Record<string, string> {
    return Object.fromEntries(Array.from(document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('form.checkout-form input:not([type="radio"]), form.checkout-form select'))
      .map((box) => [box.name, ['autocomplete', 'inputmode', 'enterkeyhint', 'type'].map((name) => box.getAttribute(name) ?? '-').join(' ')]));
  }

  it('asks the phone for the keyboard, the autofill and the Enter key each box needs', () => {
    render(<Checkout quote={quote} countries={countries} testMode />);
    expect(keyboards()).toEqual({
      email: 'email email next email',
      name: 'shipping name - next text',
      line1: 'shipping address-line1 - next text',
      line2: 'shipping address-line2 - next text',
      city: 'shipping address-level2 - next text',
      region: 'shipping address-level1 - next text',
      postalCode: 'shipping postal-code numeric next text',
      countryCode: 'shipping country - - -',
      cardNumber: 'cc-number numeric next text',
      cardExpiry: 'cc-exp numeric next text',
      cardCvc: 'cc-csc numeric go text',
      // a gift card's code has letters: the full keyboard, in capitals, and Enter applies it
      giftCardCode: 'off text go text',
      // so has a discount code
      discountCode: 'off text go text',
    });
    const giftCardCode = screen.getByLabelText(CHECKOUT.giftCardCodeLabel);
    expect([giftCardCode.getAttribute('autocapitalize'), giftCardCode.getAttribute('spellcheck')]).toEqual(['characters', 'false']);
    // British postcodes have letters: the full keyboard
    fireEvent.change(screen.getByLabelText(CHECKOUT.countryLabel), { target: { value: 'GB' } });
    expect(screen.getByLabelText(CHECKOUT.postalCodeLabel).getAttribute('inputmode')).toBe('text');
  });

  it('tells a tax the prices include under the total, in the summary and above the button, without adding it', () => {
    render(<Checkout quote={{ ...quote, taxCents: 2333, taxIncluded: true, totalCents: 14600, amountDueCents: 14600 }} countries={countries} testMode />);
    for (const totals of document.querySelectorAll('.checkout-totals')) {
      const rows = [...totals.querySelectorAll('dt')].map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
      expect(rows).toEqual(['Subtotal $140.00', 'Shipping $6.00', 'Total $146.00', 'Includes tax $23.33']);
    }
    cleanup();
    // by the shop's name for its tax, where it gave one
    render(<Checkout quote={{ ...quote, taxCents: 2333, taxIncluded: true, taxName: 'VAT', totalCents: 14600, amountDueCents: 14600 }} countries={countries} testMode />);
    expect([...document.querySelectorAll('.checkout-totals dt')].map((term) => term.textContent)).toContain('Includes VAT');
    cleanup();
    render(<Checkout quote={{ ...quote, taxName: 'GST' }} countries={countries} testMode />);
    expect([...document.querySelectorAll('.checkout-totals dt')].map((term) => term.textContent)).toEqual(['Subtotal', 'Shipping', 'GST', 'Total', 'Subtotal', 'Shipping', 'GST', 'Total']);
  });

  it('offers the saved billing address when nothing is shipped', () => {
    render(<Checkout quote={{ ...quote, requiresShipping: false, shippingOptions: [], selectedShippingOptionId: null }} countries={countries} testMode />);
    expect(screen.getByLabelText(CHECKOUT.nameLabel).getAttribute('autocomplete')).toBe('billing name');
    expect(screen.getByLabelText(CHECKOUT.postalCodeLabel).getAttribute('autocomplete')).toBe('billing postal-code');
  });

  it('moves to the next box on Enter, and leaves Enter in the last box to place the order', () => {
    render(<Checkout quote={quote} countries={countries} testMode />);
    const email = screen.getByLabelText(CHECKOUT.emailLabel);
    email.focus();
    expect(fireEvent.keyDown(email, { key: 'Enter' })).toBe(false);
    expect(document.activeElement).toBe(screen.getByLabelText(CHECKOUT.nameLabel));
    // the city's next box is the country list, before the postal code whose keyboard it decides;
    // the postal code's is the discount code's box (past the shipping choices)
    fireEvent.keyDown(screen.getByLabelText(CHECKOUT.cityLabel), { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByLabelText(CHECKOUT.countryLabel));
    fireEvent.keyDown(screen.getByLabelText(CHECKOUT.postalCodeLabel), { key: 'Enter' });
    expect(document.activeElement).toBe(document.getElementById('checkout-discountCode'));
    fireEvent.keyDown(screen.getByLabelText(CHECKOUT.cardExpiryLabel), { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByLabelText(CHECKOUT.cardCvcLabel));
    expect(fireEvent.keyDown(screen.getByLabelText(CHECKOUT.cardCvcLabel), { key: 'Enter' })).toBe(true);
  });

  it('groups the card number as it is typed, pasted or filled in, and sends it whole', async () => {
    const calls = scriptFetch([{ method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 402, body: { message: CHECKOUT.paymentDeclined } } }]);
    render(<Checkout quote={quote} countries={countries} testMode />);
    fillValid();
    const card = screen.getByLabelText(CHECKOUT.cardNumberLabel) as HTMLInputElement;
    fireEvent.change(card, { target: { value: '' } });
    for (const digit of '42424') fireEvent.change(card, { target: { value: card.value + digit } });
    expect(card.value).toBe('4242 4');
    fireEvent.change(card, { target: { value: '4000000000000002' } });
    expect(card.value).toBe('4000 0000 0000 0002');
    fireEvent.change(card, { target: { value: '3782-822463-10005' } });
    expect(card.value).toBe('3782 822463 10005');
    fireEvent.change(card, { target: { value: '4000000000000002' } });
    fireEvent.submit(card.closest('form')!);
    await settle();
    expect(calls.filter((call) => call.method === 'POST').map((call) => (call.body as { cardNumber: string }).cardNumber)).toEqual(['4000 0000 0000 0002']);
    expect(document.getElementById('checkout-cardNumber-error')).toBeNull();
  });

  it('names the country chosen, as its list does, when the postal code is not of its shape', async () => {
    render(<Checkout quote={quote} countries={countries} testMode />);
    fillValid();
    fill(CHECKOUT.postalCodeLabel, '9720');
    fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
    await settle();
    expect(document.getElementById('checkout-postalCode-error')?.textContent)
      .toBe('Please check your postal code: for United States, one looks like 10118.');
  });

  it('checks the postal code typed again when the country changes, with the focus left on the list', async () => {
    render(<Checkout quote={quote} countries={[...countries, { code: 'CA', name: 'Canada' }]} testMode />);
    fillValid();
    fill(CHECKOUT.postalCodeLabel, 'K1A 0B1');
    fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
    await settle();
    const postalError = (): string | null | undefined => document.getElementById('checkout-postalCode-error')?.textContent;
    expect(postalError()).toBe('Please check your postal code: for United States, one looks like 10118.');
    const country = screen.getByLabelText(CHECKOUT.countryLabel);
    country.focus();
    // the code now fits: its error (and its line in the list above) goes at once
    fireEvent.change(country, { target: { value: 'CA' } });
    expect(postalError()).toBeUndefined();
    expect(screen.getByLabelText(CHECKOUT.postalCodeLabel).getAttribute('aria-invalid')).toBeNull();
    // it does not fit the next country: that country's message, without a submit
    fireEvent.change(country, { target: { value: 'GB' } });
    expect(postalError()).toBe('Please check your postal code: for United Kingdom, one looks like SW1A 1AA.');
    expect(document.activeElement).toBe(country);
  });

  it('leaves an empty postal code box alone when the country changes', async () => {
    render(<Checkout quote={quote} countries={countries} testMode />);
    fireEvent.change(screen.getByLabelText(CHECKOUT.countryLabel), { target: { value: 'GB' } });
    expect(document.getElementById('checkout-postalCode-error')).toBeNull();
    fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
    await settle();
    fireEvent.change(screen.getByLabelText(CHECKOUT.countryLabel), { target: { value: 'US' } });
    expect(document.getElementById('checkout-postalCode-error')?.textContent).toBe(CHECKOUT.postalCodeRequired);
  });

  it('lists several problems above the fields, each a link that puts the focus in its field', async () => {
    render(<Checkout quote={quote} countries={countries} testMode />);
    fill(CHECKOUT.emailLabel, 'jane@example.com');
    fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
    await settle();
    const summary = document.querySelector('.checkout-error-summary')!;
    expect(summary.querySelector('h2')?.textContent).toBe(CHECKOUT.problemsHeading);
    const links = Array.from(summary.querySelectorAll('a'));
    expect(links.map((link) => link.textContent)).toEqual([
      CHECKOUT.problemAt(CHECKOUT.nameLabel, CHECKOUT.nameRequired),
      CHECKOUT.problemAt(CHECKOUT.line1Label, CHECKOUT.line1Required),
      CHECKOUT.problemAt(CHECKOUT.cityLabel, CHECKOUT.cityRequired),
      CHECKOUT.problemAt(CHECKOUT.postalCodeLabel, CHECKOUT.postalCodeRequired),
      CHECKOUT.problemAt(CHECKOUT.cardNumberLabel, CHECKOUT.cardNumberInvalid),
      CHECKOUT.problemAt(CHECKOUT.cardExpiryLabel, CHECKOUT.cardExpiryInvalid),
      CHECKOUT.problemAt(CHECKOUT.cardCvcLabel, CHECKOUT.cardCvcInvalid),
    ]);
    // it comes before the first field, and the focus is on the first field to correct
    expect(summary.compareDocumentPosition(screen.getByLabelText(CHECKOUT.emailLabel)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(CHECKOUT.nameLabel));
    fireEvent.click(links[4]!);
    expect(document.activeElement).toBe(screen.getByLabelText(CHECKOUT.cardNumberLabel));
    // one problem needs no list: its mark is under its field
    fillValid();
    fill(CHECKOUT.cardCvcLabel, '1');
    fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
    await settle();
    expect(document.querySelector('.checkout-error-summary')).toBeNull();
  });

  it('ties the server\'s country and shipping choice problems to their controls', async () => {
    scriptFetch([{ method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 400, body: {
      message: CHECKOUT.fieldsInvalid, fieldErrors: { countryCode: CHECKOUT.countryRequired, shippingOptionId: CHECKOUT.shippingOptionRequired },
    } } }]);
    render(<Checkout quote={quote} countries={countries} testMode />);
    fillValid();
    fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
    await settle();
    const country = screen.getByLabelText(CHECKOUT.countryLabel);
    expect(document.getElementById(country.getAttribute('aria-describedby')!)?.textContent).toBe(CHECKOUT.countryRequired);
    const delivery = screen.getByRole('group', { name: CHECKOUT.deliveryHeading });
    expect(document.getElementById(delivery.getAttribute('aria-describedby')!)?.textContent).toBe(CHECKOUT.shippingOptionRequired);
    expect(Array.from(document.querySelectorAll('.checkout-error-summary a')).map((link) => link.getAttribute('href')))
      .toEqual(['#checkout-countryCode', '#checkout-shippingOptionId']);
    expect(document.getElementById('checkout-shippingOptionId')).toBe(screen.getByRole('radio', { name: /Standard/ }));
  });

  it('points the card box at a payment answer, and shows the totals just above the button', async () => {
    scriptFetch([{ method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 402, body: { message: CHECKOUT.paymentDeclined } } }]);
    render(<Checkout quote={quote} countries={countries} testMode />);
    const button = screen.getByRole('button', { name: /Place order/ });
    const recap = button.previousElementSibling!;
    expect(recap.className).toBe('checkout-recap');
    expect(recap.textContent).toBe(`${CHECKOUT.recapLabel} · ${CHECKOUT.itemCount(1)}Subtotal$140.00Shipping$6.00Tax$11.20Total$157.20`);
    fillValid();
    fireEvent.submit(button.closest('form')!);
    await settle();
    const card = screen.getByLabelText(CHECKOUT.cardNumberLabel);
    expect(document.getElementById(card.getAttribute('aria-describedby')!)?.textContent).toBe(CHECKOUT.paymentDeclined);
    // a new card number is a new try: the answer no longer describes it
    fill(CHECKOUT.cardNumberLabel, '4242 4242 4242 4242');
    expect(card.hasAttribute('aria-describedby')).toBe(false);
  });

  it('loads the page afresh when Back shows it again from memory after the order was placed', async () => {
    scriptFetch([{ method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 201, body: { orderNumber: 1001, confirmationUrl: '/checkout/order-confirmed/o1?token=t' } } }]);
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const reload = vi.spyOn(navigation, 'reload').mockImplementation(() => undefined);
    render(<Checkout quote={quote} countries={countries} testMode />);
    // shown again from memory before any order: nothing to do
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(reload).not.toHaveBeenCalled();
    fillValid();
    fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
    await settle();
    expect(assign).toHaveBeenCalledWith('/checkout/order-confirmed/o1?token=t');
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the contact and address typed through a trip back to the cart, never the card, until the order is placed', async () => {
    scriptFetch([{ method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 201, body: { orderNumber: 1001, confirmationUrl: '/checkout/order-confirmed/o1?token=t' } } }]);
    vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const boxes = (): Record<string, string> => Object.fromEntries(Array.from(document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('form.checkout-form input:not([type="radio"]), form.checkout-form select'))
      .map((box) => [box.name, box.value]));
    render(<Checkout quote={quote} countries={countries} testMode />);
    fillValid();
    fireEvent.change(screen.getByLabelText(CHECKOUT.countryLabel), { target: { value: 'GB' } });
    fill(CHECKOUT.postalCodeLabel, 'SW1A 1AA');
    cleanup();
    // the checkout again, as after the cart's link or the browser's Back
    render(<Checkout quote={quote} countries={countries} testMode />);
    await settle();
    expect(boxes()).toEqual({
      email: 'jane@example.com', name: 'Jane Doe', line1: '1 Road', line2: '', city: 'Town', region: '', postalCode: 'SW1A 1AA', countryCode: 'GB',
      discountCode: '', giftCardCode: '', cardNumber: '', cardExpiry: '', cardCvc: '',
    });
    fill(CHECKOUT.cardNumberLabel, '4242 4242 4242 4242');
    fill(CHECKOUT.cardExpiryLabel, '12/39');
    fill(CHECKOUT.cardCvcLabel, '123');
    fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
    await settle();
    expect(navigation.assign).toHaveBeenCalledWith('/checkout/order-confirmed/o1?token=t');
    cleanup();
    // placed: the next checkout starts empty
    render(<Checkout quote={quote} countries={countries} testMode />);
    await settle();
    expect(boxes()).toMatchObject({ email: '', name: '', line1: '', city: '', postalCode: '', countryCode: 'US' });
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

  it('shows no address suggestions that arrive once the shopper has left the box', async () => {
    vi.useFakeTimers();
    try {
      const prediction = { placeId: 'p1', description: '350 Fifth Avenue, New York, NY, USA' };
      const calls = scriptFetch([{ method: 'GET', path: '/api/google-maps/places/autocomplete', answer: { body: { predictions: [prediction] } } }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      const address = screen.getByRole('combobox', { name: CHECKOUT.line1Label });
      address.focus();
      fill(CHECKOUT.line1Label, '350 Fifth Avenue');
      // on to the next box before the suggestions come back (or the phone's autofill filled the street)
      screen.getByLabelText(CHECKOUT.cityLabel).focus();
      await advance(250);
      expect(calls).toHaveLength(1);
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(address.getAttribute('aria-expanded')).toBe('false');
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
      address.focus();
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
    scriptFetch([{ method: 'POST', path: API_PATHS.checkoutQuote, answer: { body: { quote: { ...quote, selectedShippingOptionId: 'express', shippingCents: 1500, totalCents: 16620, amountDueCents: 16620 } } } }]);
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
    // someone else's address: the browser is not to offer the shopper's own
    expect(screen.getByLabelText(CHECKOUT.recipientEmailLabel).getAttribute('autocomplete')).toBe('off');
  });

  it('leaves out the discount code\'s box where only gift cards are bought, as no code ever takes anything off one', () => {
    render(<Checkout quote={{ ...quote, requiresShipping: false, shippingOptions: [], selectedShippingOptionId: null, needsRecipient: true, discountable: false }} countries={countries} testMode />);
    expect(screen.queryByLabelText(CHECKOUT.discountCodeLabel)).toBeNull();
    expect(document.querySelector('.checkout-discount')).toBeNull();
  });

  it('shows the discount code\'s box where a gift card is bought beside other goods, which a code may discount', () => {
    render(<Checkout quote={{ ...quote, needsRecipient: true }} countries={countries} testMode />);
    expect(screen.getByLabelText(CHECKOUT.discountCodeLabel)).toBeTruthy();
  });

  describe('paying with a gift card', () => {
    const typedCode = 'wxyz-2345 abcd-6789';
    const code = 'WXYZ2345ABCD6789';
    // $25.00 of the $157.20, and the whole of it
    const partly: CheckoutQuoteProps = { ...quote, giftCard: { last4: '6789', appliedCents: 2500, balanceAfterCents: 0 }, amountDueCents: 13220 };
    const whole: CheckoutQuoteProps = { ...quote, giftCard: { last4: '6789', appliedCents: 15720, balanceAfterCents: 4280 }, amountDueCents: 0 };

    /** The quote answers with `withCard` when the code is sent, with the quote without one otherwise. */
    function quoteRoute(withCard: CheckoutQuoteProps) {
      return {
        method: 'POST', path: API_PATHS.checkoutQuote,
        answer: (call: { body: unknown }) => ({ body: { quote: (call.body as { giftCardCode?: string }).giftCardCode === code ? withCard : quote } }),
      };
    }

    async function applyCode(): Promise<void> {
      fill(CHECKOUT.giftCardCodeLabel, typedCode);
      fireEvent.click(within(giftCardBox()).getByRole('button', { name: `${CHECKOUT.giftCardApply} ${CHECKOUT.giftCardApplyWhat}` }));
      await settle();
    }

    // every quote is for the country chosen (the list's first here), which the cases below leave as it is
    const quoteBodies = (calls: Array<{ url: string; body: unknown }>) => calls.filter((call) => call.url === API_PATHS.checkoutQuote).map((call) => {
      const { countryCode, ...rest } = call.body as Record<string, unknown>;
      expect(countryCode).toBe('US');
      return rest;
    });
    const orderBodies = (calls: Array<{ url: string; body: unknown }>) => calls.filter((call) => call.url === API_PATHS.checkoutOrders).map((call) => call.body as Record<string, unknown>);

    it('applies a code through the quote, shows what the card pays and what is left to pay, and sends it with the order', async () => {
      const calls = scriptFetch([quoteRoute(partly), { method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 402, body: { message: CHECKOUT.paymentDeclined } } }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      await applyCode();
      expect(quoteBodies(calls)).toEqual([{ shippingOptionId: 'standard', giftCardCode: code }]);
      // the box gives way to the card's line, which takes the focus (not its Remove)
      expect(screen.queryByLabelText(CHECKOUT.giftCardCodeLabel)).toBeNull();
      // the card spent whole: nothing said to stay on it
      expect(document.querySelector('.checkout-gift-card__applied p')?.textContent).toBe(`${CHECKOUT.giftCardLine('6789')} ${CHECKOUT.giftCardSpentWhole}`);
      expect(document.activeElement).toBe(giftCardBox().querySelector('.checkout-gift-card__summary'));
      expect(within(giftCardBox()).getByRole('status').textContent).toBe(CHECKOUT.giftCardApplied('6789', '$132.20'));
      expect(document.querySelector('.checkout-summary .checkout-totals')?.textContent)
        .toBe('Subtotal$140.00Shipping$6.00Tax$11.20Total$157.20Gift card ending 6789-$25.00To pay$132.20');
      const button = screen.getByRole('button', { name: /Place order/ });
      expect(button.previousElementSibling?.textContent).toContain('Total$157.20Gift card ending 6789-$25.00To pay$132.20');
      expect(button.textContent).toBe(`${CHECKOUT.placeOrder} · $132.20`);
      // the card pays the rest: its fields are there as before
      fillValid();
      fireEvent.submit(button.closest('form')!);
      await settle();
      expect(orderBodies(calls)).toEqual([expect.objectContaining({
        giftCardCode: code, expectedTotalCents: 15720, expectedAmountDueCents: 13220, cardNumber: '4000 0000 0000 0002', cardCvc: '123',
      })]);
    });

    it('says under the box what is wrong with a code, before asking the server and from its answer', async () => {
      const calls = scriptFetch([{ method: 'POST', path: API_PATHS.checkoutQuote, answer: { body: { quote: { ...quote, giftCardError: CHECKOUT.giftCardUsedUp } } } }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      const box = screen.getByLabelText(CHECKOUT.giftCardCodeLabel);
      fill(CHECKOUT.giftCardCodeLabel, 'ABCD-EFGH');
      fireEvent.keyDown(box, { key: 'Enter' });
      await settle();
      expect(calls).toEqual([]);
      expect(box.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(CHECKOUT.giftCardCodeInvalid);
      await applyCode();
      expect(quoteBodies(calls)).toEqual([{ shippingOptionId: 'standard', giftCardCode: code }]);
      expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(CHECKOUT.giftCardUsedUp);
      expect(document.activeElement).toBe(box);
      expect(screen.getByRole('button', { name: /Place order/ }).textContent).toBe(`${CHECKOUT.placeOrder} · $157.20`);
      expect(document.querySelector('.checkout-summary .checkout-totals')?.textContent).not.toContain(CHECKOUT.amountDue);
    });

    it('asks for no card when the gift card pays for everything, and sends the order without one', async () => {
      const calls = scriptFetch([quoteRoute(whole), { method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 409, body: { message: CHECKOUT.paymentDeclined } } }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      fillValid();
      await applyCode();
      expect(screen.queryByLabelText(CHECKOUT.cardNumberLabel)).toBeNull();
      expect(screen.queryByLabelText(CHECKOUT.cardCvcLabel)).toBeNull();
      expect(screen.queryByText(CHECKOUT.testCards)).toBeNull();
      expect(screen.getByRole('group', { name: CHECKOUT.paymentHeading }).textContent).toContain(CHECKOUT.giftCardPaysAll);
      expect(screen.getByRole('button', { name: /Place order/ }).textContent).toBe(`${CHECKOUT.placeOrder} · $0.00`);
      fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
      await settle();
      expect(orderBodies(calls)).toEqual([expect.objectContaining({
        cardNumber: '', cardExpiry: '', cardCvc: '', giftCardCode: code, expectedTotalCents: 15720, expectedAmountDueCents: 0,
      })]);
    });

    it('removes the card: the totals without it, the box empty again with the focus in it', async () => {
      const calls = scriptFetch([quoteRoute(partly)]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      await applyCode();
      fireEvent.click(screen.getByRole('button', { name: CHECKOUT.giftCardRemove }));
      await settle();
      expect(quoteBodies(calls)).toEqual([{ shippingOptionId: 'standard', giftCardCode: code }, { shippingOptionId: 'standard' }]);
      const box = screen.getByLabelText(CHECKOUT.giftCardCodeLabel) as HTMLInputElement;
      expect(box.value).toBe('');
      expect(document.activeElement).toBe(box);
      expect(within(giftCardBox()).getByRole('status').textContent).toBe(CHECKOUT.giftCardRemoved);
      expect(document.querySelector('.checkout-summary .checkout-totals')?.textContent).toBe('Subtotal$140.00Shipping$6.00Tax$11.20Total$157.20');
      expect(screen.getByRole('button', { name: /Place order/ }).textContent).toBe(`${CHECKOUT.placeOrder} · $157.20`);
    });

    it('keeps the card applied through a change of shipping', async () => {
      const express = { ...partly, selectedShippingOptionId: 'express', shippingCents: 1500, totalCents: 16620, amountDueCents: 14120 };
      const calls = scriptFetch([{
        method: 'POST', path: API_PATHS.checkoutQuote,
        answer: (call) => ({ body: { quote: (call.body as { shippingOptionId: string }).shippingOptionId === 'express' ? express : partly } }),
      }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      await applyCode();
      fireEvent.click(screen.getByRole('radio', { name: /Express/ }));
      await settle();
      expect(quoteBodies(calls)[1]).toEqual({ shippingOptionId: 'express', giftCardCode: code });
      expect(screen.getByRole('button', { name: CHECKOUT.giftCardRemove })).toBeTruthy();
      expect(screen.getByRole('button', { name: /Place order/ }).textContent).toBe(`${CHECKOUT.placeOrder} · $141.20`);
    });

    it("shows the server's refusal of the card under its box, named in the list of problems", async () => {
      const calls = scriptFetch([quoteRoute(partly), { method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 400, body: {
        message: CHECKOUT.fieldsInvalid, fieldErrors: { postalCode: CHECKOUT.postalCodeRequired, giftCardCode: CHECKOUT.giftCardCancelled },
      } } }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      await applyCode();
      fillValid();
      fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
      await settle();
      // the card is no longer applied: its box is back with the reason, and the totals are asked for without it
      const box = screen.getByLabelText(CHECKOUT.giftCardCodeLabel);
      expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(CHECKOUT.giftCardCancelled);
      expect(Array.from(document.querySelectorAll('.checkout-error-summary a')).map((link) => link.textContent)).toEqual([
        CHECKOUT.problemAt(CHECKOUT.postalCodeLabel, CHECKOUT.postalCodeRequired),
        CHECKOUT.problemAt(CHECKOUT.giftCardCodeLabel, CHECKOUT.giftCardCancelled),
      ]);
      expect(quoteBodies(calls).at(-1)).toEqual({ shippingOptionId: 'standard' });
      expect(screen.getByRole('button', { name: /Place order/ }).textContent).toBe(`${CHECKOUT.placeOrder} · $157.20`);
      // asked about again and applied, the card's refusal is no longer listed (the address's stays, alone)
      fireEvent.click(within(giftCardBox()).getByRole('button', { name: `${CHECKOUT.giftCardApply} ${CHECKOUT.giftCardApplyWhat}` }));
      await settle();
      expect(screen.getByRole('button', { name: CHECKOUT.giftCardRemove })).toBeTruthy();
      expect(document.querySelector('.checkout-error-summary')).toBeNull();
      expect(document.getElementById('checkout-postalCode-error')?.textContent).toBe(CHECKOUT.postalCodeRequired);
    });

    it('says the card is applied when its code was typed but not applied before placing the order', async () => {
      const calls = scriptFetch([{ method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 409, body: { message: CHECKOUT.totalChanged, quote: partly } } }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      fillValid();
      fill(CHECKOUT.giftCardCodeLabel, typedCode);
      fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
      await settle();
      expect(orderBodies(calls)[0]).toMatchObject({ giftCardCode: code, expectedAmountDueCents: 15720 });
      // the total is what it was: what changed is the card now paying part of it
      expect(screen.getByRole('alert').textContent).toBe(CHECKOUT.giftCardAppliedOnOrder('6789', '$132.20'));
      expect(screen.getByRole('button', { name: CHECKOUT.giftCardRemove })).toBeTruthy();
      expect(screen.getByRole('button', { name: /Place order/ }).textContent).toBe(`${CHECKOUT.placeOrder} · $132.20`);
    });

    it('puts its box before the card details, whose last box places the order', () => {
      render(<Checkout quote={quote} countries={countries} testMode />);
      const boxes = Array.from(document.querySelectorAll<HTMLInputElement>('form.checkout-form input:not([type="radio"])')).map((box) => box.name);
      // on a phone, Go on the security code would place the order before a box after it was reached
      expect(boxes.slice(-4)).toEqual(['giftCardCode', 'cardNumber', 'cardExpiry', 'cardCvc']);
      expect(screen.getByLabelText(CHECKOUT.cardCvcLabel).getAttribute('enterkeyhint')).toBe('go');
    });

    it('takes the fresh totals when the card was spent meanwhile', async () => {
      const spent = { ...quote, giftCardError: CHECKOUT.giftCardUsedUp };
      scriptFetch([quoteRoute(whole), { method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 409, body: { message: CHECKOUT.totalChanged, quote: spent } } }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      fillValid();
      await applyCode();
      fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
      await settle();
      expect(screen.getByRole('alert').textContent).toBe(CHECKOUT.totalChanged);
      expect(document.getElementById('checkout-giftCardCode-error')?.textContent).toBe(CHECKOUT.giftCardUsedUp);
      // the card is to pay again: its fields are back, as typed
      expect((screen.getByLabelText(CHECKOUT.cardNumberLabel) as HTMLInputElement).value).toBe('4000 0000 0000 0002');
      expect(screen.getByRole('button', { name: /Place order/ }).textContent).toBe(`${CHECKOUT.placeOrder} · $157.20`);
    });
  });

  describe('a discount code', () => {
    const code = 'SUMMER-25';
    const giftCardCode = 'WXYZ2345ABCD6789';
    const discountBox = (): HTMLElement => document.querySelector<HTMLElement>('.checkout-discount')!;
    const summaryTotals = (): string | null | undefined => document.querySelector('.checkout-summary .checkout-totals')?.textContent;
    const placeOrderButton = (): HTMLElement => screen.getByRole('button', { name: /Place order/ });

    /**
     * The server's totals for what the island sends: SUMMER-25 takes 25% off the $140.00 of goods
     * before the 8% tax, Express ships for $15.00, the gift card pays $25.00 of what is left.
     */
    function priced(body: { shippingOptionId: string; discountCode?: string; giftCardCode?: string }): CheckoutQuoteProps {
      const shippingCents = body.shippingOptionId === 'express' ? 1500 : 600;
      const off = body.discountCode === code ? 3500 : 0;
      const taxCents = ((14000 - off) * 8) / 100;
      const totalCents = 14000 - off + taxCents + shippingCents;
      const card = body.giftCardCode === giftCardCode ? 2500 : 0;
      return {
        ...quote, selectedShippingOptionId: body.shippingOptionId, shippingCents, taxCents, totalCents, amountDueCents: totalCents - card,
        discountCents: off, discount: off ? { code, freeShipping: false } : null,
        giftCard: card ? { last4: '6789', appliedCents: card, balanceAfterCents: 0 } : null,
      };
    }
    const quoteRoute = { method: 'POST', path: API_PATHS.checkoutQuote, answer: (call: { body: unknown }) => ({ body: { quote: priced(call.body as { shippingOptionId: string }) } }) };
    const discounted = priced({ shippingOptionId: 'standard', discountCode: code });

    async function applyCode(typed = ' summer-25 '): Promise<void> {
      fill(CHECKOUT.discountCodeLabel, typed);
      fireEvent.click(within(discountBox()).getByRole('button', { name: `${CHECKOUT.discountApply} ${CHECKOUT.discountApplyWhat}` }));
      await settle();
    }

    // every quote is for the country chosen (the list's first here), which the cases below leave as it is
    const quoteBodies = (calls: Array<{ url: string; body: unknown }>) => calls.filter((call) => call.url === API_PATHS.checkoutQuote).map((call) => {
      const { countryCode, ...rest } = call.body as Record<string, unknown>;
      expect(countryCode).toBe('US');
      return rest;
    });
    const orderBodies = (calls: Array<{ url: string; body: unknown }>) => calls.filter((call) => call.url === API_PATHS.checkoutOrders).map((call) => call.body as Record<string, unknown>);

    it('applies a code through the quote, shows its deduction between the subtotal and the shipping, and sends it with the order', async () => {
      const calls = scriptFetch([quoteRoute, { method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 402, body: { message: CHECKOUT.paymentDeclined } } }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      await applyCode();
      expect(quoteBodies(calls)).toEqual([{ shippingOptionId: 'standard', discountCode: code }]);
      // the box gives way to the code's line, which takes the focus: not its Remove, where a second
      // Enter would take the code away again
      expect(screen.queryByLabelText(CHECKOUT.discountCodeLabel)).toBeNull();
      expect(discountBox().querySelector('.checkout-discount__applied p')?.textContent).toBe(`${CHECKOUT.discountLine(code)} -$35.00`);
      expect(document.activeElement).toBe(discountBox().querySelector('.checkout-discount__summary'));
      expect(within(discountBox()).getByRole('status').textContent).toBe(CHECKOUT.discountApplied(code, '$119.40'));
      expect(summaryTotals()).toBe('Subtotal$140.00Discount (SUMMER-25)-$35.00Shipping$6.00Tax$8.40Total$119.40');
      expect(placeOrderButton().previousElementSibling?.textContent).toContain('Subtotal$140.00Discount (SUMMER-25)-$35.00Shipping$6.00Tax$8.40Total$119.40');
      expect(placeOrderButton().textContent).toBe(`${CHECKOUT.placeOrder} · $119.40`);
      fillValid();
      fireEvent.submit(placeOrderButton().closest('form')!);
      await settle();
      expect(orderBodies(calls)).toEqual([expect.objectContaining({ discountCode: code, giftCardCode: '', expectedTotalCents: 11940, expectedAmountDueCents: 11940 })]);
    });

    it('announces a refused code as it announces one applied, each time Enter is pressed in the box', async () => {
      scriptFetch([{ method: 'POST', path: API_PATHS.checkoutQuote, answer: { status: 422, body: { message: CHECKOUT.discountUnknown, fieldErrors: { discountCode: CHECKOUT.discountUnknown } } } }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      const status = within(discountBox()).getByRole('status');
      fill(CHECKOUT.discountCodeLabel, 'NOPE99');
      const box = screen.getByLabelText(CHECKOUT.discountCodeLabel);
      box.focus();
      const statusTexts: string[] = [];
      new MutationObserver(() => statusTexts.push(status.textContent ?? '')).observe(status, { childList: true, subtree: true, characterData: true });
      fireEvent.keyDown(box, { key: 'Enter' });
      await settle();
      expect(document.getElementById('checkout-discountCode-error')?.textContent).toBe(CHECKOUT.discountUnknown);
      expect(status.textContent).toBe(CHECKOUT.discountUnknown);
      expect(document.activeElement).toBe(screen.getByLabelText(CHECKOUT.discountCodeLabel));
      // the same refusal again is said again: the region empties and fills
      fireEvent.keyDown(screen.getByLabelText(CHECKOUT.discountCodeLabel), { key: 'Enter' });
      await settle();
      expect(status.textContent).toBe(CHECKOUT.discountUnknown);
      expect(statusTexts.filter((text) => text === CHECKOUT.discountUnknown)).toHaveLength(2);
      // a code without a code's shape, refused before any call, is said too
      fill(CHECKOUT.discountCodeLabel, '!');
      fireEvent.keyDown(screen.getByLabelText(CHECKOUT.discountCodeLabel), { key: 'Enter' });
      await settle();
      expect(status.textContent).toBe(CHECKOUT.discountCodeInvalid);
    });

    it('names each Apply by the code it applies, keeping the one visible word', () => {
      scriptFetch([]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      const discountApply = within(discountBox()).getByRole('button', { name: 'Apply discount code' });
      const giftCardApply = within(giftCardBox()).getByRole('button', { name: 'Apply gift card code' });
      for (const button of [discountApply, giftCardApply]) {
        expect(button.querySelector('.visually-hidden')).not.toBeNull();
        expect(button.firstChild?.textContent).toBe('Apply');
      }
    });

    it('takes away the card details\' marks once the discount leaves nothing to pay', async () => {
      const free = { ...quote, taxCents: 0, shippingCents: 0, totalCents: 0, amountDueCents: 0, discountCents: 14600, discount: { code, freeShipping: false } };
      scriptFetch([{ method: 'POST', path: API_PATHS.checkoutQuote, answer: { body: { quote: free } } }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      fireEvent.submit(placeOrderButton().closest('form')!);
      await settle();
      expect(document.getElementById('checkout-cardNumber-error')).not.toBeNull();
      await applyCode();
      expect(Array.from(document.querySelectorAll('.checkout-error-summary a')).map((link) => link.textContent)
        .some((text) => text?.startsWith(CHECKOUT.cardNumberLabel))).toBe(false);
    });

    it('asks for no card when the discount leaves nothing to pay, and sends the order without one', async () => {
      const free = { ...quote, taxCents: 0, shippingCents: 0, totalCents: 0, amountDueCents: 0, discountCents: 14600, discount: { code, freeShipping: false } };
      const calls = scriptFetch([
        { method: 'POST', path: API_PATHS.checkoutQuote, answer: { body: { quote: free } } },
        { method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 409, body: { message: CHECKOUT.paymentDeclined } } },
      ]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      fillValid();
      await applyCode();
      expect(screen.queryByLabelText(CHECKOUT.cardNumberLabel)).toBeNull();
      expect(screen.getByRole('group', { name: CHECKOUT.paymentHeading }).textContent).toContain(CHECKOUT.discountPaysAll);
      fireEvent.submit(placeOrderButton().closest('form')!);
      await settle();
      expect(orderBodies(calls)).toEqual([expect.objectContaining({ cardNumber: '', cardExpiry: '', cardCvc: '', discountCode: code, expectedTotalCents: 0, expectedAmountDueCents: 0 })]);
    });

    it('applies the code on Enter without placing the order, and says under the box what is wrong with it', async () => {
      const calls = scriptFetch([{ method: 'POST', path: API_PATHS.checkoutQuote, answer: { body: { quote: { ...quote, discountError: CHECKOUT.discountEnded } } } }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      fillValid();
      const box = screen.getByLabelText(CHECKOUT.discountCodeLabel);
      fill(CHECKOUT.discountCodeLabel, 'ab');
      expect(fireEvent.keyDown(box, { key: 'Enter' })).toBe(false);
      await settle();
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
      expect(box.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(CHECKOUT.discountCodeInvalid);
      fill(CHECKOUT.discountCodeLabel, 'winter-10');
      // typing again clears the mark
      expect(box.getAttribute('aria-invalid')).toBeNull();
      expect(fireEvent.keyDown(box, { key: 'Enter' })).toBe(false);
      await settle();
      // (typing the street may also ask for address suggestions: only the quote and order calls count here)
      expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body]))
        .toEqual([[API_PATHS.checkoutQuote, { shippingOptionId: 'standard', countryCode: 'US', discountCode: 'WINTER-10' }]]);
      expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(CHECKOUT.discountEnded);
      expect(document.activeElement).toBe(box);
      expect((box as HTMLInputElement).value).toBe('winter-10');
      expect(summaryTotals()).toBe('Subtotal$140.00Shipping$6.00Tax$11.20Total$157.20');
      expect(placeOrderButton().textContent).toBe(`${CHECKOUT.placeOrder} · $157.20`);
    });

    it('removes the code: the totals without it, the box empty again with the focus in it', async () => {
      const calls = scriptFetch([quoteRoute]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      await applyCode();
      fireEvent.click(screen.getByRole('button', { name: CHECKOUT.discountRemove }));
      await settle();
      expect(quoteBodies(calls)).toEqual([{ shippingOptionId: 'standard', discountCode: code }, { shippingOptionId: 'standard' }]);
      const box = screen.getByLabelText(CHECKOUT.discountCodeLabel) as HTMLInputElement;
      expect(box.value).toBe('');
      expect(document.activeElement).toBe(box);
      expect(within(discountBox()).getByRole('status').textContent).toBe(CHECKOUT.discountRemoved);
      expect(summaryTotals()).toBe('Subtotal$140.00Shipping$6.00Tax$11.20Total$157.20');
      expect(placeOrderButton().textContent).toBe(`${CHECKOUT.placeOrder} · $157.20`);
    });

    it('keeps the code applied through a change of shipping and a gift card applied or removed, and the card through the code', async () => {
      const calls = scriptFetch([quoteRoute]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      await applyCode();
      fireEvent.click(screen.getByRole('radio', { name: /Express/ }));
      await settle();
      fill(CHECKOUT.giftCardCodeLabel, giftCardCode);
      fireEvent.click(within(giftCardBox()).getByRole('button', { name: `${CHECKOUT.giftCardApply} ${CHECKOUT.giftCardApplyWhat}` }));
      await settle();
      expect(summaryTotals()).toBe('Subtotal$140.00Discount (SUMMER-25)-$35.00Shipping$15.00Tax$8.40Total$128.40Gift card ending 6789-$25.00To pay$103.40');
      // removed and applied again with the card on
      fireEvent.click(screen.getByRole('button', { name: CHECKOUT.discountRemove }));
      await settle();
      await applyCode();
      fireEvent.click(screen.getByRole('button', { name: CHECKOUT.giftCardRemove }));
      await settle();
      expect(quoteBodies(calls)).toEqual([
        { shippingOptionId: 'standard', discountCode: code },
        { shippingOptionId: 'express', discountCode: code },
        { shippingOptionId: 'express', giftCardCode, discountCode: code },
        { shippingOptionId: 'express', giftCardCode },
        { shippingOptionId: 'express', giftCardCode, discountCode: code },
        { shippingOptionId: 'express', discountCode: code },
      ]);
      expect(screen.getByRole('button', { name: CHECKOUT.discountRemove })).toBeTruthy();
      expect(placeOrderButton().textContent).toBe(`${CHECKOUT.placeOrder} · $128.40`);
    });

    it("reads a free-shipping code's shipping as free with the code in both totals, as a code that takes money off is named, the code saying what it saves", async () => {
      const freeShipping: CheckoutQuoteProps = { ...quote, discount: { code: 'SHIPFREE', freeShipping: true }, discountCents: 600, totalCents: 15120, amountDueCents: 15120 };
      scriptFetch([{ method: 'POST', path: API_PATHS.checkoutQuote, answer: { body: { quote: freeShipping } } }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      await applyCode('shipfree');
      // not the shipping's cost and the same amount taken off again
      expect(summaryTotals()).toBe('Subtotal$140.00ShippingFree with code SHIPFREETax$11.20Total$151.20');
      expect(document.querySelector('.checkout-recap .checkout-totals')?.textContent).toBe('Subtotal$140.00ShippingFree with code SHIPFREETax$11.20Total$151.20');
      expect(discountBox().querySelector('.checkout-discount__applied p')?.textContent).toBe(`${CHECKOUT.discountLine('SHIPFREE')} -$6.00`);
      expect(placeOrderButton().textContent).toBe(`${CHECKOUT.placeOrder} · $151.20`);
    });

    it('says in words that a free-shipping code takes nothing off where the shipping is free already, with no $0.00 line', async () => {
      const freeAlready: CheckoutQuoteProps = { ...quote, shippingCents: 0, discount: { code: 'SHIPFREE', freeShipping: true }, discountCents: 0, totalCents: 15120, amountDueCents: 15120 };
      scriptFetch([{ method: 'POST', path: API_PATHS.checkoutQuote, answer: { body: { quote: freeAlready } } }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      await applyCode('shipfree');
      expect(discountBox().querySelector('.checkout-discount__applied p')?.textContent).toBe(`${CHECKOUT.discountLine('SHIPFREE')} ${CHECKOUT.discountShippingFreeAlready}`);
      expect(summaryTotals()).not.toContain('Discount');
      // the code made nothing free: the shipping reads Free, without the code
      expect(summaryTotals()).toContain(`Shipping${CHECKOUT.free}Tax`);
    });

    it('says the code is applied when it was typed but not applied before placing the order', async () => {
      const calls = scriptFetch([{ method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 409, body: { message: CHECKOUT.totalChanged, quote: discounted } } }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      fillValid();
      fill(CHECKOUT.discountCodeLabel, 'summer-25');
      fireEvent.submit(placeOrderButton().closest('form')!);
      await settle();
      expect(orderBodies(calls)[0]).toMatchObject({ discountCode: code, expectedTotalCents: 15720 });
      // the alert says why the total is lower, and the code's line is there to remove it
      expect(screen.getByRole('alert').textContent).toBe(CHECKOUT.discountAppliedOnOrder(code, '$119.40'));
      expect(screen.getByRole('button', { name: CHECKOUT.discountRemove })).toBeTruthy();
      expect(summaryTotals()).toContain('Discount (SUMMER-25)-$35.00');
      expect(placeOrderButton().textContent).toBe(`${CHECKOUT.placeOrder} · $119.40`);
    });

    it('names the gift card in the alert when it was typed and not applied with the code, and says the code is applied in its own status', async () => {
      const both = priced({ shippingOptionId: 'standard', discountCode: code, giftCardCode });
      const calls = scriptFetch([{ method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 409, body: { message: CHECKOUT.totalChanged, quote: both } } }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      fillValid();
      fill(CHECKOUT.discountCodeLabel, code);
      fill(CHECKOUT.giftCardCodeLabel, giftCardCode);
      fireEvent.submit(placeOrderButton().closest('form')!);
      await settle();
      expect(orderBodies(calls)[0]).toMatchObject({ discountCode: code, giftCardCode });
      expect(screen.getByRole('alert').textContent).toBe(CHECKOUT.giftCardAppliedOnOrder('6789', '$94.40'));
      expect(within(discountBox()).getByRole('status').textContent).toBe(CHECKOUT.discountApplied(code, '$119.40'));
      expect(summaryTotals()).toBe('Subtotal$140.00Discount (SUMMER-25)-$35.00Shipping$6.00Tax$8.40Total$119.40Gift card ending 6789-$25.00To pay$94.40');
    });

    it("shows the server's refusal of a code applied under its box, named in the list of problems, and the totals without it", async () => {
      const calls = scriptFetch([quoteRoute, { method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 400, body: {
        message: CHECKOUT.fieldsInvalid, fieldErrors: { discountCode: CHECKOUT.discountStopped, postalCode: CHECKOUT.postalCodeRequired },
      } } }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      await applyCode();
      fillValid();
      fireEvent.submit(placeOrderButton().closest('form')!);
      await settle();
      const box = screen.getByLabelText(CHECKOUT.discountCodeLabel);
      expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(CHECKOUT.discountStopped);
      expect(document.activeElement).toBe(box);
      // listed in the form's order, the address before the code
      expect(Array.from(document.querySelectorAll('.checkout-error-summary a')).map((link) => link.textContent)).toEqual([
        CHECKOUT.problemAt(CHECKOUT.postalCodeLabel, CHECKOUT.postalCodeRequired),
        CHECKOUT.problemAt(CHECKOUT.discountCodeLabel, CHECKOUT.discountStopped),
      ]);
      expect(quoteBodies(calls).at(-1)).toEqual({ shippingOptionId: 'standard' });
      expect(summaryTotals()).toBe('Subtotal$140.00Shipping$6.00Tax$11.20Total$157.20');
      expect(placeOrderButton().textContent).toBe(`${CHECKOUT.placeOrder} · $157.20`);
      // asked about again and applied, the code's refusal is no longer listed (the address's stays, alone)
      fireEvent.click(within(discountBox()).getByRole('button', { name: `${CHECKOUT.discountApply} ${CHECKOUT.discountApplyWhat}` }));
      await settle();
      expect(screen.getByRole('button', { name: CHECKOUT.discountRemove })).toBeTruthy();
      expect(document.querySelector('.checkout-error-summary')).toBeNull();
      expect(document.getElementById('checkout-postalCode-error')?.textContent).toBe(CHECKOUT.postalCodeRequired);
    });

    it('takes the fresh totals without the code when it ran out between its quote and the order', async () => {
      const usedUp = { ...quote, discountError: CHECKOUT.discountUsedUp };
      const calls = scriptFetch([quoteRoute, { method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 409, body: { message: CHECKOUT.totalChanged, quote: usedUp } } }]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      await applyCode();
      fillValid();
      fireEvent.submit(placeOrderButton().closest('form')!);
      await settle();
      expect(orderBodies(calls)[0]).toMatchObject({ discountCode: code, expectedTotalCents: 11940 });
      expect(screen.getByRole('alert').textContent).toBe(CHECKOUT.totalChanged);
      expect(document.getElementById('checkout-discountCode-error')?.textContent).toBe(CHECKOUT.discountUsedUp);
      expect(summaryTotals()).toBe('Subtotal$140.00Shipping$6.00Tax$11.20Total$157.20');
      expect(placeOrderButton().textContent).toBe(`${CHECKOUT.placeOrder} · $157.20`);
      // placed again, the order goes without the code
      fireEvent.submit(placeOrderButton().closest('form')!);
      await settle();
      expect(orderBodies(calls)[1]).toMatchObject({ expectedTotalCents: 15720 });
    });

    it('asks for a code when Apply is pressed with the box empty, for the discount and the gift card alike', async () => {
      const calls = scriptFetch([]);
      render(<Checkout quote={quote} countries={countries} testMode />);
      fireEvent.click(within(discountBox()).getByRole('button', { name: `${CHECKOUT.discountApply} ${CHECKOUT.discountApplyWhat}` }));
      fireEvent.click(within(giftCardBox()).getByRole('button', { name: `${CHECKOUT.giftCardApply} ${CHECKOUT.giftCardApplyWhat}` }));
      await settle();
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
      expect(document.getElementById('checkout-discountCode-error')?.textContent).toBe(CHECKOUT.discountCodeMissing);
      expect(document.getElementById('checkout-giftCardCode-error')?.textContent).toBe(CHECKOUT.giftCardCodeMissing);
    });

    it("puts its box before the gift card's and the card details", () => {
      render(<Checkout quote={quote} countries={countries} testMode />);
      const boxes = Array.from(document.querySelectorAll<HTMLInputElement>('form.checkout-form input:not([type="radio"])')).map((box) => box.name);
      expect(boxes.slice(-5)).toEqual(['discountCode', 'giftCardCode', 'cardNumber', 'cardExpiry', 'cardCvc']);
    });
  });
});
