/**
 * A save the server refused: what the line by the form's button says, and the focus moved to what
 * needs correcting, scrolled into view (on a phone the marked fields may be far above the button,
 * and a button disabled while saving has dropped the focus).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { ADMIN } from '../lib/admin-messages.ts';
import type { FieldErrors } from './admin-api.ts';

/** The line by the button: the field errors are shown under their fields, above it. */
export function refusalText(answer: { message: string; fieldErrors: FieldErrors }): string {
  return Object.keys(answer.fieldErrors).length > 0 ? ADMIN.fixErrors : answer.message;
}

/** Focuses the first field of `form` marked invalid, or an error message that comes before any, and scrolls it to the middle of the window. */
export function focusFirstError(form: HTMLElement): void {
  const target = form.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
  if (!target) return;
  // a message (a problem of a whole list, or of no field) takes the focus without joining the Tab order
  if (!target.matches('input, select, textarea, button') && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus({ preventScroll: true });
  // not in every test DOM
  target.scrollIntoView?.({ block: 'center' });
}

/**
 * The ref for a form, and what to call with a refusal's state updates: once they are drawn
 * (the field errors marked, the form enabled again), the focus goes to the first error.
 */
export function useErrorFocus(): [RefObject<HTMLFormElement | null>, () => void] {
  const form = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0 && form.current) focusFirstError(form.current);
  }, [refusals]);
  const refused = useCallback(() => setRefusals((count) => count + 1), []);
  return [form, refused];
}
