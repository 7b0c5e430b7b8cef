/**
 * The evaluable form of an expression: each postfix statement turned, once,
 * into a list of stack-machine instructions with their operation functions
 * already chosen, so evaluation never looks at operator kinds or names.
 */
import { FUNCTIONS, type BuiltinFunction } from './builtins.ts';
import { compareLoosely, strictlyEqual, toBoolean, toInt32, toNumber } from './conversions.ts';
import type { BinaryKind, UnaryKind } from './operators.ts';
import type { ArgsToken, Literal, PostfixToken, VariableToken } from './tokens.ts';

/** What the evaluation stack holds: values, references not yet resolved, and argument-list marks. */
export type StackItem = Literal | VariableToken | ArgsToken;

export type Instruction =
  | { readonly op: 'push'; readonly item: StackItem }
  | { readonly op: 'call'; readonly name: string; readonly fn: BuiltinFunction }
  | { readonly op: 'unary'; readonly apply: (value: Literal) => Literal }
  | { readonly op: 'binary'; readonly description: string; readonly apply: (a: Literal, b: Literal) => Literal }
  | { readonly op: 'add'; readonly description: string }
  | { readonly op: 'assign' };

export type Statement = readonly Instruction[];

const UNARY: Record<UnaryKind, (value: Literal) => Literal> = {
  minus: (value) => -1 * toNumber(value),
  plus: (value) => toNumber(value),
  not: (value) => !toBoolean(value),
  bitNot: (value) => ~toInt32(value),
};

/** Binary operations other than `+` (which may concatenate, under a length limit). */
const BINARY: Record<Exclude<BinaryKind, 'add'>, (a: Literal, b: Literal) => Literal> = {
  mul: (a, b) => toNumber(a) * toNumber(b),
  // Division and remainder by zero give NaN (the Java reference's rule, not Infinity).
  div: (a, b) => {
    const divisor = toNumber(b);
    return divisor === 0 ? NaN : toNumber(a) / divisor;
  },
  mod: (a, b) => {
    const divisor = toNumber(b);
    return divisor === 0 ? NaN : toNumber(a) % divisor;
  },
  sub: (a, b) => toNumber(a) - toNumber(b),
  pow: (a, b) => Math.pow(toNumber(a), toNumber(b)),
  shiftLeft: (a, b) => toInt32(a) << toInt32(b),
  shiftRight: (a, b) => toInt32(a) >> toInt32(b),
  lt: (a, b) => compareLoosely(a, b) === -1,
  lte: (a, b) => {
    const order = compareLoosely(a, b);
    return order === -1 || order === 0;
  },
  gt: (a, b) => compareLoosely(a, b) === 1,
  gte: (a, b) => compareLoosely(a, b) >= 0,
  eq: (a, b) => compareLoosely(a, b) === 0,
  neq: (a, b) => compareLoosely(a, b) !== 0,
  strictEq: (a, b) => strictlyEqual(a, b),
  strictNeq: (a, b) => !strictlyEqual(a, b),
  bitAnd: (a, b) => toInt32(a) & toInt32(b),
  bitXor: (a, b) => toInt32(a) ^ toInt32(b),
  bitOr: (a, b) => toInt32(a) | toInt32(b),
  // Both sides are always evaluated: there is no short-circuit.
  and: (a, b) => toBoolean(a) && toBoolean(b),
  or: (a, b) => toBoolean(a) || toBoolean(b),
};

function instructionFor(token: PostfixToken): Instruction {
  switch (token.type) {
    case 'literal':
      return { op: 'push', item: token.value };
    case 'variable':
    case 'args':
      return { op: 'push', item: token };
    case 'call':
      return { op: 'call', name: token.name, fn: FUNCTIONS.get(token.name)! };
    case 'operator': {
      const { kind, description } = token.operator;
      switch (kind) {
        case 'minus':
        case 'plus':
        case 'not':
        case 'bitNot':
          return { op: 'unary', apply: UNARY[kind] };
        case 'add':
          return { op: 'add', description };
        case 'assign':
          return { op: 'assign' };
        case 'semicolon':
        case 'comma':
        case 'leftParen':
        case 'rightParen':
          // The assembler consumes punctuation; reaching here is a defect in it.
          throw new Error(`punctuation '${description}' in an assembled expression`);
        default:
          return { op: 'binary', description, apply: BINARY[kind] };
      }
    }
  }
}

export function compileStatement(statement: readonly PostfixToken[]): Statement {
  return statement.map(instructionFor);
}

export function compileStatements(statements: readonly (readonly PostfixToken[])[]): Statement[] {
  return statements.map(compileStatement);
}
