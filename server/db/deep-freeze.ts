/** Values frozen all the way down by deepFreeze: they and their serialised forms never change. */
const deeplyFrozen = new WeakSet<object>();

/**
 * Freezes a value and everything reachable from it, so one shared cached copy cannot be changed
 * by a caller behind the others' backs (a write attempt throws in strict-mode code).
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !deeplyFrozen.has(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    deeplyFrozen.add(value);
  }
  return value;
}

/** True for objects deepFreeze froze (not for ones merely frozen on the surface). */
export function isDeeplyFrozen(value: object): boolean {
  return deeplyFrozen.has(value);
}
