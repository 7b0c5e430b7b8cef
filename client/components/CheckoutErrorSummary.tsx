/**
 * The list of the checkout's field problems, shown above the fields when there are several: on a
 * phone the form is long, and the marks under far-away fields are out of sight. Each entry names
 * its field and links to it; following a link puts the focus in the field (a plain jump to it
 * would leave the keyboard where it was).
 */
import type { MouseEvent } from 'react';
import { CHECKOUT } from '../lib/messages.ts';

export interface CheckoutProblem {
  /** The id of the control to correct. */
  fieldId: string;
  label: string;
  message: string;
}

export function CheckoutErrorSummary({ problems }: { problems: readonly CheckoutProblem[] }) {
  if (problems.length < 2) return null;
  const focusField = (event: MouseEvent<HTMLAnchorElement>, fieldId: string): void => {
    const field = document.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    field.focus();
  };
  return (
    <div className="checkout-error-summary">
      <h2 id="checkout-error-summary-heading">{CHECKOUT.problemsHeading}</h2>
      <ul>
        {problems.map((problem) => (
          <li key={problem.fieldId}>
            <a href={`#${problem.fieldId}`} onClick={(event) => focusField(event, problem.fieldId)}>
              {CHECKOUT.problemAt(problem.label, problem.message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
