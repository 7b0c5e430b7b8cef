/**
 * The checkout's gift card: its code's box with Apply above the payment card, or once the
 * server's quote applied it, the card's last four characters, what stays on it and Remove; and
 * the lines it adds to the totals (the deduction, then what is left to pay). The island asks the
 * server; this draws the answer.
 */
import { useEffect, useRef } from 'react';
import { CHECKOUT } from '../lib/messages.ts';

export interface AppliedGiftCard { last4: string; appliedCents: number; balanceAfterCents: number }

export function CheckoutGiftCard({ typed, applied, error, busy, announcement, money, onType, onApply, onRemove }: {
  typed: string;
  applied: AppliedGiftCard | null;
  error: string | undefined;
  /** The server is asked for its totals with or without the card. */
  busy: boolean;
  /** Said politely once a card is applied or removed. */
  announcement: string;
  money: (cents: number) => string;
  onType: (value: string) => void;
  onApply: () => void;
  onRemove: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const remove = useRef<HTMLButtonElement>(null);
  // Apply and Remove each take away what had the focus: once the answer is drawn, the focus goes to
  // what replaced it (Remove once applied, else the box, whose error it then reads)
  const focusAfterAnswer = useRef(false);
  useEffect(() => {
    if (!focusAfterAnswer.current || busy) return;
    const target = applied ? remove.current : input.current;
    if (!target) return;
    focusAfterAnswer.current = false;
    target.focus();
  });
  const act = (action: () => void): void => {
    if (busy) return;
    focusAfterAnswer.current = true;
    action();
  };
  const errorId = 'checkout-giftCardCode-error';
  return (
    <div className="checkout-section checkout-gift-card">
      {applied ? (
        <div className="checkout-gift-card__applied">
          <p>
            <strong>{CHECKOUT.giftCardLine(applied.last4)}</strong>{' '}
            {/* "$0.00 stays on the gift card" reads as if something were left */}
            <span>{applied.balanceAfterCents > 0 ? CHECKOUT.giftCardBalanceAfter(money(applied.balanceAfterCents)) : CHECKOUT.giftCardSpentWhole}</span>
          </p>
          <button type="button" className="checkout-gift-card__remove" ref={remove} onClick={() => act(onRemove)}>{CHECKOUT.giftCardRemove}</button>
        </div>
      ) : (
        <div className={error ? 'checkout-field has-error' : 'checkout-field'}>
          <label htmlFor="checkout-giftCardCode">{CHECKOUT.giftCardCodeLabel}</label>
          <div className="checkout-gift-card__entry">
            {/* letters and digits as printed on the card: capitals, no spelling fixes, no saved values, the full keyboard */}
            <input id="checkout-giftCardCode" name="giftCardCode" type="text" ref={input} value={typed} autoComplete="off" autoCapitalize="characters"
              spellCheck={false} inputMode="text" enterKeyHint="go" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}
              onChange={(event) => onType(event.target.value)}
              onKeyDown={(event) => {
                // Enter applies the code rather than placing the order
                if (event.key !== 'Enter') return;
                event.preventDefault();
                act(onApply);
              }} />
            <button type="button" className="checkout-gift-card__apply" onClick={() => act(onApply)}>{CHECKOUT.giftCardApply}</button>
          </div>
          {error && <p className="field-error" id={errorId}>{error}</p>}
        </div>
      )}
      <p className="visually-hidden" role="status">{announcement}</p>
    </div>
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
