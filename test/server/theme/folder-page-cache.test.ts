import { describe, expect, it } from 'vitest';
import { chooseTemplates } from '../../../server/theme/collection-choice.ts';
import { FolderPageCache, type PageKeyParts } from '../../../server/theme/folder-page-cache.ts';
import type { TemplateFolder } from '../../../server/theme/folder-loader.ts';
import { BLOG, folderOf } from './folder-fixture.ts';

function parts(folder: TemplateFolder, overrides: Partial<PageKeyParts> = {}): PageKeyParts {
  return {
    folder,
    builtins: folder,
    choice: chooseTemplates(folder, { view: 'list', collection: BLOG }),
    pageName: 'lessons',
    path: '/journal',
    contentVersion: 1,
    headerFacts: ['a', '/site.css'],
    footerParts: [],
    context: { collection: BLOG, items: [{ title: 'x' }] },
    ...overrides,
  };
}

describe('keeping composed folder pages', () => {
  it('keys a page by everything it depends on', () => {
    const cache = new FolderPageCache();
    // a region without the headers, whose pages are the same for every visitor
    const folder = folderOf({ 'site.region': '<body>{squarespace.main-content}</body>', 'collections/blog.list': '{.repeated section items}{title}{.end}' });
    const key = cache.key(parts(folder));
    expect(key).not.toBeNull();
    expect(cache.key(parts(folder))).toBe(key);
    expect(cache.key(parts(folder, { path: '/journal/' }))).not.toBe(key);
    expect(cache.key(parts(folder, { contentVersion: 2 }))).not.toBe(key);
    expect(cache.key(parts(folder, { context: { collection: BLOG, items: [{ title: 'y' }] } }))).not.toBe(key);
    // This folder never writes the headers, so another visitor's crumb gives the same page.
    expect(cache.key(parts(folder, { headerFacts: ['b', '/site.css'] }))).toBe(key);
  });

  it('keys by the headers\' and footers\' facts where the folder writes them, and keeps nothing of a folder that reads the clock', () => {
    const cache = new FolderPageCache();
    const withHeaders = folderOf({ 'site.region': '{squarespace-headers}{squarespace.main-content}' });
    const key = cache.key(parts(withHeaders));
    expect(cache.key(parts(withHeaders, { headerFacts: ['b', '/site.css'] }))).not.toBe(key);
    expect(cache.key(parts(withHeaders, { headerFacts: ['a', '/site.css?v=2'] }))).not.toBe(key);
    // The facts are kept apart: a crumb cannot pass for the stylesheet and the other way round.
    expect(cache.key(parts(withHeaders, { headerFacts: ['a,/site.css', ''] }))).not.toBe(key);
    const withFooters = folderOf({ 'site.region': '{squarespace.main-content}{squarespace-footers}' });
    expect(cache.key(parts(withFooters, { footerParts: ['<script>reload</script>'] }))).not.toBe(cache.key(parts(withFooters)));
    const clock = folderOf({ 'blocks/date.block': '{addedOn|timesince}' });
    expect(cache.key(parts(clock))).toBeNull();
  });
});
