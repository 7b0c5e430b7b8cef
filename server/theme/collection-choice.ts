import { CollectionType, nameOf } from '../../engine/plugins/enums.ts';
import type { FolderCollection, FolderFile, FolderPage, TemplateFolder } from './folder-loader.ts';
import type { Json } from './platform-data.ts';
import { defaultLayoutName, regionBaseName } from './template-conf.ts';

/** What a request shows: a collection's list, one of its items, a page, or a system page. */
export type PageView = 'list' | 'item' | 'page' | 'system';

export interface FolderPageTarget {
  view: PageView;
  /** The store's collection (its page context `collection`); absent on system pages. */
  collection?: Json;
  /** For system pages: '404', 'search', 'cart', 'checkout', … */
  systemName?: string;
}

export interface TemplateChoice {
  /** The collection type name templates see as `collection.typeName`. */
  typeName: string;
  collection: FolderCollection | null;
  page: FolderPage | null;
  /** The folder file that renders the main content; null when the built-in page does. */
  main: FolderFile | null;
  layoutName: string;
  /** Region names, in order; their output is concatenated. */
  regions: string[];
}

/**
 * Collection templates that can stand in for a store collection type the folder has no
 * template for: lessons and courses are posts with a title, excerpt and body, as a blog's are.
 */
const STAND_INS: Readonly<Record<string, readonly string[]>> = {
  lessons: ['blog'],
  course: ['blog'],
};

/** The store collection's own type name: an explicit `typeName`, else from its type code. */
export function storeTypeName(collection: Json): string {
  if (typeof collection.typeName === 'string' && collection.typeName !== '') return collection.typeName;
  const code = typeof collection.typeCode === 'number' ? collection.typeCode : -1;
  if (code === CollectionType.generic && collection.galleryOptions !== undefined) return 'gallery';
  return nameOf(CollectionType, code) ?? 'collection';
}

/**
 * The platform's type names a store type shows as: lessons and courses are the platform's blog
 * (posts with a title, excerpt and body), a plain generic collection is a blog too.
 */
const PLATFORM_TYPE_NAMES: Readonly<Record<string, string>> = {
  lessons: 'blog',
  course: 'blog',
  generic: 'blog',
};

/**
 * The type name templates see as `collection.typeName`: always the platform's (blog, products,
 * page, gallery, events…), whichever folder file renders the collection — templates branch on it
 * (`{.equal? collection.typeName "products"}`), so it may not follow the folder's file names.
 */
export function platformTypeName(collection: Json): string {
  const storeType = storeTypeName(collection);
  return Object.hasOwn(PLATFORM_TYPE_NAMES, storeType) ? PLATFORM_TYPE_NAMES[storeType]! : storeType;
}

/**
 * The folder collection names a store collection renders through, in order: its urlId, its
 * type, then the types that stand in for it.
 */
export function folderCollectionNamesFor(collection: Json): string[] {
  const urlId = typeof collection.urlId === 'string' ? collection.urlId : '';
  const storeType = storeTypeName(collection);
  return [urlId, storeType, ...(STAND_INS[storeType] ?? [])];
}

/** The layout a collection or page of this `regionName` renders in (the default when it names none the folder has). */
export function layoutOf(folder: TemplateFolder, regionName: string | undefined): { layoutName: string; regions: string[] } {
  if (regionName !== undefined) {
    const layout = folder.conf.layouts[regionName];
    if (layout !== undefined && Object.hasOwn(folder.conf.layouts, regionName)) {
      return { layoutName: regionName, regions: layout.regions.map(regionBaseName) };
    }
    const region = regionBaseName(regionName);
    if (folder.regions.has(region)) return { layoutName: region, regions: [region] };
  }
  const name = defaultLayoutName(folder.conf);
  return { layoutName: name, regions: folder.conf.layouts[name]!.regions.map(regionBaseName) };
}

/**
 * Picks the folder's templates for a page the way the platform does: a page collection whose
 * urlId names a pages/*.page renders that page; otherwise the folder collection named by the
 * store collection's urlId, its type, or a stand-in type renders its .list or .item. With no
 * such file the built-in page renders the main content. The layout is the collection's (or
 * page's) `regionName` when it names one, else the default.
 */
export function chooseTemplates(folder: TemplateFolder, target: FolderPageTarget): TemplateChoice {
  if (target.view === 'system' || target.collection === undefined) {
    const main = folder.system.get(target.systemName ?? '') ?? null;
    return { typeName: 'page', collection: null, page: null, main, ...layoutOf(folder, undefined) };
  }
  const urlId = typeof target.collection.urlId === 'string' ? target.collection.urlId : '';
  if (target.view === 'page') {
    const page = folder.pages.get(urlId);
    if (page !== undefined) return { typeName: 'page', collection: null, page, main: page.file, ...layoutOf(folder, page.conf?.regionName) };
  }
  const collection = folderCollectionNamesFor(target.collection).map((name) => folder.collections.get(name)).find((found) => found !== undefined) ?? null;
  // A page collection without a pages/*.page file shows its collection's list, as a list view does.
  const main = collection === null ? null : target.view === 'item' ? collection.item : collection.list;
  return {
    typeName: platformTypeName(target.collection),
    collection,
    page: null,
    main,
    ...layoutOf(folder, collection?.conf?.regionName),
  };
}
