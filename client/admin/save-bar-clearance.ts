/**
 * A save bar that stays at the foot of the window (the product editor's, admin.css `.admin-save-bar`)
 * must never cover the field being typed in: its height, measured as it changes (a line said by Save
 * wraps it taller), is the page's `scroll-padding-bottom` (`--admin-save-bar-height` on the root), so
 * the browser scrolls a focused field, and whatever it scrolls into view, above the bar rather than
 * under it. An on-screen keyboard covers the bar itself (it sits at the foot of the layout viewport),
 * and a layout viewport shrunk for the keyboard moves the bar up with the padding. Gone with the bar.
 */
import { useEffect, type RefObject } from 'react';

export const SAVE_BAR_HEIGHT = '--admin-save-bar-height';

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
    return () => {
      observer?.disconnect();
      root.style.removeProperty(SAVE_BAR_HEIGHT);
    };
  }, [bar, shown]);
}
