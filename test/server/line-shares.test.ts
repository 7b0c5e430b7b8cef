/**
 * Each line's share of an order's discount and tax (server/commerce/line-shares.ts): split in
 * proportion, in whole cents adding up to the order's figures; gift cards take neither.
 */
import { describe, expect, it } from 'vitest';
import { lineShares, splitInProportion } from '../../server/commerce/line-shares.ts';

describe('line shares of a discount and a tax worked out on the whole order', () => {
  it('splits in proportion in whole cents that add up to the total', () => {
    expect(splitInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitInProportion(0, [5, 5])).toEqual([0, 0]);
    expect(splitInProportion(7, [0, 0])).toEqual([0, 0]);
    const big = splitInProportion(9_007_199_254_740, [999_999_999_999, 1, 3]);
    expect(big.reduce((a, b) => a + b, 0)).toBe(9_007_199_254_740);
  });

  it('gives the discount to the lines it took from and the tax to all but gift cards, by what each paid', () => {
    // tees $118.50 and a tote $20.00 with 10% off ($13.85) and 20% tax on the rest ($24.93), and a $25 gift card
    const shares = lineShares([
      { itemId: 'tee', cents: 11850, discounted: true, taxed: true },
      { itemId: 'tote', cents: 2000, discounted: true, taxed: true },
      { itemId: 'card', cents: 2500, discounted: false, taxed: false },
    ], 1385, 2493);
    expect(shares.get('tee')).toEqual({ discountCents: 1185, taxCents: 2133 });
    expect(shares.get('tote')).toEqual({ discountCents: 200, taxCents: 360 });
    expect(shares.get('card')).toEqual({ discountCents: 0, taxCents: 0 });
  });
});
