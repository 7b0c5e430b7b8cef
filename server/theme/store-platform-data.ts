import type { Request } from 'express';
import type { AppDeps } from '../deps.ts';
import type { ContentItemRecord } from '../db/content-repository.ts';
import type { ProductRecord } from '../db/catalogue-repository.ts';
import { currencyOf, type CollectionRecord } from '../db/site-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { VersionedCache } from '../db/versioned-cache.ts';
import { requestContent, type RequestContent } from '../pages/request-content.ts';
import { collectionContext } from '../pages/catalogue-pages.ts';
import { productItem } from '../pages/product-context.ts';
import { isSafeLinkUrl } from '../security/safe-link-url.ts';
import { storeTypeName } from './collection-choice.ts';
import type { Json, PlatformData, QueryRequest, RelatedRequest, StoredBlock } from './platform-data.ts';

/** Site setting holding the stored block fields: `{ fieldId: [{ id, type: 'html'|'text', content }] }`. */
export const BLOCK_FIELDS_SETTING = 'blockFields';

function asArray(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter((entry): entry is Json => entry !== null && typeof entry === 'object') : [];
}

function isActive(url: string, path: string): boolean {
  return url === '/' ? path === '/' : path === url || path.startsWith(`${url}/`);
}

function flagged(data: Json, key: string): boolean {
  return data[key] === true;
}

/** A content item (lesson, gallery image…) as queries give it; member-only bodies never leave the store. */
function contentItem(item: ContentItemRecord, collection: CollectionRecord): Json {
  const base = collection.urlId === 'home' ? '' : `/${collection.urlId}`;
  return {
    id: item.id,
    collectionId: item.collectionId,
    recordType: item.recordType,
    title: item.title,
    urlId: item.urlId,
    fullUrl: `${base}/${item.urlId}`,
    excerpt: item.excerpt,
    body: item.data.memberOnly === true ? '' : item.body,
    addedOn: item.createdOn,
    starred: flagged(item.data, 'featured'),
    assetUrl: typeof item.data.assetUrl === 'string' ? item.data.assetUrl : undefined,
    categories: Array.isArray(item.data.categories) ? item.data.categories : [],
    tags: Array.isArray(item.data.tags) ? item.data.tags : [],
  };
}

export interface StoreDataOptions {
  /** The collection type name templates see (the folder's choice for the collection). */
  typeNameOf?: (collection: Json) => string;
  /** template.conf's navigation names in order: a name the site layout lacks takes the layout's entry at its position. */
  navigationNames?: readonly string[];
}

/**
 * What the platform tags may ask of the store, read before a page renders (the engine's tags
 * answer synchronously): the layout, the block fields, every collection and its items.
 */
interface StoreSnapshot {
  layout: Json;
  blockFields: Json;
  currency: string;
  collectionsById: ReadonlyMap<string, CollectionRecord>;
  collectionsByUrlId: ReadonlyMap<string, CollectionRecord>;
  products: ReadonlyMap<string, readonly ProductRecord[]>;
  contentItems: ReadonlyMap<string, readonly ContentItemRecord[]>;
}

/** One snapshot per store and content version: a page through a folder reads nothing else from the store. */
const snapshotsByStore = new WeakMap<StoreSession, VersionedCache<StoreSnapshot>>();

async function readSnapshot({ site, catalogue, content }: RequestContent): Promise<StoreSnapshot> {
  const [layout, blockFields, websiteSettings, collections] = await Promise.all([
    site.siteLayout(), site.readSetting(BLOCK_FIELDS_SETTING), site.websiteSettings(), site.collections(),
  ]);
  const products = new Map<string, readonly ProductRecord[]>();
  const contentItems = new Map<string, readonly ContentItemRecord[]>();
  await Promise.all(collections.map(async (record) => {
    if (storeTypeName(collectionContext(record)) === 'products') products.set(record.id, await catalogue.productsInCollection(record.id));
    else contentItems.set(record.id, await content.itemsInCollection(record.id));
  }));
  return {
    layout,
    blockFields,
    currency: currencyOf(websiteSettings),
    collectionsById: new Map(collections.map((record) => [record.id, record])),
    collectionsByUrlId: new Map(collections.map((record) => [record.urlId, record])),
    products,
    contentItems,
  };
}

function storeSnapshot(deps: AppDeps, req: Request): Promise<StoreSnapshot> {
  let cache = snapshotsByStore.get(deps.store);
  if (!cache) {
    cache = new VersionedCache(1);
    snapshotsByStore.set(deps.store, cache);
  }
  const content = requestContent(deps, req);
  return cache.get(content.version, 'store', () => readSnapshot(content));
}

/**
 * The platform tags' data for one request, read from the store (once per content version): the
 * site layout's navigations (active states for the requested path, folders with their items),
 * collections for queries, the stored block fields, categories and related items.
 */
