/**
 * The stack machine: runs one compiled statement on its own stack, exactly
 * as the Java reference does. Problems stop the statement they occur in and
 * are reported; what is left on the stack still gives the statement its
 * value, and assignments already made stay made.
 *
 * Expressions normally run as closures (see closures.ts); this machine is
 * the exact behaviour those closures are held to, and it runs the
 * statements they do not cover: irregular stacks, and any statement whose
 * closure met an error (it is re-run here to report it as the reference
 * would).
 */
import { asLiteral, toNumber, toText } from './conversions.ts';
import { expressionErrors } from './errors.ts';
import type { Statement, StackItem } from './program.ts';
import type { Literal, VariableToken } from './tokens.ts';

/** What the machine needs from the template while it runs. */
export interface MachineAccess {
  /** The value of a reference, undefined when missing. */
  resolve(token: VariableToken): unknown;
  /** Assigns an @variable (name includes the `@`). */
  setVar(name: string, value: Literal): void;
}

export interface StatementResult {
  value: Literal | undefined;
  errors: string[];
}

class StackMachine {
  readonly errors: string[] = [];

  constructor(
    private readonly access: MachineAccess,
    /** Longest string `+` may build; 0 or less for no limit. */
    private readonly maxStringLength: number,
  ) {}

  /** The literal an item stands for: references are resolved now; objects, arrays and marks are not literals. */
  private literalOf(item: StackItem | undefined): Literal | undefined {
    if (item === undefined) return undefined;
    if (item === null || typeof item !== 'object') return item;
    return item.type === 'variable' ? asLiteral(this.access.resolve(item)) : undefined;
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
          if (name !== undefined && value !== undefined) this.access.setVar(name, value);
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
    const sum = addLiterals(a, b, this.maxStringLength);
    if (sum === undefined) this.errors.push(expressionErrors.concatTooLong(this.maxStringLength));
    return sum;
  }
}

/**
 * `+`: numeric addition, or concatenation when either side is a string;
 * undefined when the concatenation would pass `maxStringLength` (0 or less: no limit).
 */
export function addLiterals(a: Literal, b: Literal, maxStringLength: number): Literal | undefined {
  if (typeof a !== 'string' && typeof b !== 'string') return toNumber(a) + toNumber(b);
  const left = toText(a);
  const right = toText(b);
  if (maxStringLength > 0 && left.length + right.length > maxStringLength) return undefined;
  return left + right;
}

function isArgsMark(item: StackItem): boolean {
  return item !== null && typeof item === 'object' && item.type === 'args';
}

/** Only a single-segment `@name` reference can be assigned to. */
export function assignableName(item: StackItem | undefined): string | undefined {
  if (item === null || typeof item !== 'object' || item.type !== 'variable' || item.isCurrentNode) return undefined;
  if (item.path.length !== 1) return undefined;
  const name = item.path[0];
  return typeof name === 'string' && name.startsWith('@') ? name : undefined;
}

/** Runs one statement on the machine: its value and the errors it reported. */
export function runStatement(statement: Statement, access: MachineAccess, maxStringLength: number): StatementResult {
  const machine = new StackMachine(access, maxStringLength);
  const value = machine.run(statement);
  return { value, errors: machine.errors };
}

/** Runs every statement on the machine; the value is the last statement's, the errors are all of them. */
export function runOnMachine(statements: readonly Statement[], access: MachineAccess, maxStringLength: number): StatementResult {
  const machine = new StackMachine(access, maxStringLength);
  let value: Literal | undefined = undefined;
  for (const statement of statements) value = machine.run(statement);
  return { value, errors: machine.errors };
}
