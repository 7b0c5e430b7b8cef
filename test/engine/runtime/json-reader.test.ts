import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JsonTooDeepError, parseJson } from '../../../engine/runtime/json-reader.ts';
import { JsonDouble, javaDoubleText } from '../../../engine/runtime/json-double.ts';

describe('parseJson', () => {
  it('wraps whole numbers written with a fraction or exponent, and only those', () => {
    const value = parseJson('[1, 1.0, 1.5, -0.0, 1e3, 2E-2, 17.00, 0]') as unknown[];
    expect(value[0]).toBe(1);
    expect(value[1]).toBeInstanceOf(JsonDouble);
    expect((value[1] as JsonDouble).value).toBe(1);
    expect(value[2]).toBe(1.5);
    expect(value[3]).toBeInstanceOf(JsonDouble);
    expect(Object.is((value[3] as JsonDouble).value, -0)).toBe(true);
    expect((value[4] as JsonDouble).value).toBe(1000);
    expect(value[5]).toBe(0.02);
    expect(String(value[6])).toBe('17.0');
    expect(value[7]).toBe(0);
  });

  it('gives the same values as JSON.parse for everything else', () => {
    const text = '{"a":{"b":[true,false,null,"x\\u00e9\\n\\"\\\\\\/"]},"n":-12.5,"e":"","big":123456789012}';
    expect(parseJson(text)).toEqual(JSON.parse(text));
  });

  it('keeps __proto__ an ordinary own key', () => {
    const value = parseJson('{"__proto__":{"polluted":1}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('agrees with JSON.parse on arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        // Large whole numbers come out as "1e+21" and are wrapped; toJSON gives their number back.
        expect(JSON.stringify(parseJson(text))).toBe(JSON.stringify(JSON.parse(text)));
      }),
      { numRuns: 300 },
    );
  });

  it.each(['[1,]', '{"a" 1}', '01', '1.', '"\\x"', 'tru', '[1', '"ab', '', '{"a":1}x', '"a\u0001"'])(
    'refuses %j with a SyntaxError',
    (bad) => {
      expect(() => parseJson(bad)).toThrow(SyntaxError);
    },
  );
});

describe('parseJson of deeply nested JSON', () => {
  it('reads arrays and objects nested any depth, keeping none on the call stack', () => {
    const depth = 200_000;
    const value = parseJson(`{"a": ${'[{"b": '.repeat(depth)}1${'}]'.repeat(depth)}, "c": 2}`) as Record<string, unknown>;
    expect(value.c).toBe(2);
    let inner: unknown = value.a;
    let levels = 0;
    while (Array.isArray(inner)) {
      inner = (inner[0] as Record<string, unknown>).b;
      levels++;
    }
    expect(levels).toBe(depth);
    expect(inner).toBe(1);
  });

  it('places a problem deep inside where it is', () => {
    const text = `${'['.repeat(10_000)}1,,${']'.repeat(10_000)}`;
    expect(() => parseJson(text)).toThrow(expect.objectContaining({ problem: 'unexpected character', position: 10_002 }));
  });
});

describe('parseJson with maxDepth', () => {
  it('reads arrays and objects nested to the limit, and refuses one deeper with its place, not a stack overflow', () => {
    expect(parseJson('[{"a": [1]}]', { maxDepth: 3 })).toEqual([{ a: [1] }]);
    expect(parseJson('[[1], [2], {"a": {}}]', { maxDepth: 3 })).toEqual([[1], [2], { a: {} }]);
    const error = (() => {
      try {
        parseJson('[{"a": [[1]]}]', { maxDepth: 3 });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(JsonTooDeepError);
    expect(error).toMatchObject({ limit: 3, position: 8 });
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(() => parseJson(deep, { maxDepth: 1000 })).toThrow(JsonTooDeepError);
  });
});

describe('JsonDouble', () => {
  it('is immutable and hides its number from property lookups', () => {
    const d = new JsonDouble(2);
    expect(Object.isFrozen(d)).toBe(true);
    expect(Object.keys(d)).toEqual([]);
    expect(Object.prototype.hasOwnProperty.call(d, 'value')).toBe(false);
    expect(JSON.stringify({ d })).toBe('{"d":2}');
    expect(Number(d) + 1).toBe(3);
  });

  it('prints as the Java platform prints doubles', () => {
    expect(javaDoubleText(1)).toBe('1.0');
    expect(javaDoubleText(0)).toBe('0.0');
    expect(javaDoubleText(-0)).toBe('-0.0');
    expect(javaDoubleText(9999999)).toBe('9999999.0');
    expect(javaDoubleText(1e7)).toBe('1.0E7');
    expect(javaDoubleText(12345678)).toBe('1.2345678E7');
    expect(javaDoubleText(1e21)).toBe('1.0E21');
    expect(javaDoubleText(0.5)).toBe('0.5');
    expect(javaDoubleText(0.0001)).toBe('1.0E-4');
    expect(javaDoubleText(-1e300)).toBe('-1.0E300');
  });
});
