import type { VersionCounter } from './content-version.ts';
import { deepFreeze } from './deep-freeze.ts';

/**
 * One value built from database content, kept until its version counter moves: for a value a
 * store has one of (a folder page's store snapshot), which VersionedCache would serialise whole
 * to weigh it at every build. Bounded by count (one value), and built once for a version however
 * many requests ask for it together: the pages asked for just after a write (an order) share one
 * build instead of each reading the store. Deep-frozen, since every caller shares the same copy.
 */
export class VersionedValue<V> {
  private kept: { version: number; value: Promise<V> } | undefined;

  async get(source: VersionCounter, build: () => Promise<V>): Promise<V> {
    // A transaction's reads may include writes it later rolls back: use them, never keep them.
    if (source.inTransaction) return deepFreeze(await build());
    const version = await source.current();
    const kept = this.kept;
    if (kept?.version === version) return kept.value;
    const value = build().then(deepFreeze);
    // Versions only grow: a request that read an older one (before another's write) does not replace the newer value.
    if (kept === undefined || kept.version < version) {
      const entry = { version, value };
      this.kept = entry;
      // a failed build is not kept: the next request builds again
      value.catch(() => {
        if (this.kept === entry) this.kept = undefined;
      });
    }
    return value;
  }
}
