import { LRUCache } from 'lru-cache';
import type { VersionCounter } from './content-version.ts';
import { deepFreeze } from './deep-freeze.ts';

/**
 * Room of one cache, in characters of its keys and its values' JSON text. Keys may come from
 * URLs and values grow with the owner's content, so the bound is by size as well as count.
 */
export const VERSIONED_CACHE_CHARACTERS = 16 * 1024 * 1024;

/** A value's size as its JSON text's length; something JSON cannot write counts as a small object. */
function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 1024;
  }
}

/**
 * Values built from database content, remembered until their version counter moves (the content
 * version, or its catalogue counter for what only product listings change). Every lookup takes the
 * number from the caller's counter (read from the database, once per request at most), so a write
 * by any process is seen by the next request. Values are deep-frozen because
 * every caller shares the same copy. Bounded, since keys may come from URLs.
 */
export class VersionedCache<V> {
  // Boxed so "no such row" (undefined or null) is remembered like any other answer.
  private readonly entries: LRUCache<string, { value: V }>;
  private version = -1;

  constructor(max = 500, maxCharacters = VERSIONED_CACHE_CHARACTERS) {
    this.entries = new LRUCache<string, { value: V }>({
      max,
      maxSize: maxCharacters,
      sizeCalculation: (boxed, key) => key.length + jsonLength(boxed.value) + 1,
    });
  }

  async get(source: VersionCounter, key: string, build: () => V | Promise<V>): Promise<V> {
    // A transaction's reads may include writes it later rolls back: use them, never keep them.
    if (source.inTransaction) return deepFreeze(await build());
    const version = await source.current();
    // Versions only grow: a request that read an older one (before another's write) neither
    // clears the newer entries nor adds its own among them.
    if (version > this.version) {
      this.entries.clear();
      this.version = version;
    }
    if (version === this.version) {
      const cached = this.entries.get(key);
      if (cached !== undefined) return cached.value;
    }
    const value = deepFreeze(await build());
    if (version === this.version) this.entries.set(key, { value });
    return value;
  }
}
