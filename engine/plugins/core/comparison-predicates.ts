/**
 * `equal?`, `notEqual?`, `greaterThan?`, `greaterThanOrEqual?`, `lessThan?`
 * and `lessThanOrEqual?`. With one argument the current node is compared to
 * it; with two, the first argument to the second.
 */
import type { BoundTest, Predicate, PredicateTable, RenderContext } from '../types.ts';
import { argsBetween } from './argument-checks.ts';
import { checkOperands, operandReader, resolveOperand } from './predicate-operands.ts';
import { compareValues, valuesEqual } from './value-ordering.ts';

function validateOneOrTwoOperands(args: readonly string[]): string | undefined {
  return argsBetween(args, 1, 2) ?? checkOperands(args);
}

function comparison(holds: (left: unknown, right: unknown) => boolean): Predicate {
  return {
    validate: validateOneOrTwoOperands,
    test(current: unknown, args: readonly string[], ctx: RenderContext): boolean {
      if (args.length === 0) return false;
      const first = resolveOperand(args[0]!, ctx);
      return args.length === 1 ? holds(current, first) : holds(first, resolveOperand(args[1]!, ctx));
    },
    bind(args: readonly string[]): BoundTest {
      if (args.length === 0) return () => false;
      const first = operandReader(args[0]!);
      if (args.length === 1) return (current, ctx) => holds(current, first(ctx));
      const second = operandReader(args[1]!);
      return (_current, ctx) => holds(first(ctx), second(ctx));
    },
  };
}

export const comparisonPredicates: PredicateTable = {
  'equal?': comparison((a, b) => valuesEqual(a, b)),
  'notEqual?': comparison((a, b) => !valuesEqual(a, b)),
  'greaterThan?': comparison((a, b) => compareValues(a, b) > 0),
  'greaterThanOrEqual?': comparison((a, b) => compareValues(a, b) >= 0),
  'lessThan?': comparison((a, b) => compareValues(a, b) < 0),
  'lessThanOrEqual?': comparison((a, b) => compareValues(a, b) <= 0),
};
