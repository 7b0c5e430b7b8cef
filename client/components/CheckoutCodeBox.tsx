/**
 * A code the checkout applies through the server's quote (a discount code, a gift card): its box
 * with Apply, or once the quote applied it, what it does and Remove. Enter in the box applies the
 * code rather than placing the order; the outcome is announced, a refusal as much as a code
 * applied (the focus is in the box already, so its error alone would be heard by no one); the focus
 * goes to what replaced the button pressed: the box again after a refusal or a removal, and after an
 * Apply the words of what the code does, never its Remove, where a second Enter (a key held a moment
 * too long) would take the code away again. Each Apply is named by the code it applies, as a page
 * with a discount code and a gift card has two. The island asks the server; this draws the answer.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** What the island gives each code's box. */
export interface CodeBoxProps {
  typed: string;
  error: string | undefined;
  /** The server is asked for its totals with or without the code. */
  busy: boolean;
  /** Said politely once a code is applied or removed. */
  announcement: string;
  onType: (value: string) => void;
  onApply: () => void;
  onRemove: () => void;
}

export function CheckoutCodeBox({ field, block, label, applyText, applyWhat, removeText, applied, typed, error, busy, announcement, onType, onApply, onRemove }: CodeBoxProps & {
  /** The form field's name, which the box's id, its error's id and the server's field errors use. */
  field: string;
  /** The class the box and its parts are named from (`checkout-discount`, `checkout-discount__apply` …). */
  block: string;
  label: string;
  applyText: string;
  /** The code Apply applies, said after its word to screen readers only: 'discount code'. */
  applyWhat: string;
  removeText: string;
  /** What the applied code does, in words; null while none is applied. */
  applied: ReactNode | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  // Apply and Remove each take away what had the focus: once the answer is drawn, the focus goes to
  // what replaced it (what the code does once applied, else the box, whose error it then reads)
  const focusAfterAnswer = useRef(false);
  // The refusal an Apply met, for the status region: emptied as each Apply starts, so the same
  // refusal again is read again.
  const [refusalSaid, setRefusalSaid] = useState('');
  const isApplied = applied !== null;
  useEffect(() => {
    if (!focusAfterAnswer.current || busy) return;
    const target = isApplied ? summary.current : input.current;
    if (!target) return;
    focusAfterAnswer.current = false;
    target.focus();
    if (!isApplied && error) setRefusalSaid(error);
  });
  const act = (action: () => void): void => {
    if (busy) return;
    focusAfterAnswer.current = true;
    setRefusalSaid('');
    action();
  };
  const inputId = `checkout-${field}`;
  const errorId = `checkout-${field}-error`;
  return (
    <div className={`checkout-section ${block}`}>
      {isApplied ? (
        <div className={`${block}__applied`}>
          <p className={`${block}__summary`} ref={summary} tabIndex={-1}>{applied}</p>
          <button type="button" className={`${block}__remove`} onClick={() => act(onRemove)}>{removeText}</button>
        </div>
      ) : (
        <div className={error ? 'checkout-field has-error' : 'checkout-field'}>
          <label htmlFor={inputId}>{label}</label>
          <div className={`${block}__entry`}>
            {/* a code as printed: capitals, no spelling fixes, no saved values, the full keyboard */}
            <input id={inputId} name={field} type="text" ref={input} value={typed} autoComplete="off" autoCapitalize="characters"
              spellCheck={false} inputMode="text" enterKeyHint="go" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}
              onChange={(event) => onType(event.target.value)}
              onKeyDown={(event) => {
                // Enter applies the code rather than placing the order
                if (event.key !== 'Enter') return;
                event.preventDefault();
                act(onApply);
              }} />
            <button type="button" className={`${block}__apply`} onClick={() => act(onApply)}>
              {applyText}<span className="visually-hidden"> {applyWhat}</span>
            </button>
          </div>
          {error && <p className="field-error" id={errorId}>{error}</p>}
        </div>
      )}
      <p className="visually-hidden" role="status">{refusalSaid || announcement}</p>
    </div>
  );
}
