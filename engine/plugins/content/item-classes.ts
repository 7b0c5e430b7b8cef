/**
 * item-classes: the CSS classes of a content item in a list — promoted block,
 * categories, tags, author, post type, position, featured, and the product
 * marks of store items. Everything but the product marks is looked up through
 * the scopes, as the reference does.
 */
import { asRecord, isTruthy } from '../../runtime/values.ts';
import type { Formatter } from '../types.ts';
import { RecordType } from '../enums.ts';
import { intOf, textOf } from '../core/node-coercion.ts';
import { saleAndStockClasses } from '../commerce/product-status.ts';
import { slugify } from '../core/text-shaping.ts';
import { reference } from '../../runtime/prepared-reference.ts';

function slugClasses(prefix: string, list: unknown): string {
  if (!Array.isArray(list)) return '';
  let out = '';
  for (const entry of list) out += ` ${prefix}-${slugify(textOf(entry))}`;
  return out;
}

// The names looked up through the scopes, prepared once.
const PROMOTED_BLOCK_TYPE = reference('promotedBlockType');
const CATEGORIES = reference('categories');
const TAGS = reference('tags');
const AUTHOR = reference('author');
const RECORD_TYPE_LABEL = reference('recordTypeLabel');
const INDEX = reference('@index');
const STARRED = reference('starred');

export const itemClasses: Formatter = {
  apply(value, _args, ctx) {
    let out = 'hentry';

    const promoted = ctx.lookup(PROMOTED_BLOCK_TYPE);
    if (isTruthy(promoted)) out += ` promoted promoted-block-${slugify(textOf(promoted))}`;

    const categories = ctx.lookup(CATEGORIES);
    if (isTruthy(categories)) out += slugClasses('category', categories);

    const tags = ctx.lookup(TAGS);
    if (isTruthy(tags)) out += slugClasses('tag', tags);

    const author = ctx.lookup(AUTHOR);
    const displayName = asRecord(author)?.displayName;
    if (isTruthy(author) && isTruthy(displayName)) out += ` author-${slugify(textOf(displayName))}`;

    out += ` post-type-${textOf(ctx.lookup(RECORD_TYPE_LABEL))}`;

    const index = ctx.lookup(INDEX);
    if (index !== undefined) out += ` article-index-${intOf(index)}`;

    if (isTruthy(ctx.lookup(STARRED))) out += ' featured';

    if (intOf(asRecord(value)?.recordType) === RecordType['store-item']) {
      out += saleAndStockClasses(value);
    }
    return out;
  },
};
