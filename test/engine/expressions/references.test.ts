import { describe, expect, it } from 'vitest';
import { messages } from '../../../engine/messages.ts';
import { run, value } from './helpers.ts';

describe('variable references', () => {
  const data = { a: { b: 3.75, c: '3.1415', flag: true, nil: null, s: 'foo', list: [10, 20], obj: { x: 1 } }, n: 123, 'x-y': 2 };

  it('resolves dotted paths, array indices and converts JSON scalars', () => {
    expect(value('a.b', data)).toBe(3.75);
    expect(value('a.c', data)).toBe('3.1415');
    expect(value('a.flag', data)).toBe(true);
    expect(value('a.nil', data)).toBe(null);
    expect(value('a.list.1', data)).toBe(20);
    expect(value('a.list.1 + a.list.0', data)).toBe(30);
  });

  it('reads a missing value as null', () => {
    expect(value('missing', data)).toBe(null);
    expect(value('missing + 1', data)).toBe(1);
    expect(value('"x" + missing', data)).toBe('xnull');
  });

  it('reads @ as the current node and @.name as a name on it', () => {
    expect(value('@.n', data)).toBe(123);
    expect(value('@.a.b', data)).toBe(3.75);
  });

  it('treats dashes as part of a name, so subtraction needs spaces', () => {
    expect(value('x-y', data)).toBe(2);
    expect(value('n - 3', data)).toBe(120);
  });

  it('gives constants precedence over data; @.NAME reaches the data', () => {
    const shadow = { PI: 'apple', true: 'no' };
    expect(value('PI', shadow)).toBe(3.141592653589793);
    expect(value('@.PI', shadow)).toBe('apple');
    expect(value('true', shadow)).toBe(true);
  });

  it('refuses objects and arrays as values', () => {
    const obj = run('a.obj', data);
    expect(obj.value).toBeUndefined();
    expect(obj.errors).toEqual([messages.exprUnexpectedToken]);
    expect(run('1 + a.obj', data).errors).toEqual([messages.exprInvalidOperatorArgs + ' add']);
    expect(run('1 + a.list', data).errors).toEqual([messages.exprInvalidOperatorArgs + ' add']);
    expect(run('@', data).errors).toEqual([messages.exprUnexpectedToken]);
    // A unary operator leaves a non-value alone; the statement then ends on it.
    expect(run('-a.obj', data).errors).toEqual([messages.exprUnexpectedToken]);
  });

  it('never resolves inherited properties through the scope', () => {
    expect(value('constructor')).toBe(null);
    expect(value('a.toString', data)).toBe(null);
  });
});

describe('assignment', () => {
  it('assigns @variables that later statements read', () => {
    const result = run('@a = 6; @b = 2 * @a; @b / @c', {}, { '@c': 3 });
    expect(result.value).toBe(4);
    expect(result.scope.vars.get('@a')).toBe(6);
    expect(result.scope.vars.get('@b')).toBe(12);
  });

  it('yields nothing: an assignment ends its statement', () => {
    const result = run('@a = 1 + 2');
    expect(result.value).toBeUndefined();
    expect(result.errors).toEqual([]);
    expect(result.scope.vars.get('@a')).toBe(3);
    expect(run('1; @a = 2').value).toBeUndefined();
  });

  it('assigns strings, booleans and null too', () => {
    const result = run('@s = "x" + 1; @t = 1 < 2; @n = null; @m = missing');
    expect(Object.fromEntries(result.scope.vars)).toEqual({ '@s': 'x1', '@t': true, '@n': null, '@m': null });
  });

  it('ignores assignments to anything but a single @name, without error', () => {
    for (const source of ['a = 1', 'a.b.c = 1', '@a.b = 1', '@ = 1', '1 = 1']) {
      const result = run(source);
      expect(result.value, source).toBeUndefined();
      expect(result.errors, source).toEqual([]);
      expect(result.scope.vars.size, source).toBe(0);
    }
  });

  it('reports operators that lack operands around an assignment', () => {
    const result = run('* = /');
    expect(result.value).toBeUndefined();
    expect(result.errors).toEqual([messages.exprInvalidOperatorArgs + ' multiply']);
  });

  it('does not assign an object or array value', () => {
    const result = run('@o = obj', { obj: { a: 1 } });
    expect(result.scope.vars.has('@o')).toBe(false);
  });

  it('is right-associative and stops at the first assignment evaluated', () => {
    const result = run('@b = @a = 3');
    expect(result.scope.vars.get('@a')).toBe(3);
    expect(result.scope.vars.has('@b')).toBe(false);
  });

  it('leaves whatever was on the stack before the assignment as the value (Java reference)', () => {
    expect(run('1 @a = 2').value).toBe(1);
  });

  it('keeps assignments made before an error (Java reference)', () => {
    const result = run('@a = 5; 1 + obj', { obj: {} });
    expect(result.errors).toEqual([messages.exprInvalidOperatorArgs + ' add']);
    expect(result.scope.vars.get('@a')).toBe(5);
  });
});
