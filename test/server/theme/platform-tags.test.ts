import { describe, expect, it } from 'vitest';
import { compile } from '../../../engine/index.ts';
import { folderRegistry } from '../../../server/theme/folder-registry.ts';
import { rewritePlatformTags } from '../../../server/theme/platform-tags.ts';
import { themeMessages } from '../../../server/theme/theme-messages.ts';

function ids(): () => string {
  let n = 0;
  return () => `t${++n}`;
}

describe('platform tag rewriting', () => {
  it('turns each tag into one instruction and keeps its attributes as written', () => {
    const out = rewritePlatformTags('<a><squarespace:navigation navigationId="mainNav" template="nav" /></a>', 'site.region', ids());
    expect(out.source).toBe('<a>{@|squarespace-tag t1}</a>');
    expect(out.tags).toEqual([expect.objectContaining({ id: 't1', kind: 'navigation', attributes: { navigationId: 'mainNav', template: 'nav' }, body: null, line: 1, column: 4 })]);
  });

  it('reads bare and templated attributes and the body up to the matching close, nested tags included', () => {
    const source = 'x<squarespace:query collection="{collection.urlId}" featured limit=3>\n'
      + '<squarespace:query collection="b">inner</squarespace:query>\n</squarespace:query>y';
    const out = rewritePlatformTags(source, 'pages/home.page', ids());
    const outer = out.tags.find((tag) => tag.attributes.collection === '{collection.urlId}')!;
    expect(outer.attributes).toEqual({ collection: '{collection.urlId}', featured: '', limit: '3' });
    expect(out.source.startsWith(`x{@|squarespace-tag ${outer.id}}`)).toBe(true);
    expect(out.source.endsWith('y')).toBe(true);
    const inner = out.tags.find((tag) => tag.attributes.collection === 'b')!;
    expect(inner.line).toBe(2);
    expect(outer.body).toContain(`{@|squarespace-tag ${inner.id}}`);
  });

  it('keeps the lines after a multi-line tag where the author wrote them', () => {
    const source = '<squarespace:block-field\n  id="footer"\n  columns="12" />\n{.end}';
    const out = rewritePlatformTags(source, 'site.region', ids());
    const template = compile(out.source, { name: 'site.region', plugins: folderRegistry });
    expect(template.errors.map((e) => [e.line, e.column])).toEqual([[4, 1]]);
  });

  it('reports a tag that is never closed and a tag the platform does not have', () => {
    const out = rewritePlatformTags('<squarespace:query collection="a">\n<squarespace:carousel />', 'a.list', ids());
    expect(out.problems).toEqual([
      { message: themeMessages.tagNotClosed('query'), severity: 'error', file: 'a.list', line: 1, column: 1 },
      { message: themeMessages.tagUnknown('carousel'), severity: 'warning', file: 'a.list', line: 2, column: 1 },
    ]);
  });

  it('groups script tags written one after another, so their combo scripts load as one', () => {
    const out = rewritePlatformTags('<squarespace:script src="a.js" />\n<squarespace:script src="b.js" />x<squarespace:script src="c.js" />', 'site.region', ids());
    expect(out.tags.map(({ id, scriptRun, inRunOf }) => ({ id, scriptRun, inRunOf }))).toEqual([
      { id: 't1', scriptRun: ['t1', 't2'], inRunOf: undefined },
      { id: 't2', scriptRun: undefined, inRunOf: 't1' },
      { id: 't3', scriptRun: undefined, inRunOf: undefined },
    ]);
  });
});
