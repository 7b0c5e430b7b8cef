import type { GalleryOptionsInput } from '../../client/lib/gallery-options.ts';

/**
 * Gallery options as stored with the platform's names, resolved for rendering: a value outside its
 * range or list falls back to the default (it is not clamped), and options that depend on a switch
 * are left out (null) while the switch is off.
 */

const DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
const ASPECT_RATIOS = ['square', 'standard', 'standard-vertical', 'four-three', 'three-four-vertical', 'widescreen', 'anamorphic-widescreen'] as const;
const META_POSITIONS = ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'] as const;
const ALIGNMENTS = ['left', 'center', 'right'] as const;
const LIGHTBOX_THEMES = ['dark', 'light'] as const;

/** [min, max, default] of each numeric option. */
export const GALLERY_RANGES = {
  'autoplay-duration': [1, 10, 5],
  'thumbnail-strip-height': [0, 200, 80],
  'thumbnail-strip-margin': [0, 60, 20],
  'thumbnails-per-row': [1, 10, 4],
  padding: [0, 50, 20],
  'max-width': [100, 300, 300],
} as const satisfies Record<string, readonly [number, number, number]>;

export interface ResolvedGalleryOptions {
  design: (typeof DESIGNS)[number];
  autoplay: boolean;
  autoplayDuration: number | null;
  controls: boolean;
  autoCrop: boolean;
  aspectRatio: (typeof ASPECT_RATIOS)[number];
  squareThumbs: boolean | null;
  thumbnails: boolean;
  thumbnailStripHeight: number | null;
  thumbnailStripMargin: number | null;
  showMeta: boolean;
  showMetaBasic: boolean | null;
  showMetaOnlyTitle: boolean | null;
  metaPosition: (typeof META_POSITIONS)[number] | null;
  showMetaOnHover: boolean | null;
  activeAlignment: (typeof ALIGNMENTS)[number];
  thumbnailsPerRow: number;
  padding: number;
  lightbox: boolean;
  lightboxTheme: (typeof LIGHTBOX_THEMES)[number] | null;
  maxWidth: number;
  newWindow: boolean;
  transparentBackground: boolean;
}

function ranged(stored: Record<string, unknown>, key: keyof typeof GALLERY_RANGES): number {
  const [min, max, fallback] = GALLERY_RANGES[key];
  const value = stored[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}

function oneOf<T extends string>(stored: Record<string, unknown>, key: string, allowed: readonly T[], fallback: T): T {
  const value = stored[key];
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function flag(stored: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const value = stored[key];
  return typeof value === 'boolean' ? value : fallback;
}

export function resolveGalleryOptions(stored: Record<string, unknown> = {}): ResolvedGalleryOptions {
  const autoplay = flag(stored, 'autoplay', false);
  const thumbnails = flag(stored, 'thumbnails', false);
  const showMeta = flag(stored, 'show-meta', false);
  const lightbox = flag(stored, 'lightbox', false);
  return {
    design: oneOf(stored, 'design', DESIGNS, 'grid'),
    autoplay,
    autoplayDuration: autoplay ? ranged(stored, 'autoplay-duration') : null,
    controls: flag(stored, 'controls', false),
    autoCrop: flag(stored, 'auto-crop', true),
    aspectRatio: oneOf(stored, 'aspect-ratio', ASPECT_RATIOS, 'square'),
    squareThumbs: thumbnails ? flag(stored, 'square-thumbs', false) : null,
    thumbnails,
    thumbnailStripHeight: thumbnails ? ranged(stored, 'thumbnail-strip-height') : null,
    thumbnailStripMargin: thumbnails ? ranged(stored, 'thumbnail-strip-margin') : null,
    showMeta,
    showMetaBasic: showMeta ? flag(stored, 'show-meta-basic', false) : null,
    showMetaOnlyTitle: showMeta ? flag(stored, 'show-meta-only-title', false) : null,
    metaPosition: showMeta ? oneOf(stored, 'meta-position', META_POSITIONS, 'bottom-left') : null,
    showMetaOnHover: showMeta ? flag(stored, 'show-meta-on-hover', false) : null,
    activeAlignment: oneOf(stored, 'active-alignment', ALIGNMENTS, 'center'),
    thumbnailsPerRow: ranged(stored, 'thumbnails-per-row'),
    padding: ranged(stored, 'padding'),
    lightbox,
    lightboxTheme: lightbox ? oneOf(stored, 'lightboxTheme', LIGHTBOX_THEMES, 'dark') : null,
    maxWidth: ranged(stored, 'max-width'),
    newWindow: flag(stored, 'newWindow', false),
    transparentBackground: flag(stored, 'transparentBackground', false),
  };
}

/** The already-resolved options in the shape the gallery island takes. */
export function galleryIslandOptions(options: ResolvedGalleryOptions): GalleryOptionsInput {
  return {
    design: options.design,
    autoplay: options.autoplay,
    autoplayDuration: options.autoplayDuration ?? undefined,
    controls: options.controls,
    autoCrop: options.autoCrop,
    aspectRatio: options.aspectRatio,
    thumbnails: options.thumbnails,
    thumbnailStripHeight: options.thumbnailStripHeight ?? undefined,
    thumbnailStripMargin: options.thumbnailStripMargin ?? undefined,
    thumbnailsPerRow: options.thumbnailsPerRow,
    padding: options.padding,
    showMeta: options.showMeta,
    metaPosition: options.metaPosition ?? undefined,
    lightbox: options.lightbox,
    lightboxTheme: options.lightboxTheme ?? undefined,
    maxWidth: options.maxWidth,
  };
}

/**
 * The product page's gallery: a slideshow with arrows and thumbnails whose photo opens large in the
 * lightbox (a shopper taps a product photo to see it closer). Product pictures keep their own shape;
 * the gallery page's aspect-ratio setting crops only its own slides.
 */
export function productGalleryOptions(): GalleryOptionsInput {
  return galleryIslandOptions(resolveGalleryOptions({ design: 'slideshow', controls: true, thumbnails: true, 'auto-crop': false, lightbox: true }));
}
