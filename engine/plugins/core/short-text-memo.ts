/**
 * Memoises a pure text function for short texts. Escaping and quoting run on
 * every emitted value, and pages print the same short texts on every render
 * (titles, links, keys, codes): a map lookup is cheaper than scanning them
 * again. Long texts are rarely repeated and would hold memory, so they are
 * always computed; the cache is emptied when it fills up.
 */

const MAX_TEXT_LENGTH = 32;
const MAX_ENTRIES = 4096;

export function memoShortText(compute: (text: string) => string): (text: string) => string {
  const cache = new Map<string, string>();
  return (text) => {
    if (text.length > MAX_TEXT_LENGTH) return compute(text);
    let result = cache.get(text);
    if (result === undefined) {
      if (cache.size >= MAX_ENTRIES) cache.clear();
      result = compute(text);
      cache.set(text, result);
    }
    return result;
  };
}
