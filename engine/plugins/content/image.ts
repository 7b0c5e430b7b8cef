/**
 * Image maths and markup of the content plugins: original-size parsing,
 * proportional resizing, Squarespace thumbnail widths, srcset lists, focal
 * points, alt text and the shared `data-*` attributes of an image.
 */
import { textOf } from '../core/node-coercion.ts';
import { asRecord, isObject, isTruthy } from '../../runtime/values.ts';
import { asDouble, javaDoubleText } from './json-scalars.ts';
import { escapeHtmlAttribute } from '../core/html-escape.ts';
import { removeTags, splitNonEmpty } from './text.ts';
import { notAnInt } from '../core/runtime-failure.ts';
import { parseInt32 } from '../core/java-text.ts';

/** Widths the image service renders, smallest first. */
export const SRCSET_WIDTHS = ['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'] as const;

/** Longest alt text taken from an item's body. */
export const MAX_ALT_TEXT_LENGTH = 250;

export const DEFAULT_FOCAL_POINT = '0.5,0.5';

const INT_MAX = 2 ** 31 - 1;
const INT_MIN = -(2 ** 31);

/**
 * The two pieces of an `originalSize` such as "1500x983" (empty pieces between
 * the x's skipped), or undefined when there are not exactly two. The pieces
 * are read as numbers only where a formatter needs them (pixelSize).
 */
export function splitDimensions(originalSize: unknown): [string, string] | undefined {
  const parts = splitNonEmpty(textOf(originalSize), 'x');
  return parts.length === 2 ? [parts[0]!, parts[1]!] : undefined;
}

/**
 * One piece of an `originalSize` as a 32-bit integer. Anything else (`a`,
 * `1.5`, `3000000000`) fails the render of the instruction, as it does in the
 * Java reference, rather than printing a size nobody stored.
 */
export function pixelSize(piece: string): number {
  const value = parseInt32(piece);
  if (value === undefined) throw notAnInt(piece);
  return value;
}

/** A Java (int) cast of a float: NaN is 0, out-of-range values saturate, the rest truncate. */
function toJavaInt(value: number): number {
  if (Number.isNaN(value)) return 0;
  if (value >= INT_MAX) return INT_MAX;
  if (value <= INT_MIN) return INT_MIN;
  return Math.trunc(value);
}

/**
 * The other side of an image scaled so one side has the requested length,
 * computed in single precision as the reference does (so results match it to
 * the pixel). `fromHeight` scales the width for a requested height; otherwise
 * the height for a requested width. Undefined when the size is not two
 * pieces; throws (pixelSize) when a piece is not a whole number.
 */
export function resizedLength(originalSize: unknown, requested: number, fromHeight: boolean): number | undefined {
  const pieces = splitDimensions(originalSize);
  if (pieces === undefined) return undefined;
  const width = pixelSize(pieces[0]);
  const height = pixelSize(pieces[1]);
  const ratio = Math.fround(Math.fround(requested) / Math.fround(fromHeight ? height : width));
  const scaled = Math.fround(Math.fround(fromHeight ? width : height) * ratio);
  return toJavaInt(scaled);
}

/** The Squarespace thumbnail variant to request for an image shown `width` pixels wide. */
export function thumbnailVariantForWidth(width: number): string {
  if (width > 1000) return '1500w';
  if (width > 750) return '1000w';
  if (width > 500) return '750w';
  if (width > 300) return '500w';
  if (width > 100) return '300w';
  return '100w';
}

/**
 * The ` srcset="..."` attribute (with its leading space) of an image from its
 * `systemDataVariants`: one entry per width variant, plus the original image
 * as the next standard width up when the largest variant is a standard width
 * other than the largest. The original is labelled with that next width, not
 * its own (a 400-wide original with 100w and 300w variants is `500w`), as the
 * Java reference does. Empty when the image is missing or has no width variants.
 */
export function srcsetAttribute(image: unknown): string {
  if (image === undefined) return '';
  const assetUrl = textOf(asRecord(image)?.assetUrl);
  const variants = textOf(asRecord(image)?.systemDataVariants)
    .split(',')
    .filter((variant) => variant.endsWith('w'));
  if (variants.length === 0) return '';

  const entries = variants.map((variant) => `${assetUrl}?format=${variant} ${variant}`);
  const largest = variants[variants.length - 1]!;
  const standardIndex = (SRCSET_WIDTHS as readonly string[]).indexOf(largest);
  if (standardIndex !== -1 && standardIndex < SRCSET_WIDTHS.length - 1) {
    entries.push(`${assetUrl}?format=original ${SRCSET_WIDTHS[standardIndex + 1]}`);
  }
  return ` srcset="${entries.join(',')}"`;
}

/** "x,y" of a media's focal point, printed as doubles; the centre when none is set. */
export function focalPoint(media: unknown): string {
  const point = asRecord(media)?.mediaFocalPoint;
  if (point === undefined) return DEFAULT_FOCAL_POINT;
  const coordinates = asRecord(point);
  const x = asDouble(coordinates?.x);
  const y = asDouble(coordinates?.y);
  return x === 0.5 && y === 0.5 ? DEFAULT_FOCAL_POINT : `${javaDoubleText(x)},${javaDoubleText(y)}`;
}

/** Alt text of a content item: its title, else its body without tags (cut to 250), else its file name. */
export function altTextFromItem(item: unknown): string {
  const fields = asRecord(item);
  const title = fields?.title;
  if (isTruthy(title)) return textOf(title);

  const body = fields?.body;
  if (isTruthy(body)) {
    const text = removeTags(textOf(body));
    if (text.length > 0) return text.substring(0, MAX_ALT_TEXT_LENGTH);
  }

  const filename = fields?.filename;
  if (isTruthy(filename)) return textOf(filename);
  return '';
}

/**
 * The `data-*` and `alt` attributes an image element carries (each followed
 * by a space), or '' for a missing image. `altText` overrides the text taken
 * from the item; it is escaped here.
 */
export function imageMetaAttributes(image: unknown, altText?: string): string {
  if (image === undefined) return '';
  const fields = asRecord(image);
  const assetUrl = textOf(fields?.assetUrl);
  const componentKey = fields?.componentKey;
  const alt = altText ?? altTextFromItem(image);

  let out = '';
  if (isObject(fields?.licensedAssetPreview)) out += 'data-licensed-asset-preview="true" ';
  if (componentKey !== undefined) out += `data-component-key="${textOf(componentKey)}" `;
  out += `data-src="${assetUrl}" `;
  out += `data-image="${assetUrl}" `;
  out += `data-image-dimensions="${textOf(fields?.originalSize)}" `;
  out += `data-image-focal-point="${focalPoint(image)}" `;
  out += `alt="${escapeHtmlAttribute(alt)}" `;
  return out;
}

/** Corner and centre keys of an image's `colorData` (each stored as `<key>Average`). */
export const COLOUR_POSITIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const;
