import { describe, expect, it } from 'vitest';
import { messages } from '../../../../engine/messages.ts';
import { runFormatter } from './apply-core.ts';
import { stubContext } from './render-context-stub.ts';

describe('count', () => {
  it('counts array elements, object properties and text characters', () => {
    expect(runFormatter('count', [0, 1, 2, 3])).toBe(4);
    expect(runFormatter('count', { foo: 1, bar: 2, baz: 3 })).toBe(3);
    expect(runFormatter('count', 'hi')).toBe(2);
  });

  it('gives 0 for numbers, null and missing', () => {
    expect(runFormatter('count', 123)).toBe(0);
    expect(runFormatter('count', null)).toBe(0);
    expect(runFormatter('count', undefined)).toBe(0);
  });
});

describe('mod', () => {
  it('takes the remainder by the divisor, 2 by default or when unreadable', () => {
    expect(runFormatter('mod', 7, ['3'])).toBe(1);
    expect(runFormatter('mod', 7)).toBe(1);
    expect(runFormatter('mod', 7, ['x'])).toBe(1);
    expect(runFormatter('mod', -7, ['3'])).toBe(-1);
    expect(runFormatter('mod', '9', ['4'])).toBe(1);
    expect(runFormatter('mod', 7.9, ['4'])).toBe(3);
    expect(Object.is(runFormatter('mod', -4, ['2']), 0)).toBe(true);
  });

  it('fails the instruction for a zero divisor, as released', () => {
    expect(() => runFormatter('mod', 7, ['0'])).toThrow(messages.divideByZero);
  });
});

describe('round', () => {
  it('rounds half up', () => {
    expect(runFormatter('round', 2.5)).toBe(3);
    expect(runFormatter('round', -2.5)).toBe(-2);
    expect(runFormatter('round', '4.4')).toBe(4);
    expect(runFormatter('round', 'x')).toBe(0);
    expect(runFormatter('round', true)).toBe(1);
  });

  it('clamps to the 64-bit range and prints large results with every digit', () => {
    const text = (v: unknown): string => String(runFormatter('round', v));
    expect(text(1e21)).toBe('9223372036854775807');
    expect(text(Infinity)).toBe('9223372036854775807');
    expect(text(-1e21)).toBe('-9223372036854775808');
    expect(text(2 ** 62 + 2048)).toBe('4611686018427389952');
    expect(text(-0.4)).toBe('0');
  });
});

describe('iter', () => {
  it('prints the current @index', () => {
    const ctx = stubContext([{ '@index': 3 }]);
    expect(runFormatter('iter', 'anything', [], ctx)).toBe('3');
    expect(runFormatter('iter', 'anything', [], stubContext([{}]))).toBe('');
  });
});
