import { describe, expect, test } from 'vitest';
import { messages } from '../../../../engine/messages.ts';
import { parseJson } from '../../../../engine/runtime/json-reader.ts';
import { DEFAULT_CURRENCY, formatMoneyCLDR } from '../../../../engine/plugins/i18n/index.ts';
import { toDecimal } from '../../../../engine/plugins/i18n/decimal-value.ts';
import { formatLegacyMoney, legacyLocaleTag } from '../../../../engine/plugins/i18n/legacy-money.ts';
import { compileErrors, render } from './render.ts';

const dec = (text: string) => toDecimal(text)!;

describe('decimal', () => {
  test('formats numbers and numeric text in the render locale (en-US by default)', () => {
    expect(render('{n|decimal}', { n: '-15789.12' }).html).toBe('-15,789.12');
    expect(render('{n|decimal}', { n: 1200 }, { locale: 'de-DE' }).html).toBe('1.200');
    expect(render('{n|decimal style:short}', { n: '1200' }).html).toBe('1.2K');
    expect(render('{n|decimal group:false}', { n: 1200 }).html).toBe('1200');
  });

  test('renders nothing for values that are not numbers', () => {
    expect(render('[{n|decimal}]', { n: 'xyz' }).html).toBe('[]');
    expect(render('[{n|decimal}]', { n: true }).html).toBe('[]');
    expect(render('[{n|decimal}]', {}).html).toBe('[]');
  });

  test('digit options are clamped at 50 and at 0', () => {
    const fifty = render('{n|decimal minfrac:75}', { n: '1' }).html;
    expect(fifty).toBe(`1.${'0'.repeat(50)}`);
    expect(render('{n|decimal maxfrac:-2}', { n: '2.75' }).html).toBe('3');
  });

  test('significant digits with a fraction limit', () => {
    expect(render('{n|decimal minsig:1 maxfrac:3}', { n: '3.14159' }).html).toBe('3.142');
    expect(render('{n|decimal minsig:1 maxfrac:3}', { n: '1.001' }).html).toBe('1.001');
  });

  test('exact decimals are not floats', () => {
    expect(toDecimal('0.1')?.toString()).toBe('0.1');
    expect(toDecimal('1e3')?.toString()).toBe('1000');
    expect(toDecimal('NaN')).toBeUndefined();
    expect(toDecimal(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(toDecimal(' 1')).toBeUndefined();
  });
});

describe('money', () => {
  test('formats both money shapes', () => {
    expect(render('{m|money}', { m: { decimalValue: '1234.5', currencyCode: 'EUR' } }).html).toBe('€1,234.50');
    expect(render('{m|money}', { m: { value: '7', currency: 'USD' } }).html).toBe('$7.00');
    expect(render('{m|money style:accounting}', { m: { decimalValue: -3, currencyCode: 'USD' } }).html).toBe('($3.00)');
    expect(render('{m|money}', { m: { decimalValue: '1234.5', currencyCode: 'EUR' } }, { locale: 'fr-FR' }).html).toBe(
      '1\u202f234,50\u00a0€',
    );
  });

  test('renders nothing for anything else', () => {
    expect(render('[{m|money}]', { m: { decimalValue: '1' } }).html).toBe('[]');
    expect(render('[{m|money}]', { m: 5 }).html).toBe('[]');
    expect(render('[{m|money}]', { m: { decimalValue: 'abc', currencyCode: 'USD' } }).html).toBe('[]');
  });

  test('formatMoneyCLDR: locale, default currency USD, options', () => {
    expect(DEFAULT_CURRENCY).toBe('USD');
    expect(formatMoneyCLDR('1234.5', 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
    expect(formatMoneyCLDR(10, '', 'en-US')).toBe('$10.00');
    expect(formatMoneyCLDR('10', 'USD', '')).toBe('$10.00');
    expect(formatMoneyCLDR('10', 'USD', 'en-US', { style: 'code' })).toBe('10.00 USD');
    expect(formatMoneyCLDR('x', 'USD', 'en-US')).toBe('');
    expect(formatMoneyCLDR('1', 'usd', 'en-US')).toBe('$1.00');
    // A code without a CLDR symbol shows the code rather than a bare number.
    expect(formatMoneyCLDR('12.5', 'XYZ', 'en-US')).toBe('12.50 XYZ');
  });

  test('formatMoneyCLDR: COP, HUF, IDR and PKR keep the two fraction digits of the Java reference\'s CLDR data', () => {
    expect(formatMoneyCLDR('1234.5', 'IDR', 'id-ID')).toBe('Rp\u00a01.234,50');
    expect(formatMoneyCLDR('1234.505', 'COP', 'es-CO')).toBe('$\u00a01.234,50');
    expect(formatMoneyCLDR('7.125', 'HUF', 'en-US', { style: 'code' })).toBe('7.12 HUF');
    expect(formatMoneyCLDR('1234.5', 'PKR', 'en-US')).toBe('PKR\u00a01,234.50');
    // the rest of the table is the library's: none for JPY, three for KWD
    expect(formatMoneyCLDR('1234.5', 'JPY', 'en-US')).toBe('¥1,234');
    expect(formatMoneyCLDR('1.2345', 'KWD', 'en-US')).toBe('KWD\u00a01.234');
  });
});

describe('i18n-money-format (legacy)', () => {
  test('placement, spacing and separators follow the locale', () => {
    expect(formatLegacyMoney(dec('1234.56'), 'AUD', 'de-DE')).toBe('1.234,56 A$');
    expect(formatLegacyMoney(dec('-1234.56'), 'EUR', 'fr-FR')).toBe('-1\u00a0234,56€');
    expect(formatLegacyMoney(dec('-1234.56'), 'SEK', 'en-US')).toBe('kr -1,234.56');
    expect(formatLegacyMoney(dec('1234.56'), 'JPY', 'en-UK')).toBe('¥1,235');
    expect(formatLegacyMoney(dec('2.5'), 'CHF', 'en-US')).toBe('CHF 2.50');
    expect(formatLegacyMoney(dec('1'), 'XYZ1', 'en-US')).toBeUndefined();
  });

  test('half-even rounding on the exact value, without double precision loss', () => {
    expect(formatLegacyMoney(dec('0.125'), 'USD', 'en-US')).toBe('$0.12');
    expect(formatLegacyMoney(dec('0.375'), 'USD', 'en-US')).toBe('$0.38');
    expect(formatLegacyMoney(dec('12345678901234567.89'), 'USD', 'en-US')).toBe('$12,345,678,901,234,567.89');
    expect(render('{m|i18n-money-format}', { m: { decimalValue: '0.005' } }).html).toBe('$0.00');
    expect(render('{m|i18n-money-format}', { m: { decimalValue: 'abc' } }).html).toBe('$0.00');
  });

  test('through the formatter: default locale and currency', () => {
    expect(render('{m|i18n-money-format}', { m: { decimalValue: 5 } }).html).toBe('$5.00');
    expect(render('{m|i18n-money-format de_DE}', { m: { decimalValue: '5', currencyCode: 'GBP' } }).html).toBe('5,00£');
  });

  test('locale arguments are checked at compile time', () => {
    expect(legacyLocaleTag('en_US')).toBe('en-US');
    expect(legacyLocaleTag('fr-FR')).toBe('fr-FR');
    expect(legacyLocaleTag('EN_us')).toBeUndefined();
    expect(compileErrors('{m|i18n-money-format EN_us}').join()).toContain(messages.legacyMoneyInvalidLocale('EN_us'));
    expect(compileErrors('{m|i18n-money-format en_US de_DE}').join()).toContain(messages.i18nArgsAtMost(1, 2));
  });

  test('an unknown currency is reported', () => {
    const { html, errors } = render('[{m|i18n-money-format}]', { m: { decimalValue: 1, currencyCode: 'NOPE' } });
    expect(html).toBe('[]');
    expect(errors).toEqual([messages.legacyMoneyInvalidCurrency('NOPE')]);
  });
});

describe('cents formatters', () => {
  test('money-format and moneyFormat print cents as dollars', () => {
    expect(render('{@|money-format}', 12345).html).toBe('123.45');
    expect(render('{@|moneyFormat}', '123456789').html).toBe('1,234,567.89');
    expect(render('{@|money-format}', -5).html).toBe('-0.05');
    expect(render('{@|money-format}', '12345.5').html).toBe('123.46');
    expect(render('[{@|money-format}]', 'abc').html).toBe('[]');
    expect(render('{@|money-format}', 0).html).toBe('0.00');
  });

  test('a negative amount that rounds to zero keeps its sign, as Java DecimalFormat prints it', () => {
    expect(render('{@|money-format}', -0.4).html).toBe('-0.00');
    expect(render('{@|money-string}', '-0.4').html).toBe('<span class="sqs-money-native">-0.00</span>');
  });

  test('a double written as 1.0 in the data is a number of cents', () => {
    expect(render('{@|money-format}', parseJson('250.0')).html).toBe('2.50');
  });

  test('money-string wraps the amount', () => {
    expect(render('{@|money-string}', 100).html).toBe('<span class="sqs-money-native">1.00</span>');
  });
});
