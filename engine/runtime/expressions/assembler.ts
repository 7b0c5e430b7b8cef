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

/** One assembly; a class rather than local helpers, which keep-names transpilers would rename on every call. */
class Assembly {
  readonly statements: PostfixToken[][] = [];
  readonly errors: string[] = [];
  private readonly pending: PendingToken[] = [];
  private output: PostfixToken[] = [];

  private top(): PendingToken | undefined {
    return this.pending[this.pending.length - 1];
  }

  /** Outputs every operator back to the nearest `(` (or all of them), stopping at a function call. */
  private drainToParen(): void {
    for (let t = this.top(); t?.type === 'operator' && t.operator.kind !== 'leftParen'; t = this.top()) {
      this.output.push(this.pending.pop()!);
    }
  }

  /** Ends a statement: outputs the pending operators and keeps the statement if it has anything. */
  endStatement(): void {
    const pending = this.pending;
    while (pending.length > 0) {
      const token = pending.pop()!;
      if (isOpenParen(token)) {
        this.errors.push(expressionErrors.mismatchedOperator((token as OperatorToken).operator.description));
        return;
      }
      this.output.push(token);
    }
    if (this.output.length > 0) this.statements.push(this.output);
  }

  /** Takes the next token; false when assembly must stop (a stray `)`). */
  take(token: Token): boolean {
    const pending = this.pending;
    switch (token.type) {
      case 'operator': {
        const operator = token.operator;
        switch (operator.kind) {
          case 'semicolon':
            this.endStatement();
            this.output = [];
            break;
          case 'leftParen':
            pending.push(token);
            break;
          case 'comma':
            this.drainToParen();
            break;
          case 'rightParen': {
            this.drainToParen();
            if (!isOpenParen(this.top())) {
              this.errors.push(expressionErrors.mismatchedOperator(operator.description));
              return false;
            }
            pending.pop();
            if (this.top()?.type === 'call') this.output.push(pending.pop()!);
            break;
          }
          default:
            while (yieldsTo(this.top(), operator)) this.output.push(pending.pop()!);
            pending.push(token);
        }
        break;
      }
      case 'call':
        this.output.push(ARGS_TOKEN);
        pending.push(token);
        break;
      default:
        this.output.push(token);
    }
    return true;
  }
}

export function assemble(tokens: readonly Token[]): AssembleResult {
  const assembly = new Assembly();
  for (const token of tokens) {
    if (!assembly.take(token)) return { statements: assembly.statements, errors: assembly.errors };
  }
  assembly.endStatement();
  return { statements: assembly.statements, errors: assembly.errors };
}
