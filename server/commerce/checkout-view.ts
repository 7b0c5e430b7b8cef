import type { CheckoutQuoteProps } from '../../client/islands/Checkout.tsx';
import type { CheckoutQuote } from './checkout-quote.ts';
import { discountableCentsOf } from './cart-totals.ts';
import { hasGiftCard } from './checkout-lines.ts';
import { billingIntervalOf } from './checkout-order.ts';

/** A quote as the checkout island reads it: words and amounts, never SKUs or record ids. */
export type CheckoutQuoteView = CheckoutQuoteProps;

export function checkoutQuoteView(quote: CheckoutQuote): CheckoutQuoteView {
  return {
    currency: quote.currency,
    lines: quote.lines.map((line, index) => ({
      key: String(index),
      productName: line.productName,
      variantLabel: line.variantLabel,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      lineTotalCents: line.unitPriceCents * line.quantity,
      billingInterval: billingIntervalOf(line),
      answers: line.answers,
    })),
    subtotalCents: quote.subtotalCents,
    requiresShipping: quote.requiresShipping,
    shippingOptions: quote.shippingOptions,
    shipsToCountry: quote.shipsToCountry,
    selectedShippingOptionId: quote.selectedShippingOption?.id ?? null,
    shippingCents: quote.shippingCents,
    taxCents: quote.taxCents,
    taxIncluded: quote.taxIncluded,
    taxName: quote.taxName,
    taxRateTenths: quote.taxRateTenths,
    totalCents: quote.totalCents,
    needsRecipient: hasGiftCard(quote.lines),
    discountable: discountableCentsOf(quote.lines) > 0,
    giftCard: quote.giftCard ? { last4: quote.giftCard.last4, appliedCents: quote.giftCard.appliedCents, balanceAfterCents: quote.giftCard.balanceAfterCents } : null,
    giftCardError: quote.giftCardError,
    amountDueCents: quote.amountDueCents,
    discountCents: quote.discountCents,
    discount: quote.discount ? { code: quote.discount.code, freeShipping: quote.discount.kind === 'free-shipping' } : null,
    discountError: quote.discountError,
  };
}
