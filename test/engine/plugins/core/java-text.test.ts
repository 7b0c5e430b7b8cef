import { describe, expect, it } from 'vitest';
import { decimalDigitValue, parseInt32, parseInt64 } from '../../../../engine/plugins/core/java-text.ts';

describe('integer parsing as the reference does it (Integer.parseInt, Long.parseLong)', () => {
  it('takes an optional sign before the digits', () => {
    expect(parseInt32('28')).toBe(28);
    expect(parseInt32('+28')).toBe(28);
    expect(parseInt32('-3')).toBe(-3);
    expect(parseInt32('007')).toBe(7);
    expect(parseInt32('-0')).toBe(0);
    for (const text of ['', '+', '-', '+-1', '--1', ' 2', '2 ', '2.0', '1e3', '0x10', '٣ ']) {
      expect(parseInt32(text), JSON.stringify(text)).toBeUndefined();
    }
  });

  it('reads decimal digits of any script', () => {
    expect(parseInt32('٣٠٠')).toBe(300); // Arabic-Indic
    expect(parseInt32('۱۲')).toBe(12); // Extended Arabic-Indic
    expect(parseInt32('-४२')).toBe(-42); // Devanagari
    expect(parseInt32('+１０')).toBe(10); // fullwidth
    expect(parseInt32('1٢3')).toBe(123); // scripts mixed within one number
    expect(parseInt64('٩٩')).toBe(99);
  });

  it('gives each digit its value within its script, and none to other numeric characters', () => {
    expect(decimalDigitValue('0', 0)).toBe(0);
    expect(decimalDigitValue('x٩', 1)).toBe(9);
    expect(decimalDigitValue('\u1a90', 0)).toBe(0); // Tai Tham tham digit zero
    expect(decimalDigitValue('\u1a89', 0)).toBe(9); // Tai Tham hora digit nine
    expect(decimalDigitValue('\u00b2', 0)).toBe(-1); // superscript two is a number, not a decimal digit
    expect(decimalDigitValue('Ⅻ', 0)).toBe(-1);
  });

  it('refuses digits outside the Basic Multilingual Plane, read one UTF-16 unit at a time', () => {
    expect(parseInt32('\u{1D7D1}')).toBeUndefined(); // mathematical bold digit three
    expect(parseInt32('1\u{104A1}')).toBeUndefined(); // Osmanya digit one
  });

  it('refuses values outside the range, with the negative side one larger', () => {
    expect(parseInt32('2147483647')).toBe(2147483647);
    expect(parseInt32('-2147483648')).toBe(-2147483648);
    expect(parseInt32('2147483648')).toBeUndefined();
    expect(parseInt32('+2147483648')).toBeUndefined();
    expect(parseInt32('-2147483649')).toBeUndefined();
    expect(parseInt32('٢١٤٧٤٨٣٦٤٨')).toBeUndefined();
    expect(parseInt32('9'.repeat(400))).toBeUndefined();
    expect(parseInt64('9007199254740991')).toBe(9007199254740991);
    // within a Java long but not exactly representable here: refused like an overflow
    expect(parseInt64('9007199254740993')).toBeUndefined();
    expect(parseInt64('9223372036854775808')).toBeUndefined();
  });
});
