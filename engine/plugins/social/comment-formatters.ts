/** comment-count, comment-link and comments. */
import { asRecord } from '../../runtime/values.ts';
import type { Formatter } from '../types.ts';
import { intOf } from '../core/node-coercion.ts';
import { COMMENTS_TEMPLATE, COMMENT_LINK_TEMPLATE } from './templates.ts';

/** "No Comments", "1 Comment", "12 Comments". */
export function commentCountText(count: number): string {
  return `${count === 0 ? 'No' : count} Comment${count === 1 ? '' : 's'}`;
}

export const commentFormatters = {
  'comment-count': {
    apply: (value) => commentCountText(intOf(asRecord(value)?.publicCommentCount)),
  },
  'comment-link': {
    apply: (value, _args, ctx) => ctx.renderTemplate(COMMENT_LINK_TEMPLATE, value, false),
  },
  comments: {
    apply: (value, _args, ctx) => ctx.renderTemplate(COMMENTS_TEMPLATE, value, false),
  },
} satisfies Record<string, Formatter>;
