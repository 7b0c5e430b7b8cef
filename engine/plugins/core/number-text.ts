/**
 * Numbers as the reference's JSON nodes print them. Whole numbers print as
 * integers, in full even past 1e21. Fractional numbers print in plain
 * decimal between 10^-3 and 10^7 and otherwise in the reference's scientific
 * form (`1.0E-4`, `1.2345678E7`); both use the shortest digits that read
 * back as the same number.
 */

const PLAIN_MIN = 1e-3;
const PLAIN_MAX = 1e7;
const EXACT_INTEGER_LIMIT = 1e21;

export function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) {
    return Math.abs(value) < EXACT_INTEGER_LIMIT ? String(value) : BigInt(value).toString();
  }
  const magnitude = Math.abs(value);
  if (magnitude >= PLAIN_MIN && magnitude < PLAIN_MAX) return String(value);
  const [mantissa = '', exponent = '0'] = value.toExponential().split('e');
  const digits = mantissa.includes('.') ? mantissa : `${mantissa}.0`;
  return `${digits}E${Number(exponent)}`;
}
