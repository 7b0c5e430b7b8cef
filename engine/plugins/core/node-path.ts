/**
 * Navigation inside JSON values by property names and indexes, with the
 * reference's rules: an index only reaches into arrays, a name only into
 * objects, and only own properties are ever found.
 */

export type PathKey = string | number;

const hasOwn = Object.prototype.hasOwnProperty;
const ALL_DIGITS = /^[0-9]+$/;
const INT32_MAX = 2147483647;

/**
 * Splits a dotted name into keys. Empty segments are dropped, all-digit
 * segments that fit a 32-bit integer become indexes, and the bare `@`
 * (the current node) has no path at all, so it gives null.
 */
export function splitVariableName(name: string): PathKey[] | null {
  if (name === '@') return null;
  const keys: PathKey[] = [];
  for (const segment of name.split('.')) {
    if (segment === '') continue;
    if (ALL_DIGITS.test(segment)) {
      const index = Number(segment);
      keys.push(index <= INT32_MAX ? index : segment);
    } else {
      keys.push(segment);
    }
  }
  return keys;
}

/** One strict step: an index into an array or a name into an object; anything else is missing. */
export function childAt(node: unknown, key: PathKey): unknown {
  if (typeof node !== 'object' || node === null) return undefined;
  if (Array.isArray(node)) {
    return typeof key === 'number' && key >= 0 && key < node.length ? node[key] : undefined;
  }
  if (typeof key !== 'string') return undefined;
  return hasOwn.call(node, key) ? (node as Record<string, unknown>)[key] : undefined;
}

/**
 * Walks a path where an index also reads an object property of the same
 * digits (`object.0` finds the key "0"), as the reference's path helper does.
 * A null path (from `@`) finds nothing.
 */
export function nodeAtPath(node: unknown, path: readonly PathKey[] | null): unknown {
  if (path === null) return undefined;
  let current = node;
  for (const key of path) {
    const step = !Array.isArray(current) && typeof key === 'number' ? String(key) : key;
    current = childAt(current, step);
    if (current === undefined) return undefined;
  }
  return current;
}
