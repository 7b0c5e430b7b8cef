/**
 * Reorders tokens into postfix statements with the shunting-yard algorithm:
 * `;` separates statements, `,` separates function arguments (or, at the
 * top level, simply values), parentheses group, and operators leave the
 * pending stack by precedence and associativity. A function call is marked
 * in the output by an argument-list token placed before its arguments.
 *
 * Unbalanced parentheses are reported the way the references report them:
 * a stray `)` stops assembly at once, an unclosed `(` is reported when its
 * statement ends (and assembly goes on with the next statement).
 */
import { expressionErrors } from './errors.ts';
import type { Operator } from './operators.ts';
import { ARGS_TOKEN, type CallToken, type OperatorToken, type PostfixToken, type Token } from './tokens.ts';

export interface AssembleResult {
  readonly statements: PostfixToken[][];
  readonly errors: string[];
}

type PendingToken = OperatorToken | CallToken;

const isOpenParen = (token: PendingToken | undefined): boolean =>
  token?.type === 'operator' && token.operator.kind === 'leftParen';

/** Whether a pending operator must be output before `incoming` is pushed. */
function yieldsTo(pending: PendingToken | undefined, incoming: Operator): boolean {
  if (pending?.type !== 'operator' || pending.operator.kind === 'leftParen') return false;
  const top = pending.operator;
  return top.precedence > incoming.precedence || (top.precedence === incoming.precedence && top.associativity === 'left');
}

export function assemble(tokens: readonly Token[]): AssembleResult {
  const statements: PostfixToken[][] = [];
  const errors: string[] = [];
  const pending: PendingToken[] = [];
  let output: PostfixToken[] = [];

  const top = (): PendingToken | undefined => pending[pending.length - 1];

  /** Outputs every operator back to the nearest `(` (or all of them), stopping at a function call. */
  const drainToParen = (): void => {
    for (let t = top(); t?.type === 'operator' && t.operator.kind !== 'leftParen'; t = top()) {
      output.push(pending.pop()!);
    }
  };

  /** Ends a statement: outputs the pending operators and keeps the statement if it has anything. */
  const endStatement = (): void => {
    while (pending.length > 0) {
      const token = pending.pop()!;
      if (isOpenParen(token)) {
        errors.push(expressionErrors.mismatchedOperator((token as OperatorToken).operator.description));
        return;
      }
      output.push(token);
    }
    if (output.length > 0) statements.push(output);
  };

  for (const token of tokens) {
    switch (token.type) {
      case 'operator': {
        const operator = token.operator;
        switch (operator.kind) {
          case 'semicolon':
            endStatement();
            output = [];
            break;
          case 'leftParen':
            pending.push(token);
            break;
          case 'comma':
            drainToParen();
            break;
          case 'rightParen': {
            drainToParen();
            if (!isOpenParen(top())) {
              errors.push(expressionErrors.mismatchedOperator(operator.description));
              return { statements, errors };
            }
            pending.pop();
            if (top()?.type === 'call') output.push(pending.pop()!);
            break;
          }
          default:
            while (yieldsTo(top(), operator)) output.push(pending.pop()!);
            pending.push(token);
        }
        break;
      }
      case 'call':
        output.push(ARGS_TOKEN);
        pending.push(token);
        break;
      default:
        output.push(token);
    }
  }
  endStatement();
  return { statements, errors };
}
