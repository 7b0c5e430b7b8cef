/** comments? and disqus?. */
import { asRecord, isTruthy } from '../../runtime/values.ts';
import type { Predicate } from '../types.ts';
import { CommentState } from '../enums.ts';
import { intOf } from '../core/node-coercion.ts';
import { reference } from '../../runtime/prepared-reference.ts';

const WEBSITE_SETTINGS = reference('websiteSettings');

export const socialPredicatesTable = {
  /**
   * Comments show when they are open on the item or it already has public
   * ones — unless the website settings turn comments off.
   */
  'comments?': {
    test(value, _args, ctx) {
      const settings = ctx.lookup(WEBSITE_SETTINGS);
      if (settings !== undefined && !isTruthy(asRecord(settings)?.commentsEnabled)) return false;
      return (
        intOf(asRecord(value)?.commentState) === CommentState.open ||
        intOf(asRecord(value)?.publicCommentCount) > 0
      );
    },
  },
  'disqus?': {
    test: (_value, _args, ctx) => isTruthy(asRecord(ctx.lookup(WEBSITE_SETTINGS))?.disqusShortName),
  },
} satisfies Record<string, Predicate>;
