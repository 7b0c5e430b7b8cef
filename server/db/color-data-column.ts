/**
 * product_images.color_data (and a seeded gallery image's data.colorData) as the code reads it:
 * JSON of the six colours, NULL until the image was read (server/admin/image-color-data.ts).
 */

/**
 * An image's colours as the platform gives them with an image item (`colorData`): the average of
 * each corner and of the centre, and the colour to show behind it (`suggestedBgColor`), each a hex
 * colour without its '#' ("a1b2c3"), since templates write `#{colorData.suggestedBgColor}`.
 */
export interface ColorData {
  topLeftAverage: string;
  topRightAverage: string;
  bottomLeftAverage: string;
  bottomRightAverage: string;
  centerAverage: string;
  suggestedBgColor: string;
}

const NEUTRAL = 'e6e6e6';

/** What an image whose colours are not known yet (its file missing, not read yet) gives: a light neutral grey. */
export const NEUTRAL_COLOR_DATA: Readonly<ColorData> = Object.freeze({
  topLeftAverage: NEUTRAL,
  topRightAverage: NEUTRAL,
  bottomLeftAverage: NEUTRAL,
  bottomRightAverage: NEUTRAL,
  centerAverage: NEUTRAL,
  suggestedBgColor: NEUTRAL,
});

const KEYS = Object.keys(NEUTRAL_COLOR_DATA) as (keyof ColorData)[];
const HEX = /^[0-9a-f]{6}$/;

/** Stored colour data read back: null unless every colour is there, as a six-digit hex. */
export function storedColorData(value: unknown): ColorData | null {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (parsed === null || typeof parsed !== 'object') return null;
  const record = parsed as Record<string, unknown>;
  const colours: Partial<ColorData> = {};
  for (const key of KEYS) {
    const colour = record[key];
    if (typeof colour !== 'string' || !HEX.test(colour)) return null;
    colours[key] = colour;
  }
  return colours as ColorData;
}

/** An image's colours for templates: the stored ones, else the neutral grey. */
export function colorDataOrNeutral(value: unknown): ColorData {
  return storedColorData(value) ?? { ...NEUTRAL_COLOR_DATA };
}
