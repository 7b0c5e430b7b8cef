/**
 * The micro cases of the reference engine's own benchmark: a 32-character
 * unit of template repeated 1, 16, 256 and 4096 times, plus an `.eval` unit,
 * and a repeated section over a growing list. Each unit is written as a
 * function of a name suffix so that a "cold" variant can give every tag
 * text never seen before (our engine caches parsed tags by their text).
 */

export interface MicroCase {
  kind: string;
  /** The 32-character unit; `v(name)` spells a variable name (suffixed in cold variants). */
  unit: (v: (name: string) => string) => string;
  data: unknown;
}

export const MICRO_SIZES = [1, 16, 256, 4096] as const;
/** The 10, 1 000 and 100 000 items, with 256 and 4 096 for the linearity target's range. */
export const DATA_SIZES = [10, 256, 1_000, 4_096, 100_000] as const;

const UNIT_WIDTH = 32;

/** Pads a unit with `x` to the unit width, as the reference's benchmark does. */
export function padUnit(unit: string): string {
  return unit.length >= UNIT_WIDTH ? unit : unit + 'x'.repeat(UNIT_WIDTH - unit.length);
}

export const MICRO_CASES: readonly MicroCase[] = [
  { kind: 'text', unit: () => 'fooooooooooooooooooooo', data: {} },
  { kind: 'text + variable', unit: (v) => `fooooooooooooooooooooo{${v('a')}}`, data: { a: 'hello' } },
  {
    kind: 'variables + formatters',
    unit: (v) => `{${v('a')}|html}{${v('b')}}{${v('a')}|html|json}{${v('b')}}{${v('c')}}`,
    data: { a: '<tag>', b: 3.14159, c: 'hello' },
  },
  { kind: 'section', unit: (v) => `{.section ${v('a')}}{${v('b')}}{.end}`, data: { a: { b: 'hello' } } },
  {
    kind: 'repeated section',
    unit: (v) => `{.repeated section ${v('a')}}{${v('b')}}{.end}`,
    data: { a: [{ b: 'hello' }, { b: 'world' }] },
  },
  {
    kind: 'bindvar',
    unit: (v) => `{.var @${v('foo')} ${v('a')}.b.c}{@${v('foo')}.d|json}`,
    data: { a: { b: { c: { d: 'hello' } } } },
  },
  { kind: 'eval', unit: (v) => `{.eval @${v('x')} = ${v('a')} * 2 + 1}{@${v('x')}}`, data: { a: 20 } },
];

const plain = (name: string): string => name;

/** The case's template at `size` repetitions, every tag as in the reference's benchmark. */
export function microSource(c: MicroCase, size: number): string {
  return padUnit(c.unit(plain)).repeat(size);
}

/**
 * A template of the same size whose tags are all distinct from every other
 * call's (`serial` numbers the template): parsing it cannot reuse any cached tag.
 */
export function coldMicroSource(c: MicroCase, size: number, serial: number): string {
  let out = '';
  for (let i = 0; i < size; i++) out += padUnit(c.unit((name) => `${name}_${serial}_${i}`));
  return out;
}

/** The data-size case: one repeated section over `count` items. */
export const LIST_TEMPLATE =
  '<ul>{.repeated section items}<li id="p{id}">{name|html}: {price}</li>{.alternates with}\n{.end}</ul>';

export function listData(count: number): { items: { id: number; name: string; price: number }[] } {
  const items = [];
  for (let i = 0; i < count; i++) items.push({ id: i, name: `Item <${i}>`, price: (i % 97) + 0.5 });
  return { items };
}
