/**
 * The fixed cart pill steps aside while a control of the page lies under it: on a phone the
 * pill covered the right end of a product's Size box, its arrow included, and a tap meant for the
 * box opened the cart. While a form field or button sits under one of a few points of the
 * pill, the pill fades out and lets taps through (the header's cart link is always there); it
 * comes back once the page scrolls the control clear. A pill that has the focus stays, so a
 * keyboard user never loses what they are on.
 */
import { useEffect, type RefObject } from 'react';

/** The class that fades the pill out and lets taps through (client/styles.css). */
export const STEPPING_ASIDE = 'is-stepping-aside';

/**
 * What the pill gets out of the way of: a form's controls, their labels, and buttons, small targets
 * whose covered part a tap cannot avoid. Links are left out: a product card is one large link, and
 * over a shop's grid the pill would be gone most of the time, while a covered corner of a card
 * leaves the rest of it to tap.
 */
const CONTROL = 'button, input, select, textarea, summary, label, [role="button"]';

/** Whether a control of the page is under the pill: checked at its corners, inset a little, and its middle. */
export function controlUnder(pill: HTMLElement): boolean {
  const box = pill.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  const inset = 4;
  const xs = [box.left + inset, box.left + box.width / 2, box.right - inset];
  const ys = [box.top + inset, box.bottom - inset];
  for (const x of xs) {
    for (const y of ys) {
      for (const element of document.elementsFromPoint(x, y)) {
        if (pill.contains(element)) continue;
        if (element.closest(CONTROL) !== null) return true;
      }
    }
  }
  return false;
}

/** Keeps `pillRef`'s element out of the way of the controls under it while `active` (the pill is shown). */
export function usePillStepsAside(pillRef: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const pill = pillRef.current;
    if (!active || pill === null || typeof document.elementsFromPoint !== 'function') return undefined;
    let frame = 0;
    const check = (): void => {
      frame = 0;
      const stepAside = document.activeElement !== pill && controlUnder(pill);
      pill.classList.toggle(STEPPING_ASIDE, stepAside);
    };
    const soon = (): void => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', soon, { passive: true });
    window.addEventListener('resize', soon);
    // the page's own layout moves too, with no scroll: a picture or font loading, an island taking
    // its place (a slow phone checked before they were in would keep the pill aside until a scroll)
    window.addEventListener('load', soon);
    const layout = typeof ResizeObserver === 'function' ? new ResizeObserver(soon) : null;
    layout?.observe(document.body);
    // a control that opens or closes (a disclosure, an added line) moves what lies under the pill
    document.addEventListener('click', soon, true);
    pill.addEventListener('focus', soon);
    pill.addEventListener('blur', soon);
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', soon);
      window.removeEventListener('resize', soon);
      window.removeEventListener('load', soon);
      layout?.disconnect();
      document.removeEventListener('click', soon, true);
      pill.removeEventListener('focus', soon);
      pill.removeEventListener('blur', soon);
      pill.classList.remove(STEPPING_ASIDE);
    };
  }, [pillRef, active]);
}
