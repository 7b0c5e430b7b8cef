/**
 * Text of a number inside expressions (string concatenation, `str()`, the
 * debug listing), as the Java reference writes it: JavaScript's notation for
 * very large and very small magnitudes, otherwise plain decimal digits with
 * at most 20 fraction digits (rounded half-even), and `-0` for negative zero.
 * For everyday values this is exactly JavaScript's `String(n)`.
 */

const MAX_FRACTION_DIGITS = 20;

export function formatNumber(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  const magnitude = Math.abs(n);
  if (magnitude >= 1e21 || (magnitude !== 0 && magnitude <= 1e-21)) {
    // JavaScript already uses exponent notation at these magnitudes.
    return String(n);
  }
  return formatFixed(n);
}

/** Shortest round-trip digits of a finite number and its decimal exponent. */
function shortestDigits(magnitude: number): { digits: string; exponent: number } {
  const [mantissa, exponentText] = magnitude.toExponential().split('e') as [string, string];
  return { digits: mantissa.replace('.', ''), exponent: Number(exponentText) };
}

function formatFixed(n: number): string {
  const negative = n < 0 || Object.is(n, -0);
  const sign = negative ? '-' : '';
  if (n === 0) return `${sign}0`;
  const { digits, exponent } = shortestDigits(Math.abs(n));
  // Place the decimal point: `exponent + 1` digits go before it.
  const pointIndex = exponent + 1;
  let integerPart: string;
  let fractionPart: string;
  if (pointIndex <= 0) {
    integerPart = '0';
    fractionPart = '0'.repeat(-pointIndex) + digits;
  } else if (pointIndex >= digits.length) {
    integerPart = digits + '0'.repeat(pointIndex - digits.length);
    fractionPart = '';
  } else {
    integerPart = digits.slice(0, pointIndex);
    fractionPart = digits.slice(pointIndex);
  }
  if (fractionPart.length > MAX_FRACTION_DIGITS) {
    [integerPart, fractionPart] = roundHalfEven(integerPart, fractionPart);
  }
  fractionPart = fractionPart.replace(/0+$/, '');
  return fractionPart ? `${sign}${integerPart}.${fractionPart}` : `${sign}${integerPart}`;
}

/** Rounds decimal digit strings to MAX_FRACTION_DIGITS fraction digits, ties to even. */
function roundHalfEven(integerPart: string, fractionPart: string): [string, string] {
  const kept = fractionPart.slice(0, MAX_FRACTION_DIGITS);
  const dropped = fractionPart.slice(MAX_FRACTION_DIGITS);
  const first = dropped[0]!;
  const beyondHalf = /[1-9]/.test(dropped.slice(1));
  const all = integerPart + kept;
  const lastKept = all[all.length - 1]!;
  const roundUp = first > '5' || (first === '5' && (beyondHalf || (Number(lastKept) & 1) === 1));
  if (!roundUp) return [integerPart, kept];
  const incremented = incrementDigits(all);
  const integerLength = incremented.length - MAX_FRACTION_DIGITS;
  return [incremented.slice(0, integerLength), incremented.slice(integerLength)];
}

function incrementDigits(digits: string): string {
  const out = digits.split('');
  let i = out.length - 1;
  while (i >= 0) {
    if (out[i] === '9') {
      out[i] = '0';
      i--;
    } else {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
  }
  return '1' + out.join('');
}
