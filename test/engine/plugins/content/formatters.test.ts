/** Every content formatter, through compile and render. */
import { describe, expect, it } from 'vitest';
import { compile } from '../../../../engine/index.ts';
import { messages } from '../../../../engine/messages.ts';
import { render, renderOk } from './render-helper.ts';

const INVALID_SIZE = `${messages.imageMissingOriginalSize}.`;

describe('AbsUrl, capitalize, humanizeDuration, audio-player', () => {
  it('AbsUrl prefixes the base URL', () => {
    expect(renderOk('{path|AbsUrl}', { 'base-url': 'https://x.com', path: 'a/b' })).toBe('https://x.com/a/b');
    expect(renderOk('{path|AbsUrl}', { path: 'a' })).toBe('/a');
  });

  it('capitalize upper-cases everything', () => {
    expect(renderOk('{t|capitalize}', { t: 'hello World' })).toBe('HELLO WORLD');
  });

  it('humanizeDuration prints m:ss without wrapping hours', () => {
    expect(renderOk('{d|humanizeDuration}', { d: 0 })).toBe('0:00');
    expect(renderOk('{d|humanizeDuration}', { d: 59999 })).toBe('0:59');
    expect(renderOk('{d|humanizeDuration}', { d: 3725000 })).toBe('62:05');
    expect(renderOk('{d|humanizeDuration}', { d: '125000' })).toBe('2:05');
  });

  it('humanizeDuration reports a negative duration', () => {
    const { html, errors } = render('{d|humanizeDuration}', { d: -1000 });
    expect(html).toBe('');
    expect(errors.join()).toContain(messages.contentDurationNegative);
  });

  it('audio-player renders the item alone', () => {
    const html = renderOk('{item|audio-player}', {
      id: 'outer',
      item: { id: 'i1', structuredContent: { audioAssetUrl: 'a.mp3' } },
    });
    expect(html).toContain('data-audio-asset-url="a.mp3" data-item-id="i1" id="audio-player-i1"');
    // Isolated: a missing field of the item does not come from outside.
    expect(renderOk('{item|audio-player}', { id: 'outer', item: {} })).toContain('data-item-id=""');
  });
});

describe('colour formatters', () => {
  it('color-weight', () => {
    expect(renderOk('{c|color-weight}', { c: '#fff' })).toBe('light');
    expect(renderOk('{c|color-weight}', { c: '222222' })).toBe('dark');
    expect(renderOk('{c|color-weight}', { c: 'red' })).toBe('');
  });

  it('website-color', () => {
    expect(renderOk('{c|website-color}', { c: { hue: 200, saturation: 0.5, lightness: 0.25 } })).toBe(
      'hsl(200, 50%, 25%)',
    );
    expect(renderOk('{c|website-color}', { c: { hue: 200, saturation: 0.5, lightness: 0.25, alpha: 0.5 } })).toBe(
      'hsla(200, 50%, 25%, 0.5)',
    );
    expect(renderOk('{c|website-color}', { c: { hue: 400, saturation: 0.5, lightness: 0.25 } })).toBe(
      messages.colourHueOutOfBounds,
    );
    expect(renderOk('{c|website-color}', { c: { hue: 1 } })).toBe(messages.colourMissingHsl);
  });
});

