/**
 * Scanning of number literals, shared by the tokenizer and by the string to
 * number conversion (which accepts exactly the same spellings).
 */

/** Why a decimal scan failed. */
export type DecimalScanError = 'exponentDigit' | 'duplicateDecimalPoint' | 'decimalPointInExponent';

export type DecimalScan = { readonly ok: true; readonly end: number } | { readonly ok: false; readonly error: DecimalScanError };

const isDigit = (c: string): boolean => c >= '0' && c <= '9';

/**
 * Scans a decimal number starting at `start` (which holds a digit): digits,
 * at most one decimal point before the exponent, and an exponent `e`/`E`
 * with an optional sign directly after it and at least one digit. The scan
 * stops at the first character that cannot continue the number; a second
 * `e` also stops it. No sign is read before the number: that is an operator.
 */
export function scanDecimal(text: string, start: number, end: number): DecimalScan {
  let seenPoint = false;
  let seenExponent = false;
  let seenExponentSign = false;
  let awaitingExponentDigit = false;
  let i = start;
  scan: while (i < end) {
    const c = text[i]!;
    switch (c) {
      case '.':
        if (seenPoint) return { ok: false, error: 'duplicateDecimalPoint' };
        if (seenExponent) return { ok: false, error: 'decimalPointInExponent' };
        seenPoint = true;
        break;
      case 'e':
      case 'E':
        if (seenExponent) break scan;
        seenExponent = true;
        awaitingExponentDigit = true;
        break;
      case '-':
      case '+':
        // A sign belongs to the number only right after the exponent marker.
        if (!awaitingExponentDigit || seenExponentSign) break scan;
        seenExponentSign = true;
        break;
      default:
        if (!isDigit(c)) break scan;
        awaitingExponentDigit = false;
    }
    i++;
  }
  if (awaitingExponentDigit) return { ok: false, error: 'exponentDigit' };
  return { ok: true, end: i };
}

export function isHexDigit(c: string): boolean {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/** End of the run of hexadecimal digits starting at `start` (no further than `end`). */
export function scanHexDigits(text: string, start: number, end: number): number {
  let i = start;
  while (i < end && isHexDigit(text[i]!)) i++;
  return i;
}

/**
 * Value of a run of hexadecimal digits, accumulated digit by digit in a
 * double the way the Java reference does (so very long literals round the
 * same way and overflow to Infinity). NaN when there is no leading digit.
 */
export function hexDigitsValue(digits: string): number {
  let value = 0;
  let found = false;
  for (let i = 0; i < digits.length; i++) {
    const digit = parseInt(digits[i]!, 16);
    if (Number.isNaN(digit)) break;
    found = true;
    value = value * 16 + digit;
  }
  return found ? value : NaN;
}
