import { describe, expect, it } from 'vitest';
import {
  compileExpression,
  EXPRESSION_DEBUG_ARROW,
  formatExpressionDebug,
  formatExpressionNumber,
} from '../../../engine/runtime/expressions/index.ts';
import { makeScope } from './scope.ts';

const listing = (source: string) => formatExpressionDebug(compileExpression(source));

describe('debug listing', () => {
  it('strips the # and remembers it', () => {
    const compiled = compileExpression('#1 + 2');
    expect(compiled.debug).toBe(true);
    expect(compiled.source).toBe('1 + 2');
    expect(compiled.evaluate(makeScope()).value).toBe(3);
    expect(compileExpression('1 + 2').debug).toBe(false);
    expect(EXPRESSION_DEBUG_ARROW).toBe(' -> ');
  });

  it('lists the postfix statements in the references notation', () => {
    expect(listing('#@a = 2 * 3 / max(c, d)')).toBe('EVAL=[[@a 2 3 <multiply> <args> c d max() <divide> <assign>]]');
    expect(listing('#"foo" !== "bar"')).toBe('EVAL=[["foo" "bar" <strict inequality>]]');
    expect(listing('#null == false || null != true')).toBe(
      'EVAL=[[null false <equality> null true <inequality> <logical or>]]',
    );
    expect(listing('#7+8;4')).toBe('EVAL=[[7 8 <add>], [4]]');
    expect(listing('#-a.b.0 ** 0.5')).toBe('EVAL=[[a.b.0 <unary minus> 0.5 <exponent>]]');
    // A raw control character in a string is kept, and listed as a JSON escape.
    expect(listing('#"a\\n\u0001\\"" + 1e21')).toBe('EVAL=[["a\\n\\u0001\\"" 1e+21 <add>]]');
    expect(listing('')).toBe('EVAL=[]');
  });

  it('lists what was assembled before an error', () => {
    expect(listing('#1; (2')).toBe('EVAL=[[1]]');
    expect(listing('#1 +')).toBe('EVAL=[[1 <add>]]');
  });
});

describe('number text inside expressions', () => {
  it('matches JavaScript for everyday values', () => {
    for (const n of [0, 1, -1, 0.1, 1.5, -2.25, 123456789, 1e20, 1e21, 1.2895208742556044e24, 2 ** 64, 1e-21, 5e-324, 1e308, 0.001]) {
      expect(formatExpressionNumber(n), String(n)).toBe(String(n));
    }
    expect(formatExpressionNumber(NaN)).toBe('NaN');
    expect(formatExpressionNumber(-Infinity)).toBe('-Infinity');
  });

  it('writes small magnitudes in exponent form and negative zero as 0, as the Java reference does', () => {
    expect(formatExpressionNumber(1e-7)).toBe('1e-7');
    expect(formatExpressionNumber(-1.5e-10)).toBe('-1.5e-10');
    expect(formatExpressionNumber(1.2345678901234567e-10)).toBe('1.2345678901234568e-10');
    expect(formatExpressionNumber(0.000001)).toBe('0.000001');
    expect(formatExpressionNumber(-0)).toBe('0');
  });
});
