/**
 * A shipping cost as the shopper reads it wherever it stands (the cart, the checkout's options and
 * totals, the order confirmation page, the order emails): nothing to pay is written `Free`, never
 * as an amount of nothing, so free shipping reads one way from the cart to the emails. A
 * free-shipping code's part is the shipping itself, so it reads free too, rather than the cost and
 * the same amount taken off again, with the code named (`Free with code CODE`).
 */
import { CHECKOUT } from './messages.ts';

export function shippingCostText(costCents: number, money: (cents: number) => string, freeWithCode: string | null = null): string {
  if (costCents !== 0) return money(costCents);
  // a code that made it free is named, as a code that takes money off is (`Discount (CODE)`)
  return freeWithCode === null ? CHECKOUT.free : CHECKOUT.freeWithCode(freeWithCode);
}

/**
 * The shipping and the code's deduction as the totals show them: a free-shipping code's part moves
 * from the deduction to the shipping (the total, the charge and the order's record are unchanged).
 * `freeShippingCode` is the applied code when it is a free-shipping one, else null; `freeWithCode`
 * names it when it took something off, for shippingCostText (shipping free already owes it nothing).
 */
export function shownWithFreeShippingCode(shippingCents: number, discountCents: number, freeShippingCode: string | null): { shippingCents: number; discountCents: number; freeWithCode: string | null } {
  const taken = freeShippingCode === null ? 0 : Math.min(shippingCents, discountCents);
  return { shippingCents: shippingCents - taken, discountCents: discountCents - taken, freeWithCode: taken > 0 ? freeShippingCode : null };
}
