/**
 * Amounts as the owner types them in the admin (product prices, sale prices, shipping rates, the
 * product import): no typed amount may be read as another one.
 */
import { describe, expect, it } from 'vitest';
import { amountExample, centsFromText, decimalFromText, notAnAmountText, textFromCents } from '../../client/lib/money-input.ts';

describe('reading a typed amount', () => {
  it('reads plain amounts in minor units', () => {
    expect(centsFromText('12.50', 'USD')).toBe(1250);
    expect(centsFromText('12.5', 'USD')).toBe(1250);
    expect(centsFromText('12', 'USD')).toBe(1200);
    expect(centsFromText(' 0.99 ', 'USD')).toBe(99);
    expect(centsFromText('0', 'USD')).toBe(0);
    expect(centsFromText('1250.00', 'EUR')).toBe(125000);
  });

  it('reads commas that group thousands as grouping', () => {
    expect(centsFromText('1,250', 'USD')).toBe(125000);
    expect(centsFromText('1,250.50', 'USD')).toBe(125050);
    expect(centsFromText('12,345,678', 'USD')).toBe(1234567800);
    expect(centsFromText('999,999.99', 'USD')).toBe(99999999);
  });

  it('reads a comma with one or two digits after it, at the end and without a point, as a decimal comma', () => {
    expect(centsFromText('12,50', 'USD')).toBe(1250);
    expect(centsFromText('12,5', 'USD')).toBe(1250);
    expect(centsFromText('0,99', 'EUR')).toBe(99);
    expect(centsFromText('1250,00', 'USD')).toBe(125000);
  });

  it('refuses every other use of commas and points, rather than guess', () => {
    for (const text of ['12,5,0', '1,25.00', '12.50,00', '1,2345', '12,345,67', '1,250,5', ',50', '12,', '1.250.00', '12.', '.50', '1 250', '12,50.', '0,500', '01,250', '']) {
      expect(centsFromText(text, 'USD'), text).toBeNaN();
    }
    for (const text of ['twelve', '$12.50', '12.50 USD', '1e3', '0x10', '+12', 'Infinity']) expect(centsFromText(text, 'USD'), text).toBeNaN();
  });

  it('refuses more decimals than the currency has, instead of rounding them away', () => {
    expect(centsFromText('12.505', 'USD')).toBeNaN();
    expect(centsFromText('12.500', 'USD')).toBe(1250);
    expect(centsFromText('0.001', 'USD')).toBeNaN();
  });

  it('reads yen, which have no minor unit: thousands group, and a decimal comma or point only with zeros after it', () => {
    expect(centsFromText('1,250', 'JPY')).toBe(1250);
    expect(centsFromText('6800', 'JPY')).toBe(6800);
    expect(centsFromText('12,345,678', 'JPY')).toBe(12345678);
    expect(centsFromText('12.00', 'JPY')).toBe(12);
    expect(centsFromText('12,0', 'JPY')).toBe(12);
    // 12.5 yen is no amount in yen: neither 13 nor 1250
    expect(centsFromText('12,50', 'JPY')).toBeNaN();
    expect(centsFromText('12.5', 'JPY')).toBeNaN();
    expect(centsFromText('12,5,0', 'JPY')).toBeNaN();
  });

  it('reads dinars, which have thousandths, and refuses "1,250", which could be a thousand dinars or one and a quarter', () => {
    expect(centsFromText('1.250', 'KWD')).toBe(1250);
    expect(centsFromText('1.25', 'KWD')).toBe(1250);
    expect(centsFromText('12', 'BHD')).toBe(12000);
    expect(centsFromText('0.005', 'OMR')).toBe(5);
    expect(centsFromText('12,5', 'KWD')).toBe(12500);
    expect(centsFromText('1,250.500', 'KWD')).toBe(1250500);
    expect(centsFromText('12,345,678', 'KWD')).toBe(12345678000);
    expect(centsFromText('1.2505', 'KWD')).toBeNaN();
    expect(centsFromText('1.2500', 'KWD')).toBe(1250);
    expect(centsFromText('1,250', 'KWD')).toBeNaN();
    expect(centsFromText('-1,250', 'TND')).toBeNaN();
  });

  it('keeps the sign, so the server names a negative amount as one', () => {
    expect(centsFromText('-1.50', 'USD')).toBe(-150);
    expect(centsFromText('-1,50', 'USD')).toBe(-150);
  });

  it('reads back exactly what it writes', () => {
    for (const [cents, currency] of [[0, 'USD'], [5, 'USD'], [1250, 'USD'], [123456789, 'USD'], [100_000_000, 'EUR'], [6800, 'JPY'], [1, 'JPY'], [1250, 'KWD'], [5, 'KWD'], [1_250_500, 'KWD'], [-1250, 'JOD']] as const) {
      const text = textFromCents(cents, currency);
      expect(text).not.toContain(',');
      expect(centsFromText(text, currency)).toBe(cents);
    }
  });
});

describe('reading a typed decimal (the tax rate)', () => {
  it('follows the same rule as amounts', () => {
    expect(decimalFromText('8,5')).toBe('8.5');
    expect(decimalFromText('8.25')).toBe('8.25');
    expect(decimalFromText('1,000')).toBe('1000');
    expect(decimalFromText('8,5,0')).toBeNull();
    expect(decimalFromText('8.5,0')).toBeNull();
  });
});

describe('the example of an amount', () => {
  it('is written as the currency writes amounts: two decimals, none in yen, three in dinars', () => {
    expect(amountExample('USD')).toBe('12.50');
    expect(amountExample('EUR')).toBe('12.50');
    expect(amountExample('JPY')).toBe('1250');
    expect(amountExample('KWD')).toBe('12.500');
    expect(notAnAmountText('USD')).toBe('Enter an amount, such as 12.50.');
    expect(notAnAmountText('JPY')).toBe('Enter an amount, such as 1250.');
    expect(notAnAmountText('KWD')).toBe('Enter an amount, such as 12.500.');
    // what the example says is read back as an amount in that currency
    expect(centsFromText(amountExample('JPY'), 'JPY')).toBe(1250);
    expect(centsFromText(amountExample('USD'), 'USD')).toBe(1250);
    expect(centsFromText(amountExample('KWD'), 'KWD')).toBe(12500);
  });
});
