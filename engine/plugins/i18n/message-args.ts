/**
 * Arguments of `{msg|message a b name:c}`: each is a variable reference
 * resolved in the scope around the formatted value; `name:ref` (or
 * `name=ref`) also makes a named argument. A reference that resolves to
 * nothing passes through as its literal text, as in the Java reference.
 */
import type { Path, RenderContext } from '../types.ts';
import { memoByArgs } from './options.ts';

export interface MessageArguments {
  readonly positional: unknown[];
  readonly named: Record<string, unknown>;
  /** The reference text of each positional argument, for error messages. */
  readonly references: string[];
}

const NAME = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;

/**
 * Position of the name/value delimiter, or -1 for a positional argument.
 * Only a plain identifier can be a name, and the ':' of a URL scheme
 * ('http://…') is not a delimiter.
 */
export function delimiterOf(arg: string): number {
  for (let i = 0; i < arg.length; i++) {
    const c = arg[i];
    if (c !== ':' && c !== '=') continue;
    if (c === ':' && arg.startsWith('//', i + 1)) continue;
    return NAME.test(arg.slice(0, i)) ? i : -1;
  }
  return -1;
}

/**
 * `@` in a message argument means the scope around the formatted value
 * (the formatter's own scope has the message text as `@`). Other names
 * resolve as usual: the message text, a string, has no properties, so they
 * are found in the enclosing scopes.
 */
function resolveAround(ctx: RenderContext, path: Path): unknown {
  return path[0] === '@' ? ctx.resolveOuter(path) : ctx.resolve(path);
}

/** One argument as written: its name (for `name:ref`) and the variable reference. */
interface ArgumentSpec {
  readonly name: string | undefined;
  readonly reference: string;
}

/** Splitting the arguments depends on their text only, so it is done once per argument list. */
const argumentSpecs = memoByArgs((args): readonly ArgumentSpec[] =>
  args.map((arg) => {
    const i = delimiterOf(arg);
    return i === -1 ? { name: undefined, reference: arg } : { name: arg.slice(0, i), reference: arg.slice(i + 1) };
  }),
);

export function messageArguments(args: readonly string[], ctx: RenderContext): MessageArguments {
  const specs = argumentSpecs(args);
  const positional: unknown[] = [];
  const named: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const references: string[] = [];
  for (let i = 0; i < specs.length; i++) {
    const { name, reference } = specs[i]!;
    let value = resolveAround(ctx, ctx.splitPath(reference));
    if (value === undefined) value = reference;
    if (name !== undefined) named[name] = value;
    positional.push(value);
    references.push(reference);
  }
  return { positional, named, references };
}