export async function createStorePlatformData(deps: AppDeps, req: Request, path: string, options: StoreDataOptions = {}): Promise<PlatformData> {
  const typeNameOf = options.typeNameOf ?? storeTypeName;
  const snapshot = await storeSnapshot(deps, req);
  const site = {
    collectionById: (id: string) => snapshot.collectionsById.get(id),
    collectionByUrlId: (urlId: string) => snapshot.collectionsByUrlId.get(urlId),
  };

  function navigationCollection(collectionId: unknown, title: string, folder: boolean): Json | null {
    if (typeof collectionId !== 'string') return null;
    const record = site.collectionById(collectionId);
    if (record === undefined) return null;
    const context = collectionContext(record);
    return { ...context, navigationTitle: title, typeName: typeNameOf(context), folder, homepage: record.urlId === 'home' };
  }

  function navigationItem(link: Json): Json | null {
    const title = typeof link.title === 'string' ? link.title : '';
    const external = typeof link.externalLink === 'string' && link.externalLink !== '' ? link.externalLink : null;
    const url = external ?? (typeof link.url === 'string' ? link.url : '/');
    // A stored javascript: (or data:) link would run script when followed: such a link is left out.
    if (!isSafeLinkUrl(url)) return null;
    const children = asArray(link.children).map(navigationItem).filter((item): item is Json => item !== null);
    const isFolder = children.length > 0;
    // A folder link that names no collection is still a folder: templates test `collection.folder`.
    const collection = external !== null ? null
      : navigationCollection(link.collectionId, title, isFolder)
        ?? (isFolder ? { title, navigationTitle: title, fullUrl: url, folder: true, typeName: 'folder' } : null);
    const active = isActive(url, path);
    const folderActive = children.some((child) => child.active === true);
    if (collection === null) return { active, folderActive, externalLink: { url, title, newWindow: external !== null }, items: children };
    return { active, folderActive, collection, items: children };
  }

  /**
   * A navigation's links. A template names its navigations itself (`main-nav`, `primaryNav`…);
   * one the site's layout has no entry for is filled, as when a site switches templates, by the
   * layout's entry at the same position as the name in template.conf.
   */
  function layoutLinks(id: string): Json[] | undefined {
    const entries = asArray(snapshot.layout.layout);
    const position = options.navigationNames?.indexOf(id) ?? -1;
    const entry = entries.find((candidate) => candidate.identifier === id) ?? (position >= 0 ? entries[position] : undefined);
    return entry === undefined ? undefined : asArray(entry.links);
  }

  function collectionItems(record: CollectionRecord): Json[] {
    if (storeTypeName(collectionContext(record)) === 'products') {
      return (snapshot.products.get(record.id) ?? []).map((product) => ({
        ...productItem(product, snapshot.currency, null),
        starred: flagged(product.data, 'featured'),
        categories: Array.isArray(product.data.categories) ? product.data.categories : [],
        tags: Array.isArray(product.data.tags) ? product.data.tags : [],
      }));
    }
    return (snapshot.contentItems.get(record.id) ?? []).map((item) => contentItem(item, record));
  }

  return {
    navigation(id) {
      const links = layoutLinks(id);
      return links?.map(navigationItem).filter((item): item is Json => item !== null);
    },
    folderNavigation() {
      for (const entry of asArray(snapshot.layout.layout)) {
        for (const link of asArray(entry.links)) {
          const item = navigationItem(link);
          if (item !== null && asArray(item.items).length > 0 && item.folderActive === true) {
            return { folder: (item.collection ?? item.externalLink) as Json, items: asArray(item.items) };
          }
        }
      }
      return null;
    },
    query(request: QueryRequest) {
      const record = site.collectionByUrlId(request.collection);
      if (record === undefined) return null;
      let items = collectionItems(record);
      if (request.featured) items = items.filter((item) => item.starred === true);
      if (request.category !== null) items = items.filter((item) => (item.categories as unknown[]).includes(request.category));
      if (request.tag !== null) items = items.filter((item) => (item.tags as unknown[]).includes(request.tag));
      if (request.limit !== null) items = items.slice(0, request.limit);
      const collection = collectionContext(record);
      return { collection: { ...collection, typeName: typeNameOf(collection) }, items };
    },
    blockField(id) {
      const stored = snapshot.blockFields[id];
      return asArray(stored).flatMap((block): StoredBlock[] => {
        if (typeof block.id !== 'string' || typeof block.content !== 'string') return [];
        return [{ id: block.id, type: block.type === 'html' ? 'html' : 'text', content: block.content }];
      });
    },
    categories(collectionUrlId) {
      const record = site.collectionByUrlId(collectionUrlId);
      if (record === undefined) return [];
      const names = new Set<string>();
      for (const item of collectionItems(record)) for (const name of item.categories as unknown[]) if (typeof name === 'string') names.add(name);
      return [...names].sort();
    },
    related(request: RelatedRequest) {
      const record = site.collectionById(request.collectionId);
      if (record === undefined) return [];
      const items = collectionItems(record).filter((item) => item.id !== request.itemId);
      return request.limit !== null ? items.slice(0, request.limit) : items;
    },
  };
}
