/** Every content predicate, through compile and render. */
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../engine/messages.ts';
import { defaultRegistry } from '../../../../engine/index.ts';
import { contentPredicates } from '../../../../engine/plugins/content/index.ts';
import { render, renderOk } from './render-helper.ts';

/** 'yes' when the predicate holds for `data` at the root, 'no' otherwise. */
function holds(predicate: string, data: unknown): boolean {
  const html = renderOk(`{.${predicate}}yes{.or}no{.end}`, data);
  return html === 'yes';
}

describe('registration', () => {
  it('registers the whole list in the default registry', () => {
    const expected = [
      'calendar-view?', 'child-images?', 'clickable?', 'collection?', 'collection-page?',
      'collection-template-page?', 'collectionTypeNameEquals?', 'excerpt?', 'external-link?', 'folder?',
      'gallery-meta?', 'has-multiple?', 'index?', 'location?', 'main-image?', 'passthrough?', 'redirect?',
      'same-day?', 'serviceNameEmail?', 'show-past-events?', 'gallery-design-grid?', 'gallery-design-slideshow?',
      'gallery-design-slider?', 'gallery-design-stacked?', 'gallery-meta-position-top?',
      'gallery-meta-position-top-left?', 'gallery-meta-position-top-right?', 'gallery-meta-position-center?',
      'gallery-meta-position-bottom?', 'gallery-meta-position-bottom-left?', 'gallery-meta-position-bottom-right?',
      'gallery-active-alignment-center?', 'gallery-active-alignment-left?', 'gallery-active-alignment-right?',
      'gallery-autoplay?', 'gallery-auto-crop?', 'gallery-controls?', 'gallery-lightbox?', 'gallery-square-thumbs?',
      'gallery-show-meta?', 'gallery-show-meta-on-hover?', 'gallery-thumbnails?', 'undefined?', 'text?', 'audio?',
      'store-item?', 'event?', 'binary?', 'css-asset?', 'tweak-asset?', 'digital-good?', 'attachment?',
      'wordpress-export?', 'json-export?', 'site-search?', 'active-time?', 'tweet?', 'checkin?', 'kbarticle?',
      'external-video?', 'video?', 'image?', 'quote?', 'link?', 'gallery?', 'promotedMAP?', 'promotedEMBED?',
      'promotedIMAGE?', 'promotedCODE?', 'promotedQUOTE?', 'promotedTWITTER?', 'promotedLINK?', 'promotedVIDEO?',
      'promotedFOURSQUARE?', 'promotedINSTAGRAM?', 'promotedFORM?', 'background-source-undefined?',
      'background-source-upload?', 'background-source-instagram?', 'background-source-video?',
      'background-source-none?', 'current-type?',
    ];
    expect(Object.keys(contentPredicates).sort()).toEqual([...expected].sort());
    for (const name of expected) expect(defaultRegistry.predicate(name)).toBe(contentPredicates[name]);
  });
});

