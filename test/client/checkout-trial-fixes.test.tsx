// @vitest-environment jsdom
/**
 * The checkout island after a phone-shopper trial: Place order off (with a word why) until the
 * island is live, and a <noscript> line without scripts; a lost answer to Place order saying the
 * order may have gone through and that a retry is not charged twice (the same attempt key); the
 * placing announced once in a polite status region; a discount code the cart kept shown
 * applied on the next load, or, no longer applying, in its box with the reason.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import Checkout, { type CheckoutQuoteProps } from '../../client/islands/Checkout.tsx';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { CHECKOUT, SCRIPT_NEEDED } from '../../client/lib/messages.ts';
import { navigation } from '../../client/lib/navigation.ts';
import { clearCookies, scriptFetch, setCookies, settle } from './helpers.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const quote: CheckoutQuoteProps = {
  currency: 'USD',
  lines: [{ key: '0', productName: 'Undyed Wool Throw', variantLabel: 'Size: Lap', quantity: 1, unitPriceCents: 14000, lineTotalCents: 14000, billingInterval: '' }],
  subtotalCents: 14000,
  requiresShipping: true,
  shippingOptions: [{ id: 'standard', name: 'Standard', costCents: 600 }],
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
const countries = [{ code: 'US', name: 'United States' }];
const element = <Checkout quote={quote} countries={countries} testMode />;

function fill(label: string, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValid(): void {
  fill(CHECKOUT.emailLabel, 'jane@example.com');
  fill(CHECKOUT.nameLabel, 'Jane Doe');
  fill(CHECKOUT.line1Label, '1 Road');
  fill(CHECKOUT.cityLabel, 'Town');
  fill(CHECKOUT.postalCodeLabel, '12345');
  fill(CHECKOUT.cardNumberLabel, '4242 4242 4242 4242');
  fill(CHECKOUT.cardExpiryLabel, '12/39');
  fill(CHECKOUT.cardCvcLabel, '123');
}

const placeOrderButton = (): HTMLButtonElement => document.querySelector<HTMLButtonElement>('button.checkout-submit')!;

beforeEach(() => {
  clearCookies();
  setCookies('crumb=tok');
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Place order before the island is live', () => {
  it('is off in the server\'s HTML, with a word why and a <noscript> line, and works once hydrated', async () => {
    const errors = vi.spyOn(console, 'error');
    const host = document.createElement('div');
    host.innerHTML = renderToString(element);
    document.body.append(host);
    const form = host.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    // the only submit button is off: a tap does nothing, and Enter in a box submits nothing (implicit submission needs it on)
    expect(Array.from(form.querySelectorAll<HTMLButtonElement>('button[type="submit"], input[type="submit"]')).map((button) => button.disabled)).toEqual([true]);
    expect(form.textContent).toContain(CHECKOUT.waitingForPage);
    expect(form.querySelector('noscript')!.textContent).toContain(SCRIPT_NEEDED.form);
    // the lines sit just under the button they are about
    expect(placeOrderButton().nextElementSibling?.textContent).toBe(CHECKOUT.waitingForPage);
    expect(placeOrderButton().nextElementSibling?.nextElementSibling?.tagName).toBe('NOSCRIPT');

    // typed on the slow phone before the script arrived: kept when the island takes over
    (host.querySelector('#checkout-email') as HTMLInputElement).value = 'early@example.com';
    await act(async () => {
      hydrateRoot(host, element);
    });
    await settle();
    expect(placeOrderButton().disabled).toBe(false);
    expect((host.querySelector('#checkout-email') as HTMLInputElement).value).toBe('early@example.com');
    expect(host.textContent).not.toContain(CHECKOUT.waitingForPage);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('a lost answer to Place order', () => {
  it('says the order may have gone through, and the retry sends the same attempt key', async () => {
    let answers = 0;
    const calls = scriptFetch([{ method: 'POST', path: API_PATHS.checkoutOrders, answer: () => (answers++ === 0
      ? { networkError: true }
      : { status: 200, body: { orderNumber: 1001, confirmationUrl: '/checkout/order-confirmed/o1?token=t' } }) }]);
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    render(element);
    fillValid();
    fireEvent.submit(placeOrderButton().closest('form')!);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(CHECKOUT.orderUnconfirmed);
    fireEvent.click(placeOrderButton());
    await settle();
    const keys = calls.filter((call) => call.url === API_PATHS.checkoutOrders).map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(assign).toHaveBeenCalledWith('/checkout/order-confirmed/o1?token=t');
  });
});

describe('placing the order', () => {
  it('is announced once in a polite status region', async () => {
    let release: (value: unknown) => void = () => undefined;
    scriptFetch([{ method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 402, body: { message: CHECKOUT.paymentDeclined }, after: new Promise((resolve) => { release = resolve; }) } }]);
    render(element);
    const regions = (): string[] => screen.queryAllByRole('status').map((region) => region.textContent ?? '');
    expect(regions()).not.toContain(CHECKOUT.placingOrder);
    fillValid();
    fireEvent.submit(placeOrderButton().closest('form')!);
    await settle();
    expect(regions().filter((text) => text === CHECKOUT.placingOrder)).toHaveLength(1);
    release(null);
    await settle();
    expect(regions()).not.toContain(CHECKOUT.placingOrder);
  });
});

describe('a discount code the cart kept from an earlier load of the page', () => {
  const code = 'WELCOME10';
  const discounted: CheckoutQuoteProps = { ...quote, discountCents: 1400, discount: { code, freeShipping: false }, totalCents: 14208, amountDueCents: 14208 };
  const discountBox = (): HTMLElement => document.querySelector<HTMLElement>('.checkout-discount')!;

  it('is shown applied, in the totals, sent with each quote and the order, and Remove asks for the totals without it', async () => {
    const calls = scriptFetch([
      { method: 'POST', path: API_PATHS.checkoutQuote, answer: (call) => ({ body: { quote: (call.body as { discountCode?: string }).discountCode ? discounted : quote } }) },
      { method: 'POST', path: API_PATHS.checkoutOrders, answer: { status: 402, body: { message: CHECKOUT.paymentDeclined } } },
    ]);
    render(<Checkout quote={discounted} countries={countries} testMode />);
    await settle();
    expect(within(discountBox()).getByRole('button', { name: CHECKOUT.discountRemove })).toBeTruthy();
    expect(document.querySelector('.checkout-totals .discount-deduction')?.textContent).toBe('-$14.00');
    expect(placeOrderButton().textContent).toContain('$142.08');
    // nothing in the browser keeps the code: the cart on the server does
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain(code);

    fillValid();
    fireEvent.submit(placeOrderButton().closest('form')!);
    await settle();
    expect(calls.find((call) => call.url.endsWith(API_PATHS.checkoutOrders))?.body).toMatchObject({ discountCode: code, expectedTotalCents: 14208 });

    fireEvent.click(within(discountBox()).getByRole('button', { name: CHECKOUT.discountRemove }));
    await settle();
    expect(calls.filter((call) => call.url.endsWith(API_PATHS.checkoutQuote)).at(-1)?.body).not.toHaveProperty('discountCode');
    expect(document.querySelector('.discount-deduction')).toBeNull();
    expect(placeOrderButton().textContent).toContain('$157.20');
  });

  it('no longer applying, is back in its box with the reason the box gives on Apply, and the totals are plain', async () => {
    const calls = scriptFetch([]);
    render(<Checkout quote={{ ...quote, discountError: CHECKOUT.discountEnded }} refusedDiscountCode={code} countries={countries} testMode />);
    await settle();
    expect(screen.getByLabelText<HTMLInputElement>(CHECKOUT.discountCodeLabel).value).toBe(code);
    expect(document.getElementById('checkout-discountCode-error')?.textContent).toBe(CHECKOUT.discountEnded);
    expect(document.querySelector('.discount-deduction')).toBeNull();
    expect(placeOrderButton().textContent).toContain('$157.20');
    expect(calls).toHaveLength(0);
  });
});
