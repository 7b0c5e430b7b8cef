import type { Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { FolderCache } from '../../../server/theme/folder-cache.ts';
import { MemoryTemplateSource } from '../../../server/theme/template-source.ts';
import { themeMessages } from '../../../server/theme/theme-messages.ts';
import { SITE_REGION } from './folder-fixture.ts';

/** A logger whose warnings are kept, as [fields, message]. */
function warningLog(): { log: Logger; warned: Array<[unknown, string]> } {
  const warned: Array<[unknown, string]> = [];
  const quiet = () => {};
  const log = { warn: (fields: unknown, message: string) => warned.push([fields, message]), info: quiet, error: quiet, debug: quiet } as unknown as Logger;
  return { log, warned };
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
  it("logs a layout's warnings in development once a load, placed as tmpl check places them, so an author without the browser open learns of them", () => {
    const { log, warned } = warningLog();
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
    // a save loads the folder again, which tells what is still wrong
    source.write('site.region', `${SITE_REGION}\n`);
    cache.current();
    expect(warned).toHaveLength(2);
    // and nothing once the layout writes it
    source.write('footer.region', '{squarespace.main-content}{squarespace-footers}</body>');
    cache.current();
    expect(warned).toHaveLength(2);
  });

  it('logs a mistyped platform value and a .conf setting the platform does not read in development once a load, but not a script the folder lacks', () => {
    const { log, warned } = warningLog();
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
    source.write('site.region', `${source.read('site.region')!}\n`);
    cache.current();
    expect(warned).toHaveLength(4);
  });

  it('leaves them to tmpl check outside development', () => {
    const { log, warned } = warningLog();
    new FolderCache(twoLayouts(), log, false).current();
    expect(warned).toEqual([]);
  });
});
