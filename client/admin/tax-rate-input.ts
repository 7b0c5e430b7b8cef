/** The tax rate as the owner types it (a percentage: "8.875", "8,875") and as the store keeps it (basis points: 887.5). */
import { TAX_RATE_DECIMALS, taxRateTenths } from '../lib/tax-rate.ts';
import { decimalFromText } from '../lib/money-input.ts';

/**
 * The typed percentage in basis points (tenths of one exactly: "8.875" is 887.5), or NaN for text
 * that is not a percentage with at most three decimals, which the server then names. Unlike an
 * amount, one comma before three digits is a decimal comma ("8,875"): no rate runs to thousands.
 */
export function basisPointsFromText(text: string): number {
  const typed = text.trim();
  const decimal = /^\d+,\d{1,3}$/.test(typed) ? typed.replace(',', '.') : decimalFromText(typed);
  if (decimal === null || !/^\d+(\.\d+)?$/.test(decimal)) return Number.NaN;
  const [whole = '', fraction = ''] = decimal.split('.');
  if (fraction.length > TAX_RATE_DECIMALS) return Number.NaN;
  // whole tenths of a basis point first, so that no decimal is ever multiplied as a float
  return Number(whole + fraction.padEnd(TAX_RATE_DECIMALS, '0')) / 10;
}

/** A stored rate as the field shows it: the percentage with the decimals it has ("8", "8.5", "8.875"). */
export function textFromBasisPoints(basisPoints: number): string {
  const tenths = taxRateTenths(basisPoints);
  // a rate written by hand finer than a tenth is shown as it is, for the server to name
  if (tenths === null) return String(basisPoints / 100);
  const fraction = String(tenths % 1000).padStart(TAX_RATE_DECIMALS, '0').replace(/0+$/, '');
  return `${Math.floor(tenths / 1000)}${fraction === '' ? '' : `.${fraction}`}`;
}
