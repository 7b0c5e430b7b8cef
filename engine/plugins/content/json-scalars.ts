/**
 * Conversions of JSON scalars the way the Java reference's JSON nodes convert
 * them, where its output depends on it: `asInt`/`asLong` truncate and read
 * numeric text, and doubles print with Java's `Double.toString` layout.
 */
import { asNumber } from '../../runtime/values.ts';

/** Whole-number value of a node: numbers truncate, numeric text parses, anything else is 0. */
export function asInteger(value: unknown): number {
  const n = asNumber(value);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** Floating value of a node (missing, objects and non-numeric text give 0). */
export function asDouble(value: unknown): number {
  const n = asNumber(value);
  return Number.isNaN(n) ? 0 : n;
}

/** A double as Java prints it: always a fraction digit ("1.0"), exponent form outside [1e-3, 1e7). */
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
