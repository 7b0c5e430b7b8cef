/**
 * Doubles the way the Java reference prints a value it read as a double
 * (`node.asDouble()`): always with a fraction digit ("1.0"), and in exponent
 * form outside [1e-3, 1e7). Focal points are printed this way.
 */
import { doubleOf } from '../core/node-coercion.ts';

/** Floating value of a node (missing, objects and non-numeric text give 0). */
export function asDouble(value: unknown): number {
  const n = doubleOf(value);
  return Number.isNaN(n) ? 0 : n;
}

export function javaDoubleText(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    const text = String(value);
    return text.includes('.') ? text : `${text}.0`;
  }
  const [mantissa = '', exponent = ''] = value.toExponential().split('e');
  const digits = mantissa.includes('.') ? mantissa : `${mantissa}.0`;
  return `${digits}E${exponent.replace('+', '')}`;
}
