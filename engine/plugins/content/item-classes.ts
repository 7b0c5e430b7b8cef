/**
 * item-classes: the CSS classes of a content item in a list — promoted block,
 * categories, tags, author, post type, position, featured, and the product
 * marks of store items. Everything but the product marks is looked up through
 * the scopes, as the reference does.
 */
import { asRecord, isTruthy } from '../../runtime/values.ts';
import { truthy, wholeNumberOf } from '../core/quick-coercion.ts';
import type { Formatter } from '../types.ts';
import { RecordType } from '../enums.ts';
import { textOf } from '../core/node-coercion.ts';
import { saleAndStockClasses } from '../commerce/product-status.ts';
import { slugify } from '../core/text-shaping.ts';
import { memoShortText } from '../core/short-text-memo.ts';
import { reference } from '../../runtime/prepared-reference.ts';

// A list's class of each name (' category-home'), kept whole: the same few categories and tags
// recur on every item of every list, and building the piece cost more than the rest of the step.
const categoryClass = memoShortText((name) => ` category-${slugify(name)}`);
const tagClass = memoShortText((name) => ` tag-${slugify(name)}`);
const postTypeClass = memoShortText((label) => ` post-type-${label}`);

// ' article-index-N' for the first positions of a list, made once each (a number's text is a new string every time).
const INDEX_CLASSES: string[] = [];
const KEPT_INDEX_CLASSES = 1024;

function indexClass(index: number): string {
  if (index >= 0 && index < KEPT_INDEX_CLASSES) return (INDEX_CLASSES[index] ??= ` article-index-${index}`);
  return ` article-index-${index}`;
}

function listClasses(classOf: (name: string) => string, list: unknown): string {
  if (!Array.isArray(list)) return '';
  let out = '';
  for (let i = 0; i < list.length; i++) out += classOf(textOf(list[i]));
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

    // The reads below run for every item of a list: see quick-coercion.ts.
    const promoted = ctx.lookup(PROMOTED_BLOCK_TYPE);
    if (truthy(promoted)) out += ` promoted promoted-block-${slugify(textOf(promoted))}`;

    // Only a list has classes (a truthy value of another kind gives none, as listClasses says).
    const categories = ctx.lookup(CATEGORIES);
    if (Array.isArray(categories)) out += listClasses(categoryClass, categories);

    const tags = ctx.lookup(TAGS);
    if (Array.isArray(tags)) out += listClasses(tagClass, tags);

    const author = ctx.lookup(AUTHOR);
    if (author !== undefined) {
      const displayName = asRecord(author)?.displayName;
      if (isTruthy(author) && truthy(displayName)) out += ` author-${slugify(textOf(displayName))}`;
    }

    out += postTypeClass(textOf(ctx.lookup(RECORD_TYPE_LABEL)));

    const index = ctx.lookup(INDEX);
    if (index !== undefined) out += indexClass(wholeNumberOf(index));

    if (truthy(ctx.lookup(STARRED))) out += ' featured';

    if (wholeNumberOf(asRecord(value)?.recordType) === RecordType['store-item']) {
      out += saleAndStockClasses(value);
    }
    return out;
  },
};
