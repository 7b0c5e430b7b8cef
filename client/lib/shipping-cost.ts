/**
 * A shipping cost as the shopper reads it wherever it stands (the cart, the checkout's options and
 * totals, the order confirmation page, the order emails): nothing to pay is written `Free`, never
 * as an amount of nothing, so free shipping reads one way from the cart to the emails. A
 * free-shipping code's part is the shipping itself, so it reads `Free` too, as free shipping
 * without a code does, rather than the cost and the same amount taken off again.
 */
import { CHECKOUT } from './messages.ts';

export function shippingCostText(costCents: number, money: (cents: number) => string): string {
  return costCents === 0 ? CHECKOUT.free : money(costCents);
}

/**
 * The shipping and the code's deduction as the totals show them: a free-shipping code's part moves
 * from the deduction to the shipping (the total, the charge and the order's record are unchanged).
 */
export function shownWithFreeShippingCode(shippingCents: number, discountCents: number, freeShippingCode: boolean): { shippingCents: number; discountCents: number } {
  const taken = freeShippingCode ? Math.min(shippingCents, discountCents) : 0;
  return { shippingCents: shippingCents - taken, discountCents: discountCents - taken };
}
