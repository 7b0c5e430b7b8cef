/**
 * Where a path really leads, and whether two folders overlap there: the backup command and the
 * start-up check of the store's folders both compare folders that may be reached through links,
 * and may not exist yet.
 */
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/**
 * `path` with every link in its folders followed: the real path of the nearest folder above it
 * that exists, and the rest as written (a folder made only at the first upload may not exist yet).
 */
export function realLocation(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : join(realLocation(parent), basename(absolute));
  }
}

/** True when `inner` is `outer` or a path inside it. */
export function isWithin(inner: string, outer: string): boolean {
  const path = relative(outer, inner);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}

/** Whether two folders, where they really lead, are one, or one holds the other. */
export function foldersOverlap(one: string, other: string): boolean {
  const [a, b] = [realLocation(one), realLocation(other)];
  return isWithin(a, b) || isWithin(b, a);
}
