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
    headers: '<meta name="crumb" content="a">',
    footers: '',
    context: { collection: BLOG, items: [{ title: 'x' }] },
    ...overrides,
  };
}

describe('keeping composed folder pages', () => {
  it('keys a page by everything it depends on', () => {
    const cache = new FolderPageCache();
    const folder = folderOf({ 'collections/blog.list': '{.repeated section items}{title}{.end}' });
    const key = cache.key(parts(folder));
    expect(key).not.toBeNull();
    expect(cache.key(parts(folder))).toBe(key);
    expect(cache.key(parts(folder, { path: '/journal/' }))).not.toBe(key);
    expect(cache.key(parts(folder, { contentVersion: 2 }))).not.toBe(key);
    expect(cache.key(parts(folder, { context: { collection: BLOG, items: [{ title: 'y' }] } }))).not.toBe(key);
    // This folder never writes the headers, so another visitor's crumb gives the same page.
    expect(cache.key(parts(folder, { headers: '<meta name="crumb" content="b">' }))).toBe(key);
  });

  it('keys by the headers where the folder writes them, and keeps nothing of a folder that reads the clock', () => {
    const cache = new FolderPageCache();
    const withHeaders = folderOf({ 'site.region': '{squarespace-headers}{squarespace.main-content}' });
    expect(cache.key(parts(withHeaders, { headers: 'b' }))).not.toBe(cache.key(parts(withHeaders, { headers: 'a' })));
    const clock = folderOf({ 'blocks/date.block': '{addedOn|timesince}' });
    expect(cache.key(parts(clock))).toBeNull();
  });
});
