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

/** The lines with limited stock that have less left than the cart holds, with what is left (a variant gone counts as none). */
async function linesShort(session: StoreSession, lines: readonly CheckoutLine[]): Promise<Array<{ line: CheckoutLine; left: number }>> {
  const short: Array<{ line: CheckoutLine; left: number }> = [];
  for (const line of lines) {
    if (!line.limitedStock) continue;
    const row = await session.get<{ qty_in_stock: number | string }>('SELECT qty_in_stock FROM variants WHERE id = ?', [line.variantId]);
    const left = row ? Math.max(0, Number(row.qty_in_stock)) : 0;
    if (left < line.quantity) short.push({ line, left });
  }
  return short;
}

/** Those lines in the words the checkout's refusal and summary use. */
export async function stockShortfalls(session: StoreSession, lines: readonly CheckoutLine[]): Promise<StockShortfall[]> {
  return (await linesShort(session, lines)).map(({ line, left }) => ({ productName: line.productName, variantLabel: line.variantLabel, left }));
}

/**
 * The same lines by cart entry, with how many are left, for the cart page: the checkout's refusal
 * sends the shopper there to change them, and the page marks each one as the checkout's summary does.
 */
export async function shortEntries(session: StoreSession, lines: readonly CheckoutLine[]): Promise<Record<string, number>> {
  return Object.fromEntries((await linesShort(session, lines)).map(({ line, left }) => [line.entryId, left]));
}
