import { afterEach, describe, expect, it } from 'vitest';
import { compile } from '../../../engine/index.ts';
import { coreFormatters, corePredicates } from '../../../engine/plugins/core/index.ts';
import { PluginRegistry } from '../../../engine/plugins/registry.ts';
import type { Formatter } from '../../../engine/plugins/types.ts';
import { secondTier } from '../../../engine/runtime/generated-run.ts';

const usual = secondTier.after;
afterEach(() => {
  secondTier.after = usual;
});

// Formatters that look at their scope every way a plugin can: `@`, a path, a name as text, a partial.
const probes: Record<string, Formatter> = {
  at: { apply: (_value, _args, ctx) => String(ctx.current()) },
  path: { apply: (_value, args, ctx) => String(ctx.resolve(ctx.splitPath(args[0] ?? ''))) },
  named: { apply: (_value, args, ctx) => String(ctx.resolveName(args[0] ?? '')) },
  partial: { apply: (value, args, ctx) => ctx.applyPartial(args[0] ?? '', value, false) },
};
const plugins = new PluginRegistry().addFormatters({ ...coreFormatters, ...probes }).addPredicates(corePredicates);
const data = { x: 'root-x', n: 5, o: { x: 'obj-x' }, list: [1, 2], s: 'str' };

/**
 * A formatter's scope (where `@` is the formatted value) is made only when a plugin could see it;
 * each case is what the scope made up front gives.
 */
const cases: [string, string][] = [
  ['{n|at}', '5'],
  ['{s|at}', 'str'],
  ['{n|path x}', 'root-x'],
  ['{o|path x}', 'obj-x'],
  ['{list|path x}', 'root-x'],
  ['{n|path @}', '5'],
  ['{n|named @}', '5'],
  ['{o|named x}', 'obj-x'],
  ['{n|named x}', 'root-x'],
  // A chain: every formatter sees the first value as `@`, whether or not an earlier one needed its scope.
  ['{n|path x|at}', '5'],
  ['{n|named @|path x|at}', '5'],
  ['{n|partial p}', '5:root-x'],
  ['{o|partial p}', ':obj-x'],
  ['{.section o}{n|path x}{.end}', 'obj-x'],
  ['{.repeated section list}{@|at}{.end}', '12'],
  ['{.repeated section list}{n|path @index}{.end}', '12'],
  ['{.repeated section list}{n|at}{n|partial p}{.end}', '55:root-x55:root-x'],
];

describe('a formatter\'s scope', () => {
  it.each(cases)('%s renders %s on both tiers', (source, expected) => {
    for (const after of [1_000_000, 1]) {
      secondTier.after = after;
      const partials = { p: compile('{@}:{x}', { name: 'p', plugins }) };
      const template = compile(source, { plugins });
      for (let i = 0; i < 3; i++) expect(template.render(data, { partials }).html).toBe(expected);
      if (after === 1) expect(template.run.name).toBe('generatedRun');
    }
  });
});

describe('a formatter that binds its arguments', () => {
  it('is bound when the template is compiled (not per render), and its bound apply runs on both tiers', () => {
    const bindings: string[][] = [];
    const pair: Formatter = {
      apply: (value, args) => `${String(value)}:${args.join('+')}`,
      bind(args) {
        bindings.push([...args]);
        const joined = args.join('+');
        return { apply: (value) => `${String(value)}=${joined}` };
      },
    };
    const withPair = new PluginRegistry().addFormatters({ ...coreFormatters, pair }).addPredicates(corePredicates);
    for (const after of [1_000_000, 1]) {
      secondTier.after = after;
      bindings.length = 0;
      const template = compile('{n|pair a b}{.repeated section list}{@|pair c}{.end}', { plugins: withPair });
      for (let i = 0; i < 3; i++) expect(template.render(data).html).toBe('5=a+b1=c2=c');
      // Each tier binds the calls it runs: the closures, then the generated function.
      const made = bindings.length;
      expect(new Set(bindings.map((args) => args.join(' ')))).toEqual(new Set(['a b', 'c']));
      for (let i = 0; i < 20; i++) template.render(data);
      expect(bindings.length).toBe(made);
    }
  });
});
