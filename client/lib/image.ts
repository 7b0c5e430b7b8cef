/**
 * The image component's rules: src, width and height required; positive
 * integers (separate messages for negative and non-integer); alt required,
 * empty allowed; priority high, low or null; loader sqs or raw; srcset only
 * with raw; sizes required with sqs. And the srcset widths.
 */
import { IMAGE } from './messages.ts';

export const SRCSET_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;

export interface ImageInput {
  src?: string;
  width?: number;
  height?: number;
  alt?: string;
  priority?: 'high' | 'low' | null;
  loader?: 'sqs' | 'raw';
  srcset?: string;
  sizes?: string;
  /** The widths of the resized copies the store has of src (`?format=Nw`); none when omitted. */
  copyWidths?: readonly number[];
}

function dimensionError(name: 'width' | 'height', value: number | undefined): string | null {
  if (value === undefined || value === null) return name === 'width' ? IMAGE.widthRequired : IMAGE.heightRequired;
  if (typeof value !== 'number' || Number.isNaN(value)) return IMAGE.notInteger(name);
  if (value <= 0) return IMAGE.negative(name);
  if (!Number.isInteger(value)) return IMAGE.notInteger(name);
  return null;
}

export function validateImageInput(input: ImageInput): string[] {
  const errors: string[] = [];
  if (!input.src) errors.push(IMAGE.srcRequired);
  for (const name of ['width', 'height'] as const) {
    const error = dimensionError(name, input[name]);
    if (error) errors.push(error);
  }
  if (input.alt === undefined || input.alt === null) errors.push(IMAGE.altRequired);
  if (input.priority !== undefined && input.priority !== null && input.priority !== 'high' && input.priority !== 'low') {
    errors.push(IMAGE.priority);
  }
  const loader = input.loader ?? 'sqs';
  if (loader !== 'sqs' && loader !== 'raw') errors.push(IMAGE.loader);
  if (input.srcset !== undefined && loader !== 'raw') errors.push(IMAGE.srcsetNeedsRaw);
  if (loader === 'sqs' && !input.sizes) errors.push(IMAGE.sizesNeedsSqs);
  return errors;
}

/**
 * The sqs loader's srcset: one `?format=Nw` candidate per resized copy the store has (only
 * those: a width asked of a GIF, an animated WebP or a theme picture would be its original,
 * downloaded again under another name), then the original itself labelled with the next
 * platform width, as the theme's `image-srcset` does, so a wide screen still gets it (by its own
 * URL, which the lightbox then finds cached). Undefined without copies: the browser loads src.
 */
export function sqsSrcset(src: string, copyWidths: readonly number[] = []): string | undefined {
  const widths = SRCSET_WIDTHS.filter((w) => copyWidths.includes(w));
  if (widths.length === 0) return undefined;
  const joiner = src.includes('?') ? '&' : '?';
  const candidates = widths.map((w) => `${src}${joiner}format=${w}w ${w}w`);
  const next = SRCSET_WIDTHS.find((w) => w > widths[widths.length - 1]!);
  if (next !== undefined) candidates.push(`${src} ${next}w`);
  return candidates.join(', ');
}

/** A thumbnail's URL: the 100 px copy when the store has one, else the picture itself. */
export function thumbnailSrc(src: string, copyWidths: readonly number[] = []): string {
  return copyWidths.includes(SRCSET_WIDTHS[0]) ? `${src}${src.includes('?') ? '&' : '?'}format=${SRCSET_WIDTHS[0]}w` : src;
}

/** Thumbnail width for a requested width: over 1000 → 1500, over 750 → 1000, … otherwise 100. */
export function thumbnailWidth(width: number): number {
  if (width > 1000) return 1500;
  if (width > 750) return 1000;
  if (width > 500) return 750;
  if (width > 300) return 500;
  if (width > 100) return 300;
  return 100;
}
