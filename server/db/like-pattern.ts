/**
 * The owner's searches: words found anywhere in a column, case-insensitive, in the LIKE both
 * store engines share. The words' own %, _ and \ are text, never wildcards.
 */

/** Compare with `lower(column) LIKE ? ESCAPE '\'` (see LIKE_ESCAPE). */
export function containsPattern(words: string): string {
  return `%${words.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The escape clause every containsPattern comparison ends with. */
export const LIKE_ESCAPE = "ESCAPE '\\'";