describe('page and collection predicates', () => {
  it('calendar-view? reads calendarView through the scopes', () => {
    expect(holds('calendar-view?', { calendarView: true })).toBe(true);
    expect(renderOk('{.section a}{.calendar-view?}yes{.or}no{.end}{.end}', { calendarView: 1, a: { b: 1 } })).toBe(
      'yes',
    );
    expect(holds('calendar-view?', { calendarView: 'yes' })).toBe(false);
  });

  it('child-images? looks at the first child only', () => {
    expect(holds('child-images?', { items: [{ systemDataId: 'x' }] })).toBe(true);
    expect(holds('child-images?', { items: [{}, { mainImageId: 'x' }] })).toBe(false);
  });

  it('clickable?', () => {
    expect(holds('clickable?', {})).toBe(true);
    expect(holds('clickable?', { folderBehavior: 2 })).toBe(true);
    expect(holds('clickable?', { folderBehavior: 3 })).toBe(false);
    expect(holds('clickable?', { folderBehavior: null })).toBe(false);
  });

  it('collection?, collection-page?, folder?, index?', () => {
    expect(holds('collection?', { collection: { id: 1 } })).toBe(true);
    expect(holds('collection-page?', { collection: { type: '10' } })).toBe(true);
    expect(holds('collection-page?', { type: 10 })).toBe(false);
    expect(holds('folder?', { collection: { folder: 1 } })).toBe(true);
    expect(holds('index?', { collection: { folder: true, folderBehavior: 1 } })).toBe(true);
    expect(holds('index?', { collection: { folder: true, folderBehavior: '1' } })).toBe(false);
  });

  it('collection-template-page? checks the node when it has no collection', () => {
    expect(holds('collection-template-page?', { type: 7 })).toBe(true);
    expect(holds('collection-template-page?', { collection: {}, type: 7 })).toBe(false);
  });

  it('collectionTypeNameEquals? needs exactly one argument', () => {
    expect(holds('collectionTypeNameEquals? blog', { typeName: 'blog' })).toBe(true);
    expect(holds('collectionTypeNameEquals? blog', { typeName: 'events' })).toBe(false);
    expect(render('{.collectionTypeNameEquals?}x{.end}', {}).errors.join()).toContain(
      messages.argsExactly(1),
    );
  });

  it('excerpt? ignores tags, whitespace and no-break spaces', () => {
    expect(holds('excerpt?', { excerpt: { html: '<p>\u00a0\u200b </p>' } })).toBe(false);
    expect(holds('excerpt?', { excerpt: '<p>x</p>' })).toBe(true);
  });

  it('external-link?, has-multiple?, location?, main-image?, passthrough?, redirect?', () => {
    expect(holds('external-link?', { externalLink: 'http://x' })).toBe(true);
    expect(holds('has-multiple?', { a: 1, b: 2 })).toBe(true);
    expect(holds('has-multiple?', { a: 1 })).toBe(false);
    expect(holds('location?', { location: { mapLat: 0, mapLng: 0 } })).toBe(true);
    expect(holds('main-image?', { mainImageId: '' })).toBe(false);
    expect(holds('passthrough?', { passthrough: true, sourceUrl: 'http://x' })).toBe(true);
    expect(holds('redirect?', { folderBehavior: 2 })).toBe(true);
    expect(holds('redirect?', { folderBehavior: 1 })).toBe(false);
  });

  it('serviceNameEmail? and show-past-events?', () => {
    expect(holds('serviceNameEmail?', { serviceName: 'email' })).toBe(true);
    expect(holds('show-past-events?', { showPastOrUpcomingEvents: 'past' })).toBe(true);
    expect(holds('show-past-events?', { showPastOrUpcomingEvents: 'upcoming' })).toBe(false);
  });
});

describe('same-day?', () => {
  // 02:00 UTC on the 16th is the evening of the 15th in New York.
  const event = { startDate: Date.UTC(2013, 10, 15, 15, 0), endDate: Date.UTC(2013, 10, 16, 2, 0) };

  it('compares in America/New_York by default', () => {
    expect(holds('same-day?', event)).toBe(true);
  });

  it('compares in the website time zone', () => {
    expect(holds('same-day?', { ...event, website: { timeZone: 'UTC' } })).toBe(false);
    expect(holds('same-day?', { ...event, website: { timeZone: 'Asia/Tokyo' } })).toBe(true);
  });
});

