import { describe, expect, it } from 'vitest';
import { compile } from '../../../engine/index.ts';
import { Frame } from '../../../engine/runtime/frame.ts';
import { compileLookup, compileSectionLookup, rememberWalks, resolvePath } from '../../../engine/runtime/lookup.ts';
import type { Path } from '../../../engine/syntax/nodes.ts';

/**
 * Scopes: root data, an isolated partial scope, a loop over a list, an item with variables of its
 * own, and an isolated scope inside the item (which sees no loop position beyond itself).
 */
function scopes(): Frame[] {
  const root = new Frame({ a: { b: { c: 'deep' }, list: [10, 20] }, top: 'root', constructor: undefined }, null);
  root.setVar('@v', { d: { e: 'root var' } });
  const isolated = new Frame({ a: { b: 'isolated' } }, root, true);
  isolated.setVar('@w', 'isolated var');
  const list = [{ x: 1 }, { a: { b: { c: 'item' } } }];
  const loop = new Frame(list, isolated);
  loop.index = 1;
  const item = new Frame(list[1], loop);
  item.setVar('@v', { d: 'item var' });
  const inner = new Frame({ top: 'inner' }, item, true);
  return [root, isolated, loop, item, inner];
}

const paths: Path[] = [
  ['a'], ['a', 'b'], ['a', 'b', 'c'], ['a', 'b', 'c', 'd'], ['a', 'list', 1], ['a', 'list', 'length'],
  ['top'], ['missing'], ['missing', 'x'], ['constructor'], ['toString'], ['a', 'hasOwnProperty'], ['__proto__'],
  ['@'], ['@', 'a'], ['@', 'a', 'b'], ['@', 0], ['@', 'x'],
  ['@v'], ['@v', 'd'], ['@v', 'd', 'e'], ['@w'], ['@w', 'length'], ['@missing'], ['@missing', 'd'],
  ['@index'], ['@index0'], ['@index', 'x'], [0], [1, 'a'],
];

describe('compiled lookups', () => {
  it('find what the general path lookup finds, in every scope', () => {
    for (const frame of scopes()) {
      for (const path of paths) expect(compileLookup(path)(frame), JSON.stringify(path)).toBe(resolvePath(path, frame));
    }
  });

  it('resolve a section path from the current scope only, as the general lookup does in a scope without parents', () => {
    for (const frame of scopes()) {
      for (const path of paths) {
        const alone = new Frame(frame.node, null);
        alone.index = frame.index;
        alone.vars = frame.vars;
        expect(compileSectionLookup(path)(frame), JSON.stringify(path)).toBe(resolvePath(path, alone));
      }
    }
  });
});

/** The walk the rules describe: every scope from `start` outward, stopping after an isolated one. */
function walkEveryScope(start: Frame, name: string): unknown {
  for (let f: Frame | null = start; f !== null; f = f.parent) {
    const node = f.node;
    if (typeof node === 'object' && node !== null && !Array.isArray(node) && Object.prototype.hasOwnProperty.call(node, name)) {
      const value = (node as Record<string, unknown>)[name];
      if (value !== undefined) return value;
    }
    if (f.stop) break;
  }
  return undefined;
}

describe('name lookups', () => {
  it('find what reading every scope finds, though they skip scopes over lists, scalars and the same node', () => {
    const shared = { a: 'shared', b: undefined };
    const root = new Frame({ a: 'root', c: 'root c', d: 'root d' }, null);
    const same = new Frame(root.node, root);
    const list = new Frame([shared], same);
    const item = new Frame(shared, list);
    const text = new Frame('text', item);
    const again = new Frame(shared, text);
    const isolated = new Frame(shared, again, true);
    const inner = new Frame(7, isolated);
    const emptyIsolated = new Frame([], root, true);
    const afterEmpty = new Frame(null, emptyIsolated);
    const frames = [root, same, list, item, text, again, isolated, inner, emptyIsolated, afterEmpty];
    const names = ['a', 'b', 'c', 'd', 'missing', 'length', 'constructor'];
    const check = () => {
      for (const frame of frames) for (const name of names) expect(compileLookup([name])(frame), name).toBe(walkEveryScope(frame, name));
    };
    check();
    // Walks remembered along the way (as loops do) find the same, the first time and again.
    rememberWalks(list);
    rememberWalks(isolated);
    check();
    check();
    expect(compileLookup(['c'])(inner)).toBeUndefined();
    expect(compileLookup(['c'])(afterEmpty)).toBeUndefined();
    expect(compileLookup(['c'])(text)).toBe('root c');
  });
});

describe('remembered walks', () => {
  // Each name's walker remembers the last walk it read from a loop's memo: that must never leak
  // into another render, or into a sibling loop of the same render.
  it('are the render\'s own, and each loop\'s own', () => {
    const template = compile('{.repeated section one}{n}{.end};{.section inner}{.repeated section two}{n}{.end}{.end}');
    const data = (outer: string, inner: string) => ({
      n: outer,
      one: [{}, {}, {}, {}],
      inner: { n: inner, two: [{}, {}, {}, { n: 'x' }] },
    });
    for (let i = 0; i < 40; i++) {
      // Enough renders for the second tier too (it is written after a number of renders).
      expect(template.render(data(`A${i}`, `B${i}`)).html).toBe(`A${i}A${i}A${i}A${i};B${i}B${i}B${i}x`);
    }
  });
});
