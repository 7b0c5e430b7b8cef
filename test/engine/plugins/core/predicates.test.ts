import { describe, expect, it } from 'vitest';
import { messages } from '../../../../engine/messages.ts';
import { runPredicate, validatePredicate } from './apply-core.ts';
import { stubContext } from './render-context-stub.ts';

describe('equal? and notEqual?', () => {
  it('compare the current node with a JSON argument', () => {
    expect(runPredicate('equal?', 3, ['3'])).toBe(true);
    expect(runPredicate('equal?', 'hello', ['"hello"'])).toBe(true);
    expect(runPredicate('equal?', [1, 2, 3], ['[1, 2, 3]'])).toBe(true);
    expect(runPredicate('equal?', { foo: 'bar' }, ['{"foo":"bar"}'])).toBe(true);
    expect(runPredicate('equal?', -1, ['3'])).toBe(false);
    expect(runPredicate('equal?', [1, 2, 3], ['1'])).toBe(false);
    expect(runPredicate('notEqual?', -1, ['3'])).toBe(true);
  });

  it('compare two arguments, variables or JSON', () => {
    const ctx = stubContext([{ a: 1, b: 1, c: 2 }]);
    expect(runPredicate('equal?', null, ['a', 'b'], ctx)).toBe(true);
    expect(runPredicate('equal?', null, ['a', 'c'], ctx)).toBe(false);
    expect(runPredicate('equal?', null, ['1', 'b'], ctx)).toBe(true);
    expect(runPredicate('notEqual?', null, ['a', 'c'], ctx)).toBe(true);
  });

  it('never convert types: text is not a number, a whole number is not a floating literal', () => {
    expect(runPredicate('equal?', '3', ['3'])).toBe(false);
    expect(runPredicate('equal?', 2, ['2', '2.0'])).toBe(false);
    expect(runPredicate('equal?', 2, ['2', '2'])).toBe(true);
    expect(runPredicate('equal?', 2.5, ['2.5'])).toBe(true);
  });

  it('find two missing variables equal', () => {
    expect(runPredicate('equal?', null, ['nope', 'nada'], stubContext([{}]))).toBe(true);
  });
});

describe('ordering predicates', () => {
  it('compare numbers, text and booleans', () => {
    expect(runPredicate('greaterThan?', 3, ['1'])).toBe(true);
    expect(runPredicate('greaterThan?', -17, ['-18'])).toBe(true);
    expect(runPredicate('greaterThan?', 'z', ['"a"'])).toBe(true);
    expect(runPredicate('greaterThan?', 1, ['5', '4'])).toBe(true);
    expect(runPredicate('greaterThan?', 1, ['1'])).toBe(false);
    expect(runPredicate('lessThan?', 'a', ['"j"'])).toBe(true);
    expect(runPredicate('lessThanOrEqual?', 3.1415, ['3.2'])).toBe(true);
    expect(runPredicate('lessThanOrEqual?', 3.1415, ['3.1'])).toBe(false);
    expect(runPredicate('greaterThan?', true, ['false'])).toBe(true);
  });

  it('treat containers as only equal or less', () => {
    expect(runPredicate('greaterThan?', [], ['[]'])).toBe(false);
    expect(runPredicate('greaterThanOrEqual?', [], ['[]'])).toBe(true);
    expect(runPredicate('lessThan?', [], ['[]'])).toBe(false);
    expect(runPredicate('lessThan?', {}, ['[1]'])).toBe(true);
  });

  it('read the right side by the type of the left side, as released', () => {
    // A whole number on the left truncates a fractional right side.
    expect(runPredicate('greaterThanOrEqual?', null, ['2', '2.5'])).toBe(true);
    expect(runPredicate('lessThan?', null, ['2', '2.001'])).toBe(false);
    // Text on the left compares as text.
    expect(runPredicate('greaterThan?', null, ['"5"', '40'])).toBe(true);
    // A fractional left side compares as a double.
    expect(runPredicate('lessThan?', null, ['1.5', '"2"'])).toBe(true);
    expect(runPredicate('greaterThanOrEqual?', 2, ['2.5'])).toBe(true);
  });

  it('use the current node and variables', () => {
    const ctx = stubContext([{ items: [10, 20, 30], limit: 15 }, 20]);
    expect(runPredicate('greaterThan?', 20, ['limit'], ctx)).toBe(true);
    expect(runPredicate('lessThan?', 20, ['@', 'limit'], ctx)).toBe(false);
  });
});

