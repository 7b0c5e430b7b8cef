import { describe, expect, it } from 'vitest';
import { booleanOf, doubleOf, intOf, longOf, textOf, textOrBlank } from '../../../../engine/plugins/core/node-coercion.ts';
import { isJavaWhitespace, parseInt32, parseInt64 } from '../../../../engine/plugins/core/java-text.ts';
import { numberText } from '../../../../engine/plugins/core/number-text.ts';

describe('reading values as the reference does', () => {
  it('prints null as "null" in text but blank when null is eaten', () => {
    expect(textOf(null)).toBe('null');
    expect(textOrBlank(null)).toBe('');
    expect(textOf({ a: 1 })).toBe('');
    expect(textOf([1])).toBe('');
    expect(textOf(undefined)).toBe('');
    expect(textOf(12.5)).toBe('12.5');
    expect(textOf(false)).toBe('false');
  });

  it('reads integers from numbers by truncation and from text leniently', () => {
    expect(longOf(1.99)).toBe(1);
    expect(longOf(-1.99)).toBe(-1);
    expect(longOf(' 42 ')).toBe(42);
    expect(longOf('+7')).toBe(7);
    expect(longOf('3.9')).toBe(3);
    expect(longOf('1e3')).toBe(1000);
    expect(longOf('2.5f')).toBe(2);
    expect(longOf('abc')).toBe(0);
    expect(longOf('-')).toBe(0);
    expect(longOf(true)).toBe(1);
    expect(longOf(null)).toBe(0);
    expect(longOf([3])).toBe(0);
  });

  it('gives 0 for whole-number text out of range instead of saturating', () => {
    expect(intOf('99999999999')).toBe(0);
    expect(intOf(99999999999)).toBe(2147483647);
    expect(intOf('12')).toBe(12);
  });

  it('reads doubles from text, 0 when unreadable', () => {
    expect(doubleOf('2.5')).toBe(2.5);
    expect(doubleOf('x')).toBe(0);
    expect(doubleOf(true)).toBe(1);
    expect(doubleOf(undefined)).toBe(0);
  });

  it('reads booleans strictly', () => {
    expect(booleanOf(' true ')).toBe(true);
    expect(booleanOf('yes')).toBe(false);
    expect(booleanOf(2)).toBe(true);
    expect(booleanOf(0.5)).toBe(false);
    expect(booleanOf(null)).toBe(false);
  });

  it('parses integers strictly', () => {
    expect(parseInt32('28')).toBe(28);
    expect(parseInt32('-3')).toBe(-3);
    expect(parseInt32('2147483648')).toBeUndefined();
    expect(parseInt32('2.0')).toBeUndefined();
    expect(parseInt32(' 2')).toBeUndefined();
    expect(parseInt64('9007199254740993')).toBeUndefined();
  });

  it('knows which characters are whitespace', () => {
    expect(isJavaWhitespace(' ')).toBe(true);
    expect(isJavaWhitespace('\t')).toBe(true);
    expect(isJavaWhitespace('\u2003')).toBe(true);
    expect(isJavaWhitespace('\u00a0')).toBe(false);
    expect(isJavaWhitespace('x')).toBe(false);
  });

  it('prints numbers like the reference: plain in the middle range, scientific outside', () => {
    expect(numberText(12)).toBe('12');
    expect(numberText(-0.5)).toBe('-0.5');
    expect(numberText(1234567.5)).toBe('1234567.5');
    expect(numberText(12345678.5)).toBe('1.23456785E7');
    expect(numberText(0.001)).toBe('0.001');
    expect(numberText(0.0001)).toBe('1.0E-4');
    expect(numberText(-2.5e-8)).toBe('-2.5E-8');
    expect(numberText(1e21)).toBe('1000000000000000000000');
    expect(textOf(0.0001)).toBe('1.0E-4');
  });
});

describe('reading a long run of digits that is not a number', () => {
  // The number pattern once split a run of digits between two repeats (`[0-9]+\.?[0-9]*`), so text of
  // n digits and a letter took n² steps: 50 000 digits took seconds, in one step the render's time
  // limit cannot stop. Each call here would take minutes so.
  it('answers at once, as for a short one', () => {
    const digits = '7'.repeat(200_000);
    expect(doubleOf(`${digits}x`)).toBe(0);
    expect(longOf(`${digits}.5.5`)).toBe(0);
    expect(doubleOf(`${digits}`)).toBe(Number(digits));
    expect(doubleOf('12.')).toBe(12);
    expect(doubleOf('.5')).toBe(0.5);
    expect(doubleOf('1.5e3d')).toBe(1500);
  });
});
