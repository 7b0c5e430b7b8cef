import { describe, expect, it } from 'vitest';
import { stripTags } from '../../../../engine/plugins/core/text-shaping.ts';

describe('stripTags', () => {
  it('removes each `<` to the first `>` after it, as /<[^>]*?>/g does', () => {
    // every text of up to seven characters of `<`, `>` and `a`
    const texts = [''];
    for (let length = 1; length <= 7; length++) for (const text of texts.filter((t) => t.length === length - 1)) texts.push(text + '<', text + '>', text + 'a');
    for (const text of texts) expect(stripTags(text), text).toBe(text.replace(/<[^>]*?>/g, ''));
    expect(stripTags('<p>Hello <em>there</em></p> 1 < 2')).toBe('Hello there 1 < 2');
  });

  it('reads a long value with no `>` after its `<`s in one pass', () => {
    const value = '<'.repeat(400_000) + 'end';
    expect(stripTags(value)).toBe(value);
    expect(stripTags(`<b>${value}`)).toBe(value);
  });
});
