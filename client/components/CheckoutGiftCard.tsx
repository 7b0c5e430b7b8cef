/**
 * The checkout's gift card: its code's box with Apply above the payment card, or once the
 * server's quote applied it, the card's last four characters, what stays on it and Remove; and
 * the lines it adds to the totals (the deduction, then what is left to pay). The island asks the
 * server; this draws the answer.
 */
import { CHECKOUT } from '../lib/messages.ts';
import { CheckoutCodeBox, type CodeBoxProps } from './CheckoutCodeBox.tsx';

export interface AppliedGiftCard { last4: string; appliedCents: number; balanceAfterCents: number }

export function CheckoutGiftCard({ applied, money, ...box }: CodeBoxProps & { applied: AppliedGiftCard | null; money: (cents: number) => string }) {
  return (
    <CheckoutCodeBox {...box} field="giftCardCode" block="checkout-gift-card" label={CHECKOUT.giftCardCodeLabel} applyText={CHECKOUT.giftCardApply} applyWhat={CHECKOUT.giftCardApplyWhat}
      removeText={CHECKOUT.giftCardRemove}
      applied={applied ? (
        <>
          <strong>{CHECKOUT.giftCardLine(applied.last4)}</strong>{' '}
          {/* "$0.00 stays on the gift card" reads as if something were left */}
          <span>{applied.balanceAfterCents > 0 ? CHECKOUT.giftCardBalanceAfter(money(applied.balanceAfterCents)) : CHECKOUT.giftCardSpentWhole}</span>
        </>
      ) : null} />
  );
}

/** The totals' lines of an applied card: what it pays, as a deduction, then what is left to pay. */
export function GiftCardTotals({ applied, amountDueCents, money }: { applied: AppliedGiftCard | null; amountDueCents: number; money: (cents: number) => string }) {
  if (!applied) return null;
  return (
    <>
      <dt>{CHECKOUT.giftCardLine(applied.last4)}</dt><dd className="gift-card-deduction">{money(-applied.appliedCents)}</dd>
      <dt>{CHECKOUT.amountDue}</dt><dd className="amount-due">{money(amountDueCents)}</dd>
    </>
  );
}
