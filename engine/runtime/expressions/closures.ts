/**
 * Expressions as closures: each postfix statement is turned, once, into a
 * tree of JavaScript closures that computes its value directly, with the
 * operand types, operators and variable lookups fixed when it is built.
 * Evaluating allocates nothing beyond the values themselves.
 *
 * The stack machine (evaluator.ts) stays the definition of behaviour. A
 * statement becomes closures only when its stack is regular: every operator
 * finds its operands, argument marks are consumed by calls only, and the
 * statement leaves exactly one value (or ends with an assignment to an
 * `@name` that consumes everything). Any other statement runs on the
 * machine. A closure that meets anything the machine would report (an
 * operand that is not a literal, a failed function call, a concatenation
 * past the limit, a value that is not a literal) abandons its statement
 * before it has changed anything, and the statement is run again on the
 * machine, which reports it exactly as the Java reference does.
 */
import { FUNCTIONS } from './builtins.ts';
import { asLiteral, compareLoosely, strictlyEqual, toBoolean, toInt32, toNumber } from './conversions.ts';
import { addLiterals, assignableName, runStatement, type MachineAccess } from './evaluator.ts';
import type { BinaryKind, UnaryKind } from './operators.ts';
import { compileStatement, type Statement } from './program.ts';
import type { Literal, PostfixToken, VariableToken } from './tokens.ts';

/** How compiled expressions reach the template: variable lookups and assignment, for a context type `C`. */
export interface ExpressionHost<C> {
  /** A resolver for one reference path (called once per reference, when the expression is bound). */
  lookup(path: readonly (string | number)[]): (context: C) => unknown;
  /** Assigns an @variable in the context's scope; `name` includes the `@`. */
  setVar(context: C, name: string, value: Literal): void;
}

/** The outcome of an evaluation that reported errors: the value it still produced, and the messages. */
export class FailedEvaluation {
  constructor(
    readonly value: Literal | undefined,
    readonly errors: readonly string[],
  ) {}
}

/** Runs a bound expression: its value (undefined for none), or a FailedEvaluation when errors were reported. */
export type ExpressionRunner<C> = (context: C) => Literal | undefined | FailedEvaluation;

/** A closure computing a value; undefined means the value is not a literal (an object, an array). */
type Evaluate<C> = (context: C) => Literal | undefined;

/** Thrown by a closure to hand its statement over to the machine; never escapes this module. */
const HAND_OVER: unique symbol = Symbol('hand over to the machine');

function handOver(): never {
  throw HAND_OVER;
}

interface ValueItem<C> {
  readonly mark: false;
  readonly run: Evaluate<C>;
  /** Set when the value is known without a context: a literal, or an operation on known values. */
  readonly known: boolean;
  /** The reference token when the item is a bare reference (a possible assignment target). */
  readonly token: VariableToken | null;
}

/** An argument-list mark, waiting for its call. */
interface MarkItem {
  readonly mark: true;
}

type Item<C> = ValueItem<C> | MarkItem;

const MARK: MarkItem = { mark: true };

/*
 * Items are built without function expressions inside object literals:
 * keep-names transpilers rename each such function when it is created,
 * which would make compiling an expression several times slower.
 */

function constant<C>(value: Literal): Evaluate<C> {
  return () => value;
}

function literalOf<C>(get: (context: C) => unknown): Evaluate<C> {
  return (c) => asLiteral(get(c));
}

function allKnown<C>(operands: readonly ValueItem<C>[]): boolean {
  for (let i = 0; i < operands.length; i++) if (!operands[i]!.known) return false;
  return true;
}

function computed<C>(run: Evaluate<C>, operands: readonly ValueItem<C>[]): ValueItem<C> {
  // Operations on known values are computed once, unless they fail (the failure must happen, and be reported, on each run).
  if (allKnown(operands)) {
    try {
      const value = run(undefined as C);
      if (value !== undefined) return literal(value);
    } catch (e) {
      if (e !== HAND_OVER) throw e;
    }
  }
  return { mark: false, run, known: false, token: null };
}

