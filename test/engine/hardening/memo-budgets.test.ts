/**
 * Issue 16, item 1 (engine part): memos keyed by text keep only short keys and short results, so
 * their entry limits bound their bytes whatever texts a page prints. The tag and expression caches
 * keep copies of what they cache, never a view into the template it came from.
 */
import { describe, expect, it, vi } from 'vitest';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { compile } from '../../../engine/index.ts';
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

describe('tag and expression caches', () => {
  /** A full collection (vitest does not expose one to tests). */
  function collectGarbage(): void {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
  }

  it('keep what they cache from a template, not the template it was cut from', () => {
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 20; i++) {
      // A megabyte of text around texts of its own, each 13 characters or longer (shorter cuts are copies anyway):
      // a tag and an expression, compiled twice (cached from then on; the expression is longer than the tags the
      // tag cache keeps, so only the expression cache has it), a name, a date pattern and a predicate operand.
      const literal = 'a long string literal '.repeat(30);
      const source =
        `${String(i).padStart(6, '0')}${' '.repeat(1_000_000)}{some.long.variable.name${i}|date %A, %B %d}` +
        `{.eval @long_assignment${i} = "${literal}"}{aVeryLongPropertyName${i}}{t|date %Y-%m-%d-%H-${i}}` +
        `{.equal? aVeryLongOperandName${i} "abcdefghijklmnop"}same{.end}`;
      for (let round = 0; round < 2; round++) {
        const template = compile(source);
        expect(template.errors).toEqual([]);
        // Expressions, names and arguments are compiled with the rest on the first render.
        expect(template.render({ t: 0 }).errors).toEqual([]);
      }
    }
    collectGarbage();
    // Holding the templates would keep 20 MB (40 with two-byte text); the caches' own entries are a few kilobytes.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(5_000_000);
    // And the cached entries still compile what they did.
    const data = { some: { long: { variable: { name3: 0 } } }, aVeryLongPropertyName3: 'x', t: 0 };
    expect(compile('{some.long.variable.name3|date %Y}{aVeryLongPropertyName3}').render(data).html).toBe('1969x');
  });
});
