/**
 * Reading a shopping cart as the templates see it: `entries` with a
 * `quantity` each, and totals stored in cents (`subtotalCents`).
 */
import { asRecord, asString, numberOf } from '../../runtime/values.ts';
import { Decimal, parseDecimal } from './decimal-format.ts';

/** Total number of units in the cart: the sum of the entries' whole quantities. */
export function cartQuantityOf(cart: unknown): number {
  const entries = asRecord(cart)?.entries;
  if (!Array.isArray(entries)) return 0;
  let count = 0;
  for (const entry of entries) {
    const quantity = numberOf(asRecord(entry)?.quantity);
    // Production reads the quantity as an integer field: fractions are cut, text counts as 0.
    if (quantity !== undefined && Number.isFinite(quantity)) count += Math.trunc(quantity);
  }
  return count;
}

/** The cart subtotal in cents; a missing or unreadable subtotal is 0. */
export function cartSubtotalCentsOf(cart: unknown): Decimal {
  return parseDecimal(asString(asRecord(cart)?.subtotalCents)) ?? new Decimal(0);
}
