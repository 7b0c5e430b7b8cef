// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import Instalments from '../../client/islands/Instalments.tsx';
import Gallery from '../../client/islands/Gallery.tsx';
import { productGalleryOptions } from '../../server/pages/gallery-options.ts';
import { scriptFetch, settle } from './helpers.ts';

const base = { currency: 'USD', minCents: 3500, maxCents: 200000, productType: 1 };

describe('Instalments island', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows 4 interest-free payments with Afterpay in range, Clearpay for en_GB', () => {
    scriptFetch([]);
    render(<Instalments {...base} priceCents={10000} locale="en_US" />);
    expect(document.querySelector('.instalment-message__text')!.textContent).toBe('or 4 interest-free payments of $25.00 with Afterpay');
    cleanup();
    render(<Instalments {...base} priceCents={10000} locale="en_GB" currency="GBP" />);
    expect(document.querySelector('.instalment-message__text')!.textContent).toBe('or 4 interest-free payments of £25.00 with Clearpay');
  });

  it('uses the out-of-range text at the minimum and above the maximum, and nothing for other products or locales', () => {
    render(<Instalments {...base} priceCents={3500} locale="en_AU" />);
    expect(document.querySelector('.instalment-message')!.className).toContain('is-out-of-range');
    cleanup();
    render(<Instalments {...base} priceCents={200000} locale="en_AU" />);
    expect(document.querySelector('.instalment-message')!.className).toContain('is-in-range');
    cleanup();
    render(<Instalments {...base} priceCents={200001} locale="en_AU" />);
    expect(document.querySelector('.instalment-message__text')!.textContent).toBe('Afterpay available for orders over $35.00 and up to $2,000.00');
    cleanup();
    render(<Instalments {...base} productType={2} priceCents={10000} locale="en_US" />);
    expect(document.querySelector('.instalment-message')).toBeNull();
    render(<Instalments {...base} priceCents={10000} locale="de_DE" />);
    expect(document.querySelector('.instalment-message')).toBeNull();
  });

  it('opens a modal with focus inside, traps Tab, closes on Escape and returns focus', async () => {
    scriptFetch([{ method: 'GET', path: '/assets/instalments/afterpay-en_US.html', answer: { body: '<p class="served">Served info</p>' } }]);
    render(<Instalments {...base} priceCents={10000} locale="en_US" />);
    const trigger = document.querySelector<HTMLButtonElement>('.instalment-message__info')!;
    trigger.focus();
    fireEvent.click(trigger);
    await settle();
    const dialog = screen.getByRole('dialog');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(dialog.querySelector('.served')!.textContent).toBe('Served info');
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on the close button and on an outside click; a failed fetch only warns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    scriptFetch([{ method: 'GET', path: /instalments/, answer: { status: 500, body: '' } }]);
    render(<Instalments {...base} priceCents={10000} locale="en_US" />);
    fireEvent.click(document.querySelector('.instalment-message__info')!);
    await settle();
    expect(warn).toHaveBeenCalled();
    expect(screen.getByRole('dialog').textContent).toContain('Pay in 4 interest-free payments with Afterpay.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(document.querySelector('.instalment-message__info')!);
    fireEvent.mouseDown(screen.getByTestId('modal-overlay'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Gallery island', () => {
  // uploads 1200 px wide, with the resized copies the store made of them
  const images = [1, 2, 3].map((n) => ({ src: `/img/${n}.jpg`, alt: `Image ${n}`, width: 1200, height: 800, copyWidths: [100, 300, 500, 750, 1000] }));
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const position = (): string => document.querySelector('.gallery__position')!.textContent ?? '';

  it('moves with controls, keyboard, thumbnails and swipe', () => {
    // jsdom has no PointerEvent; a MouseEvent carries the clientX a swipe needs.
    if (!('PointerEvent' in window)) vi.stubGlobal('PointerEvent', class extends MouseEvent {});
    render(<Gallery id="g" images={images} options={{ design: 'slideshow', controls: true, thumbnails: true }} />);
    expect(position()).toBe('Slide 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(position()).toBe('Slide 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(position()).toBe('Slide 3 of 3');
    const gallery = document.querySelector('.gallery')!;
    fireEvent.keyDown(gallery, { key: 'ArrowRight' });
    expect(position()).toBe('Slide 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Show image 3' }));
    expect(position()).toBe('Slide 3 of 3');
    const slides = document.querySelector('.gallery__slides')!;
    fireEvent.pointerDown(slides, { clientX: 200 });
    fireEvent.pointerUp(slides, { clientX: 100 });
    expect(position()).toBe('Slide 1 of 3');
    fireEvent.pointerDown(slides, { clientX: 100 });
    fireEvent.pointerUp(slides, { clientX: 110 });
    expect(position()).toBe('Slide 1 of 3');
  });

  it('autoplays with its duration', () => {
    render(<Gallery id="g" images={images} options={{ design: 'slideshow', controls: true, autoplay: true, autoplayDuration: 3 }} />);
    act(() => vi.advanceTimersByTime(2999));
    expect(position()).toBe('Slide 1 of 3');
    act(() => vi.advanceTimersByTime(1));
    expect(position()).toBe('Slide 2 of 3');
  });

  /** Answers prefers-reduced-motion as the person's system would (jsdom has no matchMedia). */
  const prefersReducedMotion = (reduce: boolean): void => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query,
      addEventListener: () => undefined, removeEventListener: () => undefined,
    }));
  };
  const autoplaying = { design: 'slideshow', controls: true, thumbnails: true, autoplay: true, autoplayDuration: 3 };
  const liveness = (): string | null => document.querySelector('.gallery__position')!.getAttribute('aria-live');

  it('puts a Pause/Play button first in an autoplaying carousel, which stops and restarts the rotation', () => {
    render(<Gallery id="g" images={images} options={autoplaying} />);
    const carousel = document.querySelector('.gallery')!;
    const firstControl = carousel.querySelector('button:not([tabindex="-1"])')!;
    expect(firstControl.textContent).toBe('Pause');
    fireEvent.click(firstControl);
    expect(firstControl.textContent).toBe('Play');
    act(() => vi.advanceTimersByTime(6000));
    expect(position()).toBe('Slide 1 of 3');
    expect(liveness()).toBe('polite');
    fireEvent.click(firstControl);
    expect(firstControl.textContent).toBe('Pause');
    act(() => vi.advanceTimersByTime(3000));
    expect(position()).toBe('Slide 2 of 3');
  });

  it('does not autoplay under prefers-reduced-motion, until the person presses Play', () => {
    prefersReducedMotion(true);
    render(<Gallery id="g" images={images} options={autoplaying} />);
    const rotation = screen.getByRole('button', { name: 'Play' });
    act(() => vi.advanceTimersByTime(6000));
    expect(position()).toBe('Slide 1 of 3');
    fireEvent.click(rotation);
    act(() => vi.advanceTimersByTime(3000));
    expect(position()).toBe('Slide 2 of 3');
  });

  it('holds the rotation while focus is on its controls or the pointer is over it, and resumes once they leave', () => {
    if (!('PointerEvent' in window)) vi.stubGlobal('PointerEvent', class extends MouseEvent {});
    const outside = document.body.appendChild(document.createElement('button'));
    render(<Gallery id="g" images={images} options={autoplaying} />);
    const next = screen.getByRole('button', { name: 'Next' });
    act(() => next.focus());
    act(() => vi.advanceTimersByTime(6000));
    expect(position()).toBe('Slide 1 of 3');
    // a move the person makes is announced
    fireEvent.click(next);
    expect(position()).toBe('Slide 2 of 3');
    expect(liveness()).toBe('polite');
    act(() => outside.focus());
    act(() => vi.advanceTimersByTime(3000));
    expect(position()).toBe('Slide 3 of 3');
    const carousel = document.querySelector('.gallery')!;
    fireEvent.pointerOver(carousel);
    act(() => vi.advanceTimersByTime(6000));
    expect(position()).toBe('Slide 3 of 3');
    fireEvent.pointerOut(carousel, { relatedTarget: outside });
    act(() => vi.advanceTimersByTime(3000));
    expect(position()).toBe('Slide 1 of 3');
    outside.remove();
  });

  it('keeps its own steps out of the live region: off while it rotates, polite when it does not', () => {
    render(<Gallery id="g" images={images} options={autoplaying} />);
    expect(liveness()).toBe('off');
    act(() => vi.advanceTimersByTime(3000));
    expect(position()).toBe('Slide 2 of 3');
    expect(liveness()).toBe('off');
    cleanup();
    render(<Gallery id="g" images={images} options={{ design: 'slideshow', controls: true }} />);
    expect(liveness()).toBe('polite');
    expect(screen.queryByRole('button', { name: /Pause|Play/ })).toBeNull();
  });

  it('opens the lightbox in the chosen theme', () => {
    render(<Gallery id="g" images={images} options={{ design: 'grid', lightbox: true, lightboxTheme: 'light' }} />);
    fireEvent.click(document.querySelectorAll('.gallery__open')[1]!);
    const dialog = screen.getByRole('dialog');
    expect(dialog.className).toContain('gallery-lightbox--light');
    expect(dialog.querySelector('img[alt="Image 2"]')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog').querySelector('img[alt="Image 3"]')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog').querySelector('img[alt="Image 1"]')).toBeTruthy();
    // on a phone a swipe pages it: right to left the next photo, left to right the one before; a short drag nothing
    if (!('PointerEvent' in window)) vi.stubGlobal('PointerEvent', class extends MouseEvent {});
    const body = () => screen.getByRole('dialog').querySelector('.gallery-lightbox__body')!;
    fireEvent.pointerDown(body(), { clientX: 300 });
    fireEvent.pointerUp(body(), { clientX: 150 });
    expect(screen.getByRole('dialog').querySelector('img[alt="Image 2"]')).toBeTruthy();
    fireEvent.pointerDown(body(), { clientX: 100 });
    fireEvent.pointerUp(body(), { clientX: 260 });
    expect(screen.getByRole('dialog').querySelector('img[alt="Image 1"]')).toBeTruthy();
    fireEvent.pointerDown(body(), { clientX: 100 });
    fireEvent.pointerUp(body(), { clientX: 120 });
    expect(screen.getByRole('dialog').querySelector('img[alt="Image 1"]')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a product photo large on a click: focus goes into the lightbox, arrows page it, Escape closes it and focus returns to the photo', () => {
    render(<Gallery id="product-gallery" images={images} options={productGalleryOptions()} />);
    const photo = document.querySelector<HTMLButtonElement>('.gallery__open')!;
    expect(photo.disabled).toBe(false);
    photo.focus();
    fireEvent.click(photo);
    const dialog = screen.getByRole('dialog');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(dialog.querySelector('.gallery-lightbox__body img')!.getAttribute('alt')).toBe('Image 1');
    // the arrows page the lightbox only: the slideshow behind it stays on the photo that was opened
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog').querySelector('.gallery-lightbox__body img')!.getAttribute('alt')).toBe('Image 2');
    expect(position()).toBe('Slide 1 of 3');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(photo);
    expect(photo.closest('[aria-hidden="true"]')).toBeNull();
  });

  it('names a photo without alt text by its place, on the button that opens it and on its lightbox', () => {
    const unnamed = images.map((image) => ({ ...image, alt: '' }));
    render(<Gallery id="product-gallery" images={unnamed} options={productGalleryOptions()} />);
    const photo = screen.getByRole('button', { name: 'Slide 1 of 3' });
    expect(photo.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(photo);
    expect(screen.getByRole('dialog', { name: 'Slide 1 of 3' })).toBeTruthy();
  });

  it('opens a product\'s only photo large too, without arrows, counter or thumbnails, and gives focus back to it on Escape', () => {
    const only = images.slice(0, 1);
    render(<Gallery id="product-gallery" images={only} options={productGalleryOptions()} />);
    // nothing to page through: no carousel, no controls, no thumbnails, no "Slide 1 of 1"
    const gallery = document.querySelector('.gallery')!;
    expect(gallery.getAttribute('aria-roledescription')).toBeNull();
    expect(gallery.hasAttribute('tabindex')).toBe(false);
    expect(document.querySelector('.gallery__controls, .gallery__thumbs, [aria-roledescription="slide"]')).toBeNull();
    // the photo keeps what the page gives it: its size, its copies, its alt text
    const shown = document.querySelector('.gallery__slide img')!;
    expect([shown.getAttribute('alt'), shown.getAttribute('width'), shown.getAttribute('height')]).toEqual(['Image 1', '1200', '800']);
    expect(shown.getAttribute('srcset')).toContain('/img/1.jpg?format=750w 750w');
    const photo = screen.getByRole('button', { name: 'Image 1' });
    expect(photo.getAttribute('aria-haspopup')).toBe('dialog');
    photo.focus();
    fireEvent.click(photo);
    const dialog = screen.getByRole('dialog', { name: 'Image 1' });
    expect(dialog.querySelector('.gallery-lightbox__body img')!.getAttribute('src')).toBe('/img/1.jpg');
    expect(dialog.contains(document.activeElement)).toBe(true);
    // only the close button: no arrows, and the arrow keys do nothing
    expect([...dialog.querySelectorAll('button')].map((button) => button.getAttribute('aria-label'))).toEqual(['Close']);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog').querySelector('.gallery-lightbox__body img')!.getAttribute('src')).toBe('/img/1.jpg');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(photo);
  });

  it('names a lone photo without alt text "Photo", not by a place among others', () => {
    render(<Gallery id="product-gallery" images={[{ ...images[0]!, alt: '' }]} options={productGalleryOptions()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Photo' }));
    expect(screen.getByRole('dialog', { name: 'Photo' })).toBeTruthy();
  });

  it('draws the lightbox over the whole page: its overlay is a child of body, outside the gallery and whatever stacking context holds it', () => {
    const { container } = render(<Gallery id="product-gallery" images={images} options={productGalleryOptions()} />);
    fireEvent.click(document.querySelector('.gallery__open')!);
    const overlay = screen.getByRole('dialog').closest('.island-overlay')!;
    expect(overlay.parentElement).toBe(document.body);
    expect(container.contains(overlay)).toBe(false);
  });

  it('lists the copies the store made in the srcset, then the original at the next platform width', () => {
    render(<Gallery id="g" images={images} options={{ design: 'stacked' }} />);
    const srcset = document.querySelector('img')!.getAttribute('srcset')!;
    expect(srcset).toBe('/img/1.jpg?format=100w 100w, /img/1.jpg?format=300w 300w, /img/1.jpg?format=500w 500w, /img/1.jpg?format=750w 750w, /img/1.jpg?format=1000w 1000w, /img/1.jpg 1500w');
  });

  it('gives the browser the layout width the page says (a gallery page\'s 60% when it says none)', () => {
    render(<Gallery id="g" images={images.slice(0, 1)} options={{ design: 'stacked' }} sizes="(max-width: 432px) 100vw, 605px" />);
    expect(document.querySelector('img')!.getAttribute('sizes')).toBe('(max-width: 432px) 100vw, 605px');
    cleanup();
    render(<Gallery id="g" images={images.slice(0, 1)} options={{ design: 'stacked' }} />);
    expect(document.querySelector('img')!.getAttribute('sizes')).toBe('(max-width: 640px) 100vw, 60vw');
  });

  it('offers no copy the store did not make: none for a GIF, an animated WebP, a theme picture or one under 100 px', () => {
    const pictures = [
      { src: '/uploads/0123456789abcdef01234567.gif', alt: 'GIF', width: 800, height: 600, copyWidths: [] },
      { src: '/uploads/0123456789abcdef01234568.webp', alt: 'Animated WebP', width: 800, height: 600, copyWidths: [] },
      { src: '/assets/theme-picture.jpg', alt: 'Theme picture', width: 1600, height: 1200 },
      { src: '/uploads/0123456789abcdef01234569.png', alt: 'Icon', width: 64, height: 64, copyWidths: [] },
      { src: '/uploads/0123456789abcdef0123456a.jpg', alt: 'Small photo', width: 400, height: 300, copyWidths: [100, 300] },
    ];
    render(<Gallery id="g" images={pictures} options={{ design: 'slideshow', thumbnails: true }} />);
    const slides = [...document.querySelectorAll('.gallery__slide img')];
    expect(slides.map((img) => [img.getAttribute('src'), img.getAttribute('srcset')])).toEqual([
      ...pictures.slice(0, 4).map((picture) => [picture.src, null]),
      ['/uploads/0123456789abcdef0123456a.jpg', '/uploads/0123456789abcdef0123456a.jpg?format=100w 100w, /uploads/0123456789abcdef0123456a.jpg?format=300w 300w, /uploads/0123456789abcdef0123456a.jpg 500w'],
    ]);
    // a thumbnail asks for the 100w copy only of a picture that has one
    const thumbs = [...document.querySelectorAll('.gallery__thumbs img')];
    expect(thumbs.map((img) => img.getAttribute('src'))).toEqual([
      ...pictures.slice(0, 4).map((picture) => picture.src), '/uploads/0123456789abcdef0123456a.jpg?format=100w',
    ]);
  });

  it('loads the first picture at once with high priority (it is above the fold), the others lazily', () => {
    render(<Gallery id="g" images={images} options={{ design: 'slideshow', controls: true, thumbnails: true }} />);
    const slides = [...document.querySelectorAll('.gallery__slide img')];
    expect(slides.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'], ['lazy', 'low'], ['lazy', 'low'],
    ]);
    // the thumbnails ask for the 100w copy, lazily
    const thumbs = [...document.querySelectorAll('.gallery__thumbs img')];
    expect(thumbs.map((img) => [img.getAttribute('src'), img.getAttribute('loading')])).toEqual(
      images.map((image) => [`${image.src}?format=100w`, 'lazy']),
    );
  });

  it('crops the slides to the aspect-ratio setting when auto-crop is on, and leaves them alone when it is off', () => {
    const { unmount } = render(<Gallery id="g" images={images} options={{ design: 'slideshow', autoCrop: true, aspectRatio: 'four-three' }} />);
    const gallery = document.querySelector<HTMLElement>('.gallery')!;
    expect(gallery.classList.contains('gallery--cropped')).toBe(true);
    expect(gallery.style.getPropertyValue('--gallery-aspect')).toBe('4 / 3');
    unmount();
    render(<Gallery id="g" images={images} options={{ design: 'slideshow', autoCrop: true, aspectRatio: 'widescreen' }} />);
    expect(document.querySelector<HTMLElement>('.gallery')!.style.getPropertyValue('--gallery-aspect')).toBe('16 / 9');
    cleanup();
    render(<Gallery id="g" images={images} options={{ design: 'slideshow', autoCrop: false, aspectRatio: 'four-three' }} />);
    const uncropped = document.querySelector<HTMLElement>('.gallery')!;
    expect(uncropped.classList.contains('gallery--cropped')).toBe(false);
    expect(uncropped.style.getPropertyValue('--gallery-aspect')).toBe('');
  });
});
