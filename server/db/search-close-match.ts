/**
 * A search that finds nothing, read again with its mistyped words put right ("stonewear" →
 * "stoneware"): each word that no word of the shop's product titles, categories or tags holds is
 * replaced by the closest such word, when it is close enough to be a typo (closestNames, the rule
 * of the template tools' "did you mean"). The words are read once per catalogue version; a word
 * is compared only with those of about its length and letters, so a catalogue of thousands costs
 * little.
 */
import { closestNames } from '../../engine/diagnostics/suggest.ts';
import { searchWords, textWords } from './search-words.ts';
import type { StoreSession } from './store.ts';

/** Shorter words are not put right: too many other words are a letter away from them. */
const SHORTEST_CORRECTED = 3;

/**
 * The words of the visible products' titles, categories and tags as search compares them (and
 * the parts of a hyphenated one: "ash-glaze" offers "glaze"), those in the most products first,
 * so the commoner of two equally close words is the one offered. A product not yet given its
 * category and tag text (filled at start-up) offers its title's words.
 */
export async function readSearchVocabulary(session: StoreSession): Promise<string[]> {
  const rows = await session.all<{ title: string; category_tag_search_text: string | null }>(
    'SELECT title, category_tag_search_text FROM products WHERE visible = 1',
  );
  const products = new Map<string, number>();
  for (const row of rows) {
    const words = new Set<string>();
    for (const word of textWords(`${row.title}\n${row.category_tag_search_text ?? ''}`)) {
      words.add(word);
      for (const part of word.split('-')) if (part.length >= SHORTEST_CORRECTED) words.add(part);
    }
    for (const word of words) products.set(word, (products.get(word) ?? 0) + 1);
  }
  return [...products.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([word]) => word);
}

/** The most edits closestNames accepts between two words of these lengths: a third of the longer's letters, or one. */
function mostEdits(a: number, b: number): number {
  return Math.max(1, Math.floor(Math.max(a, b) / 3));
}

// letter counts of the word put right, reused: one array for the process rather than one per comparison
const counts = new Int32Array(0x10000);

/**
 * Whether `candidate` has too many letters `word` lacks, or lacks too many it has, to be within
 * `edits` of it: each edit changes at most one letter of each side, so this many different letters
 * need at least this many edits. A bound counted in one pass, where the edits themselves take a
 * table of both words' letters.
 */
function tooDifferent(word: string, candidate: string, edits: number): boolean {
  for (let index = 0; index < word.length; index += 1) counts[word.charCodeAt(index)]! += 1;
  let extra = 0;
  for (let index = 0; index < candidate.length; index += 1) if (--counts[candidate.charCodeAt(index)]! < 0) extra += 1;
  let missing = 0;
  for (let index = 0; index < word.length; index += 1) {
    const code = word.charCodeAt(index);
    if (counts[code]! > 0) missing += counts[code]!;
    counts[code] = 0;
  }
  for (let index = 0; index < candidate.length; index += 1) counts[candidate.charCodeAt(index)] = 0;
  return Math.max(extra, missing) > edits;
}

/** The closest word of `vocabulary` to `word`, or undefined; only words that could be close enough are compared. */
function closestWord(word: string, vocabulary: readonly string[]): string | undefined {
  const alike = vocabulary.filter((candidate) => {
    const edits = mostEdits(word.length, candidate.length);
    return Math.abs(candidate.length - word.length) <= edits && !tooDifferent(word, candidate, edits);
  });
  return closestNames(word, alike)[0];
}

/**
 * The query with each word no vocabulary word holds put right, or undefined when none could be
 * (every word is found as it is, or none is close to a word of the shop).
 */
export function closeMatchQuery(query: string, vocabulary: readonly string[]): string | undefined {
  let changed = false;
  const words = searchWords(query).map((word) => {
    if (word.length < SHORTEST_CORRECTED || vocabulary.some((known) => known.includes(word))) return word;
    const closest = closestWord(word, vocabulary);
    if (closest === undefined) return word;
    changed = true;
    return closest;
  });
  return changed ? words.join(' ') : undefined;
}
