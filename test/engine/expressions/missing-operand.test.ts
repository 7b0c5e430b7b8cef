import { describe, expect, it } from 'vitest';
import { evalMissingOperandWarning } from '../../../engine/diagnostics/eval-missing-operand.ts';
import { compile } from '../../../engine/index.ts';
import { messages } from '../../../engine/messages.ts';
import { missingOperand } from '../../../engine/runtime/expressions/missing-operand.ts';

describe('an .eval operator written without an operand', () => {
  it('is found in written order, naming the operator as the references do', () => {
    expect(missingOperand('@n = items.length + * 2')).toEqual({ operator: 'multiply', side: 'left' });
    expect(missingOperand('1 +')).toEqual({ operator: 'add', side: 'right' });
    expect(missingOperand('3 * * 2')).toEqual({ operator: 'multiply', side: 'left' });
    expect(missingOperand('max(1, 2 *)')).toEqual({ operator: 'multiply', side: 'right' });
    expect(missingOperand('!')).toEqual({ operator: 'logical not', side: 'right' });
    expect(missingOperand('== 2; 1')).toEqual({ operator: 'equality', side: 'left' });
  });

  it('is not found in well-formed expressions, signs and empty statements included', () => {
    for (const text of ['1 + 2', '-1 * -2', '@a = 2; @b = 5 * 7.2; @c = @a * @b; @c', 'max()', 'max(1, -(2 + 3))', '!true', '1;', '', '~1 ** 2']) {
      expect(missingOperand(text), text).toBeNull();
    }
  });

  // What the Java reference does, followed here: the postfix form of `@n = items.length + * 2` is
  // `@n items.length 2 * + =`: `*` takes items.length and 2, `+` takes @n (missing: null, 0) and
  // the product, and `=` then finds no variable under its value, so it assigns nothing, reports
  // nothing and leaves no value. Without an assignment the operator finds an empty stack and the
  // render reports `Invalid arguments to operator …`.
  it('renders as the Java reference does: silent in an assignment, an error of the render otherwise', () => {
    const page = compile('{.repeated section items}{.eval @n = items.length + * 2}[{@n}]{.end}|{.eval @m = 1 +}[{@m}]|{.eval 1 +}|{.eval 3 * * 2}', { name: 'e.tmpl' });
    expect(page.errors).toEqual([]);
    const { html, errors } = page.render({ items: [1, 2] });
    expect(html).toBe('[][]|[]||');
    expect(errors.map((e) => e.message)).toEqual([
      messages.expressionReduce('1 +', 'Invalid arguments to operator add'),
      messages.expressionReduce('3 * * 2', 'Invalid arguments to operator multiply'),
    ]);
  });

  it('is a warning that says what the render will do', () => {
    expect(evalMissingOperandWarning('@n = items.length + * 2')).toBe(
      messages.evalMissingOperand('@n = items.length + * 2', messages.exprMissingOperand('multiply', 'left'), messages.evalGapSilent(['@n'])),
    );
    expect(evalMissingOperandWarning('1 +')).toBe(
      messages.evalMissingOperand('1 +', messages.exprMissingOperand('add', 'right'), messages.evalGapReported(messages.expressionReduce('1 +', 'Invalid arguments to operator add'))),
    );
    // an expression that does not parse keeps its parse error alone
    expect(evalMissingOperandWarning('max(')).toBeNull();
    expect(evalMissingOperandWarning('1 + 2')).toBeNull();
  });

  it('is listed by analyze() beside the expressions that do not parse', () => {
    const evals = compile('{.eval 1 +}\n{.eval max(}').analyze().evals;
    expect(evals.map((use) => [use.line, use.problems.length, use.warnings.length])).toEqual([[1, 0, 1], [2, 1, 0]]);
  });
});
