/**
 * Texts met once, for the caches (tags, `.eval` expressions) that keep an
 * entry only from its second sighting, so compiling templates whose texts are
 * all new leaves nothing behind.
 */
import { detachedCopy } from './detached-copy.ts';

/**
 * Texts seen once, each with the round (a compile's number) that saw it, as
 * copies of their own (at most `limit` of them, each no longer than what its
 * cache keeps: 4096 tags of up to 512 characters, 1024 expressions of up to
 * 1024). Hashing is the Map's own, done natively: the hash loop written in
 * JavaScript cost up to a tenth of a template's first compile in a fresh
 * process, where nothing is optimized yet, and V8 then optimized that loop
 * on a helper thread while the compile ran.
 */
export class Sightings {
  private readonly seen = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /**
   * Whether `text` was seen in an earlier round than `round`; records it when it was not.
   * Leave `round` out when every earlier sighting counts, even in the same round.
   */
  seenBefore(text: string, round?: number): boolean {
    const at = this.seen.get(text);
    if (at === undefined) {
      // Dropping every sighting at once keeps the table bounded: a tag then waits for one more sighting.
      if (this.seen.size >= this.limit) this.seen.clear();
      this.seen.set(detachedCopy(text), round ?? 0);
      return false;
    }
    if (round !== undefined && at === round) return false;
    this.seen.delete(text);
    return true;
  }
}
