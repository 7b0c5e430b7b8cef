/**
 * Escape closes an inline panel (the Mark fulfilled form, a variant's History), wherever the focus
 * is on the page: the button that opened it keeps the focus after it is pressed, outside the panel,
 * so a key handler on the panel alone never hears it. `keepOpen` says when Escape must not close
 * it: closing would lose typing, or move the focus out of a field whose leaving does something
 * (Inventory saves a count as its field is left). A panel's own handler that already dealt with
 * the key (`preventDefault`) is left alone, and so is an Escape a native control used (a select's
 * open list).
 */
import { useEffect, useRef } from 'react';

/** True for a control the owner types or chooses in (a box to tick is not one: it holds no typing). */
export function isField(target: EventTarget | null): boolean {
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
    || (target instanceof HTMLElement && target.isContentEditable);
}

/** While `open`, Escape calls `close` unless `keepOpen` says otherwise for that key press. */
export function useEscapeCloses(open: boolean, close: () => void, keepOpen: (event: KeyboardEvent) => boolean = () => false): void {
  // the latest callbacks, so the listener is not added again on every render
  const latest = useRef({ close, keepOpen });
  latest.current = { close, keepOpen };
  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || latest.current.keepOpen(event)) return;
      event.preventDefault();
      latest.current.close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
}
