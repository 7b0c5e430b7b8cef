/**
 * Which products take stock. A digital file and a gift card are never out of stock (the shop
 * sells them freely: server/commerce/pricing.ts), so their variants' stored count means nothing:
 * the editor does not ask it, and the lists and low-stock filters leave it out. Decided by the
 * type, never by the stored number, so products saved before still show rightly.
 */

/** The editor's kinds that take no stock (nor weight: nothing is posted). */
const STOCKLESS_KINDS: ReadonlySet<string> = new Set(['digital', 'giftCard']);
/** The same by the platform's type codes (2 digital, 4 gift card), as the lists read them. */
export const STOCKLESS_TYPE_CODES: readonly number[] = [2, 4];

export function kindTakesStock(kind: string): boolean {
  return !STOCKLESS_KINDS.has(kind);
}

export function typeTakesStock(typeCode: number): boolean {
  return !STOCKLESS_TYPE_CODES.includes(typeCode);
}
