import { describe, expect, it } from 'vitest';
import { compile, createDefaultRegistry, type Template } from '../../../engine/index.ts';

/**
 * `{value|apply name}` alone runs the partial straight into the output; the
 * same `apply` without that shortcut (`captured` below, the formatter chain's
 * path) captures the partial's text first. Both must render and report alike.
 */
const plugins = createDefaultRegistry();
const apply = plugins.formatter('apply');
if (apply === undefined) throw new Error('no apply formatter');
plugins.addFormatters({ captured: { validate: apply.validate, apply: apply.apply } });

const partialSources: Record<string, string> = {
  card: '<b>{name}</b>{.section @args}[{k}]{.end}',
  around: '{@index}:{outer}|{name}',
  self: 'x{@|apply self}',
  missingInside: 'before{@|apply nowhere}after',
};

const cases: [string, unknown][] = [
  ['{item|apply card}', { item: { name: 'Linen' } }],
  ['{item|apply card k=v}', { item: { name: 'Linen' } }],
  ['{.repeated section items}{@|apply around}{.end}', { outer: 'o', items: [{ name: 'a' }, { name: 'b' }] }],
  ['{.repeated section items}{@|apply around private}{.end}', { outer: 'o', items: [{ name: 'a' }] }],
  ['{@|apply missing}', {}],
  ['{@|apply missingInside}', {}],
  ['{@|apply self}', {}],
  ['{.macro m}<i>{name}</i>{.end}{item|apply m}', { item: { name: 'macro' } }],
];

function render(source: string, data: unknown, partials: Record<string, Template | string>): { html: string; errors: string[] } {
  const result = compile(source, { plugins }).render(data, { partials });
  return { html: result.html, errors: result.errors.map((e) => `${e.line}:${e.column} ${e.message}`) };
}

describe('a partial applied straight into the output', () => {
  const partials = Object.fromEntries(Object.entries(partialSources).map(([name, text]) => [name, compile(text, { name, plugins })]));

  for (const [source, data] of cases) {
    it(`renders ${source} as the captured apply does`, () => {
      const direct = render(source, data, partials);
      const captured = render(source.replaceAll('|apply ', '|captured '), data, partials);
      expect(direct).toEqual(captured);
    });
  }

  it('leaves nothing of a partial that fails part-way, and reports the failure', () => {
    const failing = {
      name: 'failing',
      lines: null,
      run: (_frame: unknown, r: { buf: string }) => {
        r.buf += 'half-written';
        throw new Error('broken partial');
      },
    } as unknown as Template;
    const direct = render('a{@|apply failing}b', {}, { failing });
    expect(direct.html).toBe('ab');
    expect(direct.errors).toHaveLength(1);
    expect(direct.errors[0]).toContain('broken partial');
    expect(direct).toEqual(render('a{@|captured failing}b', {}, { failing }));
  });
});
