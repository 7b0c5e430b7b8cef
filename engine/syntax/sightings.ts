/**
 * Texts met once, for the caches (tags, `.eval` expressions) that keep an
 * entry only from its second sighting, so compiling templates whose texts are
 * all new leaves nothing behind.
 *
 * A table of text hashes by slot, with the round (a compile's number) that
 * saw each: it holds no text, and recording a sighting allocates nothing. A
 * Map of the texts themselves, tried instead, made every compile of new tags
 * 15–40% slower in a warm process (a copy of each text kept until the table
 * filled, and the Map's growth). A hash collision only admits an entry early;
 * the caches themselves are keyed by the exact text.
 */

export class Sightings {
  /** Hash of the last text seen at each slot, and the round that saw it. */
  private readonly hashes: Int32Array;
  private readonly rounds: Int32Array;

  /** `size`: the number of slots, a power of two. */
  constructor(private readonly size: number) {
    this.hashes = new Int32Array(size);
    this.rounds = new Int32Array(size);
  }

  /**
   * Whether `text` was seen in an earlier round than `round`; records it when it was not.
   * Leave `round` out when every earlier sighting counts, even in the same round.
   */
  seenBefore(text: string, round?: number): boolean {
    // The hash is written out here rather than called: one call less per tag while the code
    // is still interpreted. Every character counts: texts met in turn often differ only in the
    // middle (numbered names), and a collision admits an entry the rule exists to keep out.
    const len = text.length;
    let hash = len;
    for (let i = 0; i < len; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
    const slot = hash & (this.size - 1);
    if (this.hashes[slot] !== hash) {
      this.hashes[slot] = hash;
      this.rounds[slot] = round ?? 0;
      return false;
    }
    return round === undefined || this.rounds[slot] !== round;
  }
}
