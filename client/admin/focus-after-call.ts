/**
 * The focus kept through a form's call: the form's fieldset is disabled while the call is on its
 * way, which takes the focus from the control that holds it (the browser drops it to the page's
 * body, so the next Tab starts again from the top of the admin). Once answered, the focus goes
 * back to that control, or to the fallback given with the call when none had it or it is gone
 * (Save pressed with a tap, a button replaced by another), unless it went somewhere already (a
 * refused field).
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';

type Fallback = RefObject<HTMLElement | null>;

/** `busy` is the form's call on its way; call what it returns as each call starts, naming the fallback. */
export function useFocusAfterCall(busy: boolean): (fallback: Fallback) => void {
  const afterCall = useRef<{ held: HTMLElement | null; fallback: Fallback } | null>(null);
  useEffect(() => {
    const target = afterCall.current;
    if (busy || target === null) return;
    afterCall.current = null;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const element = target.held?.isConnected ? target.held : target.fallback.current;
    element?.focus();
  });
  return useCallback((fallback: Fallback) => {
    const focused = document.activeElement;
    afterCall.current = { held: focused instanceof HTMLElement && focused !== document.body ? focused : null, fallback };
  }, []);
}
