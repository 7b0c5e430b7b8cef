/**
 * The contrast of the focused element's focus ring (its outline) with what lies behind the ring.
 * An outline is drawn outside the element (with its offset), so what it lies on is the parent's
 * background, laid over those under it up to the first opaque one (the page's white if none is).
 * WCAG 1.4.11 (and 2.4.11's focus appearance) ask 3:1 of it.
 */
import type { Page } from 'playwright-core';

export interface FocusRing {
  /** The focused element's text or aria-label. */
  name: string;
  outlineStyle: string;
  outlineColor: string;
  /** The ring's colour against the background behind it. */
  ratio: number;
}

/** The focus ring of `document.activeElement`, or null when nothing is focused. */
export async function focusRing(page: Page): Promise<FocusRing | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (element === null || element === document.body) return null;
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const parts = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3];
      return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
    };
    const luminance = ([r, g, b]: Rgba): number => {
      const channel = (value: number): number => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    let behind: Rgba = [255, 255, 255, 1];
    const stack: Rgba[] = [];
    // an element placed over others (the skip link over the header) lies on what is drawn under it, not its parent
    const start = getComputedStyle(element).position === 'absolute'
      ? document.elementsFromPoint(element.getBoundingClientRect().left - 1, element.getBoundingClientRect().top + 1)[0] ?? element.parentElement
      : element.parentElement;
    for (let at: Element | null = start; at !== null; at = at.parentElement) {
      const background = parse(getComputedStyle(at).backgroundColor);
      if (background[3] > 0) stack.push(background);
      if (background[3] >= 1) break;
    }
    behind = stack.reduceRight((under, top) => over(top, under), behind);
    const style = getComputedStyle(element);
    const ring = over(parse(style.outlineColor), behind);
    const [light, dark] = [luminance(ring), luminance(behind)].sort((x, y) => y - x) as [number, number];
    return {
      name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '',
      outlineStyle: style.outlineStyle,
      outlineColor: style.outlineColor,
      ratio: (light + 0.05) / (dark + 0.05),
    };
  });
}
