// @vitest-environment jsdom
/**
 * The platform's `window.ImageLoader` that developer-template pages carry: the width it asks for,
 * and where it places an image for 'fill' and 'fit'. jsdom lays nothing out, so each element is
 * given the size a browser would give it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_LOADER_SCRIPT } from '../../server/theme/platform-image-loader.ts';

type Loader = { load: (image: unknown, options?: Record<string, unknown>) => boolean; loadAll: (options?: Record<string, unknown>, root?: Element) => void };
type Page = Window & { ImageLoader?: Loader; devicePixelRatio: number };
const page = window as Page;

function loader(): Loader {
  return page.ImageLoader!;
}

/** Gives an element the rendered size a browser would; an image placed in pixels takes the size it was given. */
function sized<T extends HTMLElement>(element: T, width: number, height: number): T {
  const px = (value: string, fallback: number) => (value.endsWith('px') ? parseFloat(value) : fallback);
  Object.defineProperty(element, 'offsetWidth', { configurable: true, get: () => px(element.style.width, width) });
  Object.defineProperty(element, 'offsetHeight', { configurable: true, get: () => px(element.style.height, height) });
  return element;
}

/** An image inside a parent box; the image's own shown size is 0 × 0 unless given. */
function imageIn(parentSize: [number, number], attributes: Record<string, string>, own: [number, number] = [0, 0], parentClass = '') {
  const parent = sized(document.createElement('div'), ...parentSize);
  parent.className = parentClass;
  const image = sized(document.createElement('img'), ...own);
  for (const [name, value] of Object.entries(attributes)) image.setAttribute(name, value);
  parent.appendChild(image);
  document.body.appendChild(parent);
  return { parent, image };
}

const UPLOAD = { 'data-src': '/uploads/3fa1.jpg', 'data-image-dimensions': '1500x1000', 'data-image-focal-point': '0.5,0.5' };

