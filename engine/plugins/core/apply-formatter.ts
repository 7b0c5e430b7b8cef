/**
 * `{value|apply name [private] [key=value...]}`: renders the partial or macro
 * `name` with the value as its scope. `private` stops lookups from leaving
 * that scope; `key=value` pairs are offered to the partial as `@args`.
 */
import type { Formatter, FormatterTable } from '../types.ts';
import { argsAtLeast } from './argument-checks.ts';
import { defineOwn } from './own-property.ts';

const PRIVATE_FLAG = 'private';

const apply: Formatter = {
  validate: (args) => argsAtLeast(args, 1),
  apply(value, args, ctx) {
    if (args.length === 0) return undefined;
    let isolated = false;
    // `@args` exists (possibly empty) as soon as anything follows the name.
    let partialArgs: Record<string, unknown> | undefined;
    if (args.length > 1) {
      partialArgs = {};
      for (const arg of args.slice(1)) {
        if (arg === PRIVATE_FLAG) {
          isolated = true;
          continue;
        }
        const eq = arg.indexOf('=');
        if (eq !== -1) defineOwn(partialArgs, arg.slice(0, eq), arg.slice(eq + 1));
      }
    }
    return ctx.applyPartial(args[0]!, value, isolated, partialArgs);
  },
};

export const applyFormatters: FormatterTable = { apply };
