/**
 * The checkout's discount code: its box with Apply before the gift card and the payment card, or
 * once the server's quote applied it, the code, what it takes off and Remove; and its line in the
 * totals (a deduction between the subtotal and the shipping). The island asks the server; this
 * draws the answer.
 */
import { CHECKOUT } from '../lib/messages.ts';
import { CheckoutCodeBox, type CodeBoxProps } from './CheckoutCodeBox.tsx';
import { shownWithFreeShippingCode } from '../lib/shipping-cost.ts';

export interface AppliedDiscount { code: string; freeShipping: boolean }

export function CheckoutDiscount({ applied, discountCents, money, ...box }: CodeBoxProps & {
  applied: AppliedDiscount | null;
  /** What the applied code takes off this order (a free-shipping code: the shipping's cost). */
  discountCents: number;
  money: (cents: number) => string;
}) {
  return (
    <CheckoutCodeBox {...box} field="discountCode" block="checkout-discount" label={CHECKOUT.discountCodeLabel} applyText={CHECKOUT.discountApply} applyWhat={CHECKOUT.discountApplyWhat}
      removeText={CHECKOUT.discountRemove}
      applied={applied ? (
        <>
          <strong>{CHECKOUT.discountLine(applied.code)}</strong>{' '}
          {/* free shipping where the shipping chosen is free already takes nothing off: said in words, not "$0.00" */}
          <span>{discountCents === 0 && applied.freeShipping ? CHECKOUT.discountShippingFreeAlready : money(-discountCents)}</span>
        </>
      ) : null} />
  );
}

/**
 * The totals' line of an applied code: what it takes off, as a deduction (placed before the
 * shipping); none while it takes nothing off, as the order's confirmation will have none, nor for
 * a free-shipping code, whose part the shipping line shows as free with the code (shipping-cost.ts).
 */
export function DiscountTotals({ applied, discountCents, shippingCents, money }: {
  applied: AppliedDiscount | null; discountCents: number; shippingCents: number; money: (cents: number) => string;
}) {
  const shown = shownWithFreeShippingCode(shippingCents, discountCents, applied?.freeShipping ? applied.code : null).discountCents;
  if (!applied || shown === 0) return null;
  return <><dt>{CHECKOUT.discountLine(applied.code)}</dt><dd className="discount-deduction">{money(-shown)}</dd></>;
}
