/**
 * Tokens of the expression language, shared by the tokenizer, the assembler
 * (which reorders them into postfix statements) and the debug listing.
 */
import type { Operator } from './operators.ts';

/** A value the language computes with: JSON scalars. */
export type Literal = string | number | boolean | null;

export interface LiteralToken {
  readonly type: 'literal';
  readonly value: Literal;
}

/** A template variable reference such as `a.b.0`, `@foo` or `@`. */
export interface VariableToken {
  readonly type: 'variable';
  readonly path: readonly (string | number)[];
  /**
   * The bare `@` (the current node). The references treat it as having no
   * name at all: it can be neither a function name nor an assignment target.
   */
  readonly isCurrentNode: boolean;
}

export interface CallToken {
  readonly type: 'call';
  readonly name: string;
}

export interface OperatorToken {
  readonly type: 'operator';
  readonly operator: Operator;
}

/** Marks, in postfix order, where a function call's arguments begin. */
export interface ArgsToken {
  readonly type: 'args';
}

export type Token = LiteralToken | VariableToken | CallToken | OperatorToken;

/** An element of an assembled (postfix) statement. */
export type PostfixToken = Token | ArgsToken;

export const ARGS_TOKEN: ArgsToken = Object.freeze({ type: 'args' });

export function literalToken(value: Literal): LiteralToken {
  return { type: 'literal', value };
}

export function operatorToken(operator: Operator): OperatorToken {
  return { type: 'operator', operator };
}
