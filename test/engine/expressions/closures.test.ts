/**
 * Expressions run as closures; the stack machine is the behaviour they must
 * reproduce. Generated expressions (well-formed and not, with values of
 * every type, objects and missing references included) are evaluated both
 * ways and must agree on the value, the errors and the assignments made.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assemble } from '../../../engine/runtime/expressions/assembler.ts';
import { runOnMachine } from '../../../engine/runtime/expressions/evaluator.ts';
import { compileExpression, type ExpressionOptions } from '../../../engine/runtime/expressions/index.ts';
import { compileStatements } from '../../../engine/runtime/expressions/program.ts';
import { tokenize } from '../../../engine/runtime/expressions/tokenizer.ts';
import { messages } from '../../../engine/messages.ts';
import { run, value } from './helpers.ts';
import { makeScope } from './scope.ts';

const data = {
  n: 7,
  zero: 0,
  neg: -2.5,
  big: 3e9,
  s: 'abc',
  numeric: '12',
  hex: '0x1f',
  empty: '',
  yes: true,
  no: false,
  nil: null,
  obj: { a: 1 },
  list: [1, 2],
  nested: { inner: { value: 5, text: 'deep' } },
};
const vars = { '@v': 3, '@w': 'w', '@o': { x: 1 }, '@nil': null };

const operand = fc.constantFrom(
  '0', '1', '2', '7', '1.5', '0.1', '0x10', '1e3', '"a"', "'12'", '""', '"0x1f"',
  'true', 'false', 'null', 'NaN', 'Infinity', 'PI',
  'n', 'zero', 'neg', 'big', 's', 'numeric', 'hex', 'empty', 'yes', 'no', 'nil', 'obj', 'list', 'missing',
  'nested.inner.value', 'nested.inner.text', 'list.1', 'obj.a', '@v', '@w', '@o', '@nil', '@missing', '@',
);
const binaryOperator = fc.constantFrom(
  '+', '-', '*', '/', '%', '**', '<<', '>>', '<', '<=', '>', '>=', '==', '!=', '===', '!==', '&', '^', '|', '&&', '||',
);
const unaryOperator = fc.constantFrom('-', '+', '!', '~');
const functionName = fc.constantFrom('max', 'min', 'abs', 'num', 'str', 'bool');

const expression: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    operand,
    fc.tuple(tie('expr'), binaryOperator, tie('expr')).map(([a, op, b]) => `${a} ${op} ${b}`),
    fc.tuple(unaryOperator, tie('expr')).map(([op, a]) => `${op}${a}`),
    tie('expr').map((a) => `(${a})`),
    fc.tuple(functionName, fc.array(tie('expr'), { maxLength: 3 })).map(([f, args]) => `${f}(${args.join(', ')})`),
  ),
})).expr;

const statement = fc.oneof(
  expression,
  fc.tuple(fc.constantFrom('@v', '@x', '@o', 'n', '@', '-@o'), expression).map(([target, e]) => `${target} = ${e}`),
  // Irregular shapes: several top-level values, nested assignments, stray operators.
  fc.tuple(expression, expression).map(([a, b]) => `${a}, ${b}`),
  fc.tuple(expression, expression).map(([a, b]) => `@x = ${a}, ${b}`),
  fc.tuple(expression).map(([a]) => `@x = @y = ${a}`),
  fc.tuple(binaryOperator, expression).map(([op, a]) => `${op} ${a}`),
  fc.tuple(expression, binaryOperator).map(([a, op]) => `${a} ${op}`),
  fc.tuple(functionName, binaryOperator, expression).map(([f, op, a]) => `${f}(${op} ${a})`),
);

const source = fc.array(statement, { minLength: 1, maxLength: 3 }).map((statements) => statements.join('; '));

function onMachine(text: string, options: ExpressionOptions) {
  const tokens = tokenize(text, 1024);
  const statements = tokens.errors.length === 0 ? assemble(tokens.tokens) : { statements: [], errors: tokens.errors };
  const scope = makeScope(data, vars);
  const program = statements.errors.length === 0 ? compileStatements(statements.statements) : [];
  const result = runOnMachine(
    program,
    { resolve: (token) => scope.resolve(token.path), setVar: (name, v) => scope.setVar(name, v) },
    options.maxStringLength ?? 1 << 20,
  );
  return { value: result.value, errors: result.errors, vars: Object.fromEntries(scope.vars) };
}

function asClosures(text: string, options: ExpressionOptions) {
  const result = run(text, data, vars, options);
  return { value: result.value, errors: result.errors, vars: Object.fromEntries(result.scope.vars) };
}

describe('closures and the stack machine', () => {
  it('agree on values, errors and assignments for generated expressions', () => {
    fc.assert(
      fc.property(source, fc.constantFrom(0, 4, 1 << 20), (text, maxStringLength) => {
        const options = { maxStringLength };
        const expected = onMachine(text, options);
        const actual = asClosures(text, options);
        // Object.is: NaN equals NaN, and -0 is not 0.
        expect(Object.is(actual.value, expected.value) ? expected.value : actual.value).toStrictEqual(expected.value);
        expect(actual.errors).toEqual(expected.errors);
        expect(actual.vars).toEqual(expected.vars);
      }),
      { numRuns: 1500 },
    );
  });

  it('keeps integer and double arithmetic, concatenation and comparison as the machine does', () => {
    expect(value('n * 2 + 1', data)).toBe(15);
    expect(value('n / 2', data)).toBe(3.5);
    expect(value('0.1 + 0.2')).toBe(0.30000000000000004);
    expect(value('n % 0', data)).toBeNaN();
    expect(Object.is(value('-zero', data), -0)).toBe(true);
    expect(value('big | 0', data)).toBe(2147483647);
    expect(value('n + s', data)).toBe('7abc');
    expect(value('1.5 + "x"')).toBe('1.5x');
    expect(value('null + "x"')).toBe('nullx');
    expect(value('"10" < "9"')).toBe(true);
    expect(value('10 < "9"')).toBe(false);
    expect(value('nil == 0', data)).toBe(true);
    expect(value('nil === 0', data)).toBe(false);
    expect(value('missing + 1', data)).toBe(1);
    expect(value('NaN != NaN')).toBe(true);
  });

  it('reports what the machine reports, keeping the value left on its stack', () => {
    // The failed `*` leaves 1 on the stack: the statement's value, with the error.
    expect(run('1 + (2 * obj)', data)).toMatchObject({ value: 1, errors: [`${messages.exprInvalidOperatorArgs} multiply`] });
    expect(run('max(1, n + obj)', data).value).toBe(1);
    expect(run('@x = obj', data).scope.vars.has('@x')).toBe(false);
    expect(run('@x = 1; obj; @y = 2', data)).toMatchObject({ value: undefined, errors: [messages.exprUnexpectedToken] });
  });

  it('assigns and runs later statements against the new value', () => {
    const result = run('@x = n * 2; @x + 1', data);
    expect(result.value).toBe(15);
    expect(result.scope.vars.get('@x')).toBe(14);
  });
});
