/**
 * Memoises a pure text function for short texts. Escaping and quoting run on
 * every emitted value, and pages print the same short texts on every render
 * (titles, links, keys, codes): a map lookup is cheaper than scanning them
 * again. Long texts are rarely repeated and would hold memory, so they are
 * always computed.
 *
 * Once the memo is full, only one miss in ADMIT_EVERY takes the place of the
 * oldest entry. A stream of texts that never repeat (a list of thousands of
 * distinct names) then costs little more than computing them: emptying the
 * memo and refilling it on every miss would store each text only to drop it,
 * and the stored texts outlive young collections, so a long list cost more
 * per item than a short one. A working set that changes still moves in.
 */

const MAX_TEXT_LENGTH = 32;
/**
 * Results longer than this are not kept (escaping a 32-character text can give 192 characters,
 * percent-encoding one 384). With the entry limit, one memo holds at most
 * 4096 × (32 + 256) characters, about 1.2 million: its byte budget.
 */
const MAX_RESULT_LENGTH = 256;
const MAX_ENTRIES = 4096;
const ADMIT_EVERY = 16;

export function memoShortText(compute: (text: string) => string): (text: string) => string {
  const cache = new Map<string, string>();
  let missesWhileFull = 0;
  return (text) => {
    if (text.length > MAX_TEXT_LENGTH) return compute(text);
    let result = cache.get(text);
    if (result === undefined) {
      result = compute(text);
      if (result.length > MAX_RESULT_LENGTH) return result;
      if (cache.size < MAX_ENTRIES) {
        cache.set(text, result);
      } else if (++missesWhileFull === ADMIT_EVERY) {
        missesWhileFull = 0;
        // Maps iterate in insertion order: the first key is the oldest entry.
        cache.delete(cache.keys().next().value as string);
        cache.set(text, result);
      }
    }
    return result;
  };
}
