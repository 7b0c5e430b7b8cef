import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { compile, type RenderOptions } from '../../../engine/index.ts';
import { coreFormatters, corePredicates } from '../../../engine/plugins/core/index.ts';
import { PluginRegistry } from '../../../engine/plugins/registry.ts';
import { secondTier } from '../../../engine/runtime/generated-run.ts';

const usual = secondTier.after;
afterEach(() => {
  secondTier.after = usual;
});

/** The result of rendering `source` on closures and on the generated function, each from a fresh compile. */
function bothTiers(source: string, data: unknown, options: RenderOptions & { plugins?: PluginRegistry } = {}) {
  const render = (after: number) => {
    secondTier.after = after;
    const t = compile(source, { name: 'page', plugins: options.plugins });
    const result = t.render(data, options);
    return { html: result.html, errors: result.errors, tier: t.run.name };
  };
  const closures = render(1_000_000);
  const generated = render(1);
  return { closures, generated };
}

const PAGE = [
  '{.section site}<h1>{title|html}</h1>{.or}<h1>untitled</h1>{.end}',
  '{.repeated section items}<li class="{@index}">{name}{.section meta}[{id}]{.end}',
  '{.equal? kind "a"}A{.or equal? kind "b"}B{.or}other{.end}',
  '{.if on}on{.or}off{.end}{.if on && off}both{.end}{.if off || on}either{.end}{.if off || off || on}third{.end}',
  '</li>{.alternates with},{.or}<p>none</p>{.end}',
  '{.var @n items.0.name}{@n}{.repeated section empty}x{.or}empty{.end}',
  '{.section missing}never{.end}{.section list}{@}{.end}',
].join('\n');

const DATA = {
  site: { title: '<Shop>' },
  items: [
    { name: 'one', kind: 'a', on: true, meta: { id: 7 } },
    { name: 'two', kind: 'b', off: true },
    { name: 'three', kind: 'c', on: true, off: true },
    { name: 'four' },
  ],
  empty: [],
  list: [1, 2],
};

