/**
 * Doubles the way the Java reference prints a value it read as a double
 * (`node.asDouble()`): always with a fraction digit ("1.0"), and in exponent
 * form outside [1e-3, 1e7). Focal points are printed this way.
 */
import { doubleOf } from '../core/node-coercion.ts';

export { javaDoubleText } from '../../runtime/values.ts';

/** Floating value of a node (missing, objects and non-numeric text give 0). */
export function asDouble(value: unknown): number {
  const n = doubleOf(value);
  return Number.isNaN(n) ? 0 : n;
}
