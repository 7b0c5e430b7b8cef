/**
 * Streamed renders: the chunks handed to the sink, joined, are exactly what
 * render() returns, with the same errors: over random templates and data,
 * over every golden render case, across large outputs, the output limit,
 * failing partials and a sink that throws.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, type Template } from '../../../engine/index.ts';
import { collectGoldenFiles, readGoldenRenderCase } from '../../../engine/golden/runner.ts';
import { messages } from '../../../engine/messages.ts';
import { FLATTEN_FROM, OUTPUT_CHUNK } from '../../../engine/runtime/render-state.ts';

type Options = Parameters<Template['render']>[1];

function streamed(t: Template, data: unknown, options?: Options): { html: string; errors: unknown[]; chunks: string[] } {
  const chunks: string[] = [];
  const { errors } = t.renderToStream(data, (chunk) => chunks.push(chunk), options);
  return { html: chunks.join(''), errors, chunks };
}

function expectSame(t: Template, data: unknown, options?: Options): void {
  const whole = t.render(data, options);
  const parts = streamed(t, data, options);
  expect(parts.html).toBe(whole.html);
  expect(parts.errors).toEqual(whole.errors);
  for (const chunk of parts.chunks) expect(chunk).not.toBe('');
}

const name = fc.constantFrom('a', 'b', 'items', 'title', '@', '@index', 'a.b', 'items.0', 'x.y.z');
const formatter = fc.constantFrom('html', 'json', 'truncate 3', 'pluralize', 'count', 'iter', 'nosuch', 'apply p', 'apply q', 'round', 'safe');
const predicate = fc.constantFrom('equal? a b', 'even?', 'odd? a', 'plural?', 'greaterThan? a 1');
const piece: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('{', '}', '{.end}', '{.or}', '{.alternates with}', '{.newline}', 'x'.repeat(700)),
  name.map((n) => `{${n}}`),
  fc.tuple(name, formatter).map(([n, f]) => `{${n}|${f}}`),
  name.map((n) => `{.section ${n}}`),
  name.map((n) => `{.repeated section ${n}}`),
  predicate.map((p) => `{.${p}}`),
  fc.constantFrom('{.macro p}', '{.include p output}', '{.include q}', '{.eval 1 + @v}', '{.var @v a}', '{@|apply p}', '{@|apply q}'),
);
const template = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.string({ maxLength: 8 }),
    fc.array(tie('value'), { maxLength: 40 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'items', 'title', 'x', 'y'), tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('streamed render', () => {
  it('writes exactly what render() returns, with the same errors, for random templates and data', () => {
    fc.assert(
      fc.property(template, json, fc.constantFrom(200, 5_000, 20_000_000), (source, data, maxOutputSize) => {
        const t = compile(source, { limits: { maxRenderMs: 1000, maxOutputSize } });
        // p is the template itself (recursion hits the depth limit); q writes a large block.
        expectSame(t, data, { partials: { p: source, q: 'y'.repeat(3000) + '{@}' } });
      }),
      { numRuns: 300, seed: 20261123 },
    );
  });

  it('hands out a large output in many chunks, the first one early', () => {
    const list = '<head>{title}</head><ul>{.repeated section items}<li>{name|html}</li>{.end}</ul>';
    const items = Array.from({ length: 20_000 }, (_, i) => ({ name: `Item <${i}>` }));
    const t = compile(list);
    const parts = streamed(t, { title: 'T', items });
    expect(parts.html).toBe(t.render({ title: 'T', items }).html);
    expect(parts.chunks.length).toBeGreaterThan(10);
    expect(parts.chunks[0]?.startsWith('<head>T</head>')).toBe(true);
    expect(parts.chunks[0]?.length).toBeLessThan(2 * OUTPUT_CHUNK);
  });

  it('holds back a partial that fails, and stops at the output limit as render() does', () => {
    const limit = FLATTEN_FROM + 3 * OUTPUT_CHUNK;
    const t = compile('start{.repeated section items}{@|apply row}{.end}', { limits: { maxOutputSize: limit } });
    const items = Array.from({ length: 40_000 }, (_, i) => i);
    const options = { partials: { row: '<div>{@}' + 'z'.repeat(20) + '</div>' } };
    const parts = streamed(t, { items }, options);
    expect(parts.errors.map((e) => (e as { message: string }).message)).toContain(messages.outputLimit(limit));
    expect(parts.html.length).toBeLessThanOrEqual(limit);
    expectSame(t, { items }, options);
    // One partial writing past the limit leaves nothing of itself behind.
    const big = compile('before|{@|apply big}|after', { limits: { maxOutputSize: 50_000 } });
    expectSame(big, {}, { partials: { big: '{.repeated section @}'.replace('@', 'xs') + '{@}' + 'w'.repeat(100) + '{.end}' } });
    expectSame(big, { xs: Array.from({ length: 2000 }, (_, i) => i) }, { partials: { big: '{.repeated section xs}{@}' + 'w'.repeat(100) + '{.end}' } });
  });

  it('throws what the sink throws, and stops writing', () => {
    const t = compile('{.repeated section items}{@|apply row}{.end}');
    const items = Array.from({ length: 10_000 }, (_, i) => i);
    let calls = 0;
    const failure = new Error('socket closed');
    expect(() =>
      t.renderToStream({ items }, () => {
        calls++;
        throw failure;
      }, { partials: { row: '<p>{@}</p>' } }),
    ).toThrow(failure);
    expect(calls).toBe(1);
  });
});

const shared = fileURLToPath(new URL('../../../../shared/conformance', import.meta.url));
const own = fileURLToPath(new URL('../../../fixtures/golden', import.meta.url));

describe('golden render cases rendered both ways', () => {
  const dirs = existsSync(shared) ? [shared, own] : [own];
  it('give the same output and errors streamed as whole', () => {
    let compared = 0;
    for (const file of collectGoldenFiles(dirs)) {
      const found = readGoldenRenderCase(file);
      if (found === null || found.preprocess) continue;
      const t = compile(found.template, found.compileOptions);
      expectSame(t, found.data, found.options);
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });
});
