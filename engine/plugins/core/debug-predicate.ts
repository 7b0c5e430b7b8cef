/** `debug?`: true when a truthy `debug` variable is in scope. */
import { isTruthy } from '../../runtime/values.ts';
import type { PredicateTable } from '../types.ts';

export const debugPredicates: PredicateTable = {
  'debug?': { test: (_current, _args, ctx) => isTruthy(ctx.resolve(['debug'])) },
};
