import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../engine/cli/main.ts';
import { checkTemplateFolder } from '../../../server/theme/folder-check.ts';
import { loadTemplateFolder } from '../../../server/theme/folder-loader.ts';
import { renderFolderPage } from '../../../server/theme/render-folder-page.ts';
import { MemoryTemplateSource } from '../../../server/theme/template-source.ts';
import { themeMessages } from '../../../server/theme/theme-messages.ts';
import { conf, SITE_REGION } from './folder-fixture.ts';
import { realTemplateFolders } from '../helpers/real-templates.ts';



const ORDERINGS = ['chronological', 'user-orderable', 'calendar', 'music-album'];

/** A blog whose .conf is written one typo away, each on a line of its own. */
const MISTYPED_BLOG = [
  '{',
  '  "title": "Blog",',
  '  "ordering": "chronologial",',
  '  "pagesize": 10,',
  '  "forcePageSize": "true",',
  '  "relatedItems": "yes",',
  '  "acceptTypes": ["text"]',
  '}',
].join('\n');

/** What `tmpl check` and the overlay say of MISTYPED_BLOG, in order: file, line, column, message. */
const MISTYPED_BLOG_WARNINGS: Array<[string, number, number, string]> = [
  ['collections/blog.conf', 3, 15, themeMessages.didYouMean(themeMessages.confOrderingUnknown('chronologial', ORDERINGS), 'chronological')],
  ['collections/blog.conf', 4, 3, themeMessages.didYouMean(themeMessages.confKeyUnknown('pagesize'), 'pageSize')],
  ['collections/blog.conf', 5, 20, themeMessages.didYouMean(themeMessages.confNotBoolean('forcePageSize', '"true"'), 'true')],
  ['collections/blog.conf', 6, 19, themeMessages.confNotBoolean('relatedItems', '"yes"')],
];

function source(files: Record<string, string>): MemoryTemplateSource {
  return new MemoryTemplateSource({ 'template.conf': conf(), 'site.region': SITE_REGION, 'collections/blog.list': '{.repeated section items}{title}{.end}', ...files });
}

function confWarnings(files: Record<string, string>): Array<[string, number, number, string]> {
  const result = checkTemplateFolder(source(files));
  expect(result.errors).toBe(0);
  return result.problems.filter((problem) => problem.file.endsWith('.conf')).map((problem) => {
    expect(problem.severity).toBe('warning');
    return [problem.file, problem.line, problem.column, problem.message];
  });
}

