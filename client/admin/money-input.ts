/** Prices as the owner types them ("12.50") and as the server keeps them (minor units). */
import { amountToCents, formatAmount } from '../lib/money.ts';

/** The typed amount in minor units; NaN for text that is not an amount (the server then names the field). */
export function centsFromText(text: string, currency: string): number {
  const cleaned = text.trim().replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return Number.NaN;
  return amountToCents(Number(cleaned), currency);
}

export function textFromCents(cents: number, currency: string): string {
  return formatAmount(cents, currency).replace(/,/g, '');
}

/** A whole number typed in a field ("12"); NaN otherwise. */
export function integerFromText(text: string): number {
  return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}