describe('argument checks of the comparison predicates', () => {
  it('take one or two arguments', () => {
    expect(validatePredicate('equal?', [])).toBe(messages.argsNotEnough(1));
    expect(validatePredicate('lessThan?', ['1', '2', '3'])).toBe(messages.argsTooMany(1, 2));
    expect(validatePredicate('equal?', ['a.b', '"x"'])).toBeUndefined();
  });

  it('accept only JSON values or variable references', () => {
    expect(validatePredicate('equal?', ['1', '.'])).toBe(messages.argsNotJsonOrVariable('.'));
    expect(validatePredicate('greaterThan?', ['-x'])).toBe(messages.argsNotJsonOrVariable('-x'));
    expect(validatePredicate('equal?', ['@index', '2nd'])).toBeUndefined();
  });
});

describe('even?, odd? and nth?', () => {
  it('test whole numbers only', () => {
    expect(runPredicate('even?', 4)).toBe(true);
    expect(runPredicate('even?', -4)).toBe(true);
    expect(runPredicate('even?', 5)).toBe(false);
    expect(runPredicate('even?', '4')).toBe(false);
    expect(runPredicate('even?', false)).toBe(false);
    expect(runPredicate('odd?', 3)).toBe(true);
    expect(runPredicate('odd?', -5)).toBe(true);
    expect(runPredicate('odd?', 4)).toBe(false);
    expect(runPredicate('even?', null, ['4.0'])).toBe(false);
  });

  it('test an argument instead of the current node', () => {
    const ctx = stubContext([{ '@index': 2 }, {}]);
    expect(runPredicate('even?', {}, ['@index'], ctx)).toBe(true);
    expect(runPredicate('odd?', {}, ['@index'], ctx)).toBe(false);
    expect(validatePredicate('odd?', ['a', 'b'])).toBe(messages.argsTooMany(0, 1));
  });

  it('nth? tests for a multiple', () => {
    expect(runPredicate('nth?', 3, ['3'])).toBe(true);
    expect(runPredicate('nth?', 2, ['3'])).toBe(false);
    expect(runPredicate('nth?', [], ['2'])).toBe(false);
    expect(runPredicate('nth?', 2, ['"a"'])).toBe(false);
    const ctx = stubContext([{ num: 6 }]);
    expect(runPredicate('nth?', null, ['num', '3'], ctx)).toBe(true);
    expect(runPredicate('nth?', null, ['missing', '3'], ctx)).toBe(false);
  });

  it('nth? with a zero modulus fails the block, as released', () => {
    expect(() => runPredicate('nth?', 6, ['0'])).toThrow(messages.divideByZero);
    expect(() => runPredicate('nth?', 0, ['6', '0'])).toThrow(messages.divideByZero);
  });
});

describe('plural?, singular? and debug?', () => {
  it('read the integer part of the current node', () => {
    expect(runPredicate('plural?', 1.99)).toBe(false);
    expect(runPredicate('plural?', 2)).toBe(true);
    expect(runPredicate('plural?', 3.14159)).toBe(true);
    expect(runPredicate('singular?', 1.1)).toBe(true);
    expect(runPredicate('singular?', 0.9)).toBe(false);
    expect(runPredicate('singular?', '1')).toBe(true);
  });

  it('debug? looks for a truthy debug variable in scope', () => {
    expect(runPredicate('debug?', 1, [], stubContext([{ debug: true, a: { b: 1 } }, 1]))).toBe(true);
    expect(runPredicate('debug?', 1, [], stubContext([{ debug: 0 }, 1]))).toBe(false);
    expect(runPredicate('debug?', 1, [], stubContext([{}, 1]))).toBe(false);
  });
});

describe('comparison operands', () => {
  it('read plain strings and small integers as the JSON reader does, and the rest through it', () => {
    expect(runPredicate('equal?', 'a b', ['"a b"'])).toBe(true);
    expect(runPredicate('equal?', 'a"b', ['"a\\"b"'])).toBe(true);
    expect(runPredicate('equal?', '\u00e9', ['"\\u00e9"'])).toBe(true);
    expect(runPredicate('equal?', 123456789012345, ['123456789012345'])).toBe(true);
    expect(runPredicate('equal?', -7, ['-7'])).toBe(true);
    expect(runPredicate('equal?', 0, ['-0'])).toBe(true);
    expect(runPredicate('equal?', 'x', ['"x" '])).toBe(true);
  });
});
