import { describe, expect, it } from 'vitest';
import { compile, createDefaultRegistry, type FormatterTable } from '../../../engine/index.ts';

/**
 * A formatter declaring only (value, args) runs without a scope of its own;
 * each one here has a twin declaring the render context too, which keeps the
 * general path. Both must render and report alike.
 */
const valueOnly: FormatterTable = {
  up: { apply: (value) => String(value).toUpperCase() },
  wrap: { apply: (value, args) => `${args[0] ?? '['}${String(value)}${args[1] ?? ']'}` },
  boom: {
    apply: () => {
      throw new TypeError('no');
    },
  },
};

function withContext(table: FormatterTable): FormatterTable {
  const out: Record<string, FormatterTable[string]> = {};
  for (const [name, impl] of Object.entries(table)) {
    out[`${name}Ctx`] = { apply: (value, args, ctx, vars) => (ctx && vars ? impl.apply(value, args, ctx, vars) : undefined) };
  }
  return out;
}

const plugins = createDefaultRegistry().addFormatters(valueOnly).addFormatters(withContext(valueOnly));

const sources = [
  '<{a|up}>',
  '<{a|wrap ( )}>',
  '<{a|up|wrap}>',
  '<{missing|up}>',
  '<{obj|wrap}>',
  'x\n  {a|boom} y',
  'x{a|up|boom}y{a|up}',
  '{.repeated section list}{@|up}{.alternates with},{.end}',
  '{.section obj}{k|wrap}{.end}',
];

const data = { a: 'abc', obj: { k: 1 }, list: ['x', 2, true] };

describe('formatters that read only their value', () => {
  it.each(sources)('%s renders as through the general path', (source) => {
    const general = source.replace(/\|(up|wrap|boom)/g, '|$1Ctx');
    expect(valueOnly.up!.apply.length).toBeLessThanOrEqual(2);
    const fast = compile(source, { plugins }).render(data);
    const slow = compile(general, { plugins }).render(data);
    expect(fast.html).toBe(slow.html);
    expect(fast.errors).toEqual(slow.errors);
  });
});
