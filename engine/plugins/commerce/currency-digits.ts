/**
 * How many digits a currency has after the decimal point: the exponent of its
 * minor unit in ISO 4217. Amounts are kept in minor units, so 1250 is 12.50
 * USD, 1,250 JPY and 1.250 KWD. The engine, the server and the browser
 * islands all read this one table, so none of them shows or reads a stored
 * amount 10 or 100 times off. It imports nothing, so the client bundle takes
 * only this file and not the engine.
 */

/** The usual exponent: every currency the table does not name has cents. */
export const USUAL_FRACTION_DIGITS = 2;

/** ISO 4217 currencies whose minor unit is not a hundredth. */
const UNUSUAL_FRACTION_DIGITS: Readonly<Record<string, number>> = {
  // no minor unit in use
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0,
  PYG: 0, RWF: 0, UGX: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  // thousandths (fils, baisa, millimes, dirhams)
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  // ten-thousandths (units of account)
  CLF: 4, UYW: 4,
};

/** Fraction digits of a currency code in any letter case: 0 for JPY, 3 for KWD, 2 for USD and any code not listed. */
export function fractionDigitsOf(currency: string): number {
  const code = currency.trim().toUpperCase();
  return Object.prototype.hasOwnProperty.call(UNUSUAL_FRACTION_DIGITS, code) ? UNUSUAL_FRACTION_DIGITS[code]! : USUAL_FRACTION_DIGITS;
}