describe('the generated second tier', () => {
  it('takes over after secondTier.after renders and renders what the closures render', () => {
    const { closures, generated } = bothTiers(PAGE, DATA);
    expect(closures.tier).not.toBe('generatedRun');
    expect(generated.tier).toBe('generatedRun');
    expect(generated.html).toBe(closures.html);
    expect(generated.html).toContain('<h1>&lt;Shop&gt;</h1>');
    expect(generated.html).toContain('<li class="1">one[7]\nA\noneitherthird\n</li>,<li class="2">two\nB\noffeitherthird');
    expect(generated.html).toContain('<li class="3">three\nother\nonbotheitherthird\n</li>,<li class="4">four\nother\noff\n</li>\noneempty\n1,2');
    expect(generated.errors).toEqual(closures.errors);
  });

  it('keeps rendering on closures until then', () => {
    secondTier.after = 3;
    const t = compile('{a}');
    const tiers = [1, 2, 3, 4].map(() => (t.render({ a: 1 }).html, t.run.name));
    expect(tiers.slice(0, 2).every((name) => name !== 'generatedRun')).toBe(true);
    expect(tiers.slice(2)).toEqual(['generatedRun', 'generatedRun']);
  });

  it('writes template text that looks like code as text: it is a value of the function, never its source', () => {
    const hostile = 'a"b\'c`d${e}\\f*/g\u2028h\u2029i</script>{.section s}"); throw new Error("x"); ("{x}{.end}`;}};';
    const { closures, generated } = bothTiers(hostile, { s: { x: '${1+1}' } });
    expect(generated.tier).toBe('generatedRun');
    expect(generated.html).toBe(closures.html);
    // `{e}` is a variable (missing: nothing); the rest is text.
    expect(generated.html).toBe('a"b\'c`d$\\f*/g\u2028h\u2029i</script>"); throw new Error("x"); ("${1+1}`;}};');
  });

  it('renders neither branch of a predicate that throws, reports it where the closures do, and goes on', () => {
    const plugins = new PluginRegistry()
      .addFormatters(coreFormatters)
      .addPredicates({
        ...corePredicates,
        'broken?': {
          test: () => {
            throw new Error('broken predicate');
          },
        },
      });
    const source = 'before{.broken?}yes{.or}no{.end}|{.repeated section items}{.broken?}y{.or}n{.end}{@}{.end}after';
    const { closures, generated } = bothTiers(source, { items: [1, 2] }, { plugins });
    expect(generated.tier).toBe('generatedRun');
    expect(generated.html).toBe('before|12after');
    expect(generated.html).toBe(closures.html);
    expect(generated.errors).toEqual(closures.errors);
    expect(generated.errors).toHaveLength(3);
  });

  it('stops at the same output limit, with the same error, as the closures', () => {
    const source = '{.repeated section items}<p>{name}</p>{.end}';
    const items = Array.from({ length: 500 }, (_, i) => ({ name: `item ${i}` }));
    const { closures, generated } = bothTiers(source, { items }, {});
    expect(generated.html).toBe(closures.html);
    secondTier.after = 1;
    const limited = compile(source, { limits: { maxOutputSize: 1000 } });
    secondTier.after = 1_000_000;
    const onClosures = compile(source, { limits: { maxOutputSize: 1000 } }).render({ items });
    secondTier.after = 1;
    const onGenerated = limited.render({ items });
    expect(limited.run.name).toBe('generatedRun');
    expect(onGenerated.html).toBe(onClosures.html);
    expect(onGenerated.errors).toEqual(onClosures.errors);
    expect(onGenerated.errors.length).toBe(1);
  });

  it('streams the same chunks of text as a whole render writes', () => {
    secondTier.after = 1;
    const items = Array.from({ length: 3000 }, (_, i) => ({ name: `item ${i}`, on: i % 2 === 0 }));
    const t = compile('<ul>{.repeated section items}<li>{name}{.if on} on{.end}</li>{.end}</ul>');
    const whole = t.render({ items }).html;
    const chunks: string[] = [];
    t.renderToStream({ items }, (chunk) => chunks.push(chunk));
    expect(t.run.name).toBe('generatedRun');
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(whole);
  });

  it('splits a long block into functions of their own, and renders the same', () => {
    const unit = '<p>{a|html}</p>{.section s}<b>{x|html}</b>{.or}none{.end}{.if b}{b}{.end}\n';
    const { closures, generated } = bothTiers(unit.repeat(12), { a: '<a>', s: { x: 1 }, b: 'yes' });
    expect(generated.tier).toBe('generatedRun');
    expect(generated.html).toBe(closures.html);
    expect(generated.html).toContain('<p>&lt;a&gt;</p><b>1</b>yes\n');
    secondTier.after = 1;
    const t = compile(unit.repeat(12));
    t.render({});
    expect(t.run.toString()).toMatch(/\bg\d+\(f, r\)/); // the parts are called from the function
  });

  it('leaves a template too long to gain from it on closures', () => {
    secondTier.after = 1;
    const t = compile('<p>{a|html}</p>'.repeat(2000));
    expect(t.render({ a: '&' }).html).toBe('<p>&amp;</p>'.repeat(2000));
    expect(t.run.name).not.toBe('generatedRun');
    expect(t.render({ a: '<' }).html).toBe('<p>&lt;</p>'.repeat(2000));
  });

  it('agrees with the closures on generated templates over generated data', () => {
    const path = fc.constantFrom('a', 'b', 'n', 'list', 'obj', 'obj.a', 'obj.list', '@', '@index', 'missing', 'list.0', 'obj.obj.a');
    const fmt = fc.constantFrom('', '|html', '|json', '|count', '|slugify', '|truncate 3', '|html|json', '|iter', '|pluralize');
    const pred = fc.constantFrom('equal? n 2', 'greaterThan? n 1', 'even?', 'odd? n', 'plural? list', 'singular? n', 'nope?');
    const op = fc.constantFrom(' || ', ' && ');
    const inline = fc.oneof(fc.constantFrom('x', ' ', '<p>', '\n', '{.space}', '{# c}'), fc.tuple(path, fmt).map(([p, f]) => `{${p}${f}}`));
    const template = fc.letrec((tie) => ({
      body: fc.array(fc.oneof({ depthSize: 'small' }, inline, tie('block')), { maxLength: 6 }).map((parts) => parts.join('')),
      block: fc.oneof(
        fc.tuple(path, tie('body')).map(([p, a]) => `{.section ${p}}${a}{.end}`),
        fc.tuple(path, tie('body'), tie('body')).map(([p, a, b]) => `{.section ${p}}${a}{.or}${b}{.end}`),
        fc.tuple(path, tie('body'), tie('body'), tie('body')).map(
          ([p, a, w, b]) => `{.repeated section ${p}}${a}{.alternates with}${w}{.or}${b}{.end}`,
        ),
        fc.tuple(pred, pred, tie('body'), tie('body'), tie('body')).map(([p, q, a, b, c]) => `{.${p}}${a}{.or ${q}}${b}{.or}${c}{.end}`),
        fc.tuple(fc.array(path, { minLength: 1, maxLength: 4 }), fc.array(op, { minLength: 3, maxLength: 3 }), tie('body'), tie('body')).map(
          ([paths, ops, a, b]) => `{.if ${paths.map((p, i) => (i === 0 ? p : ops[i - 1] + p)).join('')}}${a}{.or}${b}{.end}`,
        ),
        fc.tuple(path, tie('body')).map(([p, a]) => `{.var @v ${p}}${a}{@v}`),
      ),
    })).body as fc.Arbitrary<string>;
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(fc.constantFrom(0, 1, 2, 3, -1, 2.5, '', 'a <b>', true, false, null)),
      node: fc.oneof({ depthSize: 'small' }, tie('leaf'), tie('object'), fc.array(tie('node'), { maxLength: 4 })),
      object: fc.record({ a: tie('node'), n: tie('leaf'), list: fc.array(tie('node'), { maxLength: 4 }), obj: tie('node') }, { requiredKeys: [] }),
    })).object;
    fc.assert(
      fc.property(template, value, (source, data) => {
        const { closures, generated } = bothTiers(source, data);
        expect(generated.html).toBe(closures.html);
        expect(generated.errors).toEqual(closures.errors);
      }),
      { numRuns: 400 },
    );
  });

  it('stays on closures where the host forbids code generation', () => {
    const script = `
      const { compile } = await import('./engine/index.ts');
      const t = compile('{.repeated section items}{title}|{.section meta}{id}{.end};{.end}');
      let html = '';
      for (let i = 0; i < 40; i++) html = t.render({ items: [{ title: 'a', meta: { id: 1 } }, { title: 'b' }] }).html;
      console.log(t.run.name === 'generatedRun' ? 'generated' : html);`;
    const out = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('a|1;b|;');
  });
});
