/**
 * VersionedValue (server/db/versioned-value.ts): one value per version counter, built once for
 * the requests that ask together, never replaced by a request that read an older version, and
 * built again after a build that failed.
 */
import { describe, expect, it } from 'vitest';
import type { VersionCounter } from '../../server/db/content-version.ts';
import { VersionedValue } from '../../server/db/versioned-value.ts';

function at(version: number, inTransaction = false): VersionCounter {
  return { current: async () => version, inTransaction };
}

describe('a versioned value', () => {
  it('is built once for the requests that ask for it together, and again when the version moves', async () => {
    const kept = new VersionedValue<{ built: number }>();
    let builds = 0;
    const build = async () => ({ built: ++builds });
    const together = await Promise.all([kept.get(at(1), build), kept.get(at(1), build), kept.get(at(1), build)]);
    expect(together.map((value) => value.built)).toEqual([1, 1, 1]);
    expect(Object.isFrozen(together[0])).toBe(true);
    expect((await kept.get(at(2), build)).built).toBe(2);
  });

  it('keeps the newer value when a request that read an older version builds its own', async () => {
    const kept = new VersionedValue<string>();
    expect(await kept.get(at(5), async () => 'five')).toBe('five');
    expect(await kept.get(at(4), async () => 'four')).toBe('four');
    expect(await kept.get(at(5), async () => 'five again')).toBe('five');
  });

  it('builds again after a failed build, and keeps nothing a transaction read', async () => {
    const kept = new VersionedValue<string>();
    await expect(kept.get(at(1), async () => { throw new Error('database gone'); })).rejects.toThrow('database gone');
    expect(await kept.get(at(1), async () => 'read')).toBe('read');
    expect(await kept.get(at(2, true), async () => 'uncommitted')).toBe('uncommitted');
    expect(await kept.get(at(2), async () => 'committed')).toBe('committed');
  });
});
