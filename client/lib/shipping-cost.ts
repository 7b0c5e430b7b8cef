/**
 * A shipping cost as the shopper reads it wherever it stands (the cart, the checkout's options and
 * totals, the order confirmation page, the order emails): nothing to pay is written `Free`, never
 * as an amount of nothing, so free shipping reads one way from the cart to the emails.
 */
import { CHECKOUT } from './messages.ts';

export function shippingCostText(costCents: number, money: (cents: number) => string): string {
  return costCents === 0 ? CHECKOUT.free : money(costCents);
}
