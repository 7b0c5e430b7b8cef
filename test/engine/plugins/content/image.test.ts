import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FOCAL_POINT,
  MAX_ALT_TEXT_LENGTH,
  SRCSET_WIDTHS,
  altTextFromItem,
  focalPoint,
  imageMetaAttributes,
  pixelSize,
  resizedLength,
  splitDimensions,
  srcsetAttribute,
  thumbnailVariantForWidth,
} from '../../../../engine/plugins/content/image.ts';

describe('image sizes', () => {
  it('splits WxH into two pieces, skipping empty ones, and refuses any other count', () => {
    expect(splitDimensions('1500x983')).toEqual(['1500', '983']);
    expect(splitDimensions('x1500x983x')).toEqual(['1500', '983']);
    expect(splitDimensions('axb')).toEqual(['a', 'b']);
    expect(splitDimensions(1000)).toBeUndefined();
    expect(splitDimensions('100x')).toBeUndefined();
    expect(splitDimensions('1x2x3')).toBeUndefined();
  });

  it('reads a piece as a 32-bit integer, failing like Java\'s Integer.parseInt otherwise', () => {
    expect(pixelSize('1500')).toBe(1500);
    expect(pixelSize('+1500')).toBe(1500);
    expect(pixelSize('-2147483648')).toBe(-2147483648);
    expect(pixelSize('١٥٠٠')).toBe(1500); // Arabic-Indic digits, as Character.digit reads them
    for (const piece of ['a', '1.5', ' 15', '2147483648', '+', '', '٢١٤٧٤٨٣٦٤٨']) {
      expect(() => pixelSize(piece), piece).toThrow(expect.objectContaining({
        name: 'NumberFormatException',
        message: `For input string: "${piece}"`,
      }));
    }
  });

  it('resizes proportionally, truncating like the reference', () => {
    expect(resizedLength('1500x1000', 300, false)).toBe(200);
    expect(resizedLength('1500x1000', 300, true)).toBe(450);
    expect(resizedLength('1000x333', 100, false)).toBe(33);
    expect(resizedLength('3x7', 1, false)).toBe(2);
    expect(resizedLength('bad', 100, false)).toBeUndefined();
    // single precision, as Java's (int)(height * (requested / (float)width)): double maths gives 495
    expect(resizedLength('700x462', 750, false)).toBe(494);
    expect(() => resizedLength('700xauto', 750, false)).toThrow('For input string: "auto"');
  });

  it('picks thumbnail widths at the specified thresholds', () => {
    const cases: [number, string][] = [
      [0, '100w'],
      [100, '100w'],
      [101, '300w'],
      [300, '300w'],
      [301, '500w'],
      [500, '500w'],
      [501, '750w'],
      [750, '750w'],
      [751, '1000w'],
      [1000, '1000w'],
      [1001, '1500w'],
      [5000, '1500w'],
    ];
    for (const [width, variant] of cases) expect(thumbnailVariantForWidth(width)).toBe(variant);
  });
});

describe('srcset', () => {
  it('lists the standard widths', () => {
    expect(SRCSET_WIDTHS).toEqual(['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w']);
  });

  it('adds the original as the next width when the largest variant is not 2500w', () => {
    expect(srcsetAttribute({ assetUrl: '/a.jpg', systemDataVariants: '10x10,100w,300w' })).toBe(
      ' srcset="/a.jpg?format=100w 100w,/a.jpg?format=300w 300w,/a.jpg?format=original 500w"',
    );
    expect(srcsetAttribute({ assetUrl: '/a.jpg', systemDataVariants: '2500w' })).toBe(
      ' srcset="/a.jpg?format=2500w 2500w"',
    );
  });

  it('is empty without width variants or image', () => {
    expect(srcsetAttribute({ assetUrl: '/a.jpg', systemDataVariants: '10x10' })).toBe('');
    expect(srcsetAttribute(undefined)).toBe('');
  });
});

describe('focal point and alt text', () => {
  it('defaults the focal point to the centre and prints doubles as Java does', () => {
    expect(DEFAULT_FOCAL_POINT).toBe('0.5,0.5');
    expect(focalPoint({})).toBe('0.5,0.5');
    expect(focalPoint({ mediaFocalPoint: { x: 1, y: 0 } })).toBe('1.0,0.0');
    expect(focalPoint({ mediaFocalPoint: { x: 0.25 } })).toBe('0.25,0.0');
  });

  it('takes the title, else the body without tags cut to 250, else the file name', () => {
    expect(altTextFromItem({ title: 'T', body: 'B', filename: 'F' })).toBe('T');
    expect(altTextFromItem({ title: '', body: '<p>B</p>', filename: 'F' })).toBe(' B ');
    expect(altTextFromItem({ body: '<br>', filename: 'F' })).toBe(' ');
    expect(altTextFromItem({ body: '', filename: 'F' })).toBe('F');
    expect(altTextFromItem({})).toBe('');
    expect(MAX_ALT_TEXT_LENGTH).toBe(250);
    expect(altTextFromItem({ body: 'a'.repeat(250) })).toHaveLength(250);
    expect(altTextFromItem({ body: 'a'.repeat(251) })).toHaveLength(250);
  });

  it('escapes the alt text in image attributes', () => {
    expect(imageMetaAttributes({ title: 'a "b" & <c>' })).toContain('alt="a &quot;b&quot; &amp; &lt;c&gt;" ');
    expect(imageMetaAttributes(undefined)).toBe('');
  });
});
