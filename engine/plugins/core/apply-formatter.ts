/**
 * `{value|apply name [private] [key=value...]}`: renders the partial or macro
 * `name` with the value as its scope. `private` stops lookups from leaving
 * that scope; `key=value` pairs are offered to the partial as `@args`.
 */
import type { Formatter, FormatterTable, PartialCall } from '../types.ts';
import { argsAtLeast } from './argument-checks.ts';
import { defineOwn } from './own-property.ts';

const PRIVATE_FLAG = 'private';

/** What `apply`'s arguments ask for; undefined without a name. */
function partialCallOf(args: readonly string[]): PartialCall | undefined {
  if (args.length === 0) return undefined;
  const rest = args.slice(1);
  return {
    name: args[0]!,
    isolated: rest.includes(PRIVATE_FLAG),
    args() {
      // `@args` exists (possibly empty) as soon as anything follows the name.
      if (rest.length === 0) return undefined;
      const partialArgs: Record<string, unknown> = {};
      for (const arg of rest) {
        const eq = arg.indexOf('=');
        if (arg !== PRIVATE_FLAG && eq !== -1) defineOwn(partialArgs, arg.slice(0, eq), arg.slice(eq + 1));
      }
      return partialArgs;
    },
  };
}

const apply: Formatter = {
  validate: (args) => argsAtLeast(args, 1),
  apply(value, args, ctx) {
    if (args.length === 1) return ctx.applyPartial(args[0]!, value, false);
    const call = partialCallOf(args);
    return call === undefined ? undefined : ctx.applyPartial(call.name, value, call.isolated, call.args());
  },
  partialCall: partialCallOf,
};

export const applyFormatters: FormatterTable = { apply };
