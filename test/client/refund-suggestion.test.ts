/**
 * The partial refund's suggestion (refund-suggestion.ts): what the customer paid for the units
 * chosen, price less discount plus tax, spread over a line's units so refunds of its units one by
 * one add up to what the line paid, never more.
 */
import { describe, expect, it } from 'vitest';
import { refundSuggestion } from '../../client/admin/screens/refund-suggestion.ts';

describe('the suggested amount of a refund of part of an order', () => {
  const tees = { quantity: 3, unitPriceCents: 3950, discountShareCents: 1185, taxShareCents: 2133 };

  it('is the units\' price less their share of the discount plus their share of the tax', () => {
    expect(refundSuggestion([{ line: tees, units: 1 }])).toEqual({ priceCents: 3950, discountCents: 395, taxCents: 711, totalCents: 4266 });
    expect(refundSuggestion([{ line: { ...tees, discountShareCents: 0, taxShareCents: 2370 }, units: 1 }]).totalCents).toBe(4740);
    // an older server sends no shares: the price alone
    expect(refundSuggestion([{ line: { quantity: 2, unitPriceCents: 6800 }, units: 1 }]).totalCents).toBe(6800);
  });

  it('adds no tax for an order whose prices included it: the price already holds the units\' share', () => {
    expect(refundSuggestion([{ line: tees, units: 1 }], true)).toEqual({ priceCents: 3950, discountCents: 395, taxCents: 711, totalCents: 3555 });
    expect(refundSuggestion([{ line: tees, units: 3 }], true).totalCents).toBe(3 * 3950 - 1185);
  });

  it('adds up, unit by unit, to exactly what the line paid, never more than the exact share of the units refunded so far', () => {
    const line = { quantity: 7, unitPriceCents: 1999, discountShareCents: 1401, taxShareCents: 1009 };
    const paid = 7 * 1999 - 1401 + 1009;
    let sum = 0;
    for (let refunded = 0; refunded < 7; refunded += 1) {
      const step = refundSuggestion([{ line: { ...line, refundedQuantity: refunded }, units: 1 }]);
      expect(step.discountCents).toBeGreaterThanOrEqual(0);
      expect(step.taxCents).toBeGreaterThanOrEqual(0);
      sum += step.totalCents;
      expect(sum).toBeLessThanOrEqual((paid * (refunded + 1)) / 7);
    }
    expect(sum).toBe(paid);
    expect(refundSuggestion([{ line, units: 7 }]).totalCents).toBe(paid);
  });

  it('never counts more units than are left, nor units unreadable', () => {
    expect(refundSuggestion([{ line: { ...tees, refundedQuantity: 2 }, units: 5 }]).priceCents).toBe(3950);
    expect(refundSuggestion([{ line: tees, units: Number.NaN }]).totalCents).toBe(0);
  });
});
