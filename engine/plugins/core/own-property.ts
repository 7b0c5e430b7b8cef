/**
 * Sets a property as an own, enumerable data property, so keys taken from
 * template text or data (even `__proto__`) can never reach a prototype.
 */
export function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
