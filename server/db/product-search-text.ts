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

/** How many products one statement of the fill reads at a time. */
const FILL_BATCH = 500;

/**
 * Writes the search text of every product that has none: those of a store made before it existed
 * (migration 134 adds it empty) and any that a write outside the product paths left without, a
 * batch at a time. Several processes starting at once share the work. Returns how many it filled.
 * Until a row is filled, search reads its description's HTML as before.
 */
export async function fillMissingBodySearchText(session: StoreSession): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await session.all<{ id: string; body: string }>(
      'SELECT id, body FROM products WHERE body_search_text IS NULL ORDER BY id LIMIT ?', [FILL_BATCH],
    );
    // a row another process filled, or whose body changed, since it was read is left as it is now
    const written = await session.transaction(async (tx) => {
      let changes = 0;
      for (const row of rows) {
        changes += (await tx.run(
          'UPDATE products SET body_search_text = ? WHERE id = ? AND body = ? AND body_search_text IS NULL',
          [bodySearchText(row.body), row.id, row.body],
        )).changes;
      }
      return changes;
    });
    filled += written;
    if (rows.length < FILL_BATCH || written === 0) return filled;
  }
}
