/**
 * A save bar that stays at the foot of the window (the product editor's, admin.css `.admin-save-bar`)
 * must never cover the field being typed in (WCAG 2.4.11):
 * - its height, measured as it changes (a line said by Save wraps it taller), is the page's
 *   `scroll-padding-bottom` (`--admin-save-bar-height` on the root), so what the browser scrolls into
 *   view (an error's field, a row moved) stops above the bar rather than under it;
 * - a field the focus reaches partly under it is scrolled clear: Chromium scrolls nothing for a field
 *   partly in sight (a description box in a phone on its side was left half under the bar); so is the
 *   focused field when the window changes size (the phone turned), which moves nothing by itself.
 * An on-screen keyboard covers the bar itself (it sits at the foot of the layout viewport); a layout
 * viewport shrunk for the keyboard moves the bar up, and the two rules above with it.
 */
import { useEffect, type RefObject } from 'react';

export const SAVE_BAR_HEIGHT = '--admin-save-bar-height';

/** Room left between a focused field and the bar (its focus ring is drawn 2 px outside it, 3 px wide). */
export const SAVE_BAR_MARGIN = 8;

export function useSaveBarClearance(bar: RefObject<HTMLElement | null>, shown: boolean): void {
  useEffect(() => {
    const element = bar.current;
    if (!shown || !element) return undefined;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(SAVE_BAR_HEIGHT, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    measure();
    // no ResizeObserver (an old browser): the height first measured stands
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    const clear = (field: EventTarget | null) => {
      // only what comes before the bar can be under it; its own buttons are not
      if (!(field instanceof HTMLElement) || !(element.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_PRECEDING)) return;
      // once the browser has done its own scrolling for the focus (or its layout for a new size)
      requestAnimationFrame(() => {
        const box = field.getBoundingClientRect();
        const under = box.bottom + SAVE_BAR_MARGIN - element.getBoundingClientRect().top;
        if (under <= 0) return;
        // a field taller than the room above the bar shows its top, where typing starts
        window.scrollBy({ top: Math.min(under, box.top - SAVE_BAR_MARGIN) });
      });
    };
    const onFocusIn = (event: FocusEvent) => clear(event.target);
    // a phone turned on its side keeps the focus where it was, which the new layout may put under the bar
    const onResize = () => clear(document.activeElement);
    document.addEventListener('focusin', onFocusIn);
    window.addEventListener('resize', onResize);
    return () => {
      observer?.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      window.removeEventListener('resize', onResize);
      root.style.removeProperty(SAVE_BAR_HEIGHT);
    };
  }, [bar, shown]);
}
