/**
 * item-classes: the CSS classes of a content item in a list — promoted block,
 * categories, tags, author, post type, position, featured, and the product
 * marks of store items. Everything but the product marks is looked up through
 * the scopes, as the reference does.
 */
import { getChild, isTruthy } from '../../runtime/values.ts';
import type { Formatter, RenderContext } from '../types.ts';
import { RecordType } from '../enums.ts';
import { intOf, textOf } from '../core/node-coercion.ts';
import { isOnSale, isSoldOut } from '../commerce/product-status.ts';
import { slugify } from '../core/text-shaping.ts';

function slugClasses(prefix: string, list: unknown): string {
  if (!Array.isArray(list)) return '';
  return list.map((entry) => ` ${prefix}-${slugify(textOf(entry))}`).join('');
}

function lookup(ctx: RenderContext, name: string): unknown {
  return ctx.resolve(ctx.splitPath(name));
}

export const itemClasses: Formatter = {
  apply(value, _args, ctx) {
    let out = 'hentry';

    const promoted = lookup(ctx, 'promotedBlockType');
    if (isTruthy(promoted)) out += ` promoted promoted-block-${slugify(textOf(promoted))}`;

    const categories = lookup(ctx, 'categories');
    if (isTruthy(categories)) out += slugClasses('category', categories);

    const tags = lookup(ctx, 'tags');
    if (isTruthy(tags)) out += slugClasses('tag', tags);

    const author = lookup(ctx, 'author');
    const displayName = getChild(author, 'displayName');
    if (isTruthy(author) && isTruthy(displayName)) out += ` author-${slugify(textOf(displayName))}`;

    out += ` post-type-${textOf(lookup(ctx, 'recordTypeLabel'))}`;

    const index = lookup(ctx, '@index');
    if (index !== undefined) out += ` article-index-${intOf(index)}`;

    if (isTruthy(lookup(ctx, 'starred'))) out += ' featured';

    if (intOf(getChild(value, 'recordType')) === RecordType['store-item']) {
      if (isOnSale(value)) out += ' on-sale';
      if (isSoldOut(value)) out += ' sold-out';
    }
    return out;
  },
};
