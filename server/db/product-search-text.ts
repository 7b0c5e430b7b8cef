import { parseObjectColumn, stringsOf } from './json-column.ts';
import type { StoreSession } from './store.ts';
import { visibleText } from './visible-text.ts';

/** Characters that show nothing (soft hyphens, zero-width spaces, direction marks): left out so a word they sit in is found whole. */
const INVISIBLE_FORMAT_CHARACTERS = /\p{Cf}/gu;

/**
 * `products.body_search_text`: the description as shoppers read it, in lower case, which search
 * compares with instead of the description's HTML, so tag names and attributes ("span",
 * "class") find nothing and `<b>lin</b>en` is found by "linen". Every write of a product's body
 * writes it too.
 */
export function bodySearchText(body: string): string {
  return visibleText(body).replace(INVISIBLE_FORMAT_CHARACTERS, '').toLowerCase();
}

/**
 * `products.category_tag_search_text`: the product's categories and tags (the string entries of
 * the lists under `categories` and `tags` in its data) in lower case, one a line. Search words
 * never hold a line break, so a word is found in this text exactly when one of the names holds
 * it. Every write of a product's data writes it too.
 */
export function categoryTagSearchText(data: Record<string, unknown>): string {
  return [...stringsOf(data.categories), ...stringsOf(data.tags)].join('\n').toLowerCase();
}

/** How many products one statement of the fill reads at a time. */
const FILL_BATCH = 500;

/** A search text column and the column it is made from. */
interface SearchTextColumn {
  target: 'body_search_text' | 'category_tag_search_text';
  source: 'body' | 'data_json';
  textOf: (source: string) => string;
}

/**
 * Writes the search text of every product that has none: those of a store made before it existed
 * (its migration adds it empty) and any that a write outside the product paths left without, a
 * batch at a time. Several processes starting at once share the work. Returns how many it filled.
 * Until a row is filled, search reads its source column as before.
 */
async function fillMissing(session: StoreSession, { target, source, textOf }: SearchTextColumn): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await session.all<{ id: string; source: string }>(
      `SELECT id, ${source} AS source FROM products WHERE ${target} IS NULL ORDER BY id LIMIT ?`, [FILL_BATCH],
    );
    // a row another process filled, or whose source changed, since it was read is left as it is now
    const written = await session.transaction(async (tx) => {
      let changes = 0;
      for (const row of rows) {
        changes += (await tx.run(
          `UPDATE products SET ${target} = ? WHERE id = ? AND ${source} = ? AND ${target} IS NULL`,
          [textOf(row.source), row.id, row.source],
        )).changes;
      }
      return changes;
    });
    filled += written;
    if (rows.length < FILL_BATCH || written === 0) return filled;
  }
}

/** The description's search text of the products without it (migration 134). */
export function fillMissingBodySearchText(session: StoreSession): Promise<number> {
  return fillMissing(session, { target: 'body_search_text', source: 'body', textOf: bodySearchText });
}

/** The categories' and tags' search text of the products without it (migration 141). */
export function fillMissingCategoryTagSearchText(session: StoreSession): Promise<number> {
  return fillMissing(session, {
    target: 'category_tag_search_text', source: 'data_json', textOf: (json) => categoryTagSearchText(parseObjectColumn(json)),
  });
}
