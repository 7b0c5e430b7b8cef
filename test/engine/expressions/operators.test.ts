import { describe, expect, it } from 'vitest';
import { run, value } from './helpers.ts';

describe('arithmetic', () => {
  it('converts operands to numbers: booleans 1/0, null 0, numeric strings, NaN otherwise', () => {
    expect(value('1 + true')).toBe(2);
    expect(value('1 + null')).toBe(1);
    expect(value('null + 2')).toBe(2);
    expect(value('5 * "2"')).toBe(10);
    expect(value('5 * ""')).toBe(0);
    expect(value('5 * null')).toBe(0);
    expect(value('"foo" - 1')).toBeNaN();
    expect(value('"foo" / 2')).toBeNaN();
    expect(value('"foo" ** 3')).toBeNaN();
    expect(value('"0x10" * 1')).toBe(16);
    expect(value('"-0x10" * 1')).toBe(-16);
    expect(value('"1e3" * 1')).toBe(1000);
    expect(value('"1foo" * 1')).toBeNaN();
    expect(value('" 1" * 1')).toBeNaN();
    expect(value('"--1" * 1')).toBeNaN();
    expect(value('"+" * 1')).toBeNaN();
  });

  it('divides and takes remainders by zero as NaN (the Java reference), not Infinity', () => {
    expect(value('1 / 0')).toBeNaN();
    expect(value('0 / 0')).toBeNaN();
    expect(value('5 % 0')).toBeNaN();
    expect(value('5 / 2')).toBe(2.5);
    expect(value('5 % 3.21')).toBe(1.79);
    expect(value('Infinity % 10')).toBeNaN();
    expect(value('10 % Infinity')).toBe(10);
  });

  it('raises to a power, right-associatively', () => {
    expect(value('2 ** 3 ** 2')).toBe(512);
    expect(value('(2 ** 3) ** 2')).toBe(64);
  });

  it('shifts and bitwise operators work on saturated 32-bit integers', () => {
    expect(value('14 >> -1')).toBe(0);
    expect(value('14 << 4')).toBe(224);
    expect(value('14 << -1')).toBe(0);
    expect(value('"foo" << 4')).toBe(0);
    expect(value('true << 4')).toBe(16);
    expect(value('0x100000000 | 0')).toBe(2147483647);
    expect(value('-0x100000000 | 0')).toBe(-2147483648);
    expect(value('NaN | 0')).toBe(0);
    expect(value('7.9 & 0xff')).toBe(7);
    expect(value('~NaN')).toBe(-1);
    expect(value('~2.7')).toBe(-3);
  });
});

describe('string concatenation', () => {
  it('concatenates when either side is a string, writing numbers as JavaScript does', () => {
    expect(value('"foo" + 1')).toBe('foo1');
    expect(value('"foo" + null')).toBe('foonull');
    expect(value('"foo" + true')).toBe('footrue');
    expect(value('"" + false')).toBe('false');
    expect(value('1 + "foo"')).toBe('1foo');
    expect(value('null + "bar"')).toBe('nullbar');
    expect(value('"x" + 0.1')).toBe('x0.1');
    expect(value('"x" + 1e21')).toBe('x1e+21');
    expect(value('"x" + NaN')).toBe('xNaN');
    expect(value('"x" + -Infinity')).toBe('x-Infinity');
    expect(value('1 + 2 + "a"')).toBe('3a');
    expect(value('"a" + 1 + 2')).toBe('a12');
  });

  it('writes numbers as the Java reference does: JavaScript notation, negative zero as 0', () => {
    expect(value('"" + 0.0000001')).toBe('1e-7');
    expect(value('str(1e-7)')).toBe('1e-7');
    expect(value('"" + -0')).toBe('0');
  });
});

