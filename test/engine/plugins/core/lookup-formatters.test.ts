import { describe, expect, it } from 'vitest';
import { messages } from '../../../../engine/messages.ts';
import { runFormatter, validateFormatter } from './apply-core.ts';
import { stubContext } from './render-context-stub.ts';

describe('get', () => {
  const objects = { '123': { name: 'Guitar', color: 'blue' }, '456': { name: 'Saxophone', color: 'silver' } };
  const data = { id: '123', key: 'name', index: 1, path: ['123', 'color'], flag: true, objects, list: ['a', 'b'] };
  const ctx = stubContext([data]);

  it('steps by the values of its variables', () => {
    expect(runFormatter('get', objects, ['id', 'key'], ctx)).toBe('Guitar');
    expect(runFormatter('get', objects, ['path'], ctx)).toBe('blue');
    expect(runFormatter('get', data.list, ['index'], ctx)).toBe('b');
  });

  it('gives the value itself without arguments and missing once a step fails', () => {
    expect(runFormatter('get', objects, [], ctx)).toBe(objects);
    expect(runFormatter('get', objects, ['missing', 'id'], ctx)).toBeUndefined();
    expect(runFormatter('get', objects, ['id', 'id'], ctx)).toBeUndefined();
  });

  it('does not step by an index into an object, nor by a name into an array', () => {
    expect(runFormatter('get', { '1': 'x' }, ['index'], ctx)).toBeUndefined();
    expect(runFormatter('get', data.list, ['key'], ctx)).toBeUndefined();
  });

  it('ignores keys that are neither numbers nor text', () => {
    expect(runFormatter('get', objects, ['flag'], ctx)).toBe(objects);
  });

  it('uses the current node for @', () => {
    const inner = stubContext([data, '456']);
    expect(runFormatter('get', objects, ['@', 'key'], inner)).toBe('Saxophone');
  });

  it('keeps a null it found', () => {
    expect(runFormatter('get', { '123': null }, ['id'], ctx)).toBeNull();
  });
});

describe('prop', () => {
  it('steps by literal paths', () => {
    const foo = { bar: { quux: { baz: 'xyz' } } };
    expect(runFormatter('prop', foo, ['bar', 'quux', 'baz'])).toBe('xyz');
    expect(runFormatter('prop', foo, ['bar.quux.baz'])).toBe('xyz');
    expect(runFormatter('prop', foo, ['x', 'y', 'z'])).toBeUndefined();
  });

  it('reads digits as an index into arrays and as a key into objects', () => {
    expect(runFormatter('prop', ['foo', 'bar', 'baz'], ['2'])).toBe('baz');
    expect(runFormatter('prop', ['foo'], ['foo'])).toBeUndefined();
    expect(runFormatter('prop', { '0': 'foo' }, ['0'])).toBe('foo');
    expect(runFormatter('prop', { '0': 'foo' }, ['1'])).toBeUndefined();
  });

  it('never reaches inherited properties', () => {
    expect(runFormatter('prop', {}, ['constructor'])).toBeUndefined();
    expect(runFormatter('prop', {}, ['__proto__'])).toBeUndefined();
  });
});

describe('lookup', () => {
  it('looks up the variable named by another variable', () => {
    const ctx = stubContext([{ which: 'b.c', b: { c: 42 } }]);
    expect(runFormatter('lookup', 'x', ['which'], ctx)).toBe(42);
    expect(runFormatter('lookup', 'x', ['nothing'], ctx)).toBeUndefined();
    expect(validateFormatter('lookup', [])).toBe(messages.argsExactly(1));
  });
});

describe('key-by', () => {
  const people = [
    { name: 'Bob', emails: { primary: 'bob@example.com' } },
    { name: 'Joe', emails: { primary: 'joe@example.com' } },
    { other: true },
  ];

  it('keys array elements by the text at a path, skipping those without it', () => {
    const keyed = runFormatter('key-by', people, ['name']) as Record<string, unknown>;
    expect(Object.keys(keyed)).toEqual(['Bob', 'Joe']);
    expect(runFormatter('prop', keyed, ['Bob.emails.primary'])).toBe('bob@example.com');
  });

  it('gives an empty object for anything but an array', () => {
    expect(runFormatter('key-by', { a: 1 }, ['a'])).toEqual({});
  });

  it('keeps a key named __proto__ as plain data', () => {
    const keyed = runFormatter('key-by', [{ k: '__proto__', v: 1 }], ['k']) as Record<string, unknown>;
    expect(Object.getPrototypeOf(keyed)).toBe(Object.prototype);
    expect(Object.keys(keyed)).toEqual(['__proto__']);
  });

  it('requires exactly one argument', () => {
    expect(validateFormatter('key-by', ['a', 'b'])).toBe(messages.argsExactly(1));
  });
});

describe('find-first and find-last', () => {
  const items = [
    { id: 'a', enabled: false },
    { id: 'b', enabled: true },
    { id: 'c', enabled: true },
  ];

  it('without a path, pick the first or last element', () => {
    expect(runFormatter('find-first', items)).toBe(items[0]);
    expect(runFormatter('find-last', items)).toBe(items[2]);
    expect(runFormatter('find-first', [])).toBeUndefined();
    expect(runFormatter('find-first', 'not-an-array')).toBeUndefined();
  });

  it('with a path, pick the first or last element truthy there', () => {
    expect(runFormatter('find-first', items, ['enabled'])).toBe(items[1]);
    expect(runFormatter('find-last', items, ['enabled'])).toBe(items[2]);
    expect(runFormatter('find-first', items, ['disabled'])).toBeUndefined();
  });

  it('with a lookup, test the looked-up value but return the element', () => {
    const map = { a: { enabled: false }, b: { enabled: true }, c: { enabled: true } };
    const ctx = stubContext([{ map }]);
    expect(runFormatter('find-first', ['a', 'b', 'c'], ['map', 'enabled'], ctx)).toBe('b');
    expect(runFormatter('find-last', ['a', 'b', 'c'], ['map', 'enabled'], ctx)).toBe('c');
  });
});
