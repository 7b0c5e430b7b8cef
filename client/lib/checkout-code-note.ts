/**
 * Whether this browser's checkout had a discount code applied, kept as long as the checkout draft
 * (checkout-draft.ts), so that a checkout loaded again can say the code is gone. The code itself
 * is never kept (the draft keeps no codes), and neither the cart nor the server remembers it: the
 * quote applies a code only when the island sends it.
 */
import { readEntry, removeEntry, storageAvailable, writeEntry } from './session-store.ts';

const KEY = 'checkout-discount-applied';
/** The draft's half hour: a note older than the typed address it came with says nothing useful. */
const KEPT_MS = 30 * 60 * 1000;

export function noteDiscountApplied(): void {
  if (storageAvailable()) writeEntry(KEY, true, KEPT_MS);
}

export function forgetDiscountApplied(): void {
  if (storageAvailable()) removeEntry(KEY);
}

/** Whether a code was applied when this checkout was last open; the note goes once read, so it is said once. */
export function takeDiscountDropped(): boolean {
  if (!storageAvailable()) return false;
  const noted = readEntry<unknown>(KEY) === true;
  removeEntry(KEY);
  return noted;
}
