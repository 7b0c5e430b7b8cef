import sharp from 'sharp';
import type { ColorData } from '../db/color-data-column.ts';
import { DECODE } from './image-copies.ts';

function hex(red: number, green: number, blue: number): string {
  return [red, green, blue].map((value) => Math.round(value).toString(16).padStart(2, '0')).join('');
}

/** The side of the grid a picture is shrunk to: three by three regions of SIDE/3 pixels each. */
const SIDE = 48;
const REGION = SIDE / 3;

/**
 * Reads the colours of an image (its bytes or its file): shrunk to a small square and cut in three
 * by three regions, the averages of its corner regions and centre region, and of the whole
 * picture, which is the suggested background. Transparency shows over white.
 */
export async function imageColorData(input: Buffer | string): Promise<ColorData> {
  const { data } = await sharp(input, DECODE)
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(SIDE, SIDE, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const average = (fromX: number, fromY: number, width: number, height: number): string => {
    const sums = [0, 0, 0];
    for (let y = fromY; y < fromY + height; y += 1) {
      for (let x = fromX; x < fromX + width; x += 1) {
        const at = (y * SIDE + x) * 3;
        for (let channel = 0; channel < 3; channel += 1) sums[channel]! += data[at + channel]!;
      }
    }
    const count = width * height;
    return hex(sums[0]! / count, sums[1]! / count, sums[2]! / count);
  };
  const region = (column: number, row: number): string => average(column * REGION, row * REGION, REGION, REGION);
  return {
    topLeftAverage: region(0, 0),
    topRightAverage: region(2, 0),
    bottomLeftAverage: region(0, 2),
    bottomRightAverage: region(2, 2),
    centerAverage: region(1, 1),
    suggestedBgColor: average(0, 0, SIDE, SIDE),
  };
}
