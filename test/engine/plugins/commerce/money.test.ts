import { describe, expect, test } from 'vitest';
import {
  compareAmounts,
  DEFAULT_MONEY,
  formatBookkeeperMoney,
  formatMoneyAmount,
  formatMoneyCents,
  legacyCentsOf,
  legacyMoneyHtml,
  legacyPriceHtml,
  moneyAmountOf,
  moneyCurrencyOf,
} from '../../../../engine/plugins/commerce/money.ts';
import { formatPercentage, parseDecimal } from '../../../../engine/plugins/commerce/decimal-format.ts';

describe('money values', () => {
  test('value and currency, or decimalValue and currencyCode', () => {
    expect(moneyAmountOf({ value: '12.50', currency: 'EUR' }).toString()).toBe('12.50');
    expect(moneyCurrencyOf({ value: '12.50', currency: 'EUR' })).toBe('EUR');
    expect(moneyAmountOf({ decimalValue: '3.1', currencyCode: 'JPY' }).toString()).toBe('3.1');
    expect(moneyCurrencyOf({ decimalValue: '3.1', currencyCode: 'JPY' })).toBe('JPY');
    expect(moneyAmountOf({ value: 7 }).toString()).toBe('7');
  });

  test('missing or unreadable amounts are 0 and the currency defaults to USD', () => {
    expect(moneyAmountOf(undefined).isZero()).toBe(true);
    expect(moneyAmountOf({ value: 'abc' }).isZero()).toBe(true);
    expect(moneyAmountOf({ value: '  ' }).isZero()).toBe(true);
    expect(moneyCurrencyOf({ value: '1' })).toBe('USD');
    expect(moneyCurrencyOf({ value: '1', currency: ' ' })).toBe('USD');
    expect(moneyCurrencyOf(DEFAULT_MONEY)).toBe('USD');
  });

  test('legacy cents move the point two places', () => {
    expect(legacyCentsOf({ value: '1.00' }).toString()).toBe('100');
    expect(legacyCentsOf({ value: '.5' }).toString()).toBe('50');
    expect(legacyCentsOf({ value: '1.005' }).toString()).toBe('100.5');
    expect(legacyCentsOf(undefined).toString()).toBe('0');
  });
});

describe('money formatting', () => {
  test('cents are divided by 10^fraction digits of the currency: 2 for USD and the default, 0 for JPY', () => {
    expect(formatMoneyCents(12345)).toBe('123.45');
    expect(formatMoneyCents(12345, 'EUR')).toBe('123.45');
    expect(formatMoneyCents(12345, 'JPY')).toBe('12,345');
    expect(formatMoneyCents('5', 'USD')).toBe('0.05');
  });

  test('thousands commas, a decimal point, a leading minus, half-even rounding', () => {
    expect(formatMoneyAmount('1234567.5')).toBe('1,234,567.50');
    expect(formatMoneyAmount(-1234.5)).toBe('-1,234.50');
    expect(formatMoneyAmount('0.125')).toBe('0.12');
    expect(formatMoneyAmount('0.135')).toBe('0.14');
    expect(formatMoneyAmount('1234.5', 'JPY')).toBe('1,234');
    expect(formatMoneyAmount('1235.5', 'JPY')).toBe('1,236');
  });

  test('at most 15 integer places: 15 digits are shown whole, beyond that only the last 15', () => {
    expect(formatMoneyAmount('999999999999999.99')).toBe('999,999,999,999,999.99');
    expect(formatMoneyAmount('1234567890123456.78')).toBe('234,567,890,123,456.78');
    expect(formatMoneyCents('123456789012345', 'JPY')).toBe('123,456,789,012,345');
    expect(formatMoneyCents('1123456789012345', 'JPY')).toBe('123,456,789,012,345');
  });

  test('legacy markup wraps the dollars-and-cents text', () => {
    expect(legacyMoneyHtml(12345)).toBe('<span class="sqs-money-native">123.45</span>');
    expect(legacyMoneyHtml(legacyCentsOf({ value: '2500' }))).toBe('<span class="sqs-money-native">2,500.00</span>');
  });

  test('bookkeeper format: US dollars from cents with the sign before the symbol', () => {
    expect(formatBookkeeperMoney(12345)).toBe('$123.45');
    expect(formatBookkeeperMoney(-123456789)).toBe('-$1,234,567.89');
    expect(formatBookkeeperMoney(0)).toBe('$0.00');
  });

  test('percentages keep two to three fraction digits, or up to three when trimmed', () => {
    expect(formatPercentage(123456, false)).toBe('123,456.00');
    expect(formatPercentage(123456, true)).toBe('123,456');
    expect(formatPercentage(12.3456, false)).toBe('12.346');
    expect(formatPercentage(12.5, true)).toBe('12.5');
    expect(formatPercentage(-0.5, false)).toBe('-0.50');
  });

  test('decimal text parsing rejects what is not a finite number', () => {
    expect(parseDecimal(' 12.5 ')?.toString()).toBe('12.5');
    expect(parseDecimal('')).toBeUndefined();
    expect(parseDecimal('NaN')).toBeUndefined();
    expect(parseDecimal('1,000')).toBeUndefined();
  });
});

describe('parsed amounts kept between calls', () => {
  test('a cached parse gives the same value every time, unreadable text included', () => {
    for (const text of ['68.00', ' 68.00 ', '1e3', '-0.00', 'abc', '', 'NaN', 'Infinity', '12345678901234567890.123']) {
      const first = parseDecimal(text);
      const again = parseDecimal(text);
      expect(again?.toString()).toBe(first?.toString());
    }
    expect(parseDecimal(' 68.00 ')?.toString()).toBe('68.00');
    expect(parseDecimal('abc')).toBeUndefined();
    expect(parseDecimal('Infinity')).toBeUndefined();
    // Arithmetic on a cached decimal leaves the cached value alone.
    parseDecimal('2.50')!.movePoint(2).setScale(0);
    expect(parseDecimal('2.50')!.toString()).toBe('2.50');
  });

  test('the legacy price markup of a money value is that of its amount in cents', () => {
    const monies = [{ value: '68.00' }, { decimalValue: ' 1234.5' }, { value: 7 }, { value: 'abc' }, undefined, { value: '-0.001' }];
    for (const money of [...monies, ...monies]) {
      expect(legacyPriceHtml(money)).toBe(legacyMoneyHtml(legacyCentsOf(money)));
    }
    expect(legacyPriceHtml({ value: '1234.5' })).toBe('<span class="sqs-money-native">1,234.50</span>');
  });
});

describe('comparing amounts', () => {
  test('the same parsed amount is equal to itself, others compare by value', () => {
    const a = parseDecimal('68.00')!;
    expect(compareAmounts(a, parseDecimal('68.00')!)).toBe(0);
    expect(compareAmounts(a, parseDecimal('68')!)).toBe(0);
    expect(compareAmounts(a, parseDecimal('68.01')!)).toBe(-1);
    expect(compareAmounts(parseDecimal('-1')!, a)).toBe(-1);
    expect(compareAmounts(a, parseDecimal('9')!)).toBe(1);
  });
});
