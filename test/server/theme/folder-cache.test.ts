import type { Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { FolderCache, TemplateFolderError } from '../../../server/theme/folder-cache.ts';
import { MemoryTemplateSource } from '../../../server/theme/template-source.ts';
import { themeMessages } from '../../../server/theme/theme-messages.ts';
import { SITE_REGION } from './folder-fixture.ts';

/** A logger whose warnings are kept, as [fields, message], and its other lines as their messages. */
function warningLog(): { log: Logger; warned: Array<[unknown, string]>; said: string[] } {
  const warned: Array<[unknown, string]> = [];
  const said: string[] = [];
  const keep = (_fields: unknown, message: string) => said.push(message);
  const log = { warn: (fields: unknown, message: string) => warned.push([fields, message]), info: keep, error: keep, debug: keep } as unknown as Logger;
  return { log, warned, said };
}

const WRITTEN = [
  '{',
  '  "layouts": {',
  '    "default": { "name": "Default", "regions": ["site"] },',
  '    "bare": { "name": "Bare", "regions": ["header", "footer"] }',
  '  }',
  '}',
].join('\n');

/** A folder whose layout 'bare' never writes the page's content. */
function twoLayouts(): MemoryTemplateSource {
  return new MemoryTemplateSource({
    'template.conf': WRITTEN,
    'site.region': SITE_REGION,
    'header.region': '<head>{squarespace-headers}</head><body>',
    'footer.region': '{squarespace-footers}</body>',
  });
}

describe('the template folder cache', () => {
  it("logs a layout's warnings in development when they appear, placed as tmpl check places them, so an author without the browser open learns of them, and when they are fixed", () => {
    const { log, warned, said } = warningLog();
    const source = twoLayouts();
    const cache = new FolderCache(source, log, true);
    cache.current();
    const at = `template.conf:4:${WRITTEN.split('\n')[3]!.indexOf('"header"') + 1}`;
    const message = themeMessages.mainContentMissing('bare', ['header.region', 'footer.region']);
    expect(warned).toEqual([[{ folder: 'memory', file: 'template.conf' }, `${at} ${message}`]]);
    // a request that finds the folder as it was loaded says nothing again
    cache.current();
    cache.current();
    expect(warned).toHaveLength(1);
    // a save of another file loads the folder again, and repeats nothing still wrong
    source.write('site.region', `${SITE_REGION}\n`);
    cache.current();
    expect(warned).toHaveLength(1);
    // a save that fixes it says so, in one line at the place it was told
    source.write('footer.region', '{squarespace.main-content}{squarespace-footers}</body>');
    cache.current();
    expect(warned).toHaveLength(1);
    expect(said.filter((message) => message !== themeMessages.folderLoaded)).toEqual([themeMessages.warningFixed(at)]);
    // and a slip made again is told again
    source.write('footer.region', '{squarespace-footers}</body>');
    cache.current();
    expect(warned).toHaveLength(2);
    expect(warned[1]![1]).toBe(warned[0]![1]);
  });

  it('logs a mistyped platform value and a .conf setting the platform does not read in development when they appear, but not a script the folder lacks', () => {
    const { log, warned, said } = warningLog();
    const source = new MemoryTemplateSource({
      'template.conf': '{ "layouts": { "default": { "regions": ["site"] } } }',
      'site.region': '<head>{squarespace-headers}</head><body>{squarespace.main-content}{squarespace-footers}</body>',
      // in a block no page applies: still logged, since the overlay of no page shows it
      'blocks/footer.block': '<p>{squarespace.page-idd}</p>\n<squarespace:script src="site-bundle.js" />',
      'collections/blog.conf': '{\n  "pagesize": 2\n}',
    });
    const cache = new FolderCache(source, log, true);
    cache.current();
    const value = themeMessages.didYouMean(themeMessages.platformValueUnknown('squarespace.page-idd'), '{squarespace.page-id}');
    const setting = themeMessages.didYouMean(themeMessages.confKeyUnknown('pagesize'), 'pageSize');
    expect(warned).toEqual([
      [{ folder: 'memory', file: 'blocks/footer.block' }, `blocks/footer.block:1:4 ${value}`],
      [{ folder: 'memory', file: 'collections/blog.conf' }, `collections/blog.conf:2:3 ${setting}`],
    ]);
    cache.current();
    expect(warned).toHaveLength(2);
    // an edit above a slip moves it without making it new: nothing is told again
    source.write('site.region', `${source.read('site.region')!}\n`);
    source.write('blocks/footer.block', `<footer>\n${source.read('blocks/footer.block')!}`);
    cache.current();
    expect(warned).toHaveLength(2);
    // a second slip alike in the same file is new; fixing the first of them tells its place
    source.write('blocks/footer.block', '<footer>\n<p>{squarespace.page-idd}</p>\n<p>{squarespace.page-idd}</p>');
    cache.current();
    expect(warned).toHaveLength(3);
    expect(warned[2]![1]).toBe(`blocks/footer.block:3:4 ${value}`);
    source.write('blocks/footer.block', '<footer>\n<p>{squarespace.page-id}</p>\n<p>{squarespace.page-idd}</p>');
    source.write('collections/blog.conf', '{\n  "pageSize": 2\n}');
    cache.current();
    expect(warned).toHaveLength(3);
    expect(said.filter((message) => message !== themeMessages.folderLoaded)).toEqual([
      themeMessages.warningFixed('blocks/footer.block:2:4'),
      themeMessages.warningFixed('collections/blog.conf:2:3'),
    ]);
    expect(themeMessages.warningFixed('collections/blog.conf:2:3')).toBe('the warning at collections/blog.conf:2:3 is fixed');
  });

  it('tells in development, once, that a save left the folder unloadable, placed as the overlay places it, and loads it again once fixed', () => {
    const { log, said } = warningLog();
    const source = twoLayouts();
    const cache = new FolderCache(source, log, true);
    cache.current();
    said.length = 0;
    source.write('template.conf', WRITTEN.replace('"layouts":', '"layouts",'));
    expect(() => cache.current()).toThrow(TemplateFolderError);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(new RegExp(`^${themeMessages.folderBrokenDevLog}: template\\.conf:2:12 not valid JSON`));
    // each request while it stays broken fails the same way, without telling it again
    expect(() => cache.current()).toThrow(TemplateFolderError);
    expect(said).toHaveLength(1);
    source.write('template.conf', WRITTEN);
    expect(cache.current().conf.layouts.bare).toBeDefined();
    expect(said).toEqual([said[0], themeMessages.folderLoaded]);
  });

  it('logs a platform tag left without its \'>\' at ERROR, as the overlay and tmpl check count it', () => {
    const errors: Array<[unknown, string]> = [];
    const log = { warn: () => {}, info: () => {}, debug: () => {}, error: (fields: unknown, message: string) => errors.push([fields, message]) } as unknown as Logger;
    const source = new MemoryTemplateSource({
      'template.conf': '{ "layouts": { "default": { "regions": ["site"] } } }',
      'site.region': '<head>{squarespace-headers}</head><body>\n<squarespace:navigation navigationId="mainNav" template="nav"\n{squarespace.main-content}{squarespace-footers}</body>',
    });
    new FolderCache(source, log, true).current();
    expect(errors).toEqual([[
      { folder: 'memory', problems: [{ file: 'site.region', line: 2, column: 1, severity: 'error', validation: true, message: themeMessages.tagNotEnded('navigation') }] },
      themeMessages.folderMalformedTagsLog,
    ]]);
  });

  it('leaves them to tmpl check outside development', () => {
    const { log, warned } = warningLog();
    new FolderCache(twoLayouts(), log, false).current();
    expect(warned).toEqual([]);
  });

  it('tells a script the folder names and lacks outside development, once when the shop starts, with the build that may make it', () => {
    const files = {
      'template.conf': JSON.stringify({ layouts: { default: { name: 'Default', regions: ['site'] } } }),
      'site.region': `${SITE_REGION}\n<squarespace:script src="site-bundle.js" combo="false" />`,
      'package.json': JSON.stringify({ scripts: { build: 'squarespace assemble && webpack' } }),
    };
    const message = `site.region:2:1 ${themeMessages.madeByAssemble(themeMessages.scriptMissing('site-bundle.js'))}`;
    const { log, warned } = warningLog();
    const cache = new FolderCache(new MemoryTemplateSource(files), log, false);
    cache.current();
    cache.current();
    expect(warned).toEqual([[{ folder: 'memory', file: 'site.region' }, message]]);
  });
});
