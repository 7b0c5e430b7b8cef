/**
 * The contrast of controls drawn as a lone symbol (a dialog's ×, a lightbox's ‹ ›) with what lies
 * behind them. axe-core leaves such text out of its colour-contrast rule (it takes symbols for
 * icons), yet a person still has to see them: WCAG 1.4.11 asks 3:1 of a control's graphics.
 */
import type { Page } from 'playwright-core';

/** WCAG 1.4.11: a control's graphics against what is next to them. */
export const NON_TEXT_CONTRAST = 3;

export interface GlyphContrast {
  /** The control's accessible name (its aria-label) or its text. */
  name: string;
  /** The lowest contrast of its colour against the backgrounds it may lie on. */
  ratio: number;
  color: string;
}

/**
 * Each element matching `selector`: its text colour against the backgrounds under it, laid over one
 * another up to the first opaque one (the page's white if none is). A control with a translucent
 * background of its own may lie over a photo: it is measured over white and over black too, and the
 * lowest ratio counts.
 */
export async function glyphContrasts(page: Page, selector: string): Promise<GlyphContrast[]> {
  return page.locator(selector).evaluateAll((elements) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const parts = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    // `top` laid over an opaque `under`
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
    const ratio = (a: Rgba, b: Rgba): number => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    /** The backgrounds from the element up to the first opaque one, nearest first. */
    const layers = (element: Element): Rgba[] => {
      const found: Rgba[] = [];
      for (let at: Element | null = element; at !== null; at = at.parentElement) {
        const background = parse(getComputedStyle(at).backgroundColor);
        if (background[3] > 0) found.push(background);
        if (background[3] >= 1) break;
      }
      return found;
    };
    const laidOver = (stack: Rgba[], base: Rgba): Rgba => stack.reduceRight((under, top) => over(top, under), base);
    const white: Rgba = [255, 255, 255, 1];
    const black: Rgba = [0, 0, 0, 1];
    return elements.map((element) => {
      const style = getComputedStyle(element);
      const color = parse(style.color);
      const stack = layers(element);
      const backgrounds = [laidOver(stack, white)];
      const own = parse(style.backgroundColor);
      if (own[3] > 0 && own[3] < 1) backgrounds.push(over(own, white), over(own, black));
      const text = over(color, backgrounds[0]!);
      return {
        name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '',
        ratio: Math.min(...backgrounds.map((background) => ratio(text, background))),
        color: style.color,
      };
    });
  });
}
