import { describe, expect, it } from 'vitest';
import { messages } from '../../../../engine/messages.ts';
import {
  DARK_LUMINANCE_THRESHOLD,
  colourWeight,
  hexColourValue,
  isDarkColour,
  luminance,
  websiteColourCss,
} from '../../../../engine/plugins/content/colour.ts';

describe('hex colours', () => {
  it('reads 3 and 6 digit hex, with or without #, in any case', () => {
    expect(hexColourValue('#fff')).toBe(0xffffff);
    expect(hexColourValue('abc')).toBe(0xaabbcc);
    expect(hexColourValue('#A0B0C0')).toBe(0xa0b0c0);
  });

  it('rejects too short, too long and non-hex text', () => {
    expect(hexColourValue('ff')).toBeUndefined();
    expect(hexColourValue('1234567')).toBeUndefined();
    expect(hexColourValue('ggg')).toBeUndefined();
    expect(hexColourValue('')).toBeUndefined();
  });

  it('gives 4 and 5 digit text no colour, as the reference does', () => {
    expect(hexColourValue('ffff')).toBe(0);
    expect(colourWeight('fffff')).toBe('dark');
  });

  it('weighs colours by their 24-bit value around the half-bright point', () => {
    expect(colourWeight('#7fffff')).toBe('dark');
    expect(colourWeight('#800000')).toBe('light');
    expect(colourWeight('#fff')).toBe('light');
    expect(colourWeight('#000')).toBe('dark');
    expect(colourWeight('nope')).toBeUndefined();
  });

  it('calls a colour dark when its luminance is below 0.65 of 256', () => {
    expect(DARK_LUMINANCE_THRESHOLD).toBeCloseTo(166.4);
    // Greys have a luminance equal to their channel value.
    expect(luminance(0xa6a6a6)).toBeCloseTo(166);
    expect(isDarkColour('#a6a6a6')).toBe(true);
    expect(isDarkColour('#a7a7a7')).toBe(false);
    expect(isDarkColour('#ffff00')).toBe(false);
    expect(isDarkColour('#0000ff')).toBe(true);
    expect(isDarkColour('xyz')).toBeUndefined();
  });
});

describe('website colours (HSL)', () => {
  it('formats hsl and hsla with percentages and two decimals', () => {
    expect(websiteColourCss({ hue: 120, saturation: 0.5, lightness: 0.33333 })).toEqual({
      ok: true,
      css: 'hsl(120, 50%, 33.33%)',
    });
    expect(websiteColourCss({ hue: 10.005, saturation: 1, lightness: 0, alpha: 0.256 })).toEqual({
      ok: true,
      css: 'hsla(10.01, 100%, 0%, 0.26)',
    });
  });

  it('accepts the bounds themselves', () => {
    expect(websiteColourCss({ hue: 0, saturation: 0, lightness: 0, alpha: 0 }).ok).toBe(true);
    expect(websiteColourCss({ hue: 360, saturation: 1, lightness: 1, alpha: 1 }).ok).toBe(true);
  });

  it('rejects values just outside the bounds, one sentence per value', () => {
    const fail = (message: string) => ({ ok: false, message });
    const { colourHueOutOfBounds: hue, colourSaturationOutOfBounds: sat, colourLightnessOutOfBounds: light, colourAlphaOutOfBounds: alpha } = messages;
    expect(websiteColourCss({ hue: -0.01, saturation: 0.5, lightness: 0.5 })).toEqual(fail(hue));
    expect(websiteColourCss({ hue: 360.01, saturation: 0.5, lightness: 0.5 })).toEqual(fail(hue));
    expect(websiteColourCss({ hue: 1, saturation: 1.01, lightness: 0.5 })).toEqual(fail(sat));
    expect(websiteColourCss({ hue: 1, saturation: 0.5, lightness: -0.1 })).toEqual(fail(light));
    expect(websiteColourCss({ hue: 1, saturation: 0.5, lightness: 0.5, alpha: 1.5 })).toEqual(fail(alpha));
    expect(websiteColourCss({ hue: 361, saturation: 2, lightness: 2, alpha: -1 })).toEqual(fail(hue + sat + light + alpha));
    expect(websiteColourCss({ hue: 'NaN', saturation: 'NaN', lightness: 0.5 })).toEqual(fail(sat));
  });

  it('reads values as the reference reads JSON: text that is not a number is 0, null is present', () => {
    expect(websiteColourCss({ hue: 'red', saturation: 0.5, lightness: 0.5 })).toEqual({ ok: true, css: 'hsl(0, 50%, 50%)' });
    expect(websiteColourCss({ hue: '120', saturation: '0.5', lightness: null })).toEqual({ ok: true, css: 'hsl(120, 50%, 0%)' });
  });

  it('needs all of hue, saturation and lightness', () => {
    const missing = { ok: false, message: messages.colourMissingHsl };
    expect(websiteColourCss({ saturation: 0.5, lightness: 0.5 })).toEqual(missing);
    expect(websiteColourCss({ hue: 1, lightness: 0.5 })).toEqual(missing);
    expect(websiteColourCss({ hue: 1, saturation: 0.5 })).toEqual(missing);
    expect(websiteColourCss(undefined)).toEqual(missing);
  });
});
