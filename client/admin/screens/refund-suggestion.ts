/**
 * The amount "Refund part of this order" suggests for the units chosen: what the customer paid
 * for them, their price less their share of the order's discount plus their share of its tax (the
 * server sends each line's shares, order-line-shares.ts). A line's shares are spread over its units
 * cumulatively (the first k of its units take floor(k × tax / units) of its tax), so refunds of a
 * line's units one by one add up to exactly what the line paid, never a cent more; shipping is
 * left out (the form suggests everything left, shipping included, when every unit is chosen).
 */

/** A line as the suggestion reads it (the shares absent from an older server: then the price alone). */
export interface SuggestionLine {
  quantity: number;
  refundedQuantity?: number;
  unitPriceCents: number;
  discountShareCents?: number;
  taxShareCents?: number;
}

export interface RefundSuggestion {
  priceCents: number;
  discountCents: number;
  taxCents: number;
  /** price − discount + tax (price − discount when the prices included the tax): what was paid for the units. */
  totalCents: number;
}

/** What the first `units` of a line of `quantity` units paid of `cents`, rounded down. */
const upTo = (cents: number, quantity: number, units: number): number => (quantity <= 0 ? 0 : Math.floor((cents * units) / quantity));

/** The same rounded up: what the other units' rounding down leaves. */
const upToRoundedUp = (cents: number, quantity: number, units: number): number => cents - upTo(cents, quantity, quantity - units);

/** The suggestion for `units` more units of `line`, after the units refunds took already. */
function suggestionOfLine(line: SuggestionLine, units: number, taxIncluded: boolean): RefundSuggestion {
  const before = Math.min(line.quantity, Math.max(0, line.refundedQuantity ?? 0));
  const after = Math.min(line.quantity, before + Math.max(0, units));
  const price = line.unitPriceCents * (after - before);
  const discount = line.discountShareCents ?? 0;
  const tax = line.taxShareCents ?? 0;
  // the discount rounds up and the tax down, so the units never suggest more than they paid, and a
  // line's units all refunded suggest its shares exactly
  const discountCents = upToRoundedUp(discount, line.quantity, after) - upToRoundedUp(discount, line.quantity, before);
  const taxCents = upTo(tax, line.quantity, after) - upTo(tax, line.quantity, before);
  return { priceCents: price, discountCents, taxCents, totalCents: price - discountCents + (taxIncluded ? 0 : taxCents) };
}

/**
 * The suggestion for the chosen units of each line (lines with none chosen add nothing). An order
 * whose prices included the tax (`taxIncluded`) paid its tax within the price: the tax share is
 * told, not added.
 */
export function refundSuggestion(chosen: ReadonlyArray<{ line: SuggestionLine; units: number }>, taxIncluded = false): RefundSuggestion {
  return chosen.reduce<RefundSuggestion>((sum, { line, units }) => {
    if (!Number.isFinite(units) || units <= 0) return sum;
    const one = suggestionOfLine(line, units, taxIncluded);
    return {
      priceCents: sum.priceCents + one.priceCents,
      discountCents: sum.discountCents + one.discountCents,
      taxCents: sum.taxCents + one.taxCents,
      totalCents: sum.totalCents + one.totalCents,
    };
  }, { priceCents: 0, discountCents: 0, taxCents: 0, totalCents: 0 });
}
