/** The words of a shopper's search, as the shop's search compares them. */

/** The longest search read, and the most words of it that count (the rest are let go). */
export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_MAX_WORDS = 8;

/** What separates words in a search: white space, control and format characters, punctuation that names no product. */
const SEARCH_SEPARATORS = /[\s\p{Cc}\p{Cf},;:!?"“”„«»()[\]{}<>]+/u;
/** Full stops and quotes at either end of a word ("linen.", 'mugs'). */
const SEARCH_WORD_EDGES = /^[.'‘’]+|[.'‘’]+$/gu;

/**
 * A word as search compares it: lower case, and a plural's ending let go in words longer than
 * three letters ("mugs" → "mug", "ceramics" → "ceramic", "glasses" → "glass", "boxes" → "box";
 * "glass" and "bus" stay), so the word typed in the plural finds the singular and the plural
 * alike (words are found inside longer ones).
 */
export function searchStem(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length <= 3 || !lower.endsWith('s') || lower.endsWith('ss')) return lower;
  if (/(?:ss|x|ch|sh)es$/.test(lower) && lower.length - 2 >= 3) return lower.slice(0, -2);
  return lower.slice(0, -1);
}

/** Every word of a text, each once, as search compares them (a product's title, its categories). */
export function textWords(text: string): string[] {
  return [...new Set(text.split(SEARCH_SEPARATORS)
    .map((word) => searchStem(word.replace(SEARCH_WORD_EDGES, '')))
    .filter((word) => word !== ''))];
}

/** The words of a search, each once, as compared: the first SEARCH_MAX_WORDS of its first SEARCH_MAX_LENGTH characters. */
export function searchWords(query: string): string[] {
  return textWords(query.slice(0, SEARCH_MAX_LENGTH)).slice(0, SEARCH_MAX_WORDS);
}
