import { describe, expect, it } from 'vitest';
import { compile, parseJson } from '../../../engine/index.ts';

/** The same body with a no-op `.if` added, which keeps the section on the general, scope-making path. */
function general(source: string): string {
  return source.replace('{.end}', '{.if x}{.end}{.end}');
}

const cases: [string, unknown, string][] = [
  ['{.section a}<{b}>{.end}', { a: { b: 'x' }, b: 'root' }, '<x>'],
  ['{.section a}<{b}>{.end}', { a: {}, b: 'root' }, ''],
  ['{.section a}<{b}>{.end}', { a: { c: 1 }, b: 'root' }, '<root>'],
  ['{.section a}<{b}>{.end}', { a: 'str', b: 'root' }, '<root>'],
  ['{.section a}<{b}>{.end}', { a: [1], b: 'root' }, '<root>'],
  ['{.section a}<{b}>{.end}', { a: { b: 0 }, b: 'root' }, '<0>'],
  ['{.section a}<{b}>{.end}', { a: { b: null }, b: 'root' }, '<>'],
  ['{.section a}<{value}>{.end}', parseJson('{"a":0.0,"value":"root"}'), ''],
  ['{.section a}<{value}>{.end}', parseJson('{"a":2.0,"value":"root"}'), '<root>'],
  ['{.repeated section items}[{n}]{.end}', { items: [{ n: 1 }, {}, 's', { n: 'x' }, null, [2]], n: 'R' }, '[1][R][R][x][R][R]'],
  ['{.repeated section items}[{n}]{.or}none{.end}', { items: [], n: 'R' }, 'none'],
  ['before {.section a}<{b}>{.end} after', { a: { b: 'x' } }, 'before <x> after'],
  ['before {.section a}<{b}>{.end} after', { a: {} }, 'before  after'],
  ['{c}:{.section a}<{b}>{.end}', { a: { b: 'x' }, c: 'C' }, 'C:<x>'],
  ['[{.repeated section items}{n}{.or}none{.end}]', { items: [{ n: 1 }, { n: 2 }] }, '[12]'],
  ['[{.repeated section items}{n}{.or}none{.end}]', { items: [] }, '[none]'],
  ['{.section a}<{b}>{.or}{.end}', { a: { b: 'x' } }, '<x>'],
  // Loops long enough to remember their walks outward: each outer item's own name is found, never the last one's.
  [
    '{.repeated section rows}{.repeated section cells}{n}{.end};{.end}',
    { rows: [{ n: 'A', cells: [{}, {}, {}, { n: 1 }] }, { cells: [{}, {}, {}, {}] }, { n: 'C', cells: [{}, {}, {}, {}] }], n: 'R' },
    'AAA1;RRRR;CCCC;',
  ],
];

describe('sections whose body is one plain name', () => {
  it.each(cases)('%s renders as a section with a scope of its own would', (source, data, expected) => {
    expect(compile(source).render(data).html).toBe(expected);
    expect(compile(general(source)).render(data).html).toBe(expected);
  });
});
