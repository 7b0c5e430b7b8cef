import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readTag } from './read-tag.ts';
import { parseTagSyntax } from '../../engine/syntax/tag-parser.ts';

// Pieces chosen to hit every shape the fast path reads, and their near misses.
/** Mostly the well-formed piece, sometimes a near miss. */
const often = <T,>(valid: fc.Arbitrary<T>, nearMiss: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: nearMiss, weight: 1 });
const word = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_-]{0,4}$/);
const segment = fc.oneof(
  word,
  fc.constantFrom('0', '12', '@', '@index', '$x', '1b', '', '-a', '$', '@1', '007'),
  fc.stringMatching(/^[0-9]{1,3}$/),
);
const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join('.'));
const definition = fc.oneof(word.map((w) => `@${w}`), fc.constantFrom('@', '@1', 'x', '@a.b', '@a?'));
const ws = fc.constantFrom('', ' ', '  ', '\t', '\n ', ' \t', '\f', '\v\r');
// A multi-line comment inside a tag brings its `{` and `}` (see parse.ts, tagAcrossComment).
const noise = often(
  fc.constant(''),
  fc.constantFrom(' ', '  ', '\t', '\n', '|', '||', ',', ', ', '?', '.', '}', ':', '"', '=', '&', '&&', '@', '/', ' {## c ##}', '{## } ##} + 1', '}|x'),
);
const rawArgs = fc.oneof(fc.constant(''), fc.stringMatching(/^[ :%.,a-z0-9"|?@=-]{1,8}$/));
const formatter = fc
  .tuple(fc.oneof(word, fc.constantFrom('', '1x', ' x', '-a')), fc.oneof(fc.constant(''), fc.stringMatching(/^[ :%.,a-z0-9"-]{1,8}$/)))
  .map(([n, a]) => `|${n}${a}`);
const formatters = fc.array(formatter, { maxLength: 3 }).map((fs) => fs.join(''));
const separator = often(fc.constantFrom(',', ', ', ' ,', '  ,  '), fc.constantFrom(' ', ',,', ''));
const variableList = fc
  .tuple(fc.oneof(path, definition), fc.array(fc.tuple(separator, fc.oneof(path, definition)), { maxLength: 2 }))
  .map(([first, rest]) => first + rest.map(([s, p]) => s + p).join(''));
const variableTag = fc.tuple(variableList, formatters, noise).map(([v, fs, tail]) => v + fs + tail);

const predicateName = fc.oneof(word.map((w) => `${w}?`), fc.constantFrom('equal?', 'a.b?', '?', 'x', '@a?'));
const operator = fc.constantFrom('&&', '||', '&', '|', '|||', '&&&', 'and');
const keyword = fc.constantFrom(
  '.end', '.or', '.alternates with', '.section', '.repeated section', '.eof', '.sectionx', '.end?', '.or ',
  '.alternates', '.if', '.var', '.ctx', '.eval', '.include', '.inject', '.macro', '.meta-left', '.meta-right',
  '.newline', '.space', '.tab', '.iff', '.repeated  section', '.', '.foo', '.equal?', '.if?', '.evalx', '.macros',
);
const instructionTag = fc.oneof(
  // Any keyword followed by plausible operands, so each keyword also meets the others' operands.
  fc.tuple(keyword, ws, fc.oneof(fc.constant(''), path, definition, predicateName), noise).map((p) => p.join('')),
  fc.tuple(fc.constantFrom('.section', '.repeated section'), often(fc.constantFrom(' ', '\t ', '\n'), ws), path, noise).map((p) => p.join('')),
  fc.tuple(fc.constantFrom('.end', '.or', '.alternates with', '.eof', '.meta-left', '.meta-right', '.newline', '.space', '.tab'), noise).map((p) => p.join('')),
  fc.tuple(predicateName.map((n) => `.${n}`), rawArgs, noise).map((p) => p.join('')),
  fc.tuple(fc.constantFrom('.or', '.if'), ws, predicateName, rawArgs, noise).map((p) => p.join('')),
  fc
    .tuple(ws, path, fc.array(fc.tuple(ws, operator, ws, path), { maxLength: 3 }), ws, noise)
    .map(([w, first, rest, w2, tail]) => `.if${w}${first}${rest.map((r) => r.join('')).join('')}${w2}${tail}`),
  fc
    .tuple(often(fc.constant(' '), fc.constantFrom('  ', ', ', '')), definition, often(fc.constant(' '), fc.constantFrom('  ', ' ,', '')), variableList, formatters, noise)
    .map((p) => `.var${p.join('')}`),
  fc
    .tuple(
      often(fc.constant(' '), fc.constantFrom('  ', '')),
      definition,
      often(fc.constant(' '), fc.constantFrom('  ', '\t')),
      fc.array(fc.tuple(often(word, definition), often(fc.constant('='), fc.constantFrom('', '==')), fc.oneof(path, definition), often(fc.constantFrom(' ', '\t', ' \n'), ws)), {
        minLength: 1,
        maxLength: 3,
      }),
      noise,
    )
    .map(([s1, name, s2, bindings, tail]) => `.ctx${s1}${name}${s2}${bindings.map((b) => b.join('')).join('')}${tail}`),
  fc.tuple(ws, fc.stringMatching(/^[@a-z0-9 =*+.]{0,8}$/), noise).map((p) => `.eval${p.join('')}`),
  fc.tuple(fc.constantFrom(' ', '  ', ':', ''), fc.oneof(word, fc.constant('')), rawArgs, noise).map((p) => `.include${p.join('')}`),
  fc
    .tuple(fc.constantFrom(' ', '  ', ''), definition, fc.constantFrom(' ', '  ', ''), fc.stringMatching(/^[./a-z0-9_@-]{0,8}$/), rawArgs, noise)
    .map((p) => `.inject${p.join('')}`),
  fc.tuple(fc.constantFrom(' ', '  ', ''), fc.stringMatching(/^[./a-z0-9_@ -]{0,8}$/)).map((p) => `.macro${p.join('')}`),
);
const anyTag = fc.oneof(variableTag, instructionTag, fc.string({ maxLength: 12 }));

describe('tag fast path', () => {
  it('decides every tag as the Chevrotain grammar of record does', () => {
    let accepted = 0;
    fc.assert(
      fc.property(anyTag, (tag) => {
        const fast = readTag(tag);
        if (fast !== null) accepted++;
        expect(fast, JSON.stringify(tag)).toStrictEqual(parseTagSyntax(tag));
      }),
      { numRuns: 40000 },
    );
    // The generator must produce tags as well as near misses.
    expect(accepted).toBeGreaterThan(8000);
    expect(accepted).toBeLessThan(36000);
    // A fixed amount of work (40 000 tags through both readers, 7-10 s on a quiet machine) that a
    // busy CI machine, running every suite at once, has stretched past the default 30 s.
  }, 120_000);

  it('answers every shape templates are made of', () => {
    for (const tag of [
      'a.b', 'item.title|html', 'a|truncate 10 ...', 'a, b|json', '@|apply card.block', '$x.1', '@index',
      '.end', '.or', '.alternates with', '.eof', '.meta-left', '.meta-right', '.newline', '.space', '.tab',
      '.section a', '.repeated section items.0', '.section\ta.b',
      '.equal? a b', '.plural? cart.count', '.main-image?', '.or equal? a 1', '.if equal? a b',
      '.if a', '.if a && b || c.d', '.if a&&b', '.var @x a', '.var @x a.b.c|json|html', '.var @x @y, b',
      '.ctx @c k=a.b m=@d', '.eval @x = a * 2 + 1', '.eval  1', '.include part output', '.inject @f file.json x',
      '.macro card.html',
      // Across a multi-line comment: `.eval`'s code runs on past its `}`, raw arguments stop there.
      '.eval "{## a ##}"', '.eval 1 {## a ##} + 2', '.equal? a b {## c ##}', '.include nav {## c ##}',
      '.inject @f file.json {## c ##}', '.ctx @c k=a {## c ##}', '.if even? {## c ##}', '.or even? {## c ##}',
    ]) {
      const fast = readTag(tag);
      expect(fast, tag).toBeDefined();
      expect(fast, tag).not.toBeNull();
      expect(fast, tag).toStrictEqual(parseTagSyntax(tag));
    }
  });

  it('rejects braces that cannot start a tag and tags that break their syntax, as the grammar does', () => {
    for (const tag of [
      ' color: red; ', '"json": 1', '', '|x', ', a', '\n  return x;\n',
      'color:red', 'a b', '.endx', '.sectionfoo', '.if a &&', '.or ', '.var @x', '.var @x.y a', 'a|', 'a}',
      '.var @type collection.typeName ', 'className=className.replace(new RegExp("touch-styles"),"")',
      '.end.end', '.tab x', '.alternates', '.ifx', '.include', '.inject @f', '.macro a b', '.ctx @c', '.eval',
      // A `}` (a multi-line comment's, inside the tag) ends every other instruction's reading too soon.
      '.end {## c ##}', '.section a {## c ##}', '.if a {## c ##}', '.var @x a {## c ##}', '.var @x a|json {## c ##}',
      'a {## c ##}', 'a|json {## c ##}', '.macro a {## c ##}', '.eval{## c ##}', '.or {## c ##}',
    ]) {
      expect(readTag(tag), tag).toBeNull();
      expect(parseTagSyntax(tag), tag).toBeNull();
    }
  });
});
