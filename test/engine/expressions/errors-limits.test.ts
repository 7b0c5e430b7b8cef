import { describe, expect, it } from 'vitest';
import { messages } from '../../../engine/messages.ts';
import {
  compileExpression,
  DEFAULT_MAX_EXPRESSION_STRING_LENGTH,
  DEFAULT_MAX_EXPRESSION_TOKENS,
} from '../../../engine/runtime/expressions/index.ts';
import { run } from './helpers.ts';
import { makeScope } from './scope.ts';

describe('parse errors', () => {
  const parseErrors = (source: string) => compileExpression(source).errors;

  it('names an unexpected character, its index and its Java escape', () => {
    expect(parseErrors('6 + #')).toEqual([messages.exprUnexpectedCharacter('character', 4, '#')]);
    expect(parseErrors('m#n(1, 2')).toEqual([messages.exprUnexpectedCharacter('character', 1, '#')]);
    expect(parseErrors('.1')).toEqual([messages.exprUnexpectedCharacter('character', 0, '.')]);
    expect(parseErrors('foo \u0000')).toEqual([messages.exprUnexpectedCharacter('control character', 4, '\\u0000')]);
    expect(parseErrors('foo \u0018')).toEqual([messages.exprUnexpectedCharacter('control character', 4, '\\u0018')]);
    expect(parseErrors('1 \f')).toEqual([messages.exprUnexpectedCharacter('form feed', 2, '\\f')]);
    expect(parseErrors('é')).toEqual([messages.exprUnexpectedCharacter('character', 0, '\\u00E9')]);
    expect(parseErrors('$')).toEqual([messages.exprUnexpectedCharacter('character', 0, '$')]);
    expect(parseErrors('_a')).toEqual([messages.exprUnexpectedCharacter('character', 0, '_')]);
  });

  it('reports malformed numbers', () => {
    expect(parseErrors('0x')).toEqual([messages.exprHexDigits]);
    expect(parseErrors('1..2')).toEqual([messages.exprDuplicateDecimalPoint]);
    expect(parseErrors('0.0.0.')).toEqual([messages.exprDuplicateDecimalPoint]);
    expect(parseErrors('12e10.1')).toEqual([messages.exprDecimalPointInExponent]);
    for (const source of ['1e', '1ee', '1e-', '1e--1', '2e+']) {
      expect(parseErrors(source), source).toEqual([messages.exprExponentDigit]);
    }
  });

  it('reports unbalanced parentheses', () => {
    const left = `${messages.exprMismatchedOperator}: left parenthesis`;
    const right = `${messages.exprMismatchedOperator}: right parenthesis`;
    expect(parseErrors('@foo = (1 + 2')).toEqual([left]);
    expect(parseErrors('(1 + 2')).toEqual([left]);
    expect(parseErrors('((1 + 2)')).toEqual([left]);
    expect(parseErrors('1 + 2)')).toEqual([right]);
    expect(parseErrors('(1 + 2))')).toEqual([right]);
    expect(parseErrors('1 )')).toEqual([right]);
    expect(parseErrors('1 + ) 2')).toEqual([right]);
    // Each statement with an unclosed parenthesis reports it.
    expect(parseErrors('((1; 2')).toEqual([left, left]);
    expect(parseErrors('(1; (2')).toEqual([left, left]);
  });

  it('keeps scanning after a rejected token, so a later string error is reported too', () => {
    expect(parseErrors('a(1) "x')).toEqual([`${messages.exprInvalidFunction}: a`, messages.exprUnterminatedString]);
  });

  it('does not evaluate an expression with parse errors', () => {
    const scope = makeScope();
    const compiled = compileExpression('@a = 1; (');
    expect(compiled.evaluate(scope)).toEqual({ value: undefined, errors: [] });
    expect(scope.vars.size).toBe(0);
  });
});

