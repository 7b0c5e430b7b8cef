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

/** Widths the image service renders, smallest first. */
export const SRCSET_WIDTHS = ['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'] as const;

/** Longest alt text taken from an item's body. */
export const MAX_ALT_TEXT_LENGTH = 250;

export const DEFAULT_FOCAL_POINT = '0.5,0.5';

const INTEGER = /^[+-]?\d+$/;

/** Width and height from an `originalSize` such as "1500x983", or undefined when it is not two integers. */
export function splitDimensions(originalSize: unknown): [number, number] | undefined {
  const parts = splitNonEmpty(textOf(originalSize), 'x');
  if (parts.length !== 2 || !INTEGER.test(parts[0]!) || !INTEGER.test(parts[1]!)) return undefined;
  return [parseInt(parts[0]!, 10), parseInt(parts[1]!, 10)];
}

const INT_MAX = 2 ** 31 - 1;
const INT_MIN = -(2 ** 31);

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
 * the height for a requested width. Undefined when the size cannot be read.
 */
export function resizedLength(originalSize: unknown, requested: number, fromHeight: boolean): number | undefined {
  const dimensions = splitDimensions(originalSize);
  if (dimensions === undefined) return undefined;
  const [width, height] = dimensions;
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
 * as the next standard width up when the largest variant is not the largest
 * standard width. Empty when the image is missing or has no width variants.
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
