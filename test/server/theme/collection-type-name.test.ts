import { describe, expect, it } from 'vitest';
import { chooseTemplates, platformTypeName } from '../../../server/theme/collection-choice.ts';
import { folderOf, renderPage } from './folder-fixture.ts';

const LESSONS = { id: 'c3', urlId: 'lessons', typeCode: 24, title: 'Lessons' };
const SHOP = { id: 'c2', urlId: 'shop', typeCode: 13, title: 'Shop' };

describe('collection.typeName is the platform type name, whichever folder file renders the collection', () => {
  it('types the lessons collection blog with or without blog templates in the folder', () => {
    const own = folderOf({ 'collections/lessons.list': 'L {collection.typeName}' });
    const blog = folderOf({ 'collections/blog.list': 'B {collection.typeName}' });
    const none = folderOf({});
    for (const folder of [own, blog, none]) expect(chooseTemplates(folder, { view: 'list', collection: LESSONS }).typeName).toBe('blog');
    expect(renderPage(own, { view: 'list', collection: LESSONS }, { collection: LESSONS }).html).toContain('[L blog]');
    expect(renderPage(blog, { view: 'list', collection: LESSONS }, { collection: LESSONS }).html).toContain('[B blog]');
  });

  it('types the shop products when a folder collection named by its urlId renders it', () => {
    const folder = folderOf({ 'collections/shop.list': 'S {collection.typeName}', 'collections/shop.item': 'I {collection.typeName}' });
    expect(renderPage(folder, { view: 'list', collection: SHOP }, { collection: SHOP }).html).toContain('[S products]');
    expect(renderPage(folder, { view: 'item', collection: SHOP }, { collection: SHOP, item: { id: 'p1' } }).html).toContain('[I products]');
    expect(renderPage(folder, { view: 'list', collection: SHOP }, { collection: SHOP }).html).toContain('collection-type-products');
  });

  it('keeps page, gallery and an explicit platform type name', () => {
    expect(platformTypeName({ typeCode: 10 })).toBe('page');
    expect(platformTypeName({ typeCode: 1, galleryOptions: {} })).toBe('gallery');
    expect(platformTypeName({ typeCode: 1, typeName: 'events' })).toBe('events');
    expect(platformTypeName({ typeCode: 25 })).toBe('blog');
  });
});