function unary<C>(kind: UnaryKind, operand: Evaluate<C>): Evaluate<C> {
  // A unary operator leaves a non-literal as it is: it stays "not a literal".
  switch (kind) {
    case 'minus':
      return (c) => {
        const v = operand(c);
        return v === undefined ? undefined : -1 * toNumber(v);
      };
    case 'plus':
      return (c) => {
        const v = operand(c);
        return v === undefined ? undefined : toNumber(v);
      };
    case 'not':
      return (c) => {
        const v = operand(c);
        return v === undefined ? undefined : !toBoolean(v);
      };
    case 'bitNot':
      return (c) => {
        const v = operand(c);
        return v === undefined ? undefined : ~toInt32(v);
      };
  }
}

/**
 * One closure per operator, each its own function so the engine's type
 * feedback stays specific. Both operands are always computed (there is no
 * short-circuit); a non-literal operand is the machine's to report.
 */
function binary<C>(kind: BinaryKind, left: Evaluate<C>, right: Evaluate<C>, maxStringLength: number): Evaluate<C> {
  switch (kind) {
    case 'add':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (typeof a === 'number' && typeof b === 'number') return a + b;
        if (a === undefined || b === undefined) return handOver();
        const sum = addLiterals(a, b, maxStringLength);
        return sum === undefined ? handOver() : sum;
      };
    case 'sub':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        return toNumber(a) - toNumber(b);
      };
    case 'mul':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        return toNumber(a) * toNumber(b);
      };
    case 'div':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        const divisor = toNumber(b);
        // Division by zero gives NaN (the Java reference's rule, not Infinity).
        return divisor === 0 ? NaN : toNumber(a) / divisor;
      };
    case 'mod':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        const divisor = toNumber(b);
        return divisor === 0 ? NaN : toNumber(a) % divisor;
      };
    case 'pow':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        return Math.pow(toNumber(a), toNumber(b));
      };
    case 'shiftLeft':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        return toInt32(a) << toInt32(b);
      };
    case 'shiftRight':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        return toInt32(a) >> toInt32(b);
      };
    case 'lt':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        return compareLoosely(a, b) === -1;
      };
    case 'lte':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        const order = compareLoosely(a, b);
        return order === -1 || order === 0;
      };
    case 'gt':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        return compareLoosely(a, b) === 1;
      };
    case 'gte':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        return compareLoosely(a, b) >= 0;
      };
    case 'eq':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        return compareLoosely(a, b) === 0;
      };
    case 'neq':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        return compareLoosely(a, b) !== 0;
      };
    case 'strictEq':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        return strictlyEqual(a, b);
      };
    case 'strictNeq':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        return !strictlyEqual(a, b);
      };
    case 'bitAnd':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        return toInt32(a) & toInt32(b);
      };
    case 'bitXor':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        return toInt32(a) ^ toInt32(b);
      };
    case 'bitOr':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        return toInt32(a) | toInt32(b);
      };
    case 'and':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        return toBoolean(a) && toBoolean(b);
      };
    case 'or':
      return (c) => {
        const a = left(c);
        const b = right(c);
        if (a === undefined || b === undefined) return handOver();
        return toBoolean(a) || toBoolean(b);
      };
  }
}

/** A built-in call; arguments that are not literals are dropped, as the machine drops them. */
function call<C>(name: string, args: readonly Evaluate<C>[]): Evaluate<C> {
  const fn = FUNCTIONS.get(name)!;
  if (args.length === 1) {
    const only = args[0]!;
    return (c) => {
      const v = only(c);
      const result = fn(v === undefined ? [] : [v]);
      return result === undefined ? handOver() : result;
    };
  }
  return (c) => {
    const values: Literal[] = [];
    for (let i = 0; i < args.length; i++) {
      const v = args[i]!(c);
      if (v !== undefined) values.push(v);
    }
    const result = fn(values);
    return result === undefined ? handOver() : result;
  };
}

function reference<C>(token: VariableToken, host: ExpressionHost<C>): ValueItem<C> {
  const run = literalOf(host.lookup(token.path));
  return { mark: false, run, known: false, token };
}

function literal<C>(value: Literal): ValueItem<C> {
  const run = constant<C>(value);
  return { mark: false, run, known: true, token: null };
}

function popValue<C>(stack: Item<C>[]): ValueItem<C> | null {
  const item = stack.pop();
  return item === undefined || item.mark ? null : item;
}

/**
 * The closure of one statement, or null when its stack is not regular (the
 * machine runs it). The closure returns the statement's value: a literal,
 * or undefined after an assignment.
 */
