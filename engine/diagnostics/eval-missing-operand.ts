/**
 * The warning `tmpl check` gives an `.eval` expression with an operator left
 * without an operand. The Java reference compiles such a template without a
 * word (it reads an expression only when it first runs), so this is a warning;
 * what the render then does is found by running the expression once with every
 * variable missing, since the gap, not the data, decides it.
 */
import { messages } from '../messages.ts';
import { compileExpression } from '../runtime/expressions/index.ts';
import { missingOperand } from '../runtime/expressions/missing-operand.ts';
import { tokenize } from '../runtime/expressions/tokenizer.ts';

export function evalMissingOperandWarning(code: string): string | null {
  const expression = compileExpression(code);
  if (expression.errors.length > 0) return null;
  const gap = missingOperand(expression.source);
  if (gap === null) return null;
  const assigned = new Set<string>();
  const { errors } = expression.evaluate({ resolve: () => undefined, setVar: (name) => assigned.add(name) });
  const consequence =
    errors.length > 0
      ? messages.evalGapReported(messages.expressionReduce(expression.source, errors[0]!))
      : messages.evalGapSilent(assignmentTargets(expression.source).filter((name) => !assigned.has(name)));
  return messages.evalMissingOperand(expression.source, messages.exprMissingOperand(gap.operator, gap.side), consequence);
}

/** The @variables an expression assigns as written (`@n = …`). */
function assignmentTargets(text: string): string[] {
  const { tokens } = tokenize(text, 0);
  const names: string[] = [];
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    if (token.type !== 'variable' || next?.type !== 'operator' || next.operator.kind !== 'assign') return;
    const name = token.path[0];
    if (token.path.length === 1 && typeof name === 'string' && name.startsWith('@') && !names.includes(name)) names.push(name);
  });
  return names;
}
