/**
 * Issue 16, item 1 (engine part): memos keyed by text keep only short keys and short results, so
 * their entry limits bound their bytes whatever texts a page prints.
 */
import { describe, expect, it, vi } from 'vitest';
import { memoShortText } from '../../../engine/plugins/core/short-text-memo.ts';

describe('short-text memo', () => {
  it('keeps a short text with a short result: computed once', () => {
    const compute = vi.fn((text: string) => text.toUpperCase());
    const memo = memoShortText(compute);
    expect(memo('abc')).toBe('ABC');
    expect(memo('abc')).toBe('ABC');
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('never keeps a long text or a long result: computed every time', () => {
    const compute = vi.fn((text: string) => text.repeat(20));
    const memo = memoShortText(compute);
    const short = 'x'.repeat(20); // its result, 400 characters, is past the result limit
    const long = 'y'.repeat(33);
    for (let i = 0; i < 3; i++) {
      expect(memo(short)).toHaveLength(400);
      expect(memo(long)).toHaveLength(660);
    }
    expect(compute).toHaveBeenCalledTimes(6);
  });
});
