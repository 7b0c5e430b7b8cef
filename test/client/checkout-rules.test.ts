/**
 * The checkout's field rules, shared by the island and the server's schema: catalogue texts per
 * field, card numbers by the Luhn check, expiry by month, emails trimmed and lower-cased.
 */
import { describe, expect, it } from 'vitest';
import { checkoutFieldErrors, normalisedCheckoutFields, parseExpiry, passesLuhn, type CheckoutFields } from '../../client/lib/checkout-rules.ts';
import { fieldErrorsOf, placeOrderSchema } from '../../client/lib/checkout-schema.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';

const MAY_2031 = new Date(2031, 4, 15);

const good: CheckoutFields = {
  email: ' Jane@Linen.Studio ', name: 'Jane Doe', line1: '350 Fifth Avenue', line2: '', city: 'New York', region: 'NY',
  postalCode: '10118', countryCode: 'US', shippingOptionId: 'standard', recipientEmail: '',
  cardNumber: '4242 4242 4242 4242', cardExpiry: '05/31', cardCvc: '123', giftCardCode: '', discountCode: '',
};

describe('checkout field rules', () => {
  it('accepts a complete form and keeps it trimmed, the emails lower-cased and the card as digits', () => {
    expect(checkoutFieldErrors(good, MAY_2031)).toEqual({});
    expect(normalisedCheckoutFields(good)).toMatchObject({ email: 'jane@linen.studio', cardNumber: '4242424242424242' });
  });

  it('names each wrong field with its catalogue text', () => {
    expect(checkoutFieldErrors({ ...good, email: 'jane@', name: ' ', countryCode: 'XX', cardNumber: '4242 4242 4242 4241', cardExpiry: '04/31', cardCvc: '12', recipientEmail: 'friend' }, MAY_2031)).toEqual({
      email: CHECKOUT.emailInvalid,
      name: CHECKOUT.nameRequired,
      countryCode: CHECKOUT.countryRequired,
      cardNumber: CHECKOUT.cardNumberInvalid,
      cardExpiry: CHECKOUT.cardExpired,
      cardCvc: CHECKOUT.cardCvcInvalid,
      recipientEmail: CHECKOUT.recipientEmailInvalid,
    });
    // a country sent as an object's own property name is no country, and its postal code no crash
    for (const countryCode of ['constructor', '__proto__', 'toString']) {
      expect(checkoutFieldErrors({ ...good, countryCode }, MAY_2031), countryCode).toEqual({ countryCode: CHECKOUT.countryRequired });
    }
  });

  it('names the most a text box takes when it holds more', () => {
    expect(checkoutFieldErrors({ ...good, name: 'A'.repeat(259), city: 'B'.repeat(101) }, MAY_2031)).toEqual({
      name: CHECKOUT.fieldTooLong(200),
      city: CHECKOUT.fieldTooLong(100),
    });
    expect(CHECKOUT.fieldTooLong(200)).toBe('This is too long: use at most 200 characters.');
  });

  it('refuses a postal code not of the chosen country\'s shape, naming one that is', () => {
    // each country's own, as shoppers and autofill type them (any case, with or without the space or dash)
    const fits: Array<[string, string]> = [['US', '10118'], ['US', '10118-0110'], ['US', '101180110'], ['CA', 'k1a0b1'], ['GB', 'SW1A 1AA'], ['GB', 'eh22eq'],
      ['IE', 'D6W 1234'], ['NL', '1012 JS'], ['DK', '1550'], ['PT', '1100-148'], ['AU', '2000'], ['JP', '100-8111'], ['JP', '１００－８１１１'], ['FR', ' 75007 ']];
    for (const [countryCode, postalCode] of fits) expect(checkoutFieldErrors({ ...good, countryCode, postalCode }, MAY_2031), `${countryCode} ${postalCode}`).toEqual({});
    // a ZIP code cut short, a state where the code goes, a UK postcode left under United States, a ZIP code under Canada
    const refused: Array<[string, string, string, string]> = [['US', '9720', 'United States', '10118'], ['US', 'OR', 'United States', '10118'],
      ['US', 'SW1A 1AA', 'United States', '10118'], ['CA', '97201', 'Canada', 'K1A 0B1'], ['GB', '123', 'United Kingdom', 'SW1A 1AA'], ['PT', '1100', 'Portugal', '1000-001']];
    // named as the checkout's country list names it
    const countries = [{ code: 'US', name: 'United States' }, { code: 'CA', name: 'Canada' }, { code: 'GB', name: 'United Kingdom' }, { code: 'PT', name: 'Portugal' }];
    for (const [countryCode, postalCode, country, example] of refused) {
      expect(checkoutFieldErrors({ ...good, countryCode, postalCode }, MAY_2031, countries), `${countryCode} ${postalCode}`).toEqual({ postalCode: CHECKOUT.postalCodeInvalid(country, example) });
    }
    expect(CHECKOUT.postalCodeInvalid('United States', '10118')).toBe('Please check your postal code: for United States, one looks like 10118.');
    // an empty one is still asked for as such
    expect(checkoutFieldErrors({ ...good, postalCode: ' ' }, MAY_2031)).toEqual({ postalCode: CHECKOUT.postalCodeRequired });
  });

  it('reads expiry dates and card numbers', () => {
    expect(parseExpiry('5/31')).toEqual({ month: 5, year: 2031 });
    expect(parseExpiry('05 / 2031')).toEqual({ month: 5, year: 2031 });
    expect(parseExpiry('13/31')).toBeNull();
    // what a phone's digits-only keypad lets a shopper type
    for (const typed of ['1230', '12 30', '12/30', '12-30', '12/2030', '122030', ' 12 / 30 ', '12 2030']) {
      expect(parseExpiry(typed), typed).toEqual({ month: 12, year: 2030 });
    }
    expect(parseExpiry('0531')).toEqual({ month: 5, year: 2031 });
    expect(parseExpiry('5-31')).toEqual({ month: 5, year: 2031 });
    // a one-digit month needs something after it: 130 could be 1/30 or 13/0
    for (const typed of ['130', '12030', '1230301', '1330', '0030', '12/3', '12.30', '12//30', 'ab/cd', '']) {
      expect(parseExpiry(typed), typed).toBeNull();
    }
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4000000000000003')).toBe(false);
  });

  it('accepts an expiry typed on a phone keypad and refuses what is not a date with the same message', () => {
    expect(checkoutFieldErrors({ ...good, cardExpiry: '0531' }, MAY_2031)).toEqual({});
    expect(checkoutFieldErrors({ ...good, cardExpiry: '1239' }, MAY_2031)).toEqual({});
    expect(checkoutFieldErrors({ ...good, cardExpiry: '0431' }, MAY_2031)).toEqual({ cardExpiry: CHECKOUT.cardExpired });
    expect(checkoutFieldErrors({ ...good, cardExpiry: '123' }, MAY_2031)).toEqual({ cardExpiry: CHECKOUT.cardExpiryInvalid });
    const parsed = placeOrderSchema([], () => MAY_2031).safeParse({ ...good, cardExpiry: '122039', idempotencyKey: 'k'.repeat(20), expectedTotalCents: 100 });
    expect(parsed.success).toBe(true);
  });

  it('gives the server the same answers, by field, without field paths', () => {
    const parsed = placeOrderSchema([], () => MAY_2031).safeParse({ ...good, email: 42, idempotencyKey: 'k'.repeat(20), expectedTotalCents: 100 });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsOf(parsed.error!)).toEqual({ email: CHECKOUT.emailInvalid });
  });

  it('reads a gift card code in either case, with dashes or spaces, and refuses one of the wrong shape', () => {
    expect(checkoutFieldErrors({ ...good, giftCardCode: 'abcd-efgh jkLM-npqr' }, MAY_2031)).toEqual({});
    expect(normalisedCheckoutFields({ ...good, giftCardCode: ' abcd-efgh jkLM-npqr ' }).giftCardCode).toBe('ABCDEFGHJKLMNPQR');
    // I, O, 0 and 1 are never in a code; 15 characters are too few
    expect(checkoutFieldErrors({ ...good, giftCardCode: 'ABCD-EFGH-IJKL-MNOP' }, MAY_2031)).toEqual({ giftCardCode: CHECKOUT.giftCardCodeInvalid });
    // sixteen letters, refused for its I and O: the message says the alphabet's rule, not only the count
    expect(CHECKOUT.giftCardCodeInvalid).toMatch(/never the letters I or O or the digits 0 or 1/);
    expect(checkoutFieldErrors({ ...good, giftCardCode: 'ABCD-EFGH-JKLM-NPQ' }, MAY_2031)).toEqual({ giftCardCode: CHECKOUT.giftCardCodeInvalid });
  });

  it('leaves the card out only with a gift card and nothing typed for the card (the server knows whether the card pays all)', () => {
    const noCard = { ...good, cardNumber: '', cardExpiry: '', cardCvc: '' };
    expect(checkoutFieldErrors({ ...noCard, giftCardCode: 'ABCD-EFGH-JKLM-NPQR' }, MAY_2031)).toEqual({});
    expect(checkoutFieldErrors(noCard, MAY_2031)).toEqual({
      cardNumber: CHECKOUT.cardNumberInvalid, cardExpiry: CHECKOUT.cardExpiryInvalid, cardCvc: CHECKOUT.cardCvcInvalid,
    });
    // a card begun is checked whole, gift card or not
    expect(checkoutFieldErrors({ ...noCard, giftCardCode: 'ABCD-EFGH-JKLM-NPQR', cardNumber: '4242' }, MAY_2031)).toEqual({
      cardNumber: CHECKOUT.cardNumberInvalid, cardExpiry: CHECKOUT.cardExpiryInvalid, cardCvc: CHECKOUT.cardCvcInvalid,
    });
  });
});
