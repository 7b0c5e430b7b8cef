/**
 * Colour maths of the content plugins: hex weight, the luminance rule for
 * dark colours, and CSS output of a website colour given as HSL(A).
 */
import { messages } from '../../messages.ts';
import { asRecord } from '../../runtime/values.ts';
import { doubleOf } from '../core/node-coercion.ts';

const HEX_DIGITS = /^[0-9a-f]{3,6}$/i;

/** Half of the brightest 24-bit colour, rounded down: above it a colour counts as light. */
const HALF_BRIGHT = Math.floor(0xffffff / 2);

/** Luminance (of 256) under which a colour reads as dark. */
export const DARK_LUMINANCE_THRESHOLD = 0.65 * 256;

/**
 * The 24-bit value of a hex colour ('#abc', 'aabbcc'; every '#' ignored), or
 * undefined when it is not 3 to 6 hex digits. Like the reference, 4 and 5
 * digit strings pass the check but carry no colour, so their value is 0.
 */
export function hexColourValue(text: string): number | undefined {
  const hex = text.replace(/#/g, '');
  if (!HEX_DIGITS.test(hex)) return undefined;
  if (hex.length === 3) {
    return parseInt(hex[0]! + hex[0] + hex[1] + hex[1] + hex[2] + hex[2], 16);
  }
  return hex.length === 6 ? parseInt(hex, 16) : 0;
}

/** 'light' or 'dark' for a hex colour, by its 24-bit value (the color-weight formatter's rule). */
export function colourWeight(text: string): 'light' | 'dark' | undefined {
  const value = hexColourValue(text);
  if (value === undefined) return undefined;
  return value > HALF_BRIGHT ? 'light' : 'dark';
}

/** Red, green and blue channels (0–255) of a 24-bit colour value. */
export function channels(value: number): [number, number, number] {
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** Perceived luminance (0–255) of a colour: the Rec. 601 weighting of its channels. */
export function luminance(value: number): number {
  const [r, g, b] = channels(value);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** Whether a hex colour is dark: luminance below 0.65 of 256. Undefined for text that is not a colour. */
export function isDarkColour(text: string): boolean | undefined {
  const value = hexColourValue(text);
  return value === undefined ? undefined : luminance(value) < DARK_LUMINANCE_THRESHOLD;
}

export type ColourResult = { ok: true; css: string } | { ok: false; message: string };

const twoPlaces = (n: number): number => parseFloat(n.toFixed(2));

const inUnitRange = (n: number): boolean => n >= 0 && n <= 1;

/**
 * CSS text of a website colour `{hue, saturation, lightness, alpha?}`: hue in
 * degrees 0–360, the others fractions 0–1 (saturation and lightness become
 * percentages). `hsla(...)` when alpha is given, `hsl(...)` otherwise.
 */
export function websiteColourCss(colour: unknown): ColourResult {
  const hueNode = asRecord(colour)?.hue;
  const saturationNode = asRecord(colour)?.saturation;
  const lightnessNode = asRecord(colour)?.lightness;
  if (hueNode === undefined || saturationNode === undefined || lightnessNode === undefined) {
    return { ok: false, message: messages.colourMissingHsl };
  }
  const alphaNode = asRecord(colour)?.alpha;
  // Read as the reference's JSON nodes read themselves (text that is not a number is 0).
  const hue = doubleOf(hueNode);
  const saturation = doubleOf(saturationNode);
  const lightness = doubleOf(lightnessNode);
  const alpha = alphaNode === undefined ? undefined : doubleOf(alphaNode);

  // One sentence per value out of bounds, in the reference's order and comparisons (a NaN hue passes).
  let problems = '';
  if (hue < 0 || hue > 360) problems += messages.colourHueOutOfBounds;
  if (!inUnitRange(saturation)) problems += messages.colourSaturationOutOfBounds;
  if (!inUnitRange(lightness)) problems += messages.colourLightnessOutOfBounds;
  if (alpha !== undefined && (alpha < 0 || alpha > 1)) problems += messages.colourAlphaOutOfBounds;
  if (problems !== '') return { ok: false, message: problems };

  const body = `${twoPlaces(hue)}, ${twoPlaces(saturation * 100)}%, ${twoPlaces(lightness * 100)}%`;
  const css = alpha === undefined ? `hsl(${body})` : `hsla(${body}, ${twoPlaces(alpha)})`;
  return { ok: true, css };
}
