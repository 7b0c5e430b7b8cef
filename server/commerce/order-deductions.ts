/**
 * What came off an order's total as the shopper is shown it once the order is placed (the
 * confirmation page, the order emails, the shipping notice), as the checkout showed it: a
 * discount code's part and a gift card's, each a deduction. `money` writes an amount as the view
 * needs it (text in an email, a money object for a page's template).
 */
import { CHECKOUT } from '../../client/lib/messages.ts';
import { shippingCostText, shownWithFreeShippingCode } from '../../client/lib/shipping-cost.ts';

/**
 * A placed order's shipping and its code's deduction as the shopper is shown them: a free-shipping
 * code's part reads as the shipping free with that code rather than a deduction
 * (shownWithFreeShippingCode); `shipping` is that line's text (`Free with code CODE`).
 */
export function shownCodeAndShipping(order: { shippingCents: number; discountCents: number }, use: { code: string; kind: string } | null, money: (cents: number) => string) {
  const shown = shownWithFreeShippingCode(order.shippingCents, use ? order.discountCents : 0, use?.kind === 'free-shipping' ? use.code : null);
  return {
    shipping: shippingCostText(shown.shippingCents, money, shown.freeWithCode),
    // the code that made the shipping free, for a view that shows no shipping line otherwise (the shipping notice)
    freeWithCode: shown.freeWithCode,
    discount: use ? { code: use.code, amountCents: shown.discountCents } : null,
  };
}

/** `Discount (CODE)` and what it took off; null without one, or when it took nothing off. */
export function discountParts<Money>(discount: { code: string; amountCents: number } | null, money: (cents: number) => Money) {
  if (!discount || discount.amountCents <= 0) return null;
  return { label: CHECKOUT.discountLine(discount.code), amount: money(-discount.amountCents) };
}

/** The gift card's part (by its last four characters), and what the payment card paid of the rest. */
export function giftCardParts<Money>(giftCard: { last4: string; amountCents: number } | null, totalCents: number, money: (cents: number) => Money) {
  if (!giftCard) return null;
  return {
    label: CHECKOUT.giftCardLine(giftCard.last4),
    // a deduction, written as the checkout writes it (the store's format of a negative amount)
    amount: money(-giftCard.amountCents),
    // nothing when the gift card paid it all
    paidByCard: totalCents > giftCard.amountCents ? money(totalCents - giftCard.amountCents) : null,
  };
}
