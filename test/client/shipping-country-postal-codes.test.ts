import { describe, expect, it } from 'vitest';
import { formatAddress } from 'localized-address-format';
import { checkoutFieldErrors, postalCodeError, postalCodesAreDigits } from '../../client/lib/checkout-rules.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { COUNTRY_POSTAL_CODES, SHIPPING_COUNTRIES } from '../../client/lib/shipping-countries.ts';

const EU = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'];
const EEA_AND_NEIGHBOURS = ['IS', 'LI', 'NO', 'CH', 'GB', 'JE', 'GG', 'IM'];
const BEYOND = ['US', 'CA', 'MX', 'AU', 'NZ', 'JP', 'SG', 'HK', 'KR'];

const MAY_2031 = new Date(2031, 4, 1);
const good = {
  email: 'jane@example.com', name: 'Jane', line1: '1 Main St', line2: '', city: 'Town', region: '',
  postalCode: '10117', countryCode: 'DE', shippingOptionId: 'standard', recipientEmail: '',
  cardNumber: '4242424242424242', cardExpiry: '12/34', cardCvc: '123', giftCardCode: '', discountCode: '',
};

describe('the checkout\'s countries', () => {
  it('ship to every EU and EEA country, Switzerland, the UK and its neighbours, and the common others', () => {
    for (const code of [...EU, ...EEA_AND_NEIGHBOURS, ...BEYOND]) expect(SHIPPING_COUNTRIES, code).toContain(code);
    // Intl names each of them (the list shows names, not codes)
    const names = new Intl.DisplayNames(['de-DE'], { type: 'region' });
    for (const code of SHIPPING_COUNTRIES) expect(names.of(code), code).not.toBe(code);
  });

  it('each show an example that fits their own rule, and the number pad exactly where codes are digits alone', () => {
    for (const code of SHIPPING_COUNTRIES) {
      const { example, use } = COUNTRY_POSTAL_CODES[code];
      if (use === 'none') continue;
      expect(postalCodeError(example, code, []), `${code} ${example}`).toBeNull();
      expect(postalCodesAreDigits(code), code).toBe(/^\d+$/.test(example));
    }
    for (const code of ['AT', 'CH', 'BE', 'IT', 'SE', 'CZ', 'NO', 'US', 'MX', 'KR', 'SG']) expect(postalCodesAreDigits(code), code).toBe(true);
    for (const code of ['GB', 'NL', 'MT', 'PL', 'PT', 'JP', 'CA', 'IE']) expect(postalCodesAreDigits(code), code).toBe(false);
  });

  it('ask for a postal code exactly where the country\'s address format has one (Google\'s address data)', () => {
    for (const code of SHIPPING_COUNTRIES) {
      const lines = formatAddress({ postalCountry: code, addressLines: ['1 Main St'], locality: 'Town', postalCode: 'POSTAL' });
      const hasPostalCode = lines.some((line) => line.includes('POSTAL'));
      expect(COUNTRY_POSTAL_CODES[code].use !== 'none', code).toBe(hasPostalCode);
    }
  });

  it('take the new countries\' codes as shoppers type them, with or without the space, dash or country prefix, any case', () => {
    const fits: Array<[string, string]> = [
      ['AT', '1010'], ['CH', '8001'], ['BE', '1000'], ['IT', '00184'], ['PL', '00-950'], ['PL', '00950'], ['SE', '114 55'], ['SE', 'SE-11455'],
      ['CZ', '110 00'], ['SK', '811 01'], ['GR', '105 57'], ['LU', 'L-1616'], ['LV', 'LV-1050'], ['LT', 'LT-01100'], ['MT', 'vlt1117'],
      ['FI', '00100'], ['NO', '0150'], ['IS', '101'], ['LI', '9490'], ['JE', 'je2 3ab'], ['GG', 'GY1 1AA'], ['IM', 'IM1 1AA'],
      ['MC', '98000'], ['SM', '47890'], ['VA', '00120'], ['AD', 'ad500'], ['MX', '06600'], ['KR', '03051'], ['SG', '018956'],
      ['BR', '01310100'], ['JP', '1000001'], ['US', '10118 0110'], ['RO', '010011'], ['HR', '10000'], ['SI', '1000'],
    ];
    for (const [countryCode, postalCode] of fits) expect(checkoutFieldErrors({ ...good, countryCode, postalCode }, MAY_2031), `${countryCode} ${postalCode}`).toEqual({});
  });

  it('refuse a code of another shape, naming an example of the country\'s own', () => {
    const countries = [{ code: 'AT', name: 'Österreich' }, { code: 'PL', name: 'Polen' }, { code: 'CH', name: 'Schweiz' }];
    const refused: Array<[string, string, string]> = [
      ['AT', '10117', CHECKOUT.postalCodeInvalid('Österreich', '1010')], ['PL', '0095', CHECKOUT.postalCodeInvalid('Polen', '00-950')],
      ['CH', 'SW1A 1AA', CHECKOUT.postalCodeInvalid('Schweiz', '8001')], ['IT', '0018', CHECKOUT.postalCodeInvalid('IT', '00184')],
      ['LI', '8001', CHECKOUT.postalCodeInvalid('LI', '9490')], ['PT', '1100', CHECKOUT.postalCodeInvalid('PT', '1000-001')],
    ];
    for (const [countryCode, postalCode, message] of refused) {
      expect(checkoutFieldErrors({ ...good, countryCode, postalCode }, MAY_2031, countries), `${countryCode} ${postalCode}`).toEqual({ postalCode: message });
    }
  });

  it('demand no postal code where there is none (Hong Kong) or it may be left out (Ireland), and still judge an Eircode typed', () => {
    expect(checkoutFieldErrors({ ...good, countryCode: 'HK', postalCode: '' }, MAY_2031)).toEqual({});
    expect(checkoutFieldErrors({ ...good, countryCode: 'AE', postalCode: '' }, MAY_2031)).toEqual({});
    expect(checkoutFieldErrors({ ...good, countryCode: 'IE', postalCode: ' ' }, MAY_2031)).toEqual({});
    expect(checkoutFieldErrors({ ...good, countryCode: 'IE', postalCode: 'd02x285' }, MAY_2031)).toEqual({});
    expect(checkoutFieldErrors({ ...good, countryCode: 'IE', postalCode: '12345' }, MAY_2031)).toEqual({ postalCode: CHECKOUT.postalCodeInvalid('IE', 'D02 X285') });
    expect(checkoutFieldErrors({ ...good, countryCode: 'AT', postalCode: '' }, MAY_2031)).toEqual({ postalCode: CHECKOUT.postalCodeRequired });
    expect(checkoutFieldErrors({ ...good, countryCode: 'HK', postalCode: 'x'.repeat(21) }, MAY_2031)).toEqual({ postalCode: CHECKOUT.fieldTooLong(20) });
  });
});
