import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Frame } from '../../../engine/runtime/frame.ts';
import { JsonDouble } from '../../../engine/runtime/json-double.ts';
import { lookupName } from '../../../engine/runtime/lookup.ts';
import { ownReaderOf, ownWalkerOf, readerOf, walkerOf } from '../../../engine/runtime/name-readers.ts';
import { getNamed } from '../../../engine/runtime/values.ts';

const NAMES = ['title', 'length', 'value', 'constructor', 'toString', '__proto__', 'hasOwnProperty', '0', 'missing', ''];

function nullPrototype(): object {
  const o = Object.create(null) as Record<string, unknown>;
  o.title = 'bare';
  return o;
}

const VALUES: unknown[] = [
  { title: 'T', length: 3, value: 'v', '': 'empty', 0: 'zero' },
  { constructor: 'own constructor', toString: 'own toString' },
  ['a', 'b'],
  'text',
  42,
  true,
  null,
  undefined,
  new JsonDouble(1),
  nullPrototype(),
  { title: undefined },
];

describe('name readers', () => {
  it('read exactly what getNamed reads: own properties of objects, nothing else', () => {
    for (const name of NAMES) {
      const read = readerOf(name);
      VALUES.forEach((value, i) => expect(read(value), `${name} of value ${i}`).toBe(getNamed(value, name)));
    }
  });

  it('find nothing an object inherits: a class instance, or a name added to Object.prototype after the reader was made', () => {
    class Item {
      get title(): string {
        return 'inherited';
      }
    }
    expect(readerOf('title')(new Item())).toBeUndefined();
    expect(walkerOf('title')(new Frame(new Item(), null))).toBeUndefined();
    const plain = { other: 1 };
    expect(readerOf('polluted')(plain)).toBeUndefined();
    Object.defineProperty(Object.prototype, 'polluted', { value: 'from the prototype', configurable: true, writable: true });
    try {
      expect(readerOf('polluted')(plain)).toBeUndefined();
      expect(walkerOf('polluted')(new Frame(plain, null))).toBeUndefined();
      expect(readerOf('polluted')({ polluted: 'own' })).toBe('own');
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it('are made once per name', () => {
    expect(readerOf('title')).toBe(readerOf('title'));
    expect(walkerOf('title')).toBe(walkerOf('title'));
  });

  it('of their own (a plugin\'s prepared reference) are new functions that read and walk exactly as the shared ones', () => {
    expect(ownReaderOf('title')).not.toBe(readerOf('title'));
    expect(ownReaderOf('title')).not.toBe(ownReaderOf('title'));
    expect(ownWalkerOf('title')).not.toBe(walkerOf('title'));
    for (const name of NAMES) {
      const read = ownReaderOf(name);
      VALUES.forEach((value, i) => expect(read(value), `${name} of value ${i}`).toBe(getNamed(value, name)));
    }
    const root = new Frame({ title: 'root' }, null);
    const list = new Frame([{ title: 'first' }], root);
    const item = new Frame({ own: 'item' }, list);
    for (const start of [root, list, item]) for (const name of [...NAMES, 'own']) expect(ownWalkerOf(name)(start), name).toBe(lookupName(start, name));
  });

  it('walk the scopes outward as lookupName does, stopping at an isolated scope', () => {
    const root = new Frame({ title: 'root', only: 'root only' }, null);
    const isolated = new Frame({ inner: 'isolated' }, root, true);
    const list = new Frame([{ title: 'first' }], isolated);
    const item = new Frame({ own: 'item' }, list);
    for (const start of [root, isolated, list, item]) {
      for (const name of [...NAMES, 'only', 'inner', 'own']) expect(walkerOf(name)(start), name).toBe(lookupName(start, name));
    }
  });

  it('fall back to the shared lookups where the host forbids code generation', () => {
    const script = `
      const { compile } = await import('./engine/index.ts');
      const t = compile('{.repeated section items}{title}|{site}|{.section meta}{id}{.end};{.end}');
      console.log(t.render({ site: 'S', items: [{ title: 'a', meta: { id: 1 } }, { title: 'b' }] }).html);`;
    const out = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('a|S|1;b|S|;');
  });
});
