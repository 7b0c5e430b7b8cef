/**
 * The operator table of the expression language: JavaScript's precedence
 * levels, and the descriptions the references use in error messages and in
 * the debug listing (`<add>`, `<unary minus>`, ...).
 */

export type Associativity = 'left' | 'right';

/** Operators that survive into an evaluable program. */
export type UnaryKind = 'plus' | 'minus' | 'not' | 'bitNot';
export type BinaryKind =
  | 'pow'
  | 'mul'
  | 'div'
  | 'mod'
  | 'add'
  | 'sub'
  | 'shiftLeft'
  | 'shiftRight'
  | 'lt'
  | 'gt'
  | 'lte'
  | 'gte'
  | 'eq'
  | 'neq'
  | 'strictEq'
  | 'strictNeq'
  | 'bitAnd'
  | 'bitXor'
  | 'bitOr'
  | 'and'
  | 'or';
export type EvaluableKind = UnaryKind | BinaryKind | 'assign';

/** Punctuation that only shapes the parse: it never reaches a program. */
export type StructuralKind = 'semicolon' | 'comma' | 'leftParen' | 'rightParen';

export type OperatorKind = EvaluableKind | StructuralKind;

export interface Operator<K extends OperatorKind = OperatorKind> {
  readonly kind: K;
  readonly precedence: number;
  readonly associativity: Associativity;
  readonly description: string;
  /** 1 for unary, 2 for binary and assignment, 0 for punctuation. */
  readonly arity: 0 | 1 | 2;
}

function define<K extends OperatorKind>(
  kind: K,
  precedence: number,
  associativity: Associativity,
  description: string,
  arity: 0 | 1 | 2,
): Operator<K> {
  return Object.freeze({ kind, precedence, associativity, description, arity });
}

export const OPERATORS = {
  plus: define('plus', 17, 'right', 'unary plus', 1),
  minus: define('minus', 17, 'right', 'unary minus', 1),
  not: define('not', 17, 'right', 'logical not', 1),
  bitNot: define('bitNot', 17, 'right', 'bitwise not', 1),

  pow: define('pow', 16, 'right', 'exponent', 2),
  mul: define('mul', 15, 'left', 'multiply', 2),
  div: define('div', 15, 'left', 'divide', 2),
  mod: define('mod', 15, 'left', 'modulus', 2),
  add: define('add', 14, 'left', 'add', 2),
  sub: define('sub', 14, 'left', 'subtract', 2),

  shiftLeft: define('shiftLeft', 13, 'left', 'left shift', 2),
  shiftRight: define('shiftRight', 13, 'left', 'right shift', 2),

  lt: define('lt', 12, 'left', 'less than', 2),
  gt: define('gt', 12, 'left', 'greater than', 2),
  lte: define('lte', 12, 'left', 'less than or equal', 2),
  gte: define('gte', 12, 'left', 'greater than or equal', 2),

  eq: define('eq', 11, 'left', 'equality', 2),
  neq: define('neq', 11, 'left', 'inequality', 2),
  strictEq: define('strictEq', 11, 'left', 'strict equality', 2),
  strictNeq: define('strictNeq', 11, 'left', 'strict inequality', 2),

  bitAnd: define('bitAnd', 10, 'left', 'bitwise and', 2),
  bitXor: define('bitXor', 9, 'left', 'bitwise xor', 2),
  bitOr: define('bitOr', 8, 'left', 'bitwise or', 2),

  and: define('and', 7, 'left', 'logical and', 2),
  or: define('or', 6, 'left', 'logical or', 2),

  assign: define('assign', 3, 'right', 'assign', 2),

  semicolon: define('semicolon', 1, 'left', 'semicolon', 0),
  comma: define('comma', 1, 'right', 'comma', 0),
  leftParen: define('leftParen', 1, 'left', 'left parenthesis', 0),
  rightParen: define('rightParen', 1, 'left', 'right parenthesis', 0),
} as const;

export function isStructural(operator: Operator): operator is Operator<StructuralKind> {
  return operator.arity === 0;
}
