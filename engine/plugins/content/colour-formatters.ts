/** color-weight and website-color. */
import { textOf } from '../core/node-coercion.ts';
import type { Formatter } from '../types.ts';
import { colourWeight, websiteColourCss } from './colour.ts';

/** 'light' or 'dark' for a hex colour; missing when the text is not a colour. */
const colorWeight: Formatter = {
  apply: (value) => colourWeight(textOf(value)),
};

/** CSS hsl()/hsla() text of a `{hue, saturation, lightness, alpha?}` colour, or the reason it has none. */
const websiteColor: Formatter = {
  apply(value) {
    const result = websiteColourCss(value);
    return result.ok ? result.css : result.message;
  },
};

export const colourFormatters = {
  'color-weight': colorWeight,
  'website-color': websiteColor,
} satisfies Record<string, Formatter>;
