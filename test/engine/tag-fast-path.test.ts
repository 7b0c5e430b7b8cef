import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseTagFast } from '../../engine/syntax/tag-fast-path.ts';
import { parseTagSyntax } from '../../engine/syntax/tag-parser.ts';

// Pieces chosen to hit the fast path's shapes and their near misses.
const word = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_-]{0,4}$/);
const segment = fc.oneof(word, fc.constantFrom('0', '12', '@', '@index', '$x', '1b', '', '-a'), fc.stringMatching(/^[0-9]{1,3}$/));
const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join('.'));
const noise = fc.constantFrom('', ' ', '  ', '\t', '\n', '|', '||', ',', ', ', '?', '.', '}', ':', '"');
const formatter = fc
  .tuple(fc.oneof(word, fc.constantFrom('', '1x', ' x')), fc.oneof(fc.constant(''), fc.stringMatching(/^[ :%.,a-z0-9"-]{1,8}$/)))
  .map(([n, a]) => `|${n}${a}`);
const variableTag = fc
  .tuple(path, fc.array(formatter, { maxLength: 3 }), noise)
  .map(([p, fs, tail]) => p + fs.join('') + tail);
const keyword = fc.constantFrom('.end', '.or', '.alternates with', '.section', '.repeated section', '.eof', '.sectionx', '.end?', '.or ', '.alternates');
const instructionTag = fc
  .tuple(keyword, fc.constantFrom('', ' ', '  ', '\t', '\n ', 'x'), fc.oneof(fc.constant(''), path), noise)
  .map(([k, ws, p, tail]) => k + ws + p + tail);
const anyTag = fc.oneof(variableTag, instructionTag, fc.string({ maxLength: 12 }));

describe('tag fast path', () => {
  it('agrees with the Chevrotain parser wherever it answers', () => {
    let answered = 0;
    fc.assert(
      fc.property(anyTag, (tag) => {
        const fast = parseTagFast(tag);
        if (fast === undefined) return;
        answered++;
        expect(fast, JSON.stringify(tag)).toEqual(parseTagSyntax(tag));
      }),
      { numRuns: 20000 },
    );
    // The generator must actually exercise the fast path.
    expect(answered).toBeGreaterThan(2000);
  });

  it('answers the common shapes and leaves the rest to the grammar', () => {
    for (const tag of ['a.b', 'item.title|html', 'a|truncate 10 ...', '.end', '.or', '.alternates with', '.section a', '.repeated section items.0']) {
      expect(parseTagFast(tag), tag).toBeDefined();
      expect(parseTagFast(tag), tag).toEqual(parseTagSyntax(tag));
    }
    for (const tag of ['a, b', '.if a', '.var @x a', '.equal? a b', '.or equal? a', '.eval 1']) {
      expect(parseTagFast(tag), tag).toBeUndefined();
    }
  });
});
