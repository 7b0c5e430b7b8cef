/**
 * Where an expression's operator lacks an operand (`1 +`, `3 * * 2`,
 * `@n = a + * 2`), read from its tokens in written order. The references
 * accept such an expression when the template compiles and only meet the gap
 * where it runs: as `Invalid arguments to operator …`, or, in an assignment,
 * silently, the assigned variable taken as the missing operand.
 */
import { tokenize } from './tokenizer.ts';
import type { Operator } from './operators.ts';

export interface MissingOperand {
  /** The operator as the references name it (`add`, `multiply`). */
  readonly operator: string;
  readonly side: 'left' | 'right';
}

/** What the token before the one being read leaves the expression expecting. */
type Before = 'start' | 'operand' | 'call' | 'prefix' | 'infix';

/** The first operator of `text` written without an operand, or null; null too for text that does not tokenize. */
export function missingOperand(text: string): MissingOperand | null {
  const { tokens, errors } = tokenize(text, 0);
  if (errors.length > 0) return null;
  let before: Before = 'start';
  let pending: Operator | null = null;
  // an operator still waiting for its right operand when a closer or the end comes
  const unfinished = (): MissingOperand | null =>
    (before === 'prefix' || before === 'infix') && pending !== null ? { operator: pending.description, side: 'right' } : null;
  for (const token of tokens) {
    if (token.type === 'literal' || token.type === 'variable') {
      before = 'operand';
      continue;
    }
    if (token.type === 'call') {
      before = 'call';
      continue;
    }
    const operator = token.operator;
    switch (operator.kind) {
      case 'leftParen':
        before = 'start';
        continue;
      case 'rightParen':
      case 'comma':
      case 'semicolon': {
        const gap = unfinished();
        if (gap !== null) return gap;
        before = operator.kind === 'rightParen' ? 'operand' : 'start';
        continue;
      }
      default:
        if (operator.arity === 1) {
          before = 'prefix';
        } else {
          // the tokenizer reads + and - after an operator as signs, so any other binary operator there lacks its left
          if (before !== 'operand') return { operator: operator.description, side: 'left' };
          before = 'infix';
        }
        pending = operator;
    }
  }
  return unfinished();
}
