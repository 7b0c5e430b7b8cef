/**
 * Finding the nth array element that passes a truthiness test, counting from
 * the front (nth > 0) or the back (nth < 0).
 */
import { isTruthy } from '../../runtime/values.ts';
import { childAt, nodeAtPath, type PathKey } from './node-path.ts';
import { textOf } from './node-coercion.ts';

export interface EntryTest {
  /** Path tested inside each candidate; null tests nothing and every element counts. */
  readonly path: readonly PathKey[] | null;
  /** When present, each element is a key into this object and the value found is tested. */
  readonly lookup?: unknown;
  readonly hasLookup: boolean;
}

export function findNthEntry(items: unknown, test: EntryTest, nth: number): unknown {
  if (!Array.isArray(items)) return undefined;
  const forward = nth > 0;
  const step = forward ? 1 : -1;
  let count = 0;
  for (let i = forward ? 0 : items.length - 1; forward ? i < items.length : i >= 0; i += step) {
    const element: unknown = items[i];
    if (test.path !== null) {
      const candidate = test.hasLookup ? childAt(test.lookup, textOf(element)) : element;
      if (!isTruthy(nodeAtPath(candidate, test.path))) continue;
    }
    count += step;
    if (count === nth) return element;
  }
  return undefined;
}
