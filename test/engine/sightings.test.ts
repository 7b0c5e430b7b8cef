import { describe, expect, it } from 'vitest';
import { Sightings } from '../../engine/syntax/sightings.ts';

describe('sightings (the caches\' admission rule)', () => {
  // A text's first sighting records a glance at it, the second its whole hash: yes from the third.
  it('reports a text seen in two earlier rounds, not one seen only in this round', () => {
    const sightings = new Sightings(64);
    const text = 'item.customContent.productTitle|htmlattr';
    expect(sightings.seenBefore(text, 1)).toBe(false);
    expect(sightings.seenBefore(text, 1)).toBe(false);
    expect(sightings.seenBefore(text, 2)).toBe(false);
    expect(sightings.seenBefore(text, 2)).toBe(false);
    expect(sightings.seenBefore(text, 3)).toBe(true);
  });

  it('counts every earlier sighting when no round is given', () => {
    const sightings = new Sightings(64);
    expect(sightings.seenBefore('x + 1')).toBe(false);
    expect(sightings.seenBefore('x + 1')).toBe(false);
    expect(sightings.seenBefore('x + 1')).toBe(true);
  });

  it('tells apart texts that differ anywhere, short or long', () => {
    const sightings = new Sightings(1 << 16);
    const texts = ['a', 'b', 'ab', 'ba', 'items', 'itemz', 'item.title|html', 'item.title|htmlattr', 'xitem.customContent.productTitle', 'item.customContent.productTitlex'];
    for (const text of texts) expect(sightings.seenBefore(text, 1)).toBe(false);
    for (const text of texts) expect(sightings.seenBefore(text, 2)).toBe(false);
    for (const text of texts) expect(sightings.seenBefore(text, 3)).toBe(true);
  });

  it('takes no text for one seen before on a glance alike: the whole text decides', () => {
    // Same length, first, last and middle characters: the glance is the same, the texts are not.
    const sightings = new Sightings(4096);
    expect(sightings.seenBefore('title|a-b-c-d', 1)).toBe(false);
    expect(sightings.seenBefore('title|a-x-c-d', 2)).toBe(false);
    expect(sightings.seenBefore('title|a-y-c-d', 3)).toBe(false);
    expect(sightings.seenBefore('title|a-x-c-d', 4)).toBe(true);
  });

  it('does not take a text that differs only in its middle for one seen before', () => {
    // Templates compiled in turn often differ only there (numbered names); such a text taken for
    // one seen before would be kept in a cache the rule exists to keep it out of.
    const sightings = new Sightings(4096);
    for (let i = 0; i < 50; i++) {
      expect(sightings.seenBefore(`.var @name_${i}_7 collection.items.0.title`, i + 1)).toBe(false);
    }
  });
});
