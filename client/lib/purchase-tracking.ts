/**
 * The purchase event of the order-confirmed page. The server renders the event (transaction_id,
 * value, shipping, tax, currency, items) as JSON in the page; the browser sends it once per
 * order as a RecordEvent with the crumb. Sent orders are remembered in the visitor's storage, so
 * a reload or a revisit of the confirmation does not count the sale twice.
 */
import { api } from './api.ts';
import { API_PATHS } from './api-paths.ts';
import { readCookie } from './cookies.ts';
import type { PageContext } from './page-context.ts';
import { readEntry, removeEntry, writeEntry } from './session-store.ts';
import { ANALYTICS_POST_TIMEOUT_MS, analyticsAllowed } from './tracking.ts';

export const PURCHASE_EVENT_ELEMENT_ID = 'purchase-event';
export const PURCHASE_EVENT_NAME = 'Purchase';
const SENT_KEY_PREFIX = 'storefront:purchase-sent:';
/** Long enough to outlive any revisit of a confirmation page worth caring about. */
const SENT_MEMORY_MS = 90 * 24 * 60 * 60 * 1000;

export interface PurchaseEvent {
  transaction_id: string;
  value: number;
  shipping: number;
  tax: number;
  currency?: string;
  items: unknown[];
}

function isPurchaseEvent(value: unknown): value is PurchaseEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  return typeof event.transaction_id === 'string' && event.transaction_id !== ''
    && typeof event.value === 'number' && Array.isArray(event.items);
}

/** The page's purchase event, or null when the page has none (or an unreadable one). */
export function readPurchaseEvent(doc: Document = document): PurchaseEvent | null {
  const text = doc.getElementById(PURCHASE_EVENT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isPurchaseEvent(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function purchaseAlreadySent(transactionId: string): boolean {
  return readEntry<boolean>(SENT_KEY_PREFIX + transactionId) === true;
}

/**
 * Sends the page's purchase event unless analytics are off for this page and visitor or the
 * order was already reported. Resolves true when the event was recorded by this call.
 */
export async function trackPurchase(context: PageContext, doc: Document = document): Promise<boolean> {
  const event = readPurchaseEvent(doc);
  if (!event || !analyticsAllowed(context, location.pathname)) return false;
  const key = SENT_KEY_PREFIX + event.transaction_id;
  if (purchaseAlreadySent(event.transaction_id)) return false;
  // Marked before sending: a reload while the request is on its way (keepalive lets it finish)
  // must not send a second one.
  writeEntry(key, true, SENT_MEMORY_MS);
  const result = await api.post(API_PATHS.recordEvent, undefined, {
    form: { crumb: readCookie('crumb') ?? '', event: PURCHASE_EVENT_NAME, data: JSON.stringify(event) },
    timeoutMs: ANALYTICS_POST_TIMEOUT_MS,
    // The shopper may leave the confirmation at once; the event still arrives.
    keepalive: true,
  });
  // A send the server answered with a refusal is forgotten, so the next visit tries again. One
  // that timed out or lost its answer stays marked: keepalive lets it arrive, and counting a sale
  // twice is worse than missing one.
  if (!result.ok && result.kind !== 'network') removeEntry(key);
  return result.ok;
}
