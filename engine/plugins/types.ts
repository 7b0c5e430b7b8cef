/**
 * The contract between the engine and its formatter and predicate plugins.
 *
 * Plugins see plain JSON values (`undefined` is "missing") and a small
 * RenderContext; they never see the engine's frames or instruction trees.
 * One exception to "plain": a whole number the data wrote as a double
 * (`1.0`) arrives as a JsonDouble, so plugins test and read numbers with
 * `isNumber` / `numberOf` from runtime/values.ts, never with `typeof`.
 */

import type { PreparedReference } from '../runtime/prepared-reference.ts';

export type Path = readonly (string | number)[];

/** What a plugin may ask of the render that is running it. */
export interface RenderContext {
  /** Locale of this render, e.g. 'en-US' (default 'en-US'). */
  readonly locale: string;
  /** Epoch milliseconds that stand for "now" in this render. */
  readonly now: number;
  /** The value of `@`: the node of the innermost scope. */
  current(): unknown;
  /** Looks a dotted path up the way a template variable is looked up: innermost scope outward. */
  resolve(path: Path): unknown;
  /**
   * Looks a path up from the scope the instruction runs in, skipping the
   * formatter's own scope (where `@` is the formatted value): `@` is then the
   * node around the variable.
   */
  resolveOuter(path: Path): unknown;
  /** Parses a variable reference such as 'a.b.0' or '@foo' into a path. */
  splitPath(name: string): Path;
  /**
   * Looks a variable reference written as text ('a.b.0', '@foo', '@') up as
   * the template would: what `resolve(splitPath(name))` gives, the bare `@`
   * being the current node. The reference is compiled once per process.
   */
  resolveName(name: string): unknown;
  /**
   * Looks up a reference the plugin prepared once with `reference('a.b')`
   * (engine/runtime/prepared-reference.ts): what `resolve` gives for its
   * path, for names a plugin reads on every call.
   */
  lookup(reference: PreparedReference): unknown;
  /** Records a render error; rendering goes on. */
  error(message: string): void;
  /**
   * Renders a template source (a plugin's own internal template) against `value`.
   * The source is compiled once and cached. With `isolated`, lookups do not
   * walk out of `value` into the caller's scopes.
   */
  renderTemplate(source: string, value: unknown, isolated?: boolean): string;
  /**
   * Applies a partial or macro by name to `value` (the `apply` formatter).
   * Depth and missing-partial errors are reported by the engine, and the
   * result is then missing (undefined), as in the Java reference.
   */
  applyPartial(name: string, value: unknown, isolated: boolean, args?: unknown): string | undefined;
}

/**
 * A formatter transforms the value of a variable. `vars` holds the values of
 * every variable of a multi-variable reference (`{a,b|fmt}`); `vars[0]` is
 * the first variable's value before any formatter ran.
 */
export interface Formatter {
  /**
   * Optional compile-time check of the arguments. Return an error message to
   * report it as a syntax error at the formatter's position, or undefined.
   */
  validate?(args: readonly string[]): string | undefined;
  /**
   * An `apply` that declares only `(value, args)` (its `length` is at most 2)
   * promises to read nothing else: the engine then calls it without making
   * a scope for it, and `ctx` and `vars` are not the variable's own.
   */
  apply(value: unknown, args: readonly string[], ctx: RenderContext, vars: readonly unknown[]): unknown;
  /**
   * For a formatter whose whole work is `ctx.applyPartial` (`apply`): the call
   * its arguments make. A variable whose only formatter this is then runs the
   * partial straight into the output, with the same result as `apply`.
   * Undefined when the arguments name no partial.
   */
  partialCall?(args: readonly string[]): PartialCall | undefined;
  /**
   * Optional: the formatter with its arguments read once, when the template
   * is compiled (a date pattern compiled, a memo of its own per call). The
   * engine then calls the returned `apply` with the same arguments; its
   * result must be what this formatter's `apply` gives for them.
   */
  bind?(args: readonly string[]): Pick<Formatter, 'apply'>;
}

/** A partial application read from a formatter's arguments. */
export interface PartialCall {
  name: string;
  /** Lookups stop at the partial's scope. */
  isolated: boolean;
  /** A fresh `@args` object for one application, or undefined when nothing follows the name. */
  args(): Record<string, unknown> | undefined;
}

/** A predicate decides a block: `{.name? args}` or `{.or name? args}`. */
export interface Predicate {
  validate?(args: readonly string[]): string | undefined;
  /** `value` is the current node (`@`). */
  test(value: unknown, args: readonly string[], ctx: RenderContext): boolean;
  /**
   * Optional: `test` with its arguments read once, when the template is
   * compiled, so a predicate run on every item parses nothing per call. The
   * result must be what `test(value, args, ctx)` gives.
   */
  bind?(args: readonly string[]): BoundTest;
}

/** A predicate's test with its arguments already read (see Predicate.bind). */
export type BoundTest = (value: unknown, ctx: RenderContext) => boolean;

export type FormatterTable = Readonly<Record<string, Formatter>>;
export type PredicateTable = Readonly<Record<string, Predicate>>;