describe('image formatters', () => {
  const img = {
    id: 'id1',
    title: 'T & "q"',
    assetUrl: '/a.jpg',
    originalSize: '1500x1000',
    componentKey: 'k',
    systemDataVariants: '100w,300w',
    colorData: { topLeftAverage: 'aaa', centerAverage: 'bbb' },
  };

  it('image writes noscript and lazy image with the class argument', () => {
    const html = renderOk('{img|image cls}', { img });
    expect(html).toBe(
      '<noscript><img src="/a.jpg" alt="T &amp; &quot;q&quot;" /></noscript>' +
        '<img class="cls" data-component-key="k" data-src="/a.jpg" data-image="/a.jpg" ' +
        'data-image-dimensions="1500x1000" data-image-focal-point="0.5,0.5" alt="T &amp; &quot;q&quot;" ' +
        'data-load="false" data-image-id="id1" data-type="image" />',
    );
    expect(renderOk('{img|image}', { img })).toContain('<img class="thumb-image" ');
  });

  it('image uses the item altText inside an image block', () => {
    expect(renderOk('{img|image}', { img: { ...img, altText: '  block alt ' }, blockType: 5 })).toContain(
      'alt="block alt"',
    );
  });

  it('image refuses two arguments', () => {
    expect(render('{img|image a b}', { img }).errors.join()).toContain(messages.argsTooMany(0, 1));
  });

  it('image-meta, cover-image-meta and child-image-meta', () => {
    expect(renderOk('{img|image-meta}', { img })).toContain('data-src="/a.jpg"');
    expect(renderOk('{@|cover-image-meta}', { coverImage: img })).toContain('data-image-dimensions="1500x1000"');
    expect(renderOk('{@|cover-image-meta}', {})).toBe('');
    expect(renderOk('{@|child-image-meta 1}', { items: [{}, img] })).toContain('alt="T &amp; &quot;q&quot;"');
    expect(renderOk('{@|child-image-meta}', { items: [img] })).toContain('data-component-key="k"');
    expect(render('{@|child-image-meta x}', {}).errors.join()).toContain(messages.contentArgIntegerIndex('x'));
    // an index is read as Java's Integer.parseInt reads it: past the 32-bit range it is refused, any script's digits count
    expect(render('{@|child-image-meta 3000000000}', {}).errors.join()).toContain(messages.contentArgIntegerIndex('3000000000'));
    expect(renderOk('{@|child-image-meta ١}', { items: [{}, img] })).toContain('alt="T &amp; &quot;q&quot;"');
  });

  it('image-srcset', () => {
    // The attribute keeps its leading space so it can follow a tag name directly.
    expect(renderOk('{img|image-srcset}', { img })).toBe(
      ' srcset="/a.jpg?format=100w 100w,/a.jpg?format=300w 300w,/a.jpg?format=original 500w"',
    );
  });

  it('image-color', () => {
    expect(renderOk('{img|image-color center}', { img })).toBe('#bbb');
    expect(renderOk('{img|image-color topLeft background-color}', { img })).toBe('background-color: #aaa');
    expect(renderOk('{img|image-color bottomLeft}', { img })).toBe(messages.contentColourNotFound('bottomLeft'));
    expect(renderOk('{img|image-color}', { img })).toContain('data-color-topLeft="#aaa" data-color-topRight="#" ');
    expect(render('{img|image-color middle}', { img }).errors.join()).toContain(
      messages.contentArgIllegalValue('middle'),
    );
  });

  it('width and height', () => {
    expect(renderOk('{s|width}-{s|height}', { s: '1500x1000' })).toBe('1500-1000');
    expect(renderOk('{s|width}', { s: '1500' })).toBe(INVALID_SIZE);
    // each reads only its own side as a number, as the Java reference does
    expect(renderOk('{s|width}', { s: '1500xauto' })).toBe('1500');
    const letters = render('[{s|height}]', { s: 'axb' });
    expect(letters.html).toBe('[]');
    expect(letters.errors.join()).toContain(messages.unexpectedError('NumberFormatException', 'VARIABLE', messages.notAnInt('b')));
  });

  it('resized lengths', () => {
    expect(renderOk('{s|resizedHeightForWidth 300}', { s: '1500x1000' })).toBe('200');
    expect(renderOk('{s|resizedWidthForHeight 300}', { s: '1500x1000' })).toBe('450');
    expect(renderOk('{s|resizedWidthForHeight 300}', { s: 'nope' })).toBe(INVALID_SIZE);
    expect(render('{s|resizedWidthForHeight}', {}).errors.join()).toContain(messages.argsNotEnough(1));
    expect(render('{s|resizedWidthForHeight big}', {}).errors.join()).toContain(messages.formatterArgs('resizedWidthForHeight', messages.notAnInt('big')));
  });

  it('squarespace thumbnails', () => {
    expect(renderOk('{s|squarespaceThumbnailForWidth 750}', { s: 'x' })).toBe('750w');
    expect(renderOk('{s|squarespaceThumbnailForWidth 751}', { s: 'x' })).toBe('1000w');
    // 1500x1000 shown 700 high is 1050 wide.
    expect(renderOk('{s|squarespaceThumbnailForHeight 700}', { s: '1500x1000' })).toBe('1500w');
    expect(renderOk('{s|squarespaceThumbnailForHeight 200}', { s: '1500x1000' })).toBe('300w');
    expect(renderOk('{s|squarespaceThumbnailForHeight 200}', { s: '' })).toBe(INVALID_SIZE);
  });

  it('the resize and thumbnail sizes are 32-bit whole numbers, checked when the template compiles', () => {
    const compileErrors = (source: string) => compile(source).errors.map((e) => e.message);
    for (const name of ['resizedHeightForWidth', 'resizedWidthForHeight', 'squarespaceThumbnailForWidth', 'squarespaceThumbnailForHeight']) {
      expect(compileErrors(`{s|${name} 3000000000}`)).toEqual([messages.formatterArgs(name, messages.notAnInt('3000000000'))]);
      expect(compileErrors(`{s|${name} -2147483649}`)).toEqual([messages.formatterArgs(name, messages.notAnInt('-2147483649'))]);
      expect(render(`{s|${name} 2147483647}`, { s: '1500x1000' }).errors).toEqual([]);
      expect(render(`{s|${name} -2147483648}`, { s: '1500x1000' }).errors).toEqual([]);
    }
  });
});