export function statementClosure<C>(
  statement: readonly PostfixToken[],
  host: ExpressionHost<C>,
  maxStringLength: number,
): Evaluate<C> | null {
  const stack: Item<C>[] = [];
  const last = statement.length - 1;
  for (let i = 0; i <= last; i++) {
    const token = statement[i]!;
    switch (token.type) {
      case 'literal':
        stack.push(literal(token.value));
        break;
      case 'variable':
        stack.push(reference(token, host));
        break;
      case 'args':
        stack.push(MARK);
        break;
      case 'call': {
        const args: ValueItem<C>[] = [];
        for (let item = stack.pop(); item !== undefined && !item.mark; item = stack.pop()) args.push(item);
        args.reverse();
        const runs: Evaluate<C>[] = [];
        for (const arg of args) runs.push(arg.run);
        stack.push(computed(call(token.name, runs), args));
        break;
      }
      case 'operator': {
        const operator = token.operator;
        switch (operator.kind) {
          case 'minus':
          case 'plus':
          case 'not':
          case 'bitNot': {
            // On the machine a reference whose value is not a literal stays in place (still assignable);
            // here the result is "not a literal", and never a target: an assignment to it runs on the machine.
            const operand = popValue(stack);
            if (operand === null) return null;
            stack.push(computed(unary(operator.kind, operand.run), [operand]));
            break;
          }
          case 'assign': {
            const value = popValue(stack);
            const target = popValue(stack);
            const name = target === null ? undefined : assignableName(target.token ?? undefined);
            if (value === null || name === undefined || stack.length > 0 || i !== last) return null;
            const run = value.run;
            return (c) => {
              const v = run(c);
              if (v !== undefined) host.setVar(c, name, v);
              return undefined;
            };
          }
          case 'semicolon':
          case 'comma':
          case 'leftParen':
          case 'rightParen':
            return null;
          default: {
            const right = popValue(stack);
            const left = popValue(stack);
            if (left === null || right === null) return null;
            stack.push(computed(binary(operator.kind, left.run, right.run, maxStringLength), [left, right]));
          }
        }
        break;
      }
    }
  }
  const root = stack.length === 1 ? stack[0]! : null;
  if (root === null || root.mark) return null;
  const run = root.run;
  // A value that is not a literal is reported by the machine.
  return (c) => {
    const v = run(c);
    return v === undefined ? handOver() : v;
  };
}

/**
 * Binds an expression's postfix statements to a host. A statement's machine
 * instructions are made the first time the machine has to run it.
 */
export function bindExpression<C>(
  statements: readonly (readonly PostfixToken[])[],
  host: ExpressionHost<C>,
  maxStringLength: number,
): ExpressionRunner<C> {
  const closures: (Evaluate<C> | null)[] = [];
  for (const statement of statements) closures.push(statementClosure(statement, host, maxStringLength));
  const program: Statement[] = [];
  if (closures.length === 0) return nothing;
  if (closures.length === 1 && closures[0] !== null) {
    const only = closures[0];
    return (c) => {
      try {
        return only(c);
      } catch (e) {
        if (e !== HAND_OVER) throw e;
      }
      const result = runStatement((program[0] ??= compileStatement(statements[0]!)), machineAccess(host, c), maxStringLength);
      return result.errors.length === 0 ? result.value : new FailedEvaluation(result.value, result.errors);
    };
  }
  return (c) => {
    let value: Literal | undefined = undefined;
    let errors: string[] | null = null;
    for (let i = 0; i < closures.length; i++) {
      const closure = closures[i];
      if (closure !== null) {
        try {
          value = closure(c);
          continue;
        } catch (e) {
          if (e !== HAND_OVER) throw e;
        }
      }
      const result = runStatement((program[i] ??= compileStatement(statements[i]!)), machineAccess(host, c), maxStringLength);
      value = result.value;
      if (result.errors.length > 0) (errors ??= []).push(...result.errors);
    }
    return errors === null ? value : new FailedEvaluation(value, errors);
  };
}

function nothing(): undefined {
  return undefined;
}

/** The machine's view of a host for one evaluation (the machine is the rare path: lookups are made as needed). */
function machineAccess<C>(host: ExpressionHost<C>, context: C): MachineAccess {
  return {
    resolve: (token) => host.lookup(token.path)(context),
    setVar: (name, value) => host.setVar(context, name, value),
  };
}
