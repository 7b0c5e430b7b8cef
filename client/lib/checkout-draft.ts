/**
 * What the shopper typed into the checkout's contact and address boxes, kept a while in this
 * browser (session-store.ts) so that a trip back to the cart, by its link or the browser's Back,
 * does not empty the form. The card, the codes and a gift card's recipient are never kept; nothing
 * is kept where only cookies could hold it (they would carry an address to the server on every
 * request), and the draft goes once the order is placed.
 */
import { readEntry, removeEntry, storageAvailable, writeEntry } from './session-store.ts';

const KEY = 'checkout-draft';
/** Kept half an hour from the last keystroke: long enough to change the cart, short on a shared computer. */
const KEPT_MS = 30 * 60 * 1000;

export const DRAFT_FIELDS = ['email', 'name', 'line1', 'line2', 'city', 'region', 'postalCode', 'countryCode'] as const;
export type CheckoutDraft = Partial<Record<(typeof DRAFT_FIELDS)[number], string>>;

/** The kept boxes of `values`, replacing the draft (an empty form removes it). */
export function keepCheckoutDraft(values: Record<string, string>): void {
  if (!storageAvailable()) return;
  const draft = Object.fromEntries(DRAFT_FIELDS.filter((field) => (values[field] ?? '') !== '').map((field) => [field, values[field]!]));
  if (Object.keys(draft).length === 0) removeEntry(KEY);
  else writeEntry(KEY, draft, KEPT_MS);
}

/** The draft kept, its text values only; empty when there is none. */
export function readCheckoutDraft(): CheckoutDraft {
  if (!storageAvailable()) return {};
  const kept = readEntry<Record<string, unknown>>(KEY);
  if (kept === null || typeof kept !== 'object') return {};
  return Object.fromEntries(DRAFT_FIELDS.flatMap((field) => (typeof kept[field] === 'string' ? [[field, kept[field]]] : [])));
}

export function clearCheckoutDraft(): void {
  if (storageAvailable()) removeEntry(KEY);
}
