import { describe, expect, it } from 'vitest';
import { compile, compileTree } from '../../engine/index.ts';
import { messages } from '../../engine/messages.ts';

describe('template.analyze()', () => {
  const source = [
    '{.macro row}<li>{name|html}</li>{.end}', // 1
    '{.section items}{.repeated section @}{@|apply row}{.alternates with},{.end}{.end}', // 2
    '{.if a && b.c}{.equal? x 1}{title|truncate 10|htmlattr}{.or}{.even? n}e{.end}{.end}', // 3
    '{.include macros.block}', // 4
    '  {.eval total = (1 + }', // 5
    '{.eval n * 2}{.var @x price|money-format}{.ctx @c a=website.id}', // 6
  ].join('\n');
  const analysis = compile(source, { name: 'page.tmpl' }).analyze();

  it('lists the formatters and predicates used, each once', () => {
    expect(analysis.formatters).toEqual(['html', 'apply', 'truncate', 'htmlattr', 'money-format']);
    expect(analysis.predicates).toEqual(['equal?', 'even?']);
  });

  it('lists the variables read by instructions', () => {
    expect(analysis.variables).toEqual(['name', 'items', '@', 'a', 'b.c', 'title', 'price', 'website.id']);
  });

  it('lists partial and macro uses with the way they are asked for and their position', () => {
    expect(analysis.partials).toEqual([
      { name: 'row', via: 'apply', line: 2, column: 38 },
      { name: 'macros.block', via: 'include', line: 4, column: 1 },
    ]);
    expect(analysis.macros).toEqual([{ name: 'row', line: 1, column: 1 }]);
  });

  it('compiles every .eval and gives each problem as the render would report it', () => {
    expect(analysis.evals.map((e) => [e.code, e.line, e.column, e.problems.length])).toEqual([
      ['total = (1 + ', 5, 3, 1],
      ['n * 2', 6, 1, 0],
    ]);
    const rendered = compile('{.eval total = (1 + }').render({});
    expect(analysis.evals[0]?.problems).toEqual(rendered.errors.map((e) => e.message));
    expect(analysis.evals[0]?.problems[0]).toMatch(/^RuntimeError: Error parsing expression/);
    expect(messages.expressionParse('x', 'y')).toMatch(/^RuntimeError/);
  });

  it('answers for a tree built from JSON, without positions', () => {
    const fromJson = compileTree(compile('{a|apply card}').toJSON()).analyze();
    expect(fromJson.partials).toEqual([{ name: 'card', via: 'apply', line: 0, column: 0 }]);
  });
});
