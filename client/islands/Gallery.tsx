/**
 * Gallery: slideshow and slider with controls, autoplay, thumbnails, keyboard
 * and swipe; grid and stacked layouts; a lightbox in the dark or light theme,
 * paged by its arrows, the arrow keys or a swipe.
 * Autoplay follows the WAI-ARIA carousel pattern: a Pause/Play button comes first in the
 * carousel; it does not start under prefers-reduced-motion (Play still starts it); it holds
 * while focus or the pointer is inside; and its own steps are not announced (the position
 * text is a polite live region only while the person is the one moving the slides).
 * A gallery of one photo (a product's only picture) has nothing to page through:
 * it shows the photo, which opens in the lightbox, without arrows, counter or thumbnails.
 */
import {
  useCallback, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent,
} from 'react';
import { Image } from '../components/Image.tsx';
import { thumbnailSrc } from '../lib/image.ts';
import { Modal } from '../components/Modal.tsx';
import { GALLERY } from '../lib/messages.ts';
import { galleryAspectRatio, normalizeGalleryOptions, type GalleryOptionsInput } from '../lib/gallery-options.ts';
import { usePrefersReducedMotion } from '../lib/reduced-motion.ts';
import { onVariantImage } from '../lib/variant-image.ts';

export interface GalleryImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  title?: string;
  /** The widths of the resized copies the store has of src (an upload's); none when omitted. */
  copyWidths?: number[];
}

export interface GalleryProps {
  id: string;
  images: GalleryImage[];
  options?: GalleryOptionsInput;
  /** How wide the page lays the photos out, for the browser's choice among the copies; a gallery page's width when omitted. */
  sizes?: string;
  /** A product page's gallery: the product whose picked variant's own image it turns to (client/lib/variant-image.ts). */
  productId?: string;
}

export const SWIPE_THRESHOLD_PX = 40;
const GALLERY_PAGE_SIZES = '(max-width: 640px) 100vw, 60vw';

