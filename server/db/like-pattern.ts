/**
 * The owner's searches: words found anywhere in a column, case-insensitive, in the LIKE both
 * store engines share. The words' own %, _ and \ are text, never wildcards.
 */

import { UNICODE_LOWER } from './database.ts';
import type { StoreDialect } from './store.ts';

/**
 * `column` lowered for a comparison with containsPattern, every letter's case (SQLite's own lower()
 * changes only A–Z; PostgreSQL's follows the database's locale).
 */
export function lowered(dialect: StoreDialect, column: string): string {
  return dialect === 'postgres' ? `lower(${column})` : `${UNICODE_LOWER}(${column})`;
}

/** Compare with `${lowered(…)} LIKE ? ESCAPE '\'` (see LIKE_ESCAPE). */
export function containsPattern(words: string): string {
  return `%${words.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The escape clause every containsPattern comparison ends with. */
export const LIKE_ESCAPE = "ESCAPE '\\'";

/** Compare with `… LIKE ? ESCAPE '\'` for the whole text, as typed but for case (see LIKE_ESCAPE). */
export function exactPattern(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}
