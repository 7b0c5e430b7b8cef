import { describe, expect, it } from 'vitest';
import { compile } from '../../../engine/index.ts';
import { parseJson } from '../../../engine/runtime/json-reader.ts';
import {
  asBoolean,
  asNumber,
  asString,
  compareValues,
  deepEquals,
  getChild,
  isNumber,
  isObject,
  isTruthy,
  JsonDouble,
  numberOf,
  plainJson,
  sizeOf,
  typeOf,
  ValueType,
} from '../../../engine/runtime/values.ts';

const one = new JsonDouble(1);
const zero = new JsonDouble(0);

describe('value rules for a JsonDouble', () => {
  it('is a number, not an object', () => {
    expect(typeOf(one)).toBe(ValueType.Number);
    expect(isNumber(one)).toBe(true);
    expect(isNumber(1)).toBe(true);
    expect(isNumber('1')).toBe(false);
    expect(isObject(one)).toBe(false);
    expect(numberOf(one)).toBe(1);
    expect(numberOf(3)).toBe(3);
    expect(numberOf('3')).toBeUndefined();
    expect(plainJson(one)).toBe(1);
    expect(sizeOf(one)).toBe(0);
    expect(getChild(one, 'value')).toBeUndefined();
  });

  it('converts like a double', () => {
    expect(asNumber(one)).toBe(1);
    expect(asString(one)).toBe('1.0');
    expect(isTruthy(one)).toBe(true);
    expect(isTruthy(zero)).toBe(false);
    // Jackson reads only integers as booleans.
    expect(asBoolean(one)).toBe(false);
  });

  it('equals only doubles of the same value, and orders as a number', () => {
    expect(deepEquals(one, new JsonDouble(1))).toBe(true);
    expect(deepEquals(one, 1)).toBe(false);
    expect(deepEquals(1, one)).toBe(false);
    expect(deepEquals([one], [new JsonDouble(1)])).toBe(true);
    expect(compareValues(one, 2)).toBe(-1);
    expect(compareValues(2, one)).toBe(1);
    expect(compareValues(one, '1')).toBe(0);
  });
});

describe('templates over data read by parseJson', () => {
  const render = (template: string, json: string, locale?: string): string =>
    compile(template).render(parseJson(json), locale ? { locale } : {}).html;

  it('prints doubles in a variable as the Java reference outputs them, and as text where formatters read them', () => {
    // A variable tag writes a double in JavaScript's notation; an array writes each element's text.
    expect(render('{a} {b} {c} {d} {e} {f}', '{"a":1.0,"b":1,"c":1.5,"d":1e7,"e":123.000,"f":1e+21}')).toBe('1 1 1.5 10000000 123 1e+21');
    expect(render('{a}', '{"a":[1.0,2]}')).toBe('1.0,2');
    expect(render('{.repeated section a}{@}{.end}', '{"a":[1.0,2.0]}')).toBe('12');
    expect(render('{a|str} {b|str}', '{"a":1e7,"b":-0.0}')).toBe('1.0E7 -0.0');
    expect(render('{a}', '{"a":-0.0}')).toBe('0');
    expect(render('{a|json} {b|json-pretty}', '{"a":{"x":2.0},"b":[3.0]}')).toBe('{"x":2.0} [ 3.0 ]');
  });

  it('treats them as numbers in sections, predicates and formatters', () => {
    expect(render('{.section a}yes{.or}no{.end}', '{"a":0.0}')).toBe('no');
    expect(render('{.section a}{@}{.end}', '{"a":2.0}')).toBe('2');
    expect(render('{.equal? a 2}int{.or}double{.end}', '{"a":2.0}')).toBe('double');
    expect(render('{.equal? a 2.0}same{.or}differ{.end}', '{"a":2.0}')).toBe('same');
    expect(render('{.greaterThan? a 1}more{.end}', '{"a":2.0}')).toBe('more');
    expect(render('{a|str}', '{"a":3.0}')).toBe('3.0');
  });

  it('gives a whole double the plural category of a visible fraction', () => {
    const json = '{"m":"{0 plural one{# ONE} other{# OTHER}}","n":[1,1.0]}';
    expect(render('{.repeated section n}{m|message @}|{.end}', json, 'en-US')).toBe('1 ONE|1.0 OTHER|');
  });

  it('keeps every digit of integers a double cannot hold, as the Java reference\'s long and big integers', () => {
    const json = '{"long":9007199254740993,"big":1234567890123456789012,"neg":-12345678901234567890}';
    expect(render('{long} {big} {neg}', json)).toBe('9007199254740993 1234567890123456789012 -12345678901234567890');
    expect(render('{big|str} {big|json} {.repeated section @}{@}{.end}', '{"big":1234567890123456789012}')).toBe(
      '1234567890123456789012 1234567890123456789012 ',
    );
    expect(render('{a|json}', '{"a":[1234567890123456789012, 1]}')).toBe('[1234567890123456789012,1]');
    expect(render('{.equal? a b}same{.or}differ{.end}', '{"a":1234567890123456789012,"b":1234567890123456789012}')).toBe('same');
    expect(render('{.greaterThan? a 1}more{.end}', '{"a":1234567890123456789012}')).toBe('more');
  });

  it('keeps plain JavaScript numbers from API callers unchanged', () => {
    expect(compile('{a} {.equal? a 2}int{.end}').render({ a: 2 }).html).toBe('2 int');
    expect(compile('{a|json}').render({ a: 1.5 }).html).toBe('1.5');
  });
});
