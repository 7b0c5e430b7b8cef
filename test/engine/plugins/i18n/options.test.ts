import { describe, expect, test } from 'vitest';
import {
  MAX_DIGITS,
  currencyOptions,
  datetimeOptions,
  decimalOptions,
  digitOption,
  intervalOptions,
  memoByArgs,
  relativeTimeOptions,
} from '../../../../engine/plugins/i18n/options.ts';

describe('digit options', () => {
  test('are clamped to 0..50', () => {
    expect(MAX_DIGITS).toBe(50);
    expect(digitOption('0')).toBe(0);
    expect(digitOption('50')).toBe(50);
    expect(digitOption('51')).toBe(50);
    expect(digitOption('9999999999')).toBe(50);
    expect(digitOption('-3')).toBe(0);
    expect(digitOption('abc')).toBe(0);
    expect(digitOption('7x')).toBe(7);
  });

  test('apply to every digit option name', () => {
    expect(decimalOptions(['minint:99', 'maxFrac:70', 'minimumFractionDigits:2']).format).toEqual({
      minimumIntegerDigits: 50,
      maximumFractionDigits: 50,
      minimumFractionDigits: 2,
    });
    const significant = decimalOptions(['maxsig:-1', 'minSig:60', 'maximumFractionDigits:99']);
    expect(significant.format).toEqual({ maximumSignificantDigits: 0, minimumSignificantDigits: 50 });
    expect(significant.maxFractionWithSignificant).toBe(50);
  });
});

describe('decimal and currency options', () => {
  test('style, grouping and rounding', () => {
    expect(decimalOptions(['style:standard', 'group', 'round:truncate']).format).toEqual({
      style: 'decimal',
      group: true,
      round: 'down',
    });
    expect(decimalOptions(['style:bogus', 'group:false', 'rounding:ceil']).format).toEqual({ group: false, round: 'ceiling' });
    expect(decimalOptions(['no-group']).format).toEqual({ group: false });
  });

  test('a fraction limit beside significant digits is split off', () => {
    const parsed = decimalOptions(['mode:significant-maxfrac', 'minsig:1', 'maxfrac:3']);
    expect(parsed.maxFractionWithSignificant).toBe(3);
    expect(parsed.format.maximumFractionDigits).toBeUndefined();
    expect(decimalOptions(['maxfrac:3']).maxFractionWithSignificant).toBeUndefined();
  });

  test('currency style and symbol width', () => {
    expect(currencyOptions(['style:accounting', 'symbol:narrow']).format).toEqual({ style: 'accounting', symbolWidth: 'narrow' });
    expect(currencyOptions(['style:standard']).format).toEqual({ style: 'symbol' });
  });
});

describe('date options', () => {
  test('bare words are widths or skeleton fields', () => {
    expect(datetimeOptions([])).toEqual({ ca: 'gregory' });
    expect(datetimeOptions(['date', 'time'])).toMatchObject({ date: 'short', time: 'short' });
    expect(datetimeOptions(['long'])).toMatchObject({ datetime: 'long' });
    expect(datetimeOptions(['yMMMd', 'hm'])).toMatchObject({ skeleton: 'yMMMdhm' });
    expect(datetimeOptions(['date:yMMMd', 'time:hm'])).toMatchObject({ skeleton: 'yMMMdhm' });
    expect(datetimeOptions(['date:full', 'calendar:japanese', 'wrap:short'])).toEqual({
      date: 'full',
      ca: 'japanese',
      wrap: 'short',
    });
    expect(datetimeOptions(['calendar:gregorian']).ca).toBe('gregory');
  });

  test('interval options', () => {
    expect(intervalOptions(['yMMMd'])).toEqual({ skeleton: 'yMMMd', ca: 'gregory' });
    expect(intervalOptions(['date', 'skeleton:hm', 'context:begin-sentence'])).toEqual({
      skeleton: 'hm',
      context: 'begin-sentence',
      ca: 'gregory',
    });
  });

  test('relative time allows weeks unless a field is forced', () => {
    expect(relativeTimeOptions([])).toMatchObject({ allowWeeks: true });
    expect(relativeTimeOptions(['field:day', 'width:short', 'numericOnly:true'])).toMatchObject({
      field: 'day',
      width: 'short',
      numericOnly: true,
    });
  });
});

test('memoByArgs parses one argument list once', () => {
  let calls = 0;
  const parse = memoByArgs((args) => {
    calls++;
    return args.length;
  });
  const args = ['a', 'b'];
  expect(parse(args)).toBe(2);
  expect(parse(args)).toBe(2);
  expect(calls).toBe(1);
  expect(parse(['a'])).toBe(1);
  expect(calls).toBe(2);
});
