import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile } from '../../engine/index.ts';
import { messages } from '../../engine/messages.ts';

const m = messages;
const thirtyOne = Array.from({ length: 31 }, (_, i) => `v${i}`).join(' || ');

/** The first error of a one-tag template, which must render as its own text. */
function diagnosis(tag: string): string | undefined {
  const t = compile(tag);
  expect(t.render({}).html, tag).toBe(tag);
  return t.errors[0]?.message;
}

function* templateFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* templateFiles(path);
    else if (/\.(tmpl|block|region|list|item|page)$/.test(name)) yield path;
  }
}

describe('syntax errors of tags that are not instructions', () => {
  it('reports each way a tag breaks the Java tokenizer, keeping the tag as text', () => {
    const cases: [string, string][] = [
      ['{.sectionx a}', m.tagInvalidInstruction('.sectionx')],
      ['{.eof x}', m.tagInvalidInstruction('.eof')],
      ['{.section}', m.tagWhitespaceExpected('')],
      ['{.section ?}', m.tagVariableExpected('?')],
      ['{.section a b}', m.tagExtraChars('SECTION', ' b')],
      ['{.repeated sekshun}', m.tagMissingSection('sekshun')],
      ['{.repeated section.}', m.tagWhitespaceExpected('.')],
      ['{.end xyz}', m.tagExtraChars('END', ' xyz')],
      ['{.meta-right   }', m.tagExtraChars('META_RIGHT', '   ')],
      ['{.alternates x}', m.tagMissingWith('x')],
      ['{.alternates with }', m.tagExtraChars('ALTERNATES_WITH', ' ')],
      ['{.or foo}', m.tagOrPredicate('OR_PREDICATE', 'foo')],
      ['{.or.}', m.tagExtraChars('OR_PREDICATE', '.')],
      ['{.if a b}', m.tagIfVariableOrOperator('b')],
      ['{.if }', m.tagIfEmpty],
      ['{.if a ||}', m.tagIfTooManyOperators],
      [`{.if ${thirtyOne}}`, m.tagIfTooManyVariables(30)],
      ['{.var foo bar}', m.tagBindvarName('foo bar')],
      ['{.var @foo ?foo}', m.tagMissingVariableName('?foo')],
      ['{.ctx }', m.tagCtxvarName('')],
      ['{.ctx @foo a}', m.tagCtxvarBindings('')],
      ['{.inject @}', m.tagInjectName('@')],
      ['{.inject @foo }', m.tagInjectPath('')],
      ['{.macro @foo}', m.tagMacroName],
      ['{.macro foo }', m.tagExtraChars('MACRO', ' ')],
      ['{.eval}', m.tagWhitespaceExpected('')],
      ['{foo|}', m.tagFormatterInvalid('')],
      ['{foo|123}', m.tagFormatterInvalid('123')],
      ['{a|html|=3;}', m.tagFormatterInvalid('=3;')],
      ['{a|nosuch|}', m.formatterUnknown('nosuch')],
    ];
    for (const [tag, message] of cases) expect(diagnosis(tag), tag).toBe(message);
  });

  it('says nothing about braces that never committed to being an instruction', () => {
    for (const tag of [
      '{ color: red; }', '{color:red}', '{"a": 1}', '{return a.b}', '{a||b}', '{a = 1;}', '{foo.baz }', '{a,}',
      '{a, |html}', '{.}', '{. section a}', '{ .end}', '{.include}', '{.include }', '{.var @a b?}', '{}',
    ]) {
      expect(diagnosis(tag), tag).toBeUndefined();
    }
  });

  it('reports an unterminated multi-line comment where the text holding it starts', () => {
    const t = compile('{## closed ##}\none {a} two\n  {## never closed');
    expect(t.errors.map((e) => [e.line, e.column, e.message])).toEqual([[2, 8, m.commentUnterminated]]);
    expect(compile('{## open').errors.map((e) => [e.line, e.column])).toEqual([[1, 1]]);
  });

  it('finds no error in the storefront theme or the public developer templates', () => {
    const roots = ['../../templates', '../../../shared/real-templates']
      .map((dir) => fileURLToPath(new URL(dir, import.meta.url)))
      .filter((dir) => existsSync(dir));
    let files = 0;
    for (const root of roots) {
      for (const file of templateFiles(root)) {
        files++;
        expect(compile(readFileSync(file, 'utf8'), { name: file }).errors, file).toEqual([]);
      }
    }
    expect(files).toBeGreaterThan(10);
  });
});
