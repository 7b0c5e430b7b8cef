/**
 * Predicates on numbers: `even?`, `odd?` and `nth?` (whole numbers only,
 * optionally on an argument instead of the current node), `plural?` and
 * `singular?` (the current node read as an integer).
 */
import type { Predicate, PredicateTable, RenderContext } from '../types.ts';
import { argsAtMost, argsBetween } from './argument-checks.ts';
import { isWholeNumber } from './double-literal.ts';
import { longOf } from './node-coercion.ts';
import { checkOperands, resolveOperand } from './predicate-operands.ts';
import { divideByZero } from './runtime-failure.ts';

function parity(wanted: 0 | 1): Predicate {
  return {
    validate: (args) => argsAtMost(args, 1) ?? checkOperands(args),
    test(current: unknown, args: readonly string[], ctx: RenderContext): boolean {
      const subject = args.length === 1 ? resolveOperand(args[0]!, ctx) : current;
      return isWholeNumber(subject) && Math.abs(subject % 2) === wanted;
    },
  };
}

/** `{.nth? m}` tests the current node, `{.nth? n m}` tests n: is it a multiple of m? */
const nth: Predicate = {
  validate: (args) => argsBetween(args, 1, 2) ?? checkOperands(args),
  test(current: unknown, args: readonly string[], ctx: RenderContext): boolean {
    if (args.length === 0) return false;
    let subject = current;
    let modulus = resolveOperand(args[0]!, ctx);
    if (args.length === 2) {
      subject = modulus;
      modulus = resolveOperand(args[1]!, ctx);
    }
    if (!isWholeNumber(subject) || !isWholeNumber(modulus)) return false;
    // The released behaviour: a zero modulus fails the whole block.
    if (modulus === 0) throw divideByZero();
    return subject % modulus === 0;
  },
};

export const numberPredicates: PredicateTable = {
  'even?': parity(0),
  'odd?': parity(1),
  'nth?': nth,
  'plural?': { test: (current) => longOf(current) > 1 },
  'singular?': { test: (current) => longOf(current) === 1 },
};