describe("a collection's or page's .conf the platform would not understand", () => {
  it('warns of a key or value one typo away, placed at the key or value, with the one meant', () => {
    expect(confWarnings({ 'collections/blog.conf': MISTYPED_BLOG })).toEqual(MISTYPED_BLOG_WARNINGS);
  });

  it('warns of a key close to none, and of a page\'s .page.conf as of a collection\'s', () => {
    expect(confWarnings({
      'pages/about.page': '<h1>About</h1>',
      'pages/about.page.conf': '{ "title": "About", "sidebar": true, "regionNam": "default" }',
    })).toEqual([
      ['pages/about.page.conf', 1, 21, themeMessages.confKeyUnknown('sidebar')],
      ['pages/about.page.conf', 1, 38, themeMessages.didYouMean(themeMessages.confKeyUnknown('regionNam'), 'regionName')],
    ]);
  });

  it('places a repeated key at the one JSON keeps, the last, and warns of the repetition at the one it ignores', () => {
    expect(confWarnings({ 'collections/blog.conf': '{\n  "ordering": "calendar",\n  "ordering": "calender"\n}' })).toEqual([
      ['collections/blog.conf', 2, 3, themeMessages.confSettingRepeated('ordering', 2, 3)],
      ['collections/blog.conf', 3, 15, themeMessages.didYouMean(themeMessages.confOrderingUnknown('calender', ORDERINGS), 'calendar')],
    ]);
  });

  it('warns of a setting written twice, in a .conf and in template.conf (nested ones by their path), naming the line of the one used', () => {
    const templateConf = '{\n  "name": "A",\n  "layouts": { "default": { "regions": ["site"] } },\n  "tweaks": { "accent": "#c53", "accent": "#000" },\n  "name": "B"\n}';
    const result = checkTemplateFolder(source({
      'template.conf': templateConf,
      'collections/blog.conf': '{\n  "pageSize": 5,\n  "title": "Blog",\n  "pageSize": 20,\n  "pageSize": 30\n}',
    }));
    expect(result.errors).toBe(0);
    expect(result.problems.map((problem) => [problem.file, problem.line, problem.column, problem.severity, problem.message])).toEqual([
      ['collections/blog.conf', 2, 3, 'warning', themeMessages.confSettingRepeated('pageSize', 3, 5)],
      ['template.conf', 2, 3, 'warning', themeMessages.confSettingRepeated('name', 2, 5)],
      ['template.conf', 4, 15, 'warning', themeMessages.confSettingRepeated('tweaks.accent', 2, 4)],
    ]);
    expect(themeMessages.confSettingRepeated('pageSize', 2, 4)).toBe('pageSize is written twice; the second (line 4) is used');
  });

  it('says nothing of the keys and values the platform documents or its public templates use', () => {
    expect(confWarnings({
      'collections/blog.conf': JSON.stringify({
        title: 'Blog', ordering: 'chronological', addText: 'Add Post', acceptTypes: ['text'], regionName: 'default',
        pageSize: 20, forcePageSize: true, relatedItems: false, icon: 'blog', view: 'grid', fullData: true,
        hasSystemBlogCollectionSettings: true, systemPartials: ['sqs-share-buttons'], supportsVideoBackgrounds: 'true',
      }),
      'collections/album.conf': JSON.stringify({ ordering: 'music-album', systemCollectionVersion: '2.0' }),
      'collections/gallery.conf': JSON.stringify({ ordering: 'user-orderable' }),
      'collections/events.conf': JSON.stringify({ ordering: 'calendar' }),
      'collections/index.conf': JSON.stringify({ folder: true, index: true, indexType: 'full-url' }),
    })).toEqual([]);
  });

  const folders = realTemplateFolders();
  it.skipIf(folders.length === 0)("says nothing of any public template's .conf files as they are", () => {
    for (const dir of folders) {
      expect(checkTemplateFolder(dir).problems.filter((problem) => problem.file.endsWith('.conf') && problem.file !== 'template.conf'), dir).toEqual([]);
    }
  });

  it("warns in tmpl render of the .conf of the page's collection only", () => {
    const folder = source({ 'collections/blog.conf': MISTYPED_BLOG, 'collections/gallery.conf': '{ "ordering": "user-orderabel" }', 'collections/gallery.list': 'g' });
    const blog = renderFolderPage(folder, '/journal', { collection: { id: 'c', urlId: 'journal', typeName: 'blog' }, items: [] });
    expect(blog.warnings.map((problem) => [problem.file, problem.line, problem.column, problem.message])).toEqual(MISTYPED_BLOG_WARNINGS);
  });

  it('is told by tmpl check DIR, file:line:column, as warnings (exit 0)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tmpl-conf-'));
    const files: Record<string, string> = {
      'template.conf': conf(),
      'site.region': SITE_REGION,
      'collections/blog.conf': MISTYPED_BLOG,
      'collections/blog.list': '{.repeated section items}{title}{.end}',
    };
    try {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      const out: string[] = [];
      const err: string[] = [];
      const code = await main(['check', dir], { out: (s) => out.push(s), write: (s) => out.push(s), err: (s) => err.push(s) });
      expect(code).toBe(0);
      expect(out.join('\n')).toBe(`${dir}: 2 templates and 2 JSON files checked, no errors, 4 warnings`);
      expect(err.join('\n').split('\n')).toEqual(MISTYPED_BLOG_WARNINGS.map(([file, line, column, message]) => `${join(dir, file)}:${line}:${column} warning: ${message}`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('template.conf written amiss', () => {
  const layouts = '"layouts": { "default": { "name": "Default", "regions": ["site"] } }';
  const check = (text: string) => checkTemplateFolder(new MemoryTemplateSource({ 'template.conf': text, 'site.region': SITE_REGION, 'styles/base.less': 'h1 { color: red; }' }));

  it('warns of a key it does not know, placed at the key, with the setting meant: a misspelled stylesheets is not ignored without a word', () => {
    const result = check(['{', `  ${layouts},`, '  "stylesheet": ["base.less"],', '  "tweak": { "accent": "red" }', '}'].join('\n'));
    expect(result.problems.filter((problem) => problem.file === 'template.conf').map((problem) => [problem.line, problem.column, problem.severity, problem.message])).toEqual([
      [3, 3, 'warning', themeMessages.didYouMean(themeMessages.templateConfKeyUnknown('stylesheet'), 'stylesheets')],
      [4, 3, 'warning', themeMessages.didYouMean(themeMessages.templateConfKeyUnknown('tweak'), 'tweaks')],
    ]);
  });

  it('says a missing setting is missing, placed at the key one typo from it, not in the schema library\'s words', () => {
    const result = check(['{', '  "name": "Mine",', '  "layout": { "default": { "regions": ["site"] } }', '}'].join('\n'));
    const [problem] = result.problems.filter((found) => found.file === 'template.conf');
    expect([problem!.line, problem!.column, problem!.severity, problem!.message])
      .toEqual([3, 3, 'error', themeMessages.confSettingMisspelled('layouts', 'an object ({…})', 'layout')]);
  });

  it('says what a setting of the wrong kind takes and what was written, at its value', () => {
    const result = check(['{', '  "layouts": { "default": { "regions": "site" } }', '}'].join('\n'));
    const [problem] = result.problems.filter((found) => found.file === 'template.conf');
    expect([problem!.line, problem!.column, problem!.message]).toEqual([2, 40, themeMessages.confSettingWrongKind('layouts.default.regions', 'a list ([…])', '"site"')]);
  });

  it("places a collection .conf's value of the wrong kind at that value", () => {
    const result = checkTemplateFolder(source({ 'collections/blog.conf': '{ "regionName": "site", "pageSize": "20" }' }));
    const [problem] = result.problems.filter((found) => found.file === 'collections/blog.conf' && found.severity === 'error');
    expect([problem!.line, problem!.column, problem!.severity, problem!.message]).toEqual([1, 37, 'error', themeMessages.confSettingWrongKind('pageSize', 'a number', '"20"')]);
  });

  it("reports every problem of a collection .conf at once and keeps the settings written right", () => {
    const text = ['{', '  "regionName": "default",', '  "pageSize": "20",', '  "folder": "no",', '  "relatedItem": true', '}'].join('\n');
    const folder = source({ 'collections/blog.conf': text });
    const result = checkTemplateFolder(folder);
    const found = result.problems.filter((problem) => problem.file === 'collections/blog.conf')
      .map((problem) => [problem.line, problem.column, problem.severity, problem.message]);
    expect(found).toEqual([
      [3, 15, 'error', themeMessages.confSettingWrongKind('pageSize', 'a number', '"20"')],
      [4, 13, 'error', themeMessages.confSettingWrongKind('folder', 'true or false', '"no"')],
      [5, 3, 'warning', themeMessages.didYouMean(themeMessages.confKeyUnknown('relatedItem'), 'relatedItems')],
    ]);
    // the layout it names still applies while the two wrong settings are left out
    expect(loadTemplateFolder(folder).folder?.collections.get('blog')?.conf).toEqual({ regionName: 'default', relatedItem: true });
  });
});
