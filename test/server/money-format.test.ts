/**
 * The islands' money text (client/lib/money.ts applying the format the server
 * derives) is byte for byte what the engine's CLDR money formatter writes, for
 * every store currency and locale shape: symbol before or after, spaces,
 * negative patterns, Indian and Spanish grouping, no fraction digits or three,
 * digits other than Latin ones (Arabic-Indic, Persian, Bengali).
 */
import { describe, expect, it } from 'vitest';
import { formatMoneyWith } from '../../client/lib/money.ts';
import { formatMoneyCLDR } from '../../engine/plugins/i18n/money.ts';
import { moneyFormatFor } from '../../server/commerce/money-format.ts';

const STORES: Array<[string, string]> = [
  ['USD', 'en-US'], ['EUR', 'en-US'], ['GBP', 'en-GB'], ['EUR', 'fr-FR'], ['EUR', 'de-DE'], ['EUR', 'es-ES'],
  ['EUR', 'nl-NL'], ['CHF', 'de-CH'], ['JPY', 'ja-JP'], ['JPY', 'en-US'], ['INR', 'en-IN'], ['CAD', 'fr-CA'],
  ['AUD', 'en-AU'], ['SEK', 'sv-SE'], ['BRL', 'pt-BR'], ['ZZZ', 'en-US'], ['KWD', 'en-US'], ['BHD', 'en-BH'], ['TND', 'fr-TN'],
  ['KRW', 'ko-KR'], ['EGP', 'ar-EG'], ['USD', 'fa-IR'], ['BDT', 'bn-BD'],
];
const CENTS = [0, 5, 99, 100, 6800, 123456, 999999, 1234567, 100000000, 123456789012, -1, -6800, -123456789];

describe('store money format', () => {
  for (const [currency, locale] of STORES) {
    it(`${currency} in ${locale} matches the engine's CLDR money formatter`, () => {
      const format = moneyFormatFor(currency, locale);
      for (const cents of CENTS) {
        const amount = (cents / 10 ** format.fractionDigits).toFixed(format.fractionDigits);
        expect(formatMoneyWith(cents, format), `${cents}`).toBe(formatMoneyCLDR(amount, currency, locale));
      }
    });
  }

  it('reads the US format as the shopper sees it', () => {
    const format = moneyFormatFor('usd', 'en-US');
    expect(formatMoneyWith(6800, format)).toBe('$68.00');
    expect(formatMoneyWith(-123456, format)).toBe('-$1,234.56');
    expect(formatMoneyWith(150000, moneyFormatFor('INR', 'en-IN'))).toBe('₹1,500.00');
    expect(formatMoneyWith(1234567800, moneyFormatFor('INR', 'en-IN'))).toBe('₹1,23,45,678.00');
  });

  it('shows stored minor units at their ISO 4217 worth: thousandths in dinars, cents in rupiah where CLDR writes none', () => {
    expect(formatMoneyWith(1250, moneyFormatFor('KWD', 'en-US'))).toBe('KWD\u00a01.250');
    expect(formatMoneyWith(-1234567, moneyFormatFor('TND', 'fr-TN'))).toBe('-1\u202f234,567\u00a0DT');
    expect(formatMoneyWith(1250, moneyFormatFor('KRW', 'ko-KR'))).toBe('₩1,250');
    // 12,345.67 rupiah kept as 1234567 minor units, not 1,234,567 rupiah; the decimal comma is the locale's
    expect(formatMoneyWith(1234567, moneyFormatFor('IDR', 'id-ID'))).toBe('Rp\u00a012.345,67');
    expect(moneyFormatFor('IQD', 'en-US').fractionDigits).toBe(3);
  });

  it("writes the digits of the locale's numbering system, as the pages do", () => {
    expect(moneyFormatFor('EGP', 'ar-EG').digits).toBe('٠١٢٣٤٥٦٧٨٩');
    expect(formatMoneyWith(123456, moneyFormatFor('EGP', 'ar-EG'))).toBe('\u200f١٬٢٣٤٫٥٦\u00a0ج.م.\u200f');
    expect(formatMoneyWith(-6800, moneyFormatFor('USD', 'fa-IR'))).toBe('\u200e\u2212\u200e$۶۸٫۰۰');
    expect(formatMoneyWith(1234567800, moneyFormatFor('BDT', 'bn-BD'))).toBe('১,২৩,৪৫,৬৭৮.০০৳');
    // A locale tag that asks for Latin digits gets them.
    expect(formatMoneyWith(123456, moneyFormatFor('EGP', 'ar-EG-u-nu-latn'))).toBe('\u200f1,234.56\u00a0ج.م.\u200f');
    expect(moneyFormatFor('USD', 'en-US').digits).toBe('0123456789');
  });
});
