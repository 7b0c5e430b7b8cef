/**
 * Runs a compiled expression against a scope. Each statement runs on its own
 * stack; the value of the expression is what the last statement leaves on
 * top of its stack. Problems stop the statement they occur in, are reported,
 * and evaluation goes on with the next statement — as the Java reference
 * does, which also keeps assignments and output of an expression that
 * reported errors.
 */
import { asLiteral, toNumber, toText } from './conversions.ts';
import { expressionErrors } from './errors.ts';
import type { Statement, StackItem } from './program.ts';
import type { Literal } from './tokens.ts';

export interface EvaluationScope {
  resolve(path: readonly (string | number)[]): unknown;
  setVar(name: string, value: unknown): void;
}

export interface EvaluationLimits {
  /** Longest string `+` may build; 0 or less for no limit. */
  readonly maxStringLength: number;
}

export interface EvaluationResult {
  value: Literal | undefined;
  errors: string[];
}

class Evaluation {
  readonly errors: string[] = [];

  constructor(
    private readonly scope: EvaluationScope,
    private readonly limits: EvaluationLimits,
  ) {}

  /** The literal an item stands for: references are resolved now; objects, arrays and marks are not literals. */
  private literalOf(item: StackItem | undefined): Literal | undefined {
    if (item === undefined) return undefined;
    if (item === null || typeof item !== 'object') return item;
    return item.type === 'variable' ? asLiteral(this.scope.resolve(item.path)) : undefined;
  }

  run(statement: Statement): Literal | undefined {
    const stack: StackItem[] = [];
    run: for (const instruction of statement) {
      switch (instruction.op) {
        case 'push':
          stack.push(instruction.item);
          break;
        case 'call': {
          const args: Literal[] = [];
          while (stack.length > 0 && !isArgsMark(stack[stack.length - 1]!)) {
            const arg = this.literalOf(stack.pop());
            // Arguments that are not literals (objects, arrays) are dropped.
            if (arg !== undefined) args.push(arg);
          }
          stack.pop();
          args.reverse();
          const result = instruction.fn(args);
          if (result === undefined) {
            this.errors.push(expressionErrors.functionCallFailed(instruction.name));
            break run;
          }
          stack.push(result);
          break;
        }
        case 'unary': {
          // A unary operator rewrites the top of the stack in place; a non-literal is left as it is.
          const top = stack.length - 1;
          const operand = top < 0 ? undefined : this.literalOf(stack[top]);
          if (operand !== undefined) stack[top] = instruction.apply(operand);
          break;
        }
        case 'assign': {
          const value = this.literalOf(stack.pop());
          const target = stack.pop();
          const name = assignableName(target);
          if (name !== undefined && value !== undefined) this.scope.setVar(name, value);
          // An assignment ends its statement.
          break run;
        }
        case 'binary':
        case 'add': {
          const b = this.literalOf(stack.pop());
          const a = this.literalOf(stack.pop());
          if (a === undefined || b === undefined) {
            this.errors.push(expressionErrors.invalidOperatorArgs(instruction.description));
            break run;
          }
          if (instruction.op === 'binary') {
            stack.push(instruction.apply(a, b));
            break;
          }
          const sum = this.add(a, b);
          if (sum === undefined) break run;
          stack.push(sum);
          break;
        }
      }
    }
    if (stack.length === 0) return undefined;
    const result = this.literalOf(stack[stack.length - 1]);
    if (result === undefined) this.errors.push(expressionErrors.unexpectedToken);
    return result;
  }

  /** Numeric addition, or concatenation when either side is a string. */
  private add(a: Literal, b: Literal): Literal | undefined {
    if (typeof a !== 'string' && typeof b !== 'string') return toNumber(a) + toNumber(b);
    const left = toText(a);
    const right = toText(b);
    const limit = this.limits.maxStringLength;
    if (limit > 0 && left.length + right.length > limit) {
      this.errors.push(expressionErrors.concatTooLong(limit));
      return undefined;
    }
    return left + right;
  }
}

function isArgsMark(item: StackItem): boolean {
  return item !== null && typeof item === 'object' && item.type === 'args';
}

/** Only a single-segment `@name` reference can be assigned to. */
function assignableName(item: StackItem | undefined): string | undefined {
  if (item === null || typeof item !== 'object' || item.type !== 'variable' || item.isCurrentNode) return undefined;
  if (item.path.length !== 1) return undefined;
  const name = item.path[0];
  return typeof name === 'string' && name.startsWith('@') ? name : undefined;
}

export function evaluate(statements: readonly Statement[], scope: EvaluationScope, limits: EvaluationLimits): EvaluationResult {
  const evaluation = new Evaluation(scope, limits);
  let value: Literal | undefined = undefined;
  for (const statement of statements) value = evaluation.run(statement);
  return { value, errors: evaluation.errors };
}
