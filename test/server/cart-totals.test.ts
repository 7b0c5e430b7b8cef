import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals, includedTaxCentsOf, taxCentsOf, taxWithShipping } from '../../server/commerce/cart-totals.ts';

const line = fc.record({
  productType: fc.constantFrom(1, 2, 3, 4),
  unitPriceCents: fc.integer({ min: 0, max: 1_000_000 }),
  quantity: fc.integer({ min: 1, max: 9999 }),
});
const settings = fc.record({
  taxRateBasisPoints: fc.integer({ min: 0, max: 3000 }),
  flatShippingCents: fc.integer({ min: 0, max: 10_000 }),
  freeShippingOverCents: fc.integer({ min: 0, max: 100_000 }),
});

describe('cart totals', () => {
  it('are whole minor units that add up', () => {
    fc.assert(fc.property(fc.array(line, { maxLength: 20 }), settings, (lines, rules) => {
      const totals = computeTotals(lines, rules);
      for (const value of [totals.subtotalCents, totals.taxCents, totals.shippingCostCents, totals.grandTotalCents]) {
        expect(Number.isInteger(value)).toBe(true);
      }
      expect(totals.grandTotalCents).toBe(totals.subtotalCents + totals.taxCents + totals.shippingCostCents - totals.discountCents);
      expect(totals.totalQuantity).toBe(lines.reduce((sum, l) => sum + l.quantity, 0));
      expect(totals.requiresShipping).toBe(lines.some((l) => l.productType === 1));
      if (!totals.requiresShipping) expect(totals.shippingCostCents).toBe(0);
      expect(totals.purelyDigital).toBe(lines.length > 0 && lines.every((l) => l.productType === 2));
    }));
  });

  it('rounds tax once on the subtotal, half up', () => {
    const totals = computeTotals([{ productType: 2, unitPriceCents: 1, quantity: 1 }, { productType: 2, unitPriceCents: 5, quantity: 1 }], { taxRateBasisPoints: 2500, flatShippingCents: 0, freeShippingOverCents: 0 });
    // 6 × 25% = 1.5 → 2 (per line it would be 0 + 1 = 1)
    expect(totals.taxCents).toBe(2);
  });

  it('taxes at a rate with three decimals exactly, rounding half up at the half cent', () => {
    const at = (cents: number, taxRateBasisPoints: number) => computeTotals([{ productType: 1, unitPriceCents: cents, quantity: 1 }], { taxRateBasisPoints, flatShippingCents: 0, freeShippingOverCents: 0 }).taxCents;
    // 8.875 % (New York City): $68.00 → $6.035, $4.00 → 35.5¢, both half a cent up
    expect(at(6800, 887.5)).toBe(604);
    expect(at(400, 887.5)).toBe(36);
    // the nearest either side of the half cent: 50.49875¢ down, 20.50125¢ up
    expect(at(569, 887.5)).toBe(50);
    expect(at(231, 887.5)).toBe(21);
    // 7.375 % and 10.25 %
    expect(at(200, 737.5)).toBe(15);
    expect(at(200, 1025)).toBe(21);
  });

  it('stays exact for the largest cart the limits allow', () => {
    // about 10^14 cents (100 entries of 9 999 at the highest price): its tax at 8.875 % in floating
    // point lands a cent off, at the half cent and just below it
    const tax = (cents: number) => computeTotals([{ productType: 1, unitPriceCents: cents, quantity: 1 }], { taxRateBasisPoints: 887.5, flatShippingCents: 0, freeShippingOverCents: 0 }).taxCents;
    const exact = (cents: number) => Number((BigInt(cents) * 8875n + 50_000n) / 100_000n);
    expect(tax(99_110_907_292_400)).toBe(8_796_093_022_201);
    expect(tax(99_989_999_999_769)).toBe(8_874_112_499_979);
    fc.assert(fc.property(fc.integer({ min: 0, max: 100 * 9999 * 100_000_000 }), (cents) => tax(cents) === exact(cents)));
  });

  it('taxes no gift card: it is taxed as what it buys when it is spent', () => {
    const rules = { taxRateBasisPoints: 800, flatShippingCents: 0, freeShippingOverCents: 0 };
    expect(computeTotals([{ productType: 4, unitPriceCents: 2500, quantity: 1 }], rules)).toMatchObject({ subtotalCents: 2500, taxCents: 0, grandTotalCents: 2500 });
    const mixed = computeTotals([{ productType: 4, unitPriceCents: 2500, quantity: 2 }, { productType: 1, unitPriceCents: 1000, quantity: 1 }], rules);
    expect(mixed).toMatchObject({ subtotalCents: 6000, taxCents: 80, grandTotalCents: 6080 });
  });

  it('ships free from the threshold on, and an empty cart is all zero', () => {
    const rules = { taxRateBasisPoints: 0, flatShippingCents: 600, freeShippingOverCents: 15000 };
    expect(computeTotals([{ productType: 1, unitPriceCents: 14999, quantity: 1 }], rules).shippingCostCents).toBe(600);
    expect(computeTotals([{ productType: 1, unitPriceCents: 15000, quantity: 1 }], rules).shippingCostCents).toBe(0);
    expect(computeTotals([], rules)).toMatchObject({ subtotalCents: 0, grandTotalCents: 0, totalQuantity: 0, purelyDigital: false, requiresShipping: false });
  });

  it('takes the tax out of prices that include it, shipping too, adding nothing to the total', () => {
    const rules = { taxRateBasisPoints: 2000, flatShippingCents: 600, freeShippingOverCents: 0, pricesIncludeTax: true };
    // £120.00 and £6.00 of shipping at 20 % hold £21.00 of VAT; a discount of £12.00 leaves £114.00, holding £19.00
    expect(computeTotals([{ productType: 1, unitPriceCents: 12000, quantity: 1 }], rules)).toMatchObject({ subtotalCents: 12000, taxCents: 2100, taxIncluded: true, shippingCostCents: 600, grandTotalCents: 12600 });
    expect(computeTotals([{ productType: 1, unitPriceCents: 12000, quantity: 1 }], rules, 1200)).toMatchObject({ taxCents: 1900, discountCents: 1200, grandTotalCents: 11400 });
    // shipping chosen afterwards (the cart's and the checkout's options) is taxed the same way; tax added on top leaves it out
    const goods = computeTotals([{ productType: 1, unitPriceCents: 12000, quantity: 1 }], { ...rules, flatShippingCents: 0 });
    expect(taxWithShipping(goods, 600, 2000)).toBe(2100);
    expect(taxWithShipping(goods, 0, 2000)).toBe(2000);
    expect(taxWithShipping({ ...goods, taxIncluded: false, taxCents: 2400 }, 600, 2000)).toBe(2400);
    // a gift card still holds no tax
    expect(computeTotals([{ productType: 4, unitPriceCents: 5000, quantity: 1 }], rules)).toMatchObject({ taxCents: 0, grandTotalCents: 5000 });
    expect(computeTotals([{ productType: 1, unitPriceCents: 12000, quantity: 1 }], { ...rules, pricesIncludeTax: false })).toMatchObject({ taxCents: 2400, taxIncluded: false, grandTotalCents: 15000 });
  });

  it('rounds an included tax half up, exactly at any size, so the price less it is taxed back to within a cent', () => {
    // $68.00 at 8.875 %: 68 × 8.875 / 108.875 = 5.5431… → $5.54
    expect(includedTaxCentsOf(6800, 8875)).toBe(554);
    // 105 at 5 % holds exactly 5; 21 at 5 % holds exactly 1
    expect(includedTaxCentsOf(105, 5000)).toBe(5);
    expect(includedTaxCentsOf(21, 5000)).toBe(1);
    // a half cent rounds up: 1.5 cents (31.5 at 5 % holds 1.5) cannot occur in whole cents, 63 at 5 % holds exactly 3
    expect(includedTaxCentsOf(63, 5000)).toBe(3);
    const largest = 100 * 9999 * 100_000_000;
    fc.assert(fc.property(fc.integer({ min: 0, max: largest }), fc.integer({ min: 0, max: 50_000 }), (gross, tenths) => {
      const tax = includedTaxCentsOf(gross, tenths);
      const exact = (BigInt(gross) * BigInt(tenths) * 2n + BigInt(100_000 + tenths)) / (2n * BigInt(100_000 + tenths));
      return tax === Number(exact) && Math.abs(taxCentsOf(gross - tax, tenths) - tax) <= 1;
    }));
  });
});
