/** comments? and disqus?. */
import { getChild, isTruthy } from '../../runtime/values.ts';
import type { Predicate } from '../types.ts';
import { CommentState } from '../enums.ts';
import { intOf } from '../core/node-coercion.ts';

export const socialPredicatesTable = {
  /**
   * Comments show when they are open on the item or it already has public
   * ones — unless the website settings turn comments off.
   */
  'comments?': {
    test(value, _args, ctx) {
      const settings = ctx.resolve(['websiteSettings']);
      if (settings !== undefined && !isTruthy(getChild(settings, 'commentsEnabled'))) return false;
      return (
        intOf(getChild(value, 'commentState')) === CommentState.open ||
        intOf(getChild(value, 'publicCommentCount')) > 0
      );
    },
  },
  'disqus?': {
    test: (_value, _args, ctx) => isTruthy(getChild(ctx.resolve(['websiteSettings']), 'disqusShortName')),
  },
} satisfies Record<string, Predicate>;