describe('gallery predicates', () => {
  it('selects design, meta position and alignment from options', () => {
    expect(holds('gallery-design-stacked?', { options: { design: 'stacked' } })).toBe(true);
    expect(holds('gallery-meta-position-bottom-left?', { options: { 'meta-position': 'bottom-left' } })).toBe(true);
    expect(holds('gallery-meta-position-bottom?', { options: { 'meta-position': 'bottom-left' } })).toBe(false);
    expect(holds('gallery-active-alignment-right?', { options: { 'active-alignment': 'right' } })).toBe(true);
  });

  it('has one predicate per value of each select option', () => {
    const selects: [string, string, readonly string[]][] = [
      ['design', 'design', ['grid', 'slideshow', 'slider', 'stacked']],
      ['meta-position', 'meta-position', ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right']],
      ['active-alignment', 'active-alignment', ['center', 'left', 'right']],
    ];
    for (const [prefix, option, values] of selects) {
      for (const value of values) {
        expect(holds(`gallery-${prefix}-${value}?`, { options: { [option]: value } })).toBe(true);
        for (const other of values.filter((v) => v !== value)) {
          expect(holds(`gallery-${prefix}-${value}?`, { options: { [option]: other } })).toBe(false);
        }
      }
    }
    expect(holds('gallery-design-grid?', {})).toBe(false);
  });

  it('reads on/off options', () => {
    for (const option of ['auto-crop', 'controls', 'lightbox', 'square-thumbs', 'show-meta', 'show-meta-on-hover', 'thumbnails']) {
      expect(holds(`gallery-${option}?`, { options: { [option]: true } })).toBe(true);
      expect(holds(`gallery-${option}?`, { options: { [option]: false } })).toBe(false);
    }
    expect(holds('gallery-autoplay?', { options: { autoplay: 'true' } })).toBe(true);
  });

  it('gallery-meta? wants controls or indicators', () => {
    expect(holds('gallery-meta?', { options: { indicators: 1 } })).toBe(true);
    expect(holds('gallery-meta?', { options: {} })).toBe(false);
  });
});

describe('record type, promoted block and background predicates', () => {
  it('plain record types', () => {
    const codes: Record<string, number> = {
      'undefined?': -1, 'text?': 1, 'audio?': 7, 'store-item?': 11, 'event?': 12, 'binary?': 15,
      'css-asset?': 16, 'tweak-asset?': 17, 'digital-good?': 18, 'attachment?': 19, 'wordpress-export?': 20,
      'json-export?': 21, 'site-search?': 30, 'active-time?': 31, 'tweet?': 50, 'checkin?': 52, 'kbarticle?': 54,
    };
    for (const [predicate, code] of Object.entries(codes)) {
      expect(holds(predicate, { recordType: code })).toBe(true);
      expect(holds(predicate, { recordType: code + 100 })).toBe(false);
    }
  });

  it('promoted record types also accept the promoted block', () => {
    const cases: [string, number, string][] = [
      ['external-video?', 8, 'video'], ['video?', 8, 'video'], ['image?', 2, 'image'],
      ['quote?', 4, 'quote'], ['link?', 5, 'link'], ['gallery?', 14, 'gallery'],
    ];
    for (const [predicate, code, block] of cases) {
      expect(holds(predicate, { recordType: code })).toBe(true);
      expect(holds(predicate, { promotedBlockType: block })).toBe(true);
      expect(holds(predicate, { recordType: 1, promotedBlockType: 'map' })).toBe(false);
    }
  });

  it('promoted block types', () => {
    for (const block of ['map', 'embed', 'image', 'code', 'quote', 'twitter', 'link', 'video', 'foursquare', 'instagram', 'form']) {
      expect(holds(`promoted${block.toUpperCase()}?`, { promotedBlockType: block })).toBe(true);
      expect(holds(`promoted${block.toUpperCase()}?`, { promotedBlockType: 'other' })).toBe(false);
    }
  });

  it('background sources', () => {
    const codes: Record<string, number> = { undefined: -1, upload: 1, instagram: 2, video: 3, none: 4 };
    for (const [name, code] of Object.entries(codes)) {
      expect(holds(`background-source-${name}?`, { backgroundSource: code })).toBe(true);
      expect(holds(`background-source-${name}?`, { backgroundSource: 99 })).toBe(false);
    }
  });

  it('current-type? compares the slice type named by its argument', () => {
    expect(holds('current-type? video', { currentType: 6 })).toBe(true);
    expect(holds('current-type? video', { currentType: 5 })).toBe(false);
    expect(holds('current-type? nonsense', { currentType: -1 })).toBe(true);
  });
});
