/**
 * Each line's share of a placed order's discount and tax. The store kept neither per line: a
 * code's goods discount came off the lines it took from (gift cards never, a limited code only
 * its products' or categories' lines) and the tax was worked out once, on the whole order's
 * discounted goods (cart-totals.ts). So both are split here in proportion: the discount by each
 * line's price among the lines it took from, the tax by each line's price less its discount
 * among the taxed lines (all but gift cards). Whole cents by largest remainders, so the lines'
 * shares add up to the order's figures exactly (a refund of everything suggests no cent more).
 */

/** A line as the split reads it: its price for all its units, whether the discount took from it, whether it was taxed. */
export interface ShareableLine {
  itemId: string;
  cents: number;
  discounted: boolean;
  taxed: boolean;
}

export interface LineShare {
  discountCents: number;
  taxCents: number;
}

/**
 * `total` split over `weights` in proportion, in whole units adding up to `total` (largest
 * remainders, the earlier line first on a tie); all to none when every weight is 0. BigInt, as
 * total × weight may pass 2^53 in the largest carts.
 */
export function splitInProportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((all, weight) => all + Math.max(0, weight), 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const whole = BigInt(total);
  const of = BigInt(sum);
  const parts = weights.map((weight) => {
    const product = whole * BigInt(Math.max(0, weight));
    return { floor: product / of, remainder: product % of };
  });
  let left = whole - parts.reduce((all, part) => all + part.floor, 0n);
  const byRemainder = parts.map((part, index) => ({ index, remainder: part.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const shares = parts.map((part) => part.floor);
  for (const { index } of byRemainder) {
    if (left <= 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

/** Each line's share of `goodsDiscountCents` and `taxCents`, by item id. */
export function lineShares(lines: readonly ShareableLine[], goodsDiscountCents: number, taxCents: number): Map<string, LineShare> {
  const discounts = splitInProportion(goodsDiscountCents, lines.map((line) => (line.discounted ? line.cents : 0)));
  const taxes = splitInProportion(taxCents, lines.map((line, index) => (line.taxed ? line.cents - discounts[index]! : 0)));
  return new Map(lines.map((line, index) => [line.itemId, { discountCents: discounts[index]!, taxCents: taxes[index]! }]));
}