describe('comparison and equality', () => {
  it('compares two strings by code units and anything else as numbers', () => {
    expect(value('"10" < "9"')).toBe(true);
    expect(value('10 < "9"')).toBe(false);
    expect(value('"B" < "a"')).toBe(true);
    expect(value('0 < "foo"')).toBe(false);
    expect(value('0 >= "foo"')).toBe(false);
    expect(value('null < 1')).toBe(true);
  });

  it('NaN is unequal to everything, itself included', () => {
    expect(value('NaN != NaN')).toBe(true);
    expect(value('NaN !== NaN')).toBe(true);
    expect(value('NaN <= NaN')).toBe(false);
    expect(value('NaN >= 1')).toBe(false);
  });

  it('loose equality converts, strict equality also requires the same type', () => {
    expect(value('null == 0')).toBe(true);
    expect(value('null == ""')).toBe(true);
    expect(value('null == false')).toBe(true);
    expect(value('null === null')).toBe(true);
    expect(value('null === 0')).toBe(false);
    expect(value('"a" == "a"')).toBe(true);
    expect(value('"a" === "a"')).toBe(true);
    expect(value('"0x10" == 16')).toBe(true);
    expect(value('true === true')).toBe(true);
  });
});

describe('logical operators', () => {
  it('converts to booleans; NaN counts as true (Java reference)', () => {
    expect(value('"foo" || "bar"')).toBe(true);
    expect(value('0 || ""')).toBe(false);
    expect(value('0 || "bar"')).toBe(true);
    expect(value('1 && 2')).toBe(true);
    expect(value('1 && 0')).toBe(false);
    expect(value('true && ""')).toBe(false);
    expect(value('!NaN')).toBe(false);
    expect(value('!null')).toBe(true);
    expect(value('!""')).toBe(true);
    expect(value('!"0"')).toBe(false);
  });

  it('evaluates both sides (no short-circuit), so an assignment on the right still happens', () => {
    const result = run('true || (@x = 1)');
    // The assignment ends the statement; the variable is set nevertheless.
    expect(result.scope.vars.get('@x')).toBe(1);
  });
});

describe('unary operators', () => {
  it('applies unary plus and minus to values and references', () => {
    const data = { a: 5, b: -5, c: '12' };
    expect(value('1 + -a', data)).toBe(-4);
    expect(value('1 + -b', data)).toBe(6);
    expect(value('1 + +a', data)).toBe(6);
    expect(value('1 + +b', data)).toBe(-4);
    expect(value('+a - -a + -a + +a', data)).toBe(10);
    expect(value('-c + -c', data)).toBe(-24);
    expect(value('+"3"')).toBe(3);
    expect(value('-"x"')).toBeNaN();
    expect(value('- - 2')).toBe(2);
  });

  it('treats + and - as unary after an operator or at the start, binary after a value or )', () => {
    expect(value('(1) - 2')).toBe(-1);
    expect(value('2 * -3')).toBe(-6);
    expect(value('max(1, -2)')).toBe(1);
    expect(value('1; -2')).toBe(-2);
    expect(value('max(3) - 1')).toBe(2);
  });

  it('binds unary operators tighter than **', () => {
    expect(value('-2 ** 2')).toBe(4);
  });
});

describe('precedence and grouping', () => {
  it('follows JavaScript precedence', () => {
    expect(value('1 + 2 * 3')).toBe(7);
    expect(value('(1 + 2) * 3')).toBe(9);
    expect(value('2 * 3 ** 2')).toBe(18);
    expect(value('1 + 2 << 1')).toBe(6);
    expect(value('1 << 2 < 5')).toBe(true);
    expect(value('1 < 2 == true')).toBe(true);
    expect(value('6 & 3 == 3')).toBe(0);
    expect(value('1 | 2 ^ 3 & 4')).toBe(3);
    expect(value('true || false && false')).toBe(true);
    expect(value('0 == 1 || 1 == 1 && 2 > 1')).toBe(true);
    expect(value('10 - 4 - 3')).toBe(3);
    expect(value('64 / 4 / 2')).toBe(8);
    expect(value('((1 + 2) * 3) ** 2')).toBe(81);
    expect(value('(1 + (2 * (7 - (3 / 4))))')).toBe(13.5);
  });
});
