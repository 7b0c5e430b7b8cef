/**
 * Property tests: random templates built from the grammar (balanced or not,
 * with nonsense mixed in) over random JSON never throw out of render, always
 * finish, and report syntax errors with a position.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../../../engine/index.ts';

const name = fc.constantFrom('a', 'b', 'items', 'title', 'constructor', 'toString', '@', '@index', '$x', 'a.b', 'items.0', 'x.y.z');
const formatter = fc.constantFrom('html', 'json', 'truncate 3', 'pluralize', 'count', 'iter', 'nosuch', 'slugify', 'apply p', 'round', 'safe', 'format a b');
const predicate = fc.constantFrom('equal? a b', 'even?', 'odd? a', 'plural?', 'nosuch?', 'greaterThan? a 1', 'debug?');

const piece: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('{', '}', '{}', '{ a }', '{#c}', '{##m##}', '{.end}', '{.or}', '{.alternates with}', '{.meta-left}', '{.newline}', '{^x}'),
  name.map((n) => `{${n}}`),
  fc.tuple(name, formatter).map(([n, f]) => `{${n}|${f}}`),
  name.map((n) => `{.section ${n}}`),
  name.map((n) => `{.repeated section ${n}}`),
  predicate.map((p) => `{.${p}}`),
  predicate.map((p) => `{.or ${p}}`),
  fc.tuple(name, name).map(([x, y]) => `{.if ${x} && ${y}}`),
  name.map((n) => `{.var @v ${n}|json}`),
  fc.constantFrom('{.macro p}', '{.include p}', '{.eval 1 + @v}', '{.eval "a" + 1}', '{.ctx @c k=a}', '{.inject @i f.json}', '{@|apply p}'),
);

const template = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));

const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 8 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'items', 'title', 'x', 'y', 'z', '__proto__', 'constructor'), tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('random templates over random data', () => {
  it('never throw, always finish, and position every syntax error', () => {
    fc.assert(
      fc.property(template, json, (source, data) => {
        const t = compile(source, { limits: { maxRenderMs: 1000 } });
        for (const e of t.errors) {
          expect(e.line).toBeGreaterThanOrEqual(1);
          expect(e.column).toBeGreaterThanOrEqual(1);
          expect(e.message).toMatch(/^(SyntaxError|RuntimeError): /);
        }
        const result = t.render(data, { partials: { p: source } });
        expect(typeof result.html).toBe('string');
        expect(Array.isArray(result.errors)).toBe(true);
      }),
      { numRuns: 400, seed: 20261122 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