export default function Gallery({ id, images, options: input, sizes = GALLERY_PAGE_SIZES, productId }: GalleryProps) {
  const options = normalizeGalleryOptions(input);
  const [index, setIndex] = useState(0);
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);
  const swipeStart = useRef<number | null>(null);
  // where a finger went down on the open lightbox's photo: a phone's first way to the next one
  const lightboxSwipeStart = useRef<number | null>(null);
  const count = images.length;
  const carousel = options.design === 'slideshow' || options.design === 'slider';
  const several = count > 1;
  // Paging (arrows, counter, thumbnails, keys, swipe, autoplay) is for a carousel of more than one photo.
  const paged = carousel && several;
  /** A photo's name where it has no alt text: its place among several, or just "Photo" when alone. */
  const placeName = (i: number): string => (several ? GALLERY.slide(i + 1, count) : GALLERY.photo);

  const go = useCallback((delta: number) => {
    setIndex((current) => (count === 0 ? 0 : (current + delta + count) % count));
  }, [count]);

  // a variant with an image of its own, picked, shows that photo
  useEffect(() => {
    if (productId === undefined) return undefined;
    return onVariantImage(productId, (src) => {
      const at = images.findIndex((image) => image.src === src);
      if (at >= 0) setIndex(at);
    });
  }, [productId, images]);

  const reducedMotion = usePrefersReducedMotion();
  // The person's Pause or Play; until they press one, autoplay runs unless they asked for less motion.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [focusInside, setFocusInside] = useState(false);
  const [pointerInside, setPointerInside] = useState(false);
  const autoplays = paged && options.autoplay;
  const playing = autoplays && (playChoice ?? !reducedMotion);
  // Rotation holds while the person is looking at or working in the carousel, and while a photo is open large.
  const rotating = playing && !focusInside && !pointerInside && lightboxIndex === null;
  const rotationButton = useRef<HTMLButtonElement>(null);
  const startOrStop = (): void => {
    // a click on Play means play, though the pointer that made it is still over the carousel
    if (!playing) setPointerInside(false);
    setPlayChoice(!playing);
  };

  useEffect(() => {
    if (!rotating || options.autoplayDurationS === null) return undefined;
    const timer = setInterval(() => go(1), options.autoplayDurationS * 1000);
    return () => clearInterval(timer);
  }, [rotating, options.autoplayDurationS, go, index]);

  const pageLightbox = useCallback((delta: number) => {
    setLightboxIndex((i) => (i === null ? i : (i + delta + count) % count));
  }, [count]);

  // Arrow keys page through the lightbox wherever focus sits inside it.
  useEffect(() => {
    if (lightboxIndex === null || !several) return undefined;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'ArrowLeft') pageLightbox(-1);
      if (event.key === 'ArrowRight') pageLightbox(1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [lightboxIndex, several, pageLightbox]);

  const onKeyDown = (event: ReactKeyboardEvent): void => {
    // React passes the lightbox's keys up to here through its portal; those page the lightbox alone,
    // so the slideshow still shows (and focus returns to) the photo that was opened.
    if (!event.currentTarget.contains(event.target as Node)) return;
    if (event.key === 'ArrowLeft') { event.preventDefault(); go(-1); }
    if (event.key === 'ArrowRight') { event.preventDefault(); go(1); }
  };
  const onPointerDown = (event: PointerEvent): void => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent): void => {
    if (swipeStart.current === null) return;
    const dx = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(dx) >= SWIPE_THRESHOLD_PX) go(dx < 0 ? 1 : -1);
  };
  const open = (i: number): void => {
    if (options.lightbox) setLightboxIndex(i);
  };

  const slide = (image: GalleryImage, i: number) => {
    const offscreen = options.design === 'slideshow' && i !== index;
    return (
    <figure key={image.src + i} className="gallery__slide" aria-roledescription={several ? 'slide' : undefined}
      aria-label={several ? GALLERY.slide(i + 1, count) : undefined} aria-hidden={offscreen ? true : undefined}>
      {/* A photo without alt text is named by its place, so the button that opens it is never nameless. */}
      <button type="button" className="gallery__open" onClick={() => open(i)} disabled={!options.lightbox}
        tabIndex={options.lightbox && !offscreen ? 0 : -1} aria-haspopup={options.lightbox ? 'dialog' : undefined}
        aria-label={image.alt ? undefined : placeName(i)}>
        <Image src={image.src} alt={image.alt} width={image.width} height={image.height} copyWidths={image.copyWidths} sizes={sizes}
          priority={i === 0 ? 'high' : 'low'} />
      </button>
      {options.showMeta && image.title && <figcaption className={`gallery__meta gallery__meta--${options.metaPosition}`}>{image.title}</figcaption>}
    </figure>
    );
  };

  const lightboxImage = lightboxIndex !== null ? images[lightboxIndex] : undefined;
  // Auto-crop fills every slide to the chosen aspect ratio (four-three crops a 3:2 picture to 4:3).
  return (
    <div className={`gallery gallery--${options.design}${options.autoCrop ? ' gallery--cropped' : ''}`} data-gallery-id={id}
      style={options.autoCrop ? ({ '--gallery-aspect': galleryAspectRatio(options.aspectRatio) } as CSSProperties) : undefined}
      aria-roledescription={paged ? 'carousel' : undefined}
      tabIndex={paged ? 0 : undefined} onKeyDown={paged ? onKeyDown : undefined}
      // focus on the Pause/Play button itself holds nothing: its word says what rotation is doing
      onFocus={autoplays ? (event) => setFocusInside((event.target as Node) !== rotationButton.current) : undefined}
      onBlur={autoplays ? (event) => {
        // focus moving between the carousel's own controls keeps it held
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
      } : undefined}
      onPointerEnter={autoplays ? () => setPointerInside(true) : undefined}
      onPointerLeave={autoplays ? () => setPointerInside(false) : undefined}>
      {carousel ? (
        <>
          {autoplays && (
            <button ref={rotationButton} type="button" className="gallery__rotation" onClick={startOrStop}>
              {playing ? GALLERY.pause : GALLERY.play}
            </button>
          )}
          <div className="gallery__slides" onPointerDown={paged ? onPointerDown : undefined} onPointerUp={paged ? onPointerUp : undefined}>
            <div className="gallery__track" style={{ transform: `translateX(-${index * (options.design === 'slider' ? 33.333 : 100)}%)` }}>
              {images.map(slide)}
            </div>
          </div>
          {paged && options.controls && (
            <div className="gallery__controls">
              <button type="button" className="gallery__prev" aria-label={GALLERY.previous} onClick={() => go(-1)}>‹</button>
              <span className="gallery__position" aria-live={rotating ? 'off' : 'polite'}>{GALLERY.slide(index + 1, count)}</span>
              <button type="button" className="gallery__next" aria-label={GALLERY.next} onClick={() => go(1)}>›</button>
            </div>
          )}
          {paged && options.thumbnails && (
            <div className="gallery__thumbs" style={{ height: options.thumbnailStripHeight ?? undefined, marginTop: options.thumbnailStripMargin ?? undefined }}>
              {images.map((image, i) => (
                <button key={image.src + i} type="button" aria-label={GALLERY.thumbnail(i + 1)} aria-current={i === index}
                  onClick={() => setIndex(i)}>
                  <img src={thumbnailSrc(image.src, image.copyWidths)} alt="" loading="lazy" height={options.thumbnailStripHeight ?? 80} />
                </button>
              ))}
            </div>
          )}
        </>
      ) : (
        <div className="gallery__grid" style={options.design === 'grid'
          ? { gridTemplateColumns: `repeat(${options.thumbnailsPerRow}, 1fr)`, gap: options.padding } : undefined}>
          {images.map(slide)}
        </div>
      )}
      {options.lightbox && (
        <Modal open={lightboxImage !== undefined} onClose={() => setLightboxIndex(null)} title={lightboxImage?.title || lightboxImage?.alt || placeName(lightboxIndex ?? 0)}
          className={`gallery-lightbox-box gallery-lightbox--${options.lightboxTheme}`}>
          {lightboxImage && (
            <div className="gallery-lightbox__body"
              onPointerDown={several ? (event) => { lightboxSwipeStart.current = event.clientX; } : undefined}
              onPointerUp={several ? (event) => {
                const start = lightboxSwipeStart.current;
                lightboxSwipeStart.current = null;
                if (start === null) return;
                const dx = event.clientX - start;
                if (Math.abs(dx) >= SWIPE_THRESHOLD_PX) pageLightbox(dx < 0 ? 1 : -1);
              } : undefined}>
              {several && <button type="button" aria-label={GALLERY.previous} onClick={() => pageLightbox(-1)}>‹</button>}
              <img src={lightboxImage.src} alt={lightboxImage.alt} draggable={false} />
              {several && <button type="button" aria-label={GALLERY.next} onClick={() => pageLightbox(1)}>›</button>}
            </div>
          )}
        </Modal>
      )}
    </div>
  );
}
