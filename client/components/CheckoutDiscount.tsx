/**
 * The checkout's discount code: its box with Apply before the gift card and the payment card, or
 * once the server's quote applied it, the code, what it takes off and Remove; and its line in the
 * totals (a deduction between the subtotal and the shipping). The island asks the server; this
 * draws the answer.
 */
import { useEffect, useRef } from 'react';
import { CHECKOUT } from '../lib/messages.ts';

export interface AppliedDiscount { code: string; freeShipping: boolean }

export function CheckoutDiscount({ typed, applied, discountCents, error, busy, announcement, money, onType, onApply, onRemove }: {
  typed: string;
  applied: AppliedDiscount | null;
  /** What the applied code takes off this order (a free-shipping code: the shipping's cost). */
  discountCents: number;
  error: string | undefined;
  /** The server is asked for its totals with or without the code. */
  busy: boolean;
  /** Said politely once a code is applied or removed. */
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
  const errorId = 'checkout-discountCode-error';
  return (
    <div className="checkout-section checkout-discount">
      {applied ? (
        <div className="checkout-discount__applied">
          {/* free shipping where the shipping chosen is free already takes nothing off: said in words, not "$0.00" */}
          <p><strong>{CHECKOUT.discountLine(applied.code)}</strong> <span>{discountCents === 0 && applied.freeShipping ? CHECKOUT.discountShippingFreeAlready : money(-discountCents)}</span></p>
          <button type="button" className="checkout-discount__remove" ref={remove} onClick={() => act(onRemove)}>{CHECKOUT.discountRemove}</button>
        </div>
      ) : (
        <div className={error ? 'checkout-field has-error' : 'checkout-field'}>
          <label htmlFor="checkout-discountCode">{CHECKOUT.discountCodeLabel}</label>
          <div className="checkout-discount__entry">
            {/* a code as the shop prints it: capitals, no spelling fixes, no saved values, the full keyboard */}
            <input id="checkout-discountCode" name="discountCode" type="text" ref={input} value={typed} autoComplete="off" autoCapitalize="characters"
              spellCheck={false} inputMode="text" enterKeyHint="go" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}
              onChange={(event) => onType(event.target.value)}
              onKeyDown={(event) => {
                // Enter applies the code rather than placing the order
                if (event.key !== 'Enter') return;
                event.preventDefault();
                act(onApply);
              }} />
            <button type="button" className="checkout-discount__apply" onClick={() => act(onApply)}>{CHECKOUT.discountApply}</button>
          </div>
          {error && <p className="field-error" id={errorId}>{error}</p>}
        </div>
      )}
      <p className="visually-hidden" role="status">{announcement}</p>
    </div>
  );
}

/**
 * The totals' line of an applied code: what it takes off, as a deduction (placed before the
 * shipping); none while it takes nothing off, as the order's confirmation will have none.
 */
export function DiscountTotals({ applied, discountCents, money }: { applied: AppliedDiscount | null; discountCents: number; money: (cents: number) => string }) {
  if (!applied || discountCents === 0) return null;
  return <><dt>{CHECKOUT.discountLine(applied.code)}</dt><dd className="discount-deduction">{money(-discountCents)}</dd></>;
}
