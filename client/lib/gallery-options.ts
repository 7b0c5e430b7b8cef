/**
 * Gallery options with the platform defaults and ranges. Dependent options
 * apply only when their switch is on: autoplay duration with autoplay,
 * thumbnail settings with thumbnails, meta position with show-meta, lightbox
 * theme with lightbox.
 */
export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
export type GalleryDesign = (typeof GALLERY_DESIGNS)[number];
export const META_POSITIONS = ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'] as const;
export type MetaPosition = (typeof META_POSITIONS)[number];

/** The platform's aspect-ratio setting names and the width / height each one crops to. */
export const GALLERY_ASPECT_RATIOS: Readonly<Record<string, string>> = {
  square: '1 / 1',
  standard: '3 / 2',
  'standard-vertical': '2 / 3',
  'four-three': '4 / 3',
  'three-four-vertical': '3 / 4',
  widescreen: '16 / 9',
  'anamorphic-widescreen': '2.4 / 1',
};

/** The CSS aspect-ratio of a setting name; square for a name the platform does not have. */
export function galleryAspectRatio(name: string): string {
  return GALLERY_ASPECT_RATIOS[name] ?? GALLERY_ASPECT_RATIOS.square!;
}

export interface GalleryOptionsInput {
  design?: string;
  autoplay?: boolean;
  autoplayDuration?: number;
  controls?: boolean;
  autoCrop?: boolean;
  aspectRatio?: string;
  thumbnails?: boolean;
  thumbnailStripHeight?: number;
  thumbnailStripMargin?: number;
  thumbnailsPerRow?: number;
  padding?: number;
  showMeta?: boolean;
  metaPosition?: string;
  lightbox?: boolean;
  lightboxTheme?: string;
  maxWidth?: number;
}

export interface GalleryOptions {
  design: GalleryDesign;
  autoplay: boolean;
  autoplayDurationS: number | null;
  controls: boolean;
  autoCrop: boolean;
  aspectRatio: string;
  thumbnails: boolean;
  thumbnailStripHeight: number | null;
  thumbnailStripMargin: number | null;
  thumbnailsPerRow: number;
  padding: number;
  showMeta: boolean;
  metaPosition: MetaPosition | null;
  lightbox: boolean;
  lightboxTheme: 'dark' | 'light' | null;
  maxWidth: number;
}

function clamp(value: number | undefined, min: number, max: number, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, value));
}

export function normalizeGalleryOptions(input: GalleryOptionsInput = {}): GalleryOptions {
  const design = (GALLERY_DESIGNS as readonly string[]).includes(input.design ?? '') ? (input.design as GalleryDesign) : 'grid';
  const autoplay = input.autoplay === true;
  const thumbnails = input.thumbnails === true;
  const showMeta = input.showMeta === true;
  const lightbox = input.lightbox === true;
  const metaPosition = (META_POSITIONS as readonly string[]).includes(input.metaPosition ?? '') ? (input.metaPosition as MetaPosition) : 'bottom-left';
  return {
    design,
    autoplay,
    autoplayDurationS: autoplay ? clamp(input.autoplayDuration, 1, 10, 5) : null,
    controls: input.controls === true,
    autoCrop: input.autoCrop !== false,
    aspectRatio: input.aspectRatio ?? 'square',
    thumbnails,
    thumbnailStripHeight: thumbnails ? clamp(input.thumbnailStripHeight, 0, 200, 80) : null,
    thumbnailStripMargin: thumbnails ? clamp(input.thumbnailStripMargin, 0, 60, 20) : null,
    thumbnailsPerRow: clamp(input.thumbnailsPerRow, 1, 10, 4),
    padding: clamp(input.padding, 0, 50, 20),
    showMeta,
    metaPosition: showMeta ? metaPosition : null,
    lightbox,
    lightboxTheme: lightbox ? (input.lightboxTheme === 'light' ? 'light' : 'dark') : null,
    maxWidth: clamp(input.maxWidth, 100, 300, 300),
  };
}
