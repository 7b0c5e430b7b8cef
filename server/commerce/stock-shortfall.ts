import type { StoreSession } from '../db/store.ts';
import type { CheckoutLine } from './checkout-lines.ts';

/**
 * A line of the order its variant's stock can no longer cover (another shopper bought the last
 * ones first), in the words the checkout's summary uses, with how many are left (0: sold out).
 * The checkout's refusal names each one, so the shopper knows which line of the cart to change.
 */
export interface StockShortfall {
  productName: string;
  /** The variant in words; '' for a product without options. */
  variantLabel: string;
  left: number;
}

/** How many of a line's variant are left (a variant gone counts as none). */
async function leftOf(session: StoreSession, line: CheckoutLine): Promise<number> {
  const row = await session.get<{ qty_in_stock: number | string }>('SELECT qty_in_stock FROM variants WHERE id = ?', [line.variantId]);
  return row ? Math.max(0, Number(row.qty_in_stock)) : 0;
}

/** The lines with limited stock that have less left than the cart holds (a variant gone counts as none left). */
export async function stockShortfalls(session: StoreSession, lines: readonly CheckoutLine[]): Promise<StockShortfall[]> {
  const short: StockShortfall[] = [];
  for (const line of lines) {
    if (!line.limitedStock) continue;
    const left = await leftOf(session, line);
    if (left < line.quantity) short.push({ productName: line.productName, variantLabel: line.variantLabel, left });
  }
  return short;
}

/**
 * The same lines by cart entry, with how many are left, for the cart page: the checkout's refusal
 * sends the shopper there to change them, and the page marks each one as the checkout's summary does.
 */
export async function shortEntries(session: StoreSession, lines: readonly CheckoutLine[]): Promise<Record<string, number>> {
  const short: Record<string, number> = {};
  for (const line of lines) {
    if (!line.limitedStock) continue;
    const left = await leftOf(session, line);
    if (left < line.quantity) short[line.entryId] = left;
  }
  return short;
}
