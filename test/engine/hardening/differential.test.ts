/**
 * Differential test against @squarespace/template-engine on generated
 * templates made of the core instructions and formatters: the output must
 * be identical, except for the differences recorded below with their reason.
 */
import fc from 'fast-check';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { compile } from '../../../engine/index.ts';

const require = createRequire(import.meta.url);
const reference = require('@squarespace/template-engine') as {
  Compiler: new () => {
    execute(props: { code: string; json: unknown; enableExpr?: boolean }): { ctx: { render(): string } };
  };
};
const referenceCompiler = new reference.Compiler();

function referenceRender(source: string, json: unknown): string {
  return referenceCompiler.execute({ code: source, json, enableExpr: true }).ctx.render();
}

const data = {
  title: 'Hello & <World>',
  count: 3,
  zero: 0,
  empty: '',
  flag: true,
  price: 12.5,
  items: [
    { name: 'one', n: 1, tags: ['x', 'y'] },
    { name: 'two', n: 2, tags: [] },
    { name: 'three & more', n: 3, tags: ['z'] },
  ],
  nested: { inner: { value: 'deep' } },
};

const path = fc.constantFrom('title', 'count', 'zero', 'empty', 'flag', 'price', 'name', 'n', 'tags', 'nested.inner.value', 'missing', '@', '@index', 'items.1.name');
const fmt = fc.constantFrom('', '|html', '|htmlattr', '|json', '|truncate 5', '|slugify', '|count', '|pluralize', '|str', '|safe', '|html|json', '|encode-space', '|smartypants', '|iter');
const pred = fc.constantFrom('equal? n 2', 'notEqual? name "two"', 'greaterThan? n 1', 'lessThan? count 5', 'even?', 'odd? n', 'plural? count', 'singular? n');

const inline: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('text ', '<p>', ' | ', '\n'),
  fc.tuple(path, fmt).map(([p, f]) => `{${p}${f}}`),
);

const block = fc.letrec((tie) => ({
  body: fc.array(fc.oneof({ depthSize: 'small' }, inline, tie('structure')), { maxLength: 5 }).map((p) => p.join('')),
  structure: fc.oneof(
    fc.tuple(path, tie('body'), tie('body')).map(([p, a, b]) => `{.section ${p}}${a}{.or}${b}{.end}`),
    fc.tuple(tie('body'), tie('body')).map(([a, b]) => `{.repeated section items}${a}{.alternates with},{.or}${b}{.end}`),
    fc.tuple(pred, tie('body'), tie('body')).map(([p, a, b]) => `{.${p}}${a}{.or}${b}{.end}`),
    fc.tuple(path, path, tie('body')).map(([x, y, a]) => `{.if ${x} || ${y}}${a}{.end}`),
    fc.tuple(path, tie('body')).map(([p, a]) => `{.var @v ${p}}${a}{@v}`),
  ),
})).body as fc.Arbitrary<string>;

/**
 * Known, explained differences: formatters whose two references disagree.
 * This engine follows the Java one (the production server and the source of
 * the golden files). Each entry is checked, so the record stays true.
 */
const RECORDED_DIFFERENCES: { source: string; ours: string; reason: string }[] = [
  {
    source: '{title|url-encode}',
    ours: 'Hello+%26+%3CWorld%3E',
    reason: "Java's URLEncoder writes a space as '+'; the TypeScript engine writes %20",
  },
  {
    source: '{title|round}|{title|mod 2}',
    ours: '0|0',
    reason: 'Java reads a non-numeric value as 0 (Jackson asDouble/asLong); the TypeScript engine prints NaN',
  },
  {
    source: '{price|mod 2}',
    ours: '0',
    reason: 'Java takes the modulus of the value as a long (12.5 → 12); the TypeScript engine keeps the fraction',
  },
  {
    source: '{title|cycle a b}',
    ours: 'b',
    reason: 'Java cycles on the value read as a number (0 → the last argument); the TypeScript engine prints nothing',
  },
  {
    source: '{name|raw}',
    ours: '',
    reason: "the TypeScript engine prints the word 'null' for a missing value; Java prints nothing",
  },
  {
    source: '{items.2.tags|json-pretty}',
    ours: '[ "z" ]',
    reason: "Java's Jackson pretty printer keeps arrays on one line with spaces inside the brackets, as the golden files show",
  },
];

describe('differential against @squarespace/template-engine', () => {
  it('renders generated templates identically', () => {
    fc.assert(
      fc.property(block, (source) => {
        const ours = compile(source).render(data).html;
        const theirs = referenceRender(source, data);
        expect({ source, ours }).toEqual({ source, ours: theirs });
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  for (const d of RECORDED_DIFFERENCES) {
    it(`differs as recorded: ${d.source}`, () => {
      const ours = compile(d.source).render(data).html;
      expect(ours).toBe(d.ours);
      expect(referenceRender(d.source, data)).not.toBe(ours);
    });
  }
});
