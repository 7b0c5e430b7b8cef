import { LRUCache } from 'lru-cache';
import type { ContentVersion } from './content-version.ts';
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
 * Values built from database content, remembered until the content version moves. Every lookup
 * reads the version first, so a write by any path is seen by the very next lookup. Values are
 * deep-frozen because every caller shares the same copy. Bounded, since keys may come from URLs.
 */
export class VersionedCache<V> {
  // Boxed so "no such row" (undefined or null) is remembered like any other answer.
  private readonly entries: LRUCache<string, { value: V }>;
  private version = -1;

  constructor(
    private readonly source: ContentVersion,
    max = 500,
    maxCharacters = VERSIONED_CACHE_CHARACTERS,
  ) {
    this.entries = new LRUCache<string, { value: V }>({
      max,
      maxSize: maxCharacters,
      sizeCalculation: (boxed, key) => key.length + jsonLength(boxed.value) + 1,
    });
  }

  get(key: string, build: () => V): V {
    const version = this.source.current();
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    const cached = this.entries.get(key);
    if (cached !== undefined) return cached.value;
    const value = deepFreeze(build());
    // A transaction's reads may include writes it later rolls back: use them, never keep them.
    if (!this.source.inTransaction()) this.entries.set(key, { value });
    return value;
  }
}
