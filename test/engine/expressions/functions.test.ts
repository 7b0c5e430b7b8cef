import { describe, expect, it } from 'vitest';
import { messages } from '../../../engine/messages.ts';
import { run, value } from './helpers.ts';

describe('functions', () => {
  const data = { a: { b: 3.75, c: '3.1415', flag: true, nil: null, s: 'foo' }, obj: { x: 1 }, arr: [1] };

  it('max and min take any number of arguments, as numbers', () => {
    expect(value('max(1, 2)')).toBe(2);
    expect(value(' max ( 1 , 2 ) ')).toBe(2);
    expect(value('min(5, -3, 10, -100, 17, 1000)')).toBe(-100);
    expect(value('max("foo", 5, -5)')).toBe(5);
    expect(value('min("foo", 5, -5)')).toBe(-5);
    expect(value('min("foo")')).toBeNaN();
    expect(value('max(3, NaN)')).toBeNaN();
    expect(value('max(NaN, 3)')).toBe(3);
    expect(value('max("7", true)')).toBe(7);
    expect(value('max(1 + 2, 2 * 2) - 1')).toBe(3);
  });

  it('abs takes the first argument', () => {
    expect(value('abs(-5, -10, -20, -30)')).toBe(5);
    expect(value('abs("foo")')).toBeNaN();
    expect(value('abs("-12")')).toBe(12);
  });

  it('str converts its first argument to text', () => {
    expect(value('str("")')).toBe('');
    expect(value('str("foobar")')).toBe('foobar');
    expect(value('str(zzz)', data)).toBe('null');
    expect(value('str(a.b)', data)).toBe('3.75');
    expect(value('str(true)')).toBe('true');
    expect(value('str(a.flag)', data)).toBe('true');
    expect(value('str(a.nil)', data)).toBe('null');
    expect(value('str(a.s)', data)).toBe('foo');
    expect(value('str(-Infinity)')).toBe('-Infinity');
    expect(value('str(NaN)')).toBe('NaN');
    expect(value('str(12e20)')).toBe('1.2e+21');
    expect(value('str(1) + 1')).toBe('11');
  });

  it('num converts its first argument to a number', () => {
    expect(value('num(zzz)', data)).toBe(0);
    expect(value('num(a.c)', data)).toBe(3.1415);
    expect(value('num("0xcafe")')).toBe(0xcafe);
    expect(value('num("0Xcafe")')).toBe(0xcafe);
    expect(value('num("000123")')).toBe(123);
    expect(value('num("-0x1234")')).toBe(-0x1234);
    expect(value('num("--0x1234")')).toBeNaN();
    expect(value('num("-1.2e21")')).toBe(-1.2e21);
    expect(value('num("--1.2")')).toBeNaN();
    expect(value('num("")')).toBe(0);
    expect(value('num(true)')).toBe(1);
  });

  it('bool converts its first argument to a boolean', () => {
    expect(value('bool(1)')).toBe(true);
    expect(value('bool(0)')).toBe(false);
    expect(value('bool("")')).toBe(false);
    expect(value('bool("false")')).toBe(true);
    expect(value('bool(null)')).toBe(false);
    expect(value('bool(NaN)')).toBe(true);
  });

  it('nests calls', () => {
    expect(value('max(min(1, 2), abs(-3), num("2"))')).toBe(3);
  });

  it('drops object and array arguments; a call left without arguments fails', () => {
    expect(value('max(obj, 4)', data)).toBe(4);
    for (const name of ['num', 'str', 'bool', 'abs', 'max', 'min']) {
      const result = run(`${name}(obj)`, data);
      expect(result.value, name).toBeUndefined();
      expect(result.errors, name).toEqual([messages.exprFunctionCallFailed(name)]);
    }
  });

  it('reports a call without arguments and ends that statement', () => {
    const result = run('min ( )');
    expect(result.value).toBeUndefined();
    expect(result.errors).toEqual([messages.exprFunctionCallFailed('min')]);
    expect(run('str(); 5').value).toBe(5);
  });

  it('reports the failing call and then what is left on the stack', () => {
    const result = run('1 - max(max(abs())) - 1');
    expect(result.errors).toEqual([messages.exprFunctionCallFailed('abs'), messages.exprUnexpectedToken]);
    expect(result.value).toBeUndefined();
  });

  it('keeps the value below a failed call (Java reference)', () => {
    const result = run('1 + max()');
    expect(result.errors).toEqual([messages.exprFunctionCallFailed('max')]);
    expect(result.value).toBe(1);
  });

  it('separates call arguments from what follows', () => {
    expect(value('max(1, 2) 123')).toBe(123);
    expect(value('max(2) 1')).toBe(1);
  });

  it('only calls built-in functions: any other name before ( is an error', () => {
    expect(run('1 + a(1, 2)').parseErrors).toEqual([messages.exprInvalidFunction + ': a']);
    expect(run('1 + a (2, 3, 4)', { a: 123 }).parseErrors).toEqual([messages.exprInvalidFunction + ': a']);
    expect(run('foobar ( 1, 2, 3 )').parseErrors).toEqual([messages.exprInvalidFunction + ': foobar']);
    expect(run('@x(1)').parseErrors).toEqual([messages.exprInvalidFunction + ': @x']);
    expect(run('constructor(1)').parseErrors).toEqual([messages.exprInvalidFunction + ': constructor']);
  });

  it('treats ( after a dotted reference, a constant or @ as grouping', () => {
    expect(value('a.b (2)', data)).toBe(2);
    expect(value('PI (2)')).toBe(2);
    expect(value('@ (2)', data)).toBe(2);
  });
});

describe('constants', () => {
  it('knows PI, E, Infinity, NaN, true, false and null', () => {
    expect(value('PI')).toBe(3.141592653589793);
    expect(value('E')).toBe(2.718281828459045);
    expect(value('-E')).toBe(-2.718281828459045);
    expect(value('Infinity')).toBe(Infinity);
    expect(value('-Infinity')).toBe(-Infinity);
    expect(value('NaN')).toBeNaN();
    expect(value('true')).toBe(true);
    expect(value('false')).toBe(false);
    expect(value('null')).toBe(null);
    expect(value('pi', { pi: 'data' })).toBe('data');
  });
});