beforeEach(() => {
  delete page.ImageLoader;
  page.devicePixelRatio = 1;
  new Function('window', IMAGE_LOADER_SCRIPT)(window);
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('ImageLoader.load: the width asked for', () => {
  it("takes the smallest of the platform's widths the image's shown width needs, times the pixel ratio", () => {
    const widths: Array<[number, number, string]> = [[50, 1, '100w'], [280, 1, '300w'], [300, 1, '300w'], [301, 1, '500w'], [280, 2, '750w'], [700, 2, '1500w'], [1300, 2, '2500w'], [4000, 1, '2500w']];
    for (const [shown, ratio, expected] of widths) {
      page.devicePixelRatio = ratio;
      const { image } = imageIn([shown, 100], UPLOAD, [shown, 0]);
      expect(loader().load(image, { load: true })).toBe(true);
      expect(image.getAttribute('src')).toBe(`/uploads/3fa1.jpg?format=${expected}`);
      expect(image.getAttribute('data-image-resolution')).toBe(expected);
    }
  });

  it("measures the parent when the image shows no width of its own, and counts a height's share", () => {
    const { image } = imageIn([900, 0], UPLOAD);
    loader().load(image);
    expect(image.getAttribute('src')).toBe('/uploads/3fa1.jpg?format=1000w');
    // an image shown 400 px high is 600 px wide at 1500x1000
    const tall = imageIn([0, 0], UPLOAD, [0, 400]).image;
    loader().load(tall);
    expect(tall.getAttribute('src')).toBe('/uploads/3fa1.jpg?format=750w');
  });

  it('never goes back to a narrower width, and takes a wider one when the image grows', () => {
    const { image } = imageIn([700, 0], UPLOAD, [700, 0]);
    loader().load(image);
    expect(image.getAttribute('src')).toBe('/uploads/3fa1.jpg?format=750w');
    sized(image, 200, 0);
    expect(loader().load(image)).toBe(true);
    expect(image.getAttribute('src')).toBe('/uploads/3fa1.jpg?format=750w');
    sized(image, 1200, 0);
    loader().load(image);
    expect(image.getAttribute('src')).toBe('/uploads/3fa1.jpg?format=1500w');
  });

  it('asks for a width only where it is served resized: the uploads and the platform\'s image hosts', () => {
    const cases: Array<[string, string]> = [
      ['/theme/images/studio-bench.svg', '/theme/images/studio-bench.svg'],
      ['https://example.com/a.jpg', 'https://example.com/a.jpg'],
      ['https://images.squarespace-cdn.com/content/v1/a.jpg', 'https://images.squarespace-cdn.com/content/v1/a.jpg?format=500w'],
      [`${location.origin}/uploads/b.png?v=2#top`, `${location.origin}/uploads/b.png?v=2&format=500w#top`],
      ['/uploads/c.webp?format=100w', '/uploads/c.webp?format=500w'],
    ];
    for (const [source, expected] of cases) {
      const { image } = imageIn([500, 0], { 'data-src': source }, [500, 0]);
      loader().load(image);
      expect(image.getAttribute('src')).toBe(expected);
    }
  });
});

describe('ImageLoader.load: when it loads', () => {
  it('honours data-load="false" unless the call says load: true, as the platform does', () => {
    const { image } = imageIn([300, 0], { ...UPLOAD, 'data-load': 'false' }, [300, 0]);
    expect(loader().load(image)).toBe(false);
    expect(loader().load(image, { load: false })).toBe(false);
    expect(image.hasAttribute('src')).toBe(false);
    expect(loader().load(image, { load: true })).toBe(true);
    expect(image.getAttribute('src')).toBe('/uploads/3fa1.jpg?format=300w');
    // and load: false holds back an image written to load
    const other = imageIn([300, 0], UPLOAD, [300, 0]).image;
    expect(loader().load(other, { load: false })).toBe(false);
  });

  it("answers false for what it cannot load, and takes a YUI node's element", () => {
    expect(loader().load(document.createElement('div'), { load: true })).toBe(false);
    expect(loader().load(null)).toBe(false);
    expect(loader().load(imageIn([300, 0], { 'data-image-dimensions': '10x10' }).image)).toBe(false);
    const { image } = imageIn([300, 0], UPLOAD, [300, 0]);
    expect(loader().load({ getDOMNode: () => image })).toBe(true);
    expect(image.getAttribute('src')).toBe('/uploads/3fa1.jpg?format=300w');
  });

  it('takes the loading classes off, which templates hide an image by until it has its source', () => {
    const { image } = imageIn([300, 0], UPLOAD, [300, 0]);
    image.className = 'page-banner-image loading';
    loader().load(image);
    expect(image.className).toBe('page-banner-image');
  });

  it('loads every image with data-src under a root', () => {
    const first = imageIn([300, 0], UPLOAD, [300, 0]);
    imageIn([300, 0], UPLOAD, [300, 0]);
    loader().loadAll({}, first.parent);
    expect(document.querySelectorAll('img[src]')).toHaveLength(1);
    loader().loadAll();
    expect(document.querySelectorAll('img[src]')).toHaveLength(2);
  });

  it('is defined only where the page has no ImageLoader of its own', () => {
    const own = { load: () => true };
    (page as unknown as { ImageLoader: unknown }).ImageLoader = own;
    new Function('window', IMAGE_LOADER_SCRIPT)(window);
    expect(page.ImageLoader).toBe(own);
  });
});

describe("ImageLoader.load: 'fill' and 'fit'", () => {
  it("fill covers the parent, the focal point as near the middle as the image's edges allow", () => {
    const { parent, image } = imageIn([300, 300], UPLOAD, [0, 0]);
    parent.style.position = 'relative';
    loader().load(image, { load: true, mode: 'fill' });
    // 1500x1000 scaled to the parent's height: 450 × 300, its middle at the parent's
    expect([image.style.width, image.style.height, image.style.left, image.style.top]).toEqual(['450px', '300px', '-75px', '0px']);
    expect(image.style.position).toBe('absolute');
    expect(parent.style.overflow).toBe('hidden');
    // 450 px shown: the 500w copy
    expect(image.getAttribute('src')).toBe('/uploads/3fa1.jpg?format=500w');
    // a focal point at the left edge keeps that edge; at the right, the right edge
    image.setAttribute('data-image-focal-point', '0,0.5');
    loader().load(image, { load: true, mode: 'fill' });
    expect(image.style.left).toBe('0px');
    image.setAttribute('data-image-focal-point', '0.9,0.5');
    loader().load(image, { load: true, mode: 'fill' });
    expect(image.style.left).toBe('-150px');
  });

  it('fill of a tall parent scales to its width and moves along its height', () => {
    const { image } = imageIn([200, 400], { ...UPLOAD, 'data-image-focal-point': '0.5,0.25' }, [0, 0], 'content-fill');
    // the parent's content-fill class names the mode (doncab's banner passes only load: true)
    loader().load(image, { load: true });
    // 600 × 400: the focal point 100 px down the image, at the parent's middle (200) is too high
    expect([image.style.width, image.style.height, image.style.left, image.style.top]).toEqual(['600px', '400px', '-200px', '0px']);
    // a parent not placed relatively: the image is shifted where it stands
    expect(image.style.position).toBe('relative');
  });

  it('fit fits inside the parent along its alignment, centred by default', () => {
    const { parent, image } = imageIn([300, 300], { ...UPLOAD, 'data-mode': 'fit' }, [0, 0]);
    loader().load(image, { load: true });
    expect([image.style.width, image.style.height, image.style.left, image.style.top]).toEqual(['300px', '200px', '0px', '50px']);
    expect(parent.style.overflow).toBe('');
    parent.setAttribute('data-alignment', 'bottom');
    loader().load(image, { load: true, mode: 'content-fit' });
    expect(image.style.top).toBe('100px');
    // not stretched past its own size when told so
    sized(parent, 3000, 3000);
    loader().load(image, { load: true, mode: 'fit', stretch: false, fitAlignment: 'top left' });
    expect([image.style.width, image.style.height, image.style.left, image.style.top]).toEqual(['1500px', '1000px', '0px', '0px']);
  });

  it('a fixed ratio places the image in percent of the parent, which hold while its proportions do', () => {
    const { image } = imageIn([300, 300], { ...UPLOAD, 'data-image-focal-point': '0.25,0.5' });
    loader().load(image, { load: true, mode: 'fill', fixedRatio: true });
    expect([image.style.width, image.style.height, image.style.left, image.style.top]).toEqual(['150%', '100%', '-12.5%', '0%']);
    loader().load(image, { load: true, mode: 'fit', fixedRatio: true });
    expect(image.style.width).toBe('100%');
    expect(parseFloat(image.style.height)).toBeCloseTo(66.667, 2);
    expect(parseFloat(image.style.top)).toBeCloseTo(16.667, 2);
  });

  it('with advanced positioning, fills through object-fit and object-position', () => {
    const { image } = imageIn([300, 300], { ...UPLOAD, 'data-image-focal-point': '0.25,0.5' });
    loader().load(image, { load: true, mode: 'cover', useAdvancedPositioning: true });
    // 450 wide in 300: the focal point (112.5 px) as near the middle as the edges allow: the left edge
    expect([image.style.width, image.style.height, image.style.objectFit, image.style.objectPosition]).toEqual(['100%', '100%', 'cover', '0% 50%']);
    // measured by its parent, which the image covers 450 px wide
    expect(image.getAttribute('src')).toBe('/uploads/3fa1.jpg?format=500w');
  });

  it('places an image of unknown size once it has loaded', () => {
    const { image } = imageIn([300, 300], { 'data-src': '/uploads/3fa1.jpg' }, [0, 0], 'content-fill');
    loader().load(image, { load: true });
    expect(image.style.width).toBe('');
    Object.defineProperty(image, 'naturalWidth', { value: 1500 });
    Object.defineProperty(image, 'naturalHeight', { value: 1000 });
    image.dispatchEvent(new Event('load'));
    expect(image.getAttribute('data-image-dimensions')).toBe('1500x1000');
    expect([image.style.width, image.style.height]).toEqual(['450px', '300px']);
  });
});