describe('item-classes', () => {
  it('collects classes from the item and its scopes', () => {
    const item = {
      promotedBlockType: 'Image Block',
      categories: ['A B'],
      tags: ['t'],
      author: { displayName: 'Jane' },
      recordTypeLabel: 'text',
      starred: true,
      recordType: 1,
    };
    expect(renderOk('{@|item-classes}', item)).toBe(
      'hentry promoted promoted-block-image-block category-a-b tag-t author-jane post-type-text featured',
    );
  });

  it('adds product marks to store items only', () => {
    const digitalOnSale = { recordType: 11, structuredContent: { productType: 2, onSale: true } };
    expect(renderOk('{@|item-classes}', digitalOnSale)).toBe('hentry post-type- on-sale');
    const soldOutService = { recordType: 11, structuredContent: { productType: 3, variants: [{ qtyInStock: 0 }] } };
    expect(renderOk('{@|item-classes}', soldOutService)).toBe('hentry post-type- sold-out');
    const unlimited = { recordType: 11, structuredContent: { productType: 1, variants: [{ unlimited: true }] } };
    expect(renderOk('{@|item-classes}', unlimited)).toBe('hentry post-type-');
    expect(renderOk('{@|item-classes}', { ...soldOutService, recordType: 1 })).toBe('hentry post-type-');
    const noVariants = { recordType: 11, structuredContent: { productType: 1, variants: 'none' } };
    expect(renderOk('{@|item-classes}', noVariants)).toBe('hentry post-type- sold-out');
  });

  it('reads values of other kinds as the language does: only lists give categories and tags, text and numbers count as flags', () => {
    const odd = {
      promotedBlockType: 0,
      categories: 'Home',
      tags: { t: 1 },
      author: { displayName: '' },
      recordTypeLabel: 7,
      starred: 'no',
      recordType: '11',
      structuredContent: { productType: '2', onSale: 'yes' },
    };
    expect(renderOk('{@|item-classes}', odd)).toBe('hentry post-type-7 featured on-sale');
    const numbers = { promotedBlockType: 2.5, author: { displayName: 0.5 }, starred: 0, recordType: 11.0, structuredContent: { productType: 4 } };
    expect(renderOk('{@|item-classes}', numbers)).toBe('hentry promoted promoted-block-25 author-05 post-type-');
    expect(renderOk('{.repeated section items}{@|item-classes}{.end}', { items: [{ author: true, starred: [] }] })).toBe(
      'hentry post-type- article-index-1',
    );
  });

  it('numbers every position of a long list and names the same category on every item', () => {
    const items = Array.from({ length: 1100 }, (_, i) => ({ categories: ['Home & Garden', i % 2 ? 'A B' : 'Home & Garden'] }));
    const classes = renderOk('{.repeated section items}{@|item-classes}\n{.end}', { items }).trim().split('\n');
    expect(classes).toHaveLength(1100);
    expect(classes[0]).toBe('hentry category-home-garden category-home-garden post-type- article-index-1');
    expect(classes[1023]).toBe('hentry category-home-garden category-a-b post-type- article-index-1024');
    expect(classes[1099]).toBe('hentry category-home-garden category-a-b post-type- article-index-1100');
  });
});

describe('video', () => {
  const clip = { oembed: { html: '<iframe src="x">', providerName: 'vimeo' }, overlay: false };

  it('wraps the embed html escaped', () => {
    expect(renderOk('{v|video}', { v: clip })).toBe(
      '<div class="sqs-video-wrapper" data-html="&lt;iframe src=&quot;x&quot;&gt;" data-provider-name="vimeo"></div>',
    );
  });

  it('adds load-false and the overlay', () => {
    const html = renderOk('{v|video load-false}', { v: { ...clip, overlay: true } });
    expect(html).toContain(' data-load="false" ');
    expect(html).toContain('sqs-video-overlay no-thumb');
  });

  it('refuses unknown options', () => {
    expect(render('{v|video autoplay}', {}).errors.join()).toContain(messages.contentArgUnexpectedValue('autoplay'));
  });
});