describe('evaluation errors', () => {
  it('reports an operator without enough operands, naming it', () => {
    expect(run('1 +').errors).toEqual([`${messages.exprInvalidOperatorArgs} add`]);
    expect(run('* 2').errors).toEqual([`${messages.exprInvalidOperatorArgs} multiply`]);
    expect(run('1 <').errors).toEqual([`${messages.exprInvalidOperatorArgs} less than`]);
    expect(run('1 ===').errors).toEqual([`${messages.exprInvalidOperatorArgs} strict equality`]);
    expect(run('+ -').errors).toEqual([]);
    expect(run('+ -').value).toBeUndefined();
    expect(run('! ~').value).toBeUndefined();
  });

  it('goes on with the next statement after an error', () => {
    const result = run('1 +; 7');
    expect(result.errors).toEqual([`${messages.exprInvalidOperatorArgs} add`]);
    expect(result.value).toBe(7);
  });

  it('reports every statement that fails', () => {
    expect(run('1 +; 2 *').errors).toEqual([
      `${messages.exprInvalidOperatorArgs} add`,
      `${messages.exprInvalidOperatorArgs} multiply`,
    ]);
  });
});

describe('limits', () => {
  it('has defaults for untrusted templates', () => {
    expect(DEFAULT_MAX_EXPRESSION_TOKENS).toBeGreaterThan(100);
    expect(DEFAULT_MAX_EXPRESSION_STRING_LENGTH).toBeGreaterThan(10_000);
    const tooMany = Array.from({ length: DEFAULT_MAX_EXPRESSION_TOKENS }, () => '1').join('+');
    expect(compileExpression(tooMany).errors).toEqual([`${messages.exprTooManyTokens}: ${DEFAULT_MAX_EXPRESSION_TOKENS}`]);
  });

  it('accepts exactly maxTokens tokens and refuses one more', () => {
    const options = { maxTokens: 10, maxStringLength: 10 };
    expect(run('1 + 3 + 5 + 7 + 9', {}, {}, options).value).toBe(25);
    const tenTokens = run('-(1 + 3) + 5 + 7', {}, {}, options);
    expect(tenTokens.parseErrors).toEqual([]);
    expect(tenTokens.value).toBe(8);
    const eleven = run('1 + 3 + 5 + 7 + 9 + 11', {}, {}, options);
    expect(eleven.parseErrors).toEqual([`${messages.exprTooManyTokens}: 10`]);
    expect(eleven.value).toBeUndefined();
  });

  it('counts a function call and its parenthesis as tokens', () => {
    // max ( 1 , 2 ) is six tokens.
    expect(run('max(1, 2)', {}, {}, { maxTokens: 6 }).parseErrors).toEqual([]);
    expect(run('max(1, 2)', {}, {}, { maxTokens: 5 }).parseErrors).toEqual([`${messages.exprTooManyTokens}: 5`]);
  });

  it('allows a concatenation up to maxStringLength and refuses one longer', () => {
    const data = { foo: '123456789' };
    const options = { maxStringLength: 10 };
    expect(run('foo + "a"', data, {}, options).value).toBe('123456789a');
    const tooLong = run('foo + "ab"', data, {}, options);
    expect(tooLong.value).toBeUndefined();
    expect(tooLong.errors).toEqual([`${messages.exprConcatTooLong} 10`]);
  });

  it('stops exponential growth through repeated doubling', () => {
    const doubling = Array.from({ length: 40 }, () => '@s = @s + @s').join('; ');
    const result = run(`@s = "xxxxxxxx"; ${doubling}`, {}, {}, { maxStringLength: 1 << 16 });
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors[0]).toBe(`${messages.exprConcatTooLong} ${1 << 16}`);
    expect((result.scope.vars.get('@s') as string).length).toBeLessThanOrEqual(1 << 16);
  });

  it('turns a limit off with 0', () => {
    const long = Array.from({ length: 2000 }, () => '1').join('+');
    expect(run(long, {}, {}, { maxTokens: 0 }).value).toBe(2000);
    const big = 'x'.repeat(1000);
    expect((run(`a + a`, { a: big }, {}, { maxStringLength: 0 }).value as string).length).toBe(2000);
  });
});
