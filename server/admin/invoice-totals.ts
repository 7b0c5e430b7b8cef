/**
 * An invoice's amounts, from the figures the order kept when it was placed (cart-totals.ts made
 * them, and the confirmation page and emails show them): nothing is taxed again. The net amount
 * is the total less its tax, whichever way the order was taxed (prices including the tax hold it;
 * tax added on top was added to the total). The tax's base, the net amount its rate applies to, is
 * read back the way cart-totals.ts drew the line: gift cards sold bear no tax (they are taxed when
 * spent), the discount comes off the goods, and the shipping is taxed only where the prices
 * included the tax. The discount and shipping are as the shopper was shown them
 * (shownCodeAndShipping: a free-shipping code's part is the shipping's, not the discount's).
 */
import type { AdminOrderDetail } from '../db/admin-order-repository.ts';

export interface InvoiceTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /** The total less its tax. */
  netCents: number;
  taxCents: number;
  /** The net amount the order's rate was charged on. */
  taxedNetCents: number;
  /** What of the net amount bore no tax (gift cards sold; shipping where the tax is the goods' alone); 0 for none. */
  untaxedNetCents: number;
  /** What the customer was charged, the tax in it. */
  grossCents: number;
}

type OrderFigures = Pick<AdminOrderDetail, 'subtotalCents' | 'discountCents' | 'shippingCents' | 'taxCents' | 'taxIncluded' | 'grandTotalCents'>;

/** `giftCardsSoldCents`: what the order's gift card lines came to (cards bought, not a gift card spent on it). */
export function invoiceTotalsOf(order: OrderFigures, giftCardsSoldCents: number): InvoiceTotals {
  const netCents = order.grandTotalCents - order.taxCents;
  const taxableGoodsCents = order.subtotalCents - giftCardsSoldCents - order.discountCents;
  const taxedNetCents = order.taxIncluded ? taxableGoodsCents + order.shippingCents - order.taxCents : taxableGoodsCents;
  // an order whose figures do not split so (one from before the checkout kept them all) shows its tax on the whole net amount
  const consistent = taxedNetCents >= 0 && taxedNetCents <= netCents;
  return {
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    netCents,
    taxCents: order.taxCents,
    taxedNetCents: consistent ? taxedNetCents : netCents,
    untaxedNetCents: consistent ? netCents - taxedNetCents : 0,
    grossCents: order.grandTotalCents,
  };
}
