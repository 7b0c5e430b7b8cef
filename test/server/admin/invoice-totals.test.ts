/**
 * An invoice's amounts from the order's own figures: the net amount is the total less its tax
 * either way the order was taxed, and the tax's base is drawn as cart-totals.ts drew it (gift
 * cards sold bear none; shipping is taxed only where the prices included the tax).
 */
import { describe, expect, it } from 'vitest';
import { invoiceTotalsOf } from '../../../server/admin/invoice-totals.ts';
import { computeTotals } from '../../../server/commerce/cart-totals.ts';
import { PRODUCT_TYPE } from '../../../server/commerce/pricing.ts';

const lines = [
  { unitPriceCents: 4200, quantity: 2, productType: PRODUCT_TYPE.PHYSICAL },
  { unitPriceCents: 2500, quantity: 1, productType: PRODUCT_TYPE.GIFT_CARD },
];

function figuresOf(pricesIncludeTax: boolean) {
  const totals = computeTotals(lines, { taxRateBasisPoints: 1900, flatShippingCents: 490, freeShippingOverCents: 0, pricesIncludeTax }, 840);
  return {
    subtotalCents: totals.subtotalCents, discountCents: totals.discountCents, shippingCents: totals.shippingCostCents,
    taxCents: totals.taxCents, taxIncluded: totals.taxIncluded, grandTotalCents: totals.grandTotalCents,
  };
}

describe("an invoice's amounts", () => {
  it('with prices including the tax: the tax is the part of the goods and shipping, the gift card apart', () => {
    const order = figuresOf(true);
    const invoice = invoiceTotalsOf(order, 2500);
    expect(invoice.grossCents).toBe(order.grandTotalCents);
    expect(invoice.netCents).toBe(order.grandTotalCents - order.taxCents);
    // goods 84.00 less 8.40, and 4.90 of shipping: 80.50 holding 12.85 of tax at 19 %
    expect(invoice.taxCents).toBe(1285);
    expect(invoice.taxedNetCents).toBe(8050 - 1285);
    expect(invoice.untaxedNetCents).toBe(2500);
    expect(invoice.taxedNetCents + invoice.untaxedNetCents).toBe(invoice.netCents);
  });

  it('with tax added on top: the tax is the goods\' alone, shipping and the gift card untaxed', () => {
    const order = figuresOf(false);
    const invoice = invoiceTotalsOf(order, 2500);
    expect(invoice.netCents).toBe(order.subtotalCents - order.discountCents + order.shippingCents);
    expect(invoice.taxedNetCents).toBe(8400 - 840);
    expect(invoice.taxCents).toBe(Math.round(7560 * 0.19));
    expect(invoice.untaxedNetCents).toBe(2500 + 490);
    expect(invoice.grossCents).toBe(invoice.netCents + invoice.taxCents);
  });

  it('shows the tax on the whole net amount when the figures do not split so', () => {
    const invoice = invoiceTotalsOf({ subtotalCents: 1000, discountCents: 0, shippingCents: 0, taxCents: 80, taxIncluded: false, grandTotalCents: 1080 }, 5000);
    expect([invoice.taxedNetCents, invoice.untaxedNetCents]).toEqual([1000, 0]);
  });
});
