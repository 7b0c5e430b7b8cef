import { describe, expect, it, onTestFinished } from 'vitest';
import { compile, compileTree } from '../../engine/index.ts';
import { messages } from '../../engine/messages.ts';
import { secondTier } from '../../engine/runtime/generated-run.ts';

describe('compile and render', () => {
  it('reports syntax errors with name, line and column', () => {
    const t = compile('line one\n  {a|nope}\n{.end}', { name: 'page.tmpl' });
    expect(t.errors).toEqual([
      { message: messages.formatterUnknown('nope'), line: 2, column: 3, name: 'page.tmpl' },
      { message: messages.notAllowedAtRoot('END'), line: 3, column: 1, name: 'page.tmpl' },
    ]);
  });

  it('places errors, runtime errors and analysis by the positions a host gives for a text it rewrote', () => {
    // the host's text has a 4-character prefix the author never wrote: every position moves back by it
    const positions = { position: (offset: number) => ({ line: 1, column: Math.max(0, offset - 4) + 1 }) };
    const t = compile('xxxx{a|nope} {@|apply p}', { name: 'f', positions });
    expect(t.errors).toEqual([{ message: messages.formatterUnknown('nope'), line: 1, column: 1, name: 'f' }]);
    expect(t.render({}).errors).toEqual([{ message: messages.partialMissing('p'), line: 1, column: 10, name: 'f' }]);
    expect(t.analyze().partials).toEqual([expect.objectContaining({ name: 'p', line: 1, column: 10 })]);
  });

  it('writes a tag whose formatter arguments are refused as its text, reporting its first problem', () => {
    // as the Java reference's safe mode does (its strict compile refuses the template)
    const t = compile('a{x|truncate abc|pluralize a b c}b{.var @v x|truncate big}{@v}c', { name: 'f' });
    expect(t.errors).toEqual([
      { message: messages.formatterArgs('truncate', messages.argsBadLength('abc')), line: 1, column: 2, name: 'f' },
      { message: messages.formatterArgs('truncate', messages.argsBadLength('big')), line: 1, column: 35, name: 'f' },
    ]);
    expect(t.render({ x: 'text' }).html).toBe('a{x|truncate abc|pluralize a b c}b{.var @v x|truncate big}c');
    // retried from the tag cache: still text
    expect(compile('{x|truncate abc}').render({ x: 'text' }).html).toBe('{x|truncate abc}');
  });

  it('renders what it can of a broken template and never throws', () => {
    const t = compile('{.section a}{b}');
    expect(() => t.render({ a: { b: 'x' } })).not.toThrow();
    expect(t.render({ a: { b: 'x' } }).html).toBe('x');
    expect(compile('{a}').render(undefined).html).toBe('');
    expect(compile('{a.b}').render('not an object').html).toBe('');
  });

  it('walks scopes outward for variables but not for section names', () => {
    const data = { title: 'T', outer: { inner: {} }, inner: { x: 1 } };
    expect(compile('{.section outer}{title}{.end}').render(data).html).toBe('T');
    // A section resolves its first name in the current scope only.
    expect(compile('{.section outer}{.section title}yes{.or}no{.end}{.end}').render(data).html).toBe('no');
  });

  it('keeps @index per loop and @ per scope', () => {
    const t = compile('{.repeated section rows}{.repeated section @}{@index}.{@}{.end};{.end}');
    expect(t.render({ rows: [['a', 'b'], ['c']] }).html).toBe('1.a2.b;1.c;');
  });

  it('never reads or writes the prototype chain', () => {
    const data = JSON.parse('{"a": {"__proto__": {"polluted": "yes"}}}') as unknown;
    const t = compile('{a.constructor}|{a.toString}|{constructor}|{.var @x a}{@x.polluted}|{.section a}{hasOwnProperty}{.end}');
    expect(t.render(data).html).toBe('||||');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('uses a compiled partial as it is, without parsing it again', () => {
    const partial = compile('<b>{name}</b>', { name: 'card' });
    const page = compile('{person|apply card}');
    const result = page.render({ person: { name: 'Ada' } }, { partials: { card: partial } });
    expect(result).toEqual({ html: '<b>Ada</b>', errors: [] });
  });

  it('stops recursion at depth 16 with the reference message', () => {
    const t = compile('{.macro m}x{@|apply m}{.end}{@|apply m}');
    const result = t.render({});
    expect(result.html).toBe('x'.repeat(16));
    expect(result.errors.map((e) => e.message)).toEqual([messages.partialRecursion('m', 16)]);
  });

  it('ends a runaway render at the output limit', () => {
    const laughs = '{.macro l0}hahahahaha{.end}' +
      Array.from({ length: 8 }, (_, i) => `{.macro l${i + 1}}${`{@|apply l${i}}`.repeat(10)}{.end}`).join('') +
      '{@|apply l8}';
    const result = compile(laughs, { limits: { maxOutputSize: 100_000 } }).render({});
    expect(result.errors.map((e) => e.message)).toContain(messages.outputLimit(100_000));
    expect(result.html.length).toBeLessThanOrEqual(100_000);
  });

  it('builds its closures on the first render, once, and at once for a tree too deep to build lazily', () => {
    const usual = secondTier.after;
    secondTier.after = Number.MAX_SAFE_INTEGER; // closures only: the second tier replaces them later
    onTestFinished(() => {
      secondTier.after = usual;
    });
    // What `run` gives, read without building it (reading `run` builds the closures).
    const builtRun = (t: object): unknown => (t as { exec: unknown }).exec;
    const small = compile('{.section a}{b}{.end}');
    expect(builtRun(small)).toBeNull();
    expect(small.render({ a: { b: 1 } }).html).toBe('1');
    const built = builtRun(small);
    expect(built).toBeTypeOf('function');
    expect(small.render({ a: { b: 2 } }).html).toBe('2');
    expect(builtRun(small)).toBe(built);
    // Many instructions side by side are no reason to build at once ...
    const long = compile('{a}'.repeat(5000));
    expect(builtRun(long)).toBeNull();
    expect(long.render({ a: 1 }).html).toBe('1'.repeat(5000));
    // ... a deep tree is: each `.or` of a block is a level deeper, as are nested blocks.
    const branches = compile(`{.section a}${'{.or equal? 1 2}x'.repeat(500)}{.end}`);
    const run = builtRun(branches);
    expect(run).toBeTypeOf('function');
    expect(branches.render({}).html).toBe('');
    expect(builtRun(branches)).toBe(run);
    expect(builtRun(compile(`{.section a}${'{.or equal? 1 2}x'.repeat(499)}{.end}`))).toBeNull();
    const nested = (depth: number) => compile('{.section a}'.repeat(depth) + '{.end}'.repeat(depth), { limits: { maxNesting: 1000 } });
    expect(builtRun(nested(500))).toBeNull();
    expect(builtRun(nested(501))).toBeTypeOf('function');
  });

  it('round-trips the instruction tree JSON and executes from it', () => {
    const source = '{.repeated section items}{name|html}{.alternates with}, {.or}none{.end}';
    const tree = compile(source).toJSON();
    const fromJson = compileTree(tree);
    expect(fromJson.toJSON()).toEqual(tree);
    expect(fromJson.render({ items: [{ name: 'a&b' }, { name: 'c' }] }).html).toBe('a&amp;b, c');
    expect(fromJson.render({ items: [] }).html).toBe('none');
  });

  it('rejects a JSON tree that is not one', () => {
    expect(() => compileTree([1, 2, 3])).toThrow(/Invalid instruction tree/);
    expect(() => compileTree([0, 'text'])).toThrow(/ROOT/);
  });
});
