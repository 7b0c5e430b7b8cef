// @vitest-environment jsdom
/**
 * The checkout island asks for the options of the country chosen: a change of country sends a
 * quote naming it, the options and totals follow the answer, and a country no rate ships to is
 * said in the catalogue's words instead of the options, and again under the country on Place order.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import Checkout, { type CheckoutQuoteProps } from '../../client/islands/Checkout.tsx';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { clearCookies, scriptFetch, setCookies, settle } from './helpers.ts';

const base: CheckoutQuoteProps = {
  currency: 'EUR',
  lines: [{ key: '0', productName: 'Wool Throw', variantLabel: '', quantity: 1, unitPriceCents: 14000, lineTotalCents: 14000, billingInterval: '' }],
  subtotalCents: 14000, requiresShipping: true, shipsToCountry: true,
  shippingOptions: [{ id: 'dhl-de', name: 'DHL Paket Deutschland', costCents: 490 }, { id: 'eu', name: 'EU', costCents: 1200 }],
  selectedShippingOptionId: 'dhl-de', shippingCents: 490,
  taxCents: 0, taxIncluded: true, taxName: '', taxRateTenths: 0, totalCents: 14490, needsRecipient: false, discountable: true,
  giftCard: null, giftCardError: null, amountDueCents: 14490, discountCents: 0, discount: null, discountError: null,
};
const austrian: CheckoutQuoteProps = {
  ...base, shippingOptions: [{ id: 'eu', name: 'EU', costCents: 1200 }], selectedShippingOptionId: 'eu', shippingCents: 1200, totalCents: 15200, amountDueCents: 15200,
};
const unserved: CheckoutQuoteProps = { ...base, shipsToCountry: false, shippingOptions: [], selectedShippingOptionId: null, shippingCents: 0, totalCents: 14000, amountDueCents: 14000 };

const countries = [{ code: 'DE', name: 'Deutschland', hasRegion: false }, { code: 'AT', name: 'Österreich', hasRegion: false }, { code: 'CH', name: 'Schweiz', hasRegion: false }];

describe('the checkout\'s shipping to the country chosen', () => {
  beforeEach(() => {
    clearCookies();
    setCookies('crumb=tok');
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the country\'s options when it changes, and says so when none ships there', async () => {
    const calls = scriptFetch([{
      method: 'POST', path: API_PATHS.checkoutQuote,
      answer: (call) => ({ body: { quote: (call.body as { countryCode: string }).countryCode === 'AT' ? austrian : unserved } }),
    }]);
    render(<Checkout quote={base} countries={countries} testMode />);
    // the page's own quote is the first country's: nothing asked for yet
    expect(calls).toHaveLength(0);
    expect(screen.getByLabelText(/DHL Paket Deutschland/)).toBeTruthy();
    const country = screen.getByLabelText(CHECKOUT.countryLabel);
    fireEvent.change(country, { target: { value: 'AT' } });
    await settle();
    expect(calls.map((call) => call.body)).toEqual([{ shippingOptionId: 'dhl-de', countryCode: 'AT' }]);
    // Austria's one rate, chosen, and its cost in the totals
    expect(screen.queryByLabelText(/DHL Paket Deutschland/)).toBeNull();
    expect((screen.getByLabelText(/EU/) as HTMLInputElement).checked).toBe(true);
    expect(document.querySelector('.grand-total')?.textContent).toContain('152');
    fireEvent.change(country, { target: { value: 'CH' } });
    await settle();
    expect(calls.at(-1)?.body).toEqual({ shippingOptionId: 'eu', countryCode: 'CH' });
    const said = document.getElementById('checkout-not-shipped');
    expect(said?.textContent).toBe("We don't ship to Schweiz yet.");
    expect(country.getAttribute('aria-describedby')).toBe('checkout-not-shipped');
    expect(document.querySelectorAll('input[name="shippingOptionId"]')).toHaveLength(0);
  });

  it('names the country on Place order rather than asking for a shipping choice it cannot offer', async () => {
    const calls = scriptFetch([{ method: 'POST', path: API_PATHS.checkoutQuote, answer: { body: { quote: unserved } } }]);
    render(<Checkout quote={base} countries={countries} testMode />);
    fireEvent.change(screen.getByLabelText(CHECKOUT.countryLabel), { target: { value: 'CH' } });
    await settle();
    fireEvent.submit(screen.getByRole('button', { name: /Place order/ }).closest('form')!);
    await settle();
    expect(document.getElementById('checkout-countryCode-error')?.textContent).toBe("We don't ship to Schweiz yet.");
    expect(document.getElementById('checkout-shippingOptionId-error')).toBeNull();
    expect(calls.some((call) => call.url === API_PATHS.checkoutOrders)).toBe(false);
  });

  it('drops an answer for a country chosen before the one now chosen', async () => {
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    scriptFetch([{
      method: 'POST', path: API_PATHS.checkoutQuote,
      answer: (call) => ((call.body as { countryCode: string }).countryCode === 'CH' ? { body: { quote: unserved }, after: slow } : { body: { quote: austrian } }),
    }]);
    render(<Checkout quote={base} countries={countries} testMode />);
    const country = screen.getByLabelText(CHECKOUT.countryLabel);
    fireEvent.change(country, { target: { value: 'CH' } });
    fireEvent.change(country, { target: { value: 'AT' } });
    await settle();
    release();
    await settle();
    expect(document.getElementById('checkout-not-shipped')).toBeNull();
    expect((screen.getByLabelText(/EU/) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps a gift card applied while the country\'s slower answer, asked before it, comes back after it', async () => {
    let answerCountry = (): void => undefined;
    const countryHeld = new Promise<void>((resolve) => { answerCountry = resolve; });
    const withCard: CheckoutQuoteProps = {
      ...austrian, giftCard: { last4: '6789', appliedCents: 2000, balanceAfterCents: 0 }, amountDueCents: 13200,
    };
    scriptFetch([{
      method: 'POST', path: API_PATHS.checkoutQuote,
      answer: (call) => ((call.body as { giftCardCode?: string }).giftCardCode
        ? { body: { quote: withCard } }
        // the country's own quote, without the card, answers last
        : { after: countryHeld, body: { quote: austrian } }),
    }]);
    render(<Checkout quote={base} countries={countries} testMode />);
    fireEvent.change(screen.getByLabelText(CHECKOUT.countryLabel), { target: { value: 'AT' } });
    fireEvent.change(screen.getByLabelText(CHECKOUT.giftCardCodeLabel), { target: { value: 'wxyz-2345 abcd-6789' } });
    fireEvent.click(screen.getByRole('button', { name: `${CHECKOUT.giftCardApply} ${CHECKOUT.giftCardApplyWhat}` }));
    await settle();
    expect(document.querySelector('.gift-card-deduction')).not.toBeNull();
    answerCountry();
    await settle();
    expect(document.querySelector('.gift-card-deduction')).not.toBeNull();
    expect(document.querySelector('.grand-total')?.textContent).toContain('152');
  });

  it('applies a gift card the country changed under: the country\'s quote carries the card, and the card\'s older answer is not shown over it', async () => {
    let answerCard = (): void => undefined;
    const cardHeld = new Promise<void>((resolve) => { answerCard = resolve; });
    const germanWithCard: CheckoutQuoteProps = { ...base, giftCard: { last4: '6789', appliedCents: 2000, balanceAfterCents: 0 }, amountDueCents: 12490 };
    const austrianWithCard: CheckoutQuoteProps = { ...austrian, giftCard: { last4: '6789', appliedCents: 2000, balanceAfterCents: 0 }, amountDueCents: 13200 };
    const calls = scriptFetch([{
      method: 'POST', path: API_PATHS.checkoutQuote,
      answer: (call) => ((call.body as { countryCode: string }).countryCode === 'AT'
        ? { body: { quote: austrianWithCard } }
        // the card's own quote, for Germany, answers last
        : { after: cardHeld, body: { quote: germanWithCard } }),
    }]);
    render(<Checkout quote={base} countries={countries} testMode />);
    fireEvent.change(screen.getByLabelText(CHECKOUT.giftCardCodeLabel), { target: { value: 'wxyz-2345 abcd-6789' } });
    fireEvent.click(screen.getByRole('button', { name: `${CHECKOUT.giftCardApply} ${CHECKOUT.giftCardApplyWhat}` }));
    fireEvent.change(screen.getByLabelText(CHECKOUT.countryLabel), { target: { value: 'AT' } });
    await settle();
    expect(calls.at(-1)?.body).toMatchObject({ countryCode: 'AT', giftCardCode: 'WXYZ2345ABCD6789' });
    answerCard();
    await settle();
    // Austria's totals with the card, not Germany's
    expect(document.querySelector('.gift-card-deduction')).not.toBeNull();
    expect(document.querySelector('.grand-total')?.textContent).toContain('152');
  });
});
