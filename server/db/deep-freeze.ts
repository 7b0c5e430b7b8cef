/**
 * Freezes a value and everything reachable from it, so one shared cached copy cannot be changed
 * by a caller behind the others' backs (a write attempt throws in strict-mode code).
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
