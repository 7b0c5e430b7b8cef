import { describe, expect, it } from 'vitest';
import { compile, LineIndex } from '../../../engine/index.ts';
import type { EditedText } from '../../../server/theme/edited-text.ts';
import { folderRegistry } from '../../../server/theme/folder-registry.ts';
import { rewritePlatformTags } from '../../../server/theme/platform-tags.ts';
import { themeMessages } from '../../../server/theme/theme-messages.ts';

/** The [line, column] of each error compiling an edited text, placed in the file it was made from. */
function compiledErrors(file: string, edited: EditedText): [number, number][] {
  const lines = new LineIndex(file);
  const template = compile(edited.text, { name: 'site.region', plugins: folderRegistry, positions: { position: (offset) => lines.position(edited.originalOffset(offset)) } });
  return template.errors.map((e) => [e.line, e.column]);
}

function ids(): () => string {
  let n = 0;
  return () => `t${++n}`;
}

describe('platform tag rewriting', () => {
  it('turns each tag into one instruction and keeps its attributes as written', () => {
    const out = rewritePlatformTags('<a><squarespace:navigation navigationId="mainNav" template="nav" /></a>', 'site.region', ids());
    expect(out.source.text).toBe('<a>{@|squarespace-tag t1}</a>');
    expect(out.tags).toEqual([expect.objectContaining({ id: 't1', kind: 'navigation', attributes: { navigationId: 'mainNav', template: 'nav' }, body: null, line: 1, column: 4 })]);
  });

  it('reads bare and templated attributes and the body up to the matching close, nested tags included', () => {
    const source = 'x<squarespace:query collection="{collection.urlId}" featured limit=3>\n'
      + '<squarespace:query collection="b">inner</squarespace:query>\n</squarespace:query>y';
    const out = rewritePlatformTags(source, 'pages/home.page', ids());
    const outer = out.tags.find((tag) => tag.attributes.collection === '{collection.urlId}')!;
    expect(outer.attributes).toEqual({ collection: '{collection.urlId}', featured: '', limit: '3' });
    expect(out.source.text.startsWith(`x{@|squarespace-tag ${outer.id}}`)).toBe(true);
    expect(out.source.text.endsWith('y')).toBe(true);
    const inner = out.tags.find((tag) => tag.attributes.collection === 'b')!;
    expect([inner.line, inner.column]).toEqual([2, 1]);
    expect(outer.body!.text).toContain(`{@|squarespace-tag ${inner.id}}`);
  });

  it('keeps the lines after a multi-line tag where the author wrote them', () => {
    const source = '<squarespace:block-field\n  id="footer"\n  columns="12" />\n{.end}';
    const out = rewritePlatformTags(source, 'site.region', ids());
    expect(compiledErrors(source, out.source)).toEqual([[4, 1]]);
  });

  it('keeps columns too: an error after a tag on its line, or on the first line of a tag body, is where the author wrote it', () => {
    const source = '<p><squarespace:navigation navigationId="mainNav" template="nav" /> {.end}\n'
      + '<squarespace:query collection="blog" limit="3"> {.section} {.end}</squarespace:query>';
    const out = rewritePlatformTags(source, 'site.region', ids());
    const body = out.tags.find((tag) => tag.kind === 'query')!.body!;
    expect(compiledErrors(source, out.source)).toEqual([[1, 69]]);
    expect(compiledErrors(source, body)).toEqual([[2, 49], [2, 60]]);
  });

  it('places tags nested in a body by the file\'s lines and columns', () => {
    const source = '<div><squarespace:query collection="a">x <squarespace:navigation navigationId="n" template="t" /></squarespace:query>';
    const out = rewritePlatformTags(source, 'site.region', ids());
    const nav = out.tags.find((tag) => tag.kind === 'navigation')!;
    expect([nav.line, nav.column]).toEqual([1, 42]);
  });

  it('reports a tag that is never closed and a tag the platform does not have', () => {
    const out = rewritePlatformTags('<squarespace:query collection="a">\n<squarespace:carousel />', 'a.list', ids());
    expect(out.problems).toEqual([
      { message: themeMessages.tagNotClosed('query'), severity: 'error', file: 'a.list', line: 1, column: 1 },
      { message: themeMessages.tagUnknown('carousel'), severity: 'warning', file: 'a.list', line: 2, column: 1 },
    ]);
  });

  it('reports an opening tag whose \'>\' or \'/>\' is left out as a malformed tag at the tag, and keeps it as text', () => {
    const source = '<nav>\n       <squarespace:navigation navigationId="mainNav" template="navigation"\n</nav>\n<squarespace:query collection="shop" limit="3"';
    const out = rewritePlatformTags(source, 'site.region', ids());
    expect(out.tags).toEqual([]);
    expect(out.source.text).toBe(source);
    expect(out.problems).toEqual([
      { message: themeMessages.tagNotEnded('navigation'), severity: 'warning', validation: true, file: 'site.region', line: 2, column: 8 },
      { message: themeMessages.tagNotEnded('query'), severity: 'warning', validation: true, file: 'site.region', line: 4, column: 1 },
    ]);
    expect(out.problems[0]!.message).toBe("<squarespace:navigation> has no closing '>' or '/>': the page shows it as text");
  });

  it('reports text that is no attribute inside an opening tag where it stands', () => {
    const out = rewritePlatformTags('<squarespace:query collection="shop"limit="3">x</squarespace:query>', 'a.list', ids());
    expect(out.tags).toEqual([]);
    expect(out.problems).toEqual([
      { message: themeMessages.tagAttributeUnreadable('query', 'limit="3"'), severity: 'warning', validation: true, file: 'a.list', line: 1, column: 37 },
    ]);
  });

  it('reports a mistyped closing tag where it stands, with the closing tag meant, besides the opening tag it leaves never closed', () => {
    const out = rewritePlatformTags('<squarespace:query collection="a">\n  <p>{title}</p>\n  </squarespace:querry>\n</squarespace:carousel>', 'a.list', ids());
    expect(out.problems).toEqual([
      { message: themeMessages.tagNotClosed('query'), severity: 'error', file: 'a.list', line: 1, column: 1 },
      { message: themeMessages.didYouMean(themeMessages.tagCloseUnknown('querry'), '</squarespace:query>'), severity: 'warning', validation: true, file: 'a.list', line: 3, column: 3 },
    ]);
    expect(out.problems[1]!.message).toBe("</squarespace:querry> closes no platform tag (did you mean '</squarespace:query>'?)");
  });

  it('reports an attribute a tag cannot do without as a malformed tag (an error to the author), naming the slip written in its place', () => {
    const out = rewritePlatformTags('<squarespace:query collecton="shop" limit="2">x</squarespace:query>\n<squarespace:script combo="true" />', 'site.region', ids());
    expect(out.problems).toEqual([
      { message: themeMessages.tagAttributeMisspelt(themeMessages.tagAttributeMissing('query', 'collection'), 'collecton', 'collection'), severity: 'warning', validation: true, file: 'site.region', line: 1, column: 1 },
      { message: themeMessages.tagAttributeMissing('script', 'src'), severity: 'warning', validation: true, file: 'site.region', line: 2, column: 1 },
    ]);
    expect(out.problems[0]!.message).toBe("<squarespace:query> needs the attribute collection: collecton is written (did you mean 'collection'?)");
  });

  it('reports a platform tag mistyped as a malformed tag naming the tag meant, and another unknown tag as a warning', () => {
    const out = rewritePlatformTags('<nav>\n  <squarespace:navigaton navigationId="mainNav" />\n<squarespace:carousel />', 'site.region', ids());
    expect(out.problems).toEqual([
      { message: themeMessages.didYouMean(themeMessages.tagUnknown('navigaton'), '<squarespace:navigation>'), severity: 'warning', validation: true, file: 'site.region', line: 2, column: 3 },
      { message: themeMessages.tagUnknown('carousel'), severity: 'warning', file: 'site.region', line: 3, column: 1 },
    ]);
    expect(out.problems[0]!.message).toBe("<squarespace:navigaton> is not a platform tag (did you mean '<squarespace:navigation>'?)");
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
