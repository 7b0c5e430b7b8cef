import { describe, expect, it } from 'vitest';
import { loadTemplateFolder } from '../../../server/theme/folder-loader.ts';
import { compileFolderStyles } from '../../../server/theme/folder-styles.ts';
import { asLess4Selectors } from '../../../server/theme/legacy-less-selectors.ts';
import { MemoryTemplateSource } from '../../../server/theme/template-source.ts';
import { conf, SITE_REGION } from './folder-fixture.ts';

describe('LESS 1.3 selectors', () => {
  it('unwrap an escaped selector before its block or its list\'s comma, keeping every column, and leave other escapes alone', () => {
    const text = `(~".a-@{m}"),\n(~'.b') {\n  .transition(~'opacity 1s');\n  width: ~"calc(1px)";\n  x: (~"y");\n}`;
    const rewritten = asLess4Selectors(text);
    expect(rewritten).toBe(`   .a-@{m}  ,\n   .b   {\n  .transition(~'opacity 1s');\n  width: ~"calc(1px)";\n  x: (~"y");\n}`);
    expect(rewritten.split('\n').map((line) => line.length)).toEqual(text.split('\n').map((line) => line.length));
    expect(asLess4Selectors('a { b: c; }')).toBe('a { b: c; }');
  });

  it('read a variable as a structural pseudo-class argument', () => {
    expect(asLess4Selectors('&:nth-child(@cols) ~ li, &:nth-of-type(@n) {}')).toBe('&:nth-child(@{cols}) ~ li, &:nth-of-type(@{n}) {}');
  });

  it("compile as the platform's compiler reads them (dossier's blog meta and related posts)", async () => {
    const base = [
      '.meta(@modifier) {',
      '  (~".Blog-meta--@{modifier}") { margin: 0; }',
      '}',
      '.meta(list);',
      '.related(@cols) {',
      '  li:nth-child(@cols) { margin-right: 0; }',
      '}',
      '.grid { .related(3); }',
    ].join('\n');
    const files = { 'template.conf': conf({ stylesheets: ['base.less'] }), 'site.region': SITE_REGION, 'styles/base.less': base };
    const result = await compileFolderStyles(loadTemplateFolder(new MemoryTemplateSource(files)).folder!);
    expect(result.problems).toEqual([]);
    expect(result.css).toBe('.Blog-meta--list {\n  margin: 0;\n}\n.grid li:nth-child(3) {\n  margin-right: 0;\n}\n');
  });
});
