/**
 * The core plugins inside real templates, through the engine, with only the
 * core tables registered. Cases mirror the reference's golden behaviour.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../../../engine/index.ts';
import { coreFormatters, corePredicates } from '../../../../engine/plugins/core/index.ts';
import { PluginRegistry } from '../../../../engine/plugins/registry.ts';
import { messages } from '../../../../engine/messages.ts';

const plugins = new PluginRegistry().addFormatters(coreFormatters).addPredicates(corePredicates);

function render(source: string, data: unknown, partials: Record<string, string> = {}): string {
  const template = compile(source, { plugins });
  expect(template.errors).toEqual([]);
  return template.render(data, { partials }).html;
}

function syntaxErrors(source: string): string[] {
  return compile(source, { plugins }).errors.map((e) => e.message);
}

describe('core formatters in templates', () => {
  it('get steps by variables, including @ and list paths', () => {
    const data = {
      selected: ['123', '456'],
      paths: { name: ['person', 'name'], age: ['person', 'age'] },
      people: { '123': { person: { name: 'Bob', age: 19 } }, '456': { person: { name: 'Fred', age: 22 } } },
    };
    const source =
      '{.repeated section selected}{.var @name people|get @ paths.name}{.var @age people|get @ paths.age}' +
      '{@name} is {@age}.{.end}';
    expect(render(source, data)).toBe('Bob is 19.Fred is 22.');
  });

  it('get yields null and missing as the reference does', () => {
    const data = { id: '123', valid: { '123': 'Bob' }, invalid: { '123': null } };
    expect(render('{valid|get id|json}-{valid|get missing id|json}-{invalid|get id|json}', data)).toBe('"Bob"--null');
  });

  it('key-by then prop', () => {
    const data = { people: [{ name: 'Bob', emails: { primary: 'bob@example.com' } }, { name: 'Joe' }] };
    expect(render('{people|key-by name|prop Bob.emails.primary}', data)).toBe('bob@example.com');
  });

  it('find-first with and without a path', () => {
    const data = { items: [{ id: 'a', enabled: false }, { id: 'b', enabled: true }, { id: 'c', enabled: true }] };
    expect(render('{.var @f items|find-first}{@f.id} {.var @g items|find-first enabled}{@g.id}', data)).toBe('a b');
    expect(render('{.var @l items|find-last enabled}{@l.id}', data)).toBe('c');
  });

  it('format fills slots from variables outside the pattern', () => {
    expect(render('{message|format foo bar}', { message: '{0} and {1}', foo: 'A', bar: 'B' })).toBe('A and B');
  });

  it('truncate with arguments split on a custom delimiter', () => {
    expect(render('{t|truncate#5# !}', { t: 'abc defgh' })).toBe('abc  !');
  });

  it('json inside a repeated section and json-pretty', () => {
    expect(render('{.repeated section a}{@|json}{.alternates with},{.end}', { a: [1, 'x', null] })).toBe('1,"x",null');
    expect(render('{v|json-pretty}', { v: { a: [1] } })).toBe('{\n  "a": [ 1 ]\n}');
  });

  it('count, cycle, pluralize and iter together', () => {
    const data = { items: ['a', 'b', 'c'] };
    expect(render('{items|count} item{items|count|pluralize}: {.repeated section items}{@index|cycle x y}{.end}', data)).toBe(
      '3 items: xyx',
    );
  });

  it('line-breaks and encode-space', () => {
    expect(render('{s|line-breaks} {t|encode-space}', { s: 'A\nB', t: 'a\tb c' })).toBe('A<br/>B a&nbsp;b&nbsp;c');
  });

  it('apply renders a partial, privately when asked, with @args', () => {
    const partials = { block: 'hello {name}', card: '{@args.a}{@args.b}:{x}' };
    expect(render('{child|apply block private}/{child|apply block}', { name: 'bob', child: {} }, partials)).toBe(
      'hello /hello bob',
    );
    expect(render('{o|apply card a=1 b=2}', { o: { x: 'X' } }, partials)).toBe('12:X');
  });
});

describe('core predicates in templates', () => {
  it('compare variables with JSON values and each other', () => {
    const source = '{.equal? a b}yes{.or}no{.end} {.equal? 1 b}yes{.or}no{.end} {.greaterThan? "5" 40}gt{.end}';
    expect(render(source, { a: 1, b: 1 })).toBe('yes yes gt');
    expect(render(source, { a: 1, b: 2 })).toBe('no no gt');
  });

  it('read the right side by the type of the left, as released', () => {
    const source = '{.greaterThanOrEqual? 2 2.5}A{.end}{.lessThan? 2 2.001}C{.end}{.section n}{.greaterThanOrEqual? 2.5}D{.end}{.end}';
    expect(render(source, { n: 2 })).toBe('AD');
  });

  it('even?, odd? and nth? on @index', () => {
    const data = { items: [{}, {}, {}, {}, {}], nums: [10, 20, 30] };
    expect(render('{.repeated section items}{.even? @index}{@index}{.end}{.end}', data)).toBe('24');
    expect(render('{.repeated section items}{.odd? @index}{@index}{.end}{.end}', data)).toBe('135');
    expect(render('{.repeated section items}{.nth? @index 3}A{.end}{.end}', data)).toBe('A');
    expect(render('{.repeated section nums}{.equal? @index 2}{@}{.end}{.end}', data)).toBe('20');
  });

  it('plural? and singular? on the current node', () => {
    expect(render('{.section n}{.plural?}many{.or singular?}one{.or}none{.end}{.end}', { n: 2 })).toBe('many');
    expect(render('{.section n}{.plural?}many{.or singular?}one{.or}none{.end}{.end}', { n: 1 })).toBe('one');
  });

  it('refuse arguments that are neither JSON nor variables, at compile time', () => {
    const errors = syntaxErrors('{.equal? 1 .}#{.end}');
    expect(errors[0]).toContain('Argument . must be a valid JSON value or variable reference.');
    // the refused tag is text, as in Java's safe mode, so its .end closes nothing
    expect(errors.slice(1)).toEqual([messages.notAllowedAtRoot('END')]);
  });

  it('write a predicate tag whose arguments are refused as text, and keep the block of an unknown one, as Java does', () => {
    expect(compile('a{.equal?}yes{.or}no{.end}b').render({}).html).toBe('a{.equal?}yesnob');
    expect(compile('a{.if odd? 1 2}y{.end}b').render({}).html).toBe('a{.if odd? 1 2}yb');
    expect(compile('a{.section x}{.or equal?}y{.end}b').render({ x: 1 }).html).toBe('a{.or equal?}yb');
    expect(compile('a{.nosuch?}y{.or}n{.end}b').render({}).html).toBe('anb');
  });
});
