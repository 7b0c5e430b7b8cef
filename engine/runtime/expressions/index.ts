/**
 * The `.eval` expression language: public entry point.
 *
 * An expression is tokenized and assembled once, by `compileExpression`, into
 * postfix statements; `bind` turns those, once per host, into closures that
 * evaluate them as many times as needed (`evaluate` does it for a scope). Behaviour follows the references (the Java
 * `template-compiler` where it and the TypeScript engine differ):
 *
 * - values are JSON scalars: numbers (decimal, `0x` hex, exponents), strings
 *   in single or double quotes with `\n \t \f \r`, `\xHH`, `\uHHHH` and
 *   `\UHHHHHHHH` escapes, `true`, `false`, `null`, and the constants `PI`,
 *   `E`, `Infinity` and `NaN`;
 * - template variable references (`a.b.0`, `@index`, `@`, `$name`); a
 *   missing value is null, an object or array is not a usable value;
 * - JavaScript's operators and precedence (`**`, `* / %`, `+ -`, `<< >>`,
 *   comparisons, `== != === !==`, `& ^ |`, `&& ||`, unary `+ - ! ~`), with
 *   the Java reference's differences (null is 0, NaN is truthy, `x / 0` and
 *   `x % 0` are NaN, bitwise operands saturate to 32 bits);
 * - assignment to `@variables` (it ends its statement and yields nothing),
 *   parentheses, `;`-separated statements (the value is the last one's), and
 *   the functions `max min abs num str bool` with any number of arguments.
 *
 * A leading `#` asks for the debug listing (see `formatExpressionDebug`).
 */
import { assemble } from './assembler.ts';
import { bindExpression, FailedEvaluation, type ExpressionHost, type ExpressionRunner } from './closures.ts';
import { describeStatements } from './debug.ts';
import type { PostfixToken } from './tokens.ts';
import { tokenize } from './tokenizer.ts';

export { FailedEvaluation, type ExpressionHost, type ExpressionRunner } from './closures.ts';
export { DEBUG_ARROW as EXPRESSION_DEBUG_ARROW } from './debug.ts';
export { formatNumber as formatExpressionNumber } from './number-format.ts';

/**
 * Limits for untrusted templates. The references have no limit unless one is
 * configured; this engine applies these defaults. A value of 0 or less turns
 * a limit off.
 */
export const DEFAULT_MAX_EXPRESSION_TOKENS = 1024;
/** Longest string `+` may build: 1 MiB of UTF-16 code units. */
export const DEFAULT_MAX_EXPRESSION_STRING_LENGTH = 1 << 20;

export interface ExpressionOptions {
  /** Most tokens an expression may contain (default DEFAULT_MAX_EXPRESSION_TOKENS; 0 or less: no limit). */
  maxTokens?: number;
  /** Longest string concatenation may produce (default DEFAULT_MAX_EXPRESSION_STRING_LENGTH; 0 or less: no limit). */
  maxStringLength?: number;
}

export interface ExpressionScope {
  /**
   * Resolve a variable path as the template would (innermost scope outward);
   * undefined when missing. Paths are split like template references:
   * `a.0.b` is `['a', 0, 'b']`, `@foo` is `['@foo']`, and the bare `@` (the
   * current node) is `['@']`.
   */
  resolve(path: readonly (string | number)[]): unknown;
  /**
   * Assign an @variable in the current scope. `name` includes the `@`; the
   * value is a string, number, boolean or null. Called during evaluation, so
   * later statements of the same expression see the new value.
   */
  setVar(name: string, value: unknown): void;
}

export interface CompiledExpression {
  /** Parse errors, message text only; when there are any, `evaluate` does nothing. */
  readonly errors: readonly string[];
  /** The expression text, without the debug `#`. */
  readonly source: string;
  /** Whether the expression started with `#` (debug listing requested). */
  readonly debug: boolean;
  /**
   * Runs the expression. `value` is what `{.eval …}` prints: a string,
   * number or boolean; null or undefined print nothing. As in the Java
   * reference, a value (and any assignments) survive errors reported by
   * other statements of the same expression; `errors` are message texts.
   */
  evaluate(scope: ExpressionScope): { value: unknown; errors: string[] };
  /**
   * The expression as closures over a host's lookups, for repeated
   * evaluation without allocation (bound once per host, then shared).
   * With parse errors the runner does nothing and returns undefined.
   */
  bind<C>(host: ExpressionHost<C>): ExpressionRunner<C>;
}

/** Scopes seen as a host: each lookup asks the scope. */
const SCOPE_HOST: ExpressionHost<ExpressionScope> = {
  lookup: (path) => (scope) => scope.resolve(path),
  setVar: (scope, name, value) => scope.setVar(name, value),
};

class Expression implements CompiledExpression {
  /** Runners by host; most expressions only ever see one host. */
  private runners: Map<object, unknown> | null = null;

  constructor(
    readonly source: string,
    readonly debug: boolean,
    readonly errors: readonly string[],
    /** Assembled postfix statements, kept for the debug listing. */
    readonly statements: readonly (readonly PostfixToken[])[],
    private readonly maxStringLength: number,
  ) {}

  evaluate(scope: ExpressionScope): { value: unknown; errors: string[] } {
    const outcome = this.bind(SCOPE_HOST)(scope);
    return outcome instanceof FailedEvaluation ? { value: outcome.value, errors: [...outcome.errors] } : { value: outcome, errors: [] };
  }

  bind<C>(host: ExpressionHost<C>): ExpressionRunner<C> {
    const runners = (this.runners ??= new Map());
    let runner = runners.get(host) as ExpressionRunner<C> | undefined;
    if (runner === undefined) {
      runner = bindExpression(this.errors.length > 0 ? [] : this.statements, host, this.maxStringLength);
      runners.set(host, runner);
    }
    return runner;
  }
}

function limit(value: number | undefined, fallback: number): number {
  return value === undefined || Number.isNaN(value) ? fallback : value;
}

export function compileExpression(source: string, options: ExpressionOptions = {}): CompiledExpression {
  const debug = source.startsWith('#');
  const text = debug ? source.slice(1) : source;
  const maxTokens = limit(options.maxTokens, DEFAULT_MAX_EXPRESSION_TOKENS);
  const maxStringLength = limit(options.maxStringLength, DEFAULT_MAX_EXPRESSION_STRING_LENGTH);

  const tokenized = tokenize(text, maxTokens);
  const errors = [...tokenized.errors];
  let statements: PostfixToken[][] = [];
  // Like the references, an expression that did not tokenize cleanly is not assembled.
  if (errors.length === 0) {
    const assembled = assemble(tokenized.tokens);
    statements = assembled.statements;
    errors.push(...assembled.errors);
  }
  return new Expression(text, debug, errors, statements, maxStringLength);
}

/**
 * The debug listing of an expression compiled from `#…`: `EVAL=[[…], […]]`,
 * its postfix statements. The references write it before the value, joined
 * by EXPRESSION_DEBUG_ARROW when the evaluation produced a value (including
 * null): `EVAL=[[1 2 <add>]] -> 3`. Written even when there are errors.
 */
export function formatExpressionDebug(expression: CompiledExpression): string {
  return describeStatements(expression instanceof Expression ? expression.statements : []);
}
