/**
 * Texts met once, for the caches (tags, `.eval` expressions) that keep an
 * entry only once it has been seen before, so compiling templates whose texts
 * are all new leaves nothing behind.
 *
 * Tables of text hashes by slot, with the round (a compile's number) that saw
 * each: they hold no text, and recording a sighting allocates nothing. A Map
 * of the texts themselves, tried instead, made every compile of new tags
 * 15–40% slower in a warm process (a copy of each text kept until the table
 * filled, and the Map's growth). A hash collision only admits an entry early;
 * the caches themselves are keyed by the exact text.
 */

/**
 * A hash of a text's length and five of its characters, without a loop. Most texts a compile
 * meets are new; a glance tells nearly all of them from those seen before. Hashing every
 * character of every new tag was a fifth of a process's first compile of a real template: run
 * by V8's interpreter, and hot enough that V8 compiled the loop with its optimizing compiler
 * while the page compiled, on a helper thread whose time the process pays all the same.
 */
function glanceOf(text: string): number {
  const n = text.length;
  let h = n;
  h = (Math.imul(h, 31) + text.charCodeAt(0)) | 0;
  h = (Math.imul(h, 31) + text.charCodeAt(n >> 2)) | 0;
  h = (Math.imul(h, 31) + text.charCodeAt(n >> 1)) | 0;
  h = (Math.imul(h, 31) + text.charCodeAt(n - 1 - (n >> 2))) | 0;
  return (Math.imul(h, 31) + text.charCodeAt(n - 1)) | 0;
}

/** A hash of every character: texts met in turn often differ only in the middle (numbered names). */
function hashOf(text: string): number {
  const len = text.length;
  let hash = len;
  for (let i = 0; i < len; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash;
}

/** A table of hashes by slot, each with the round that recorded it. */
class SeenTable {
  private readonly hashes: Int32Array;
  private readonly rounds: Int32Array;
  private readonly mask: number;

  constructor(size: number) {
    this.hashes = new Int32Array(size);
    this.rounds = new Int32Array(size);
    this.mask = size - 1;
  }

  /** Whether `hash` was recorded in a round other than `round`; records it when it was not recorded at all. */
  seenBefore(hash: number, round: number | undefined): boolean {
    const slot = hash & this.mask;
    if (this.hashes[slot] !== hash) {
      this.hashes[slot] = hash;
      this.rounds[slot] = round ?? 0;
      return false;
    }
    return round === undefined || this.rounds[slot] !== round;
  }
}

export class Sightings {
  private readonly glances: SeenTable;
  private readonly hashes: SeenTable;

  /** `size`: the number of slots of each table, a power of two. */
  constructor(size: number) {
    this.glances = new SeenTable(size);
    this.hashes = new SeenTable(size);
  }

  /**
   * Whether `text` was seen in an earlier round than `round` (leave `round` out when every
   * earlier sighting counts, even in the same round). Two steps: a text whose glance is new is
   * new, and only one whose glance was seen before is hashed whole and looked up again. So a text
   * is answered yes from its third sighting, the second recording its whole hash: a process that
   * compiles once pays for glances alone, and one that compiles the same templates again (a
   * server, the dev server after a save) finds their tags in the cache from the third compile on.
   */
  seenBefore(text: string, round?: number): boolean {
    if (!this.glances.seenBefore(glanceOf(text), round)) return false;
    return this.hashes.seenBefore(hashOf(text), round);
  }
}
