import type { Request } from 'express';
import type { AppDeps } from '../deps.ts';
import type { ContentItemRecord } from '../db/content-repository.ts';
import type { ProductListing } from '../db/product-listing.ts';
import { currencyOf, type CollectionRecord } from '../db/site-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { VersionedValue } from '../db/versioned-value.ts';
import { requestContent, type RequestContent } from '../pages/request-content.ts';
import { collectionContext } from '../pages/catalogue-pages.ts';
import { recordTypeOf } from '../pages/record-type.ts';
import { itemFacts, itemNames, shareCategoryOrTag } from '../pages/content-item-facts.ts';
import { inItemOrder, type ItemOrder } from '../pages/collection-order.ts';
import { isSafeLinkUrl } from '../security/safe-link-url.ts';
import { platformTypeName, storeTypeName } from './collection-choice.ts';
import type { Json, PlatformData, QueryRequest, RelatedRequest, StoredBlock } from './platform-data.ts';
import { keptByQuery, type QueryFacts } from './platform-query.ts';
import type { PlatformTag } from './platform-tags.ts';
import { StoreProductItems } from './store-product-items.ts';
import { colorDataOrNeutral } from '../db/color-data-column.ts';

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
    ...recordTypeOf(item.recordType),
    title: item.title,
    urlId: item.urlId,
    fullUrl: `${base}/${item.urlId}`,
    excerpt: item.excerpt,
    body: item.data.memberOnly === true ? '' : item.body,
    addedOn: item.createdOn,
    starred: flagged(item.data, 'featured'),
    assetUrl: typeof item.data.assetUrl === 'string' ? item.data.assetUrl : undefined,
    // an image item's colours as the platform gives them; a neutral grey when not read
    colorData: typeof item.data.assetUrl === 'string' ? colorDataOrNeutral(item.data.colorData) : undefined,
    ...itemFacts(item.data),
  };
}

export interface StoreDataOptions {
  /** The collection type name templates see (the folder's choice for the collection). */
  typeNameOf?: (collection: Json) => string;
  /** template.conf's navigation names in order: a name the site layout lacks takes the layout's entry at its position. */
  navigationNames?: readonly string[];
  /** The order the folder's .conf gives a collection's items (the owner's by default), which queries and related items follow. */
  orderOf?: (collection: Json) => ItemOrder;
}

/**
 * What the platform tags may ask of the store, read before a page renders (the engine's tags
 * answer synchronously): the layout, the block fields, every collection and its items — of a
 * products collection its listing only (filters and order), the products a page shows being read
 * when it asks for them (store-product-items.ts), since a large shop's products outgrow memory.
 */
interface StoreSnapshot {
  layout: Json;
  blockFields: Json;
  currency: string;
  collectionsById: ReadonlyMap<string, CollectionRecord>;
  collectionsByUrlId: ReadonlyMap<string, CollectionRecord>;
  listings: ReadonlyMap<string, readonly ProductListing[]>;
  contentItems: ReadonlyMap<string, readonly ContentItemRecord[]>;
}

/**
 * One snapshot per store and content version: a page through a folder reads nothing else from the
 * store. Its listings are the catalogue's own (kept by the catalogue counter, which orders leave
 * alone), held, not copied; the pages asked for together after a write share one build.
 */
const snapshotsByStore = new WeakMap<StoreSession, VersionedValue<StoreSnapshot>>();

async function readSnapshot({ site, catalogue, content }: RequestContent): Promise<StoreSnapshot> {
  const [layout, blockFields, websiteSettings, collections] = await Promise.all([
    site.siteLayout(), site.readSetting(BLOCK_FIELDS_SETTING), site.websiteSettings(), site.collections(),
  ]);
  const listings = new Map<string, readonly ProductListing[]>();
  const contentItems = new Map<string, readonly ContentItemRecord[]>();
  await Promise.all(collections.map(async (record) => {
    if (storeTypeName(collectionContext(record)) === 'products') listings.set(record.id, await catalogue.listingOf(record.id));
    else contentItems.set(record.id, await content.itemsInCollection(record.id));
  }));
  return {
    layout,
    blockFields,
    currency: currencyOf(websiteSettings),
    collectionsById: new Map(collections.map((record) => [record.id, record])),
    collectionsByUrlId: new Map(collections.map((record) => [record.urlId, record])),
    listings,
    contentItems,
  };
}

function storeSnapshot(deps: AppDeps, req: Request): Promise<StoreSnapshot> {
  let kept = snapshotsByStore.get(deps.store);
  if (!kept) {
    kept = new VersionedValue();
    snapshotsByStore.set(deps.store, kept);
  }
  const content = requestContent(deps, req);
  return kept.get(content.version, () => readSnapshot(content));
}

function storeProductItems(deps: AppDeps, req: Request, snapshot: StoreSnapshot): Promise<StoreProductItems> {
  const content = requestContent(deps, req);
  return StoreProductItems.of(deps.store, content.version, content.catalogue, snapshot.currency);
}

/** A content item's facts, read from its record as contentItem writes them. */
function contentItemFacts(item: ContentItemRecord): QueryFacts {
  return { featured: flagged(item.data, 'featured'), categories: itemNames(item.data, 'categories'), tags: itemNames(item.data, 'tags') };
}

/** A folder with tags that may show products (queries, related items), whose pages compose through composeWithStoreProducts. */
export function asksForStoreProducts(tags: ReadonlyMap<string, PlatformTag>): boolean {
  for (const tag of tags.values()) if (tag.kind === 'query' || tag.kind === 'related') return true;
  return false;
}

/** The product items each store platform data reads on demand (see composeWithStoreProducts). */
const productItemsOfData = new WeakMap<PlatformData, StoreProductItems>();

/**
 * Composes a page until every product its platform tags asked for was there: the tags answer
 * synchronously, so a render that lacked some reads them and composes again. Each round reads
 * only what the one before lacked; a page whose products are already read composes once.
 */
export async function composeWithStoreProducts<T>(data: PlatformData, compose: () => T): Promise<T> {
  const productItems = productItemsOfData.get(data);
  let composed = compose();
  while (productItems !== undefined && await productItems.readLacking()) composed = compose();
  return composed;
}

/** A collection's content items in the order its folder .conf gives them (collection-order.ts). */
function orderedContentItems(snapshot: StoreSnapshot, record: CollectionRecord, order: ItemOrder): ContentItemRecord[] {
  return inItemOrder(snapshot.contentItems.get(record.id) ?? [], order, (item) => item.createdOn);
}

/**
 * An item page's place in its collection: the item with the ones before and after it, in the
 * collection's order (a content collection's as its folder .conf orders it, the list's order), as
 * queries give them (what its `pagination` is made of); the rest of a large shop's products are
 * not read. [] when the collection does not list the item, undefined when no collection has that urlId.
 */
export async function itemNeighbourhood(deps: AppDeps, req: Request, collectionUrlId: string, itemId: unknown, order: ItemOrder = 'owner'): Promise<Json[] | undefined> {
  const snapshot = await storeSnapshot(deps, req);
  const record = snapshot.collectionsByUrlId.get(collectionUrlId);
  if (record === undefined) return undefined;
  const listing = snapshot.listings.get(record.id);
  if (listing !== undefined) {
    const index = listing.findIndex((product) => product.id === itemId);
    if (index === -1) return [];
    const around = listing.slice(Math.max(0, index - 1), index + 2).map((product) => product.id);
    return (await storeProductItems(deps, req, snapshot)).read(around);
  }
  const items = orderedContentItems(snapshot, record, order);
  const index = items.findIndex((item) => item.id === itemId);
  if (index === -1) return [];
  return items.slice(Math.max(0, index - 1), index + 2).map((item) => contentItem(item, record));
}

/**
 * The platform tags' data for one request, read from the store (once per content version): the
 * site layout's navigations (active states for the requested path, folders with their items),
 * collections for queries, the stored block fields, categories and related items.
 */
export async function createStorePlatformData(deps: AppDeps, req: Request, path: string, options: StoreDataOptions = {}): Promise<PlatformData> {
  const typeNameOf = options.typeNameOf ?? platformTypeName;
  const orderOf = (record: CollectionRecord): ItemOrder => options.orderOf?.(collectionContext(record)) ?? 'owner';
  const snapshot = await storeSnapshot(deps, req);
  const productItems = await storeProductItems(deps, req, snapshot);
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
   * layout's entries no name of template.conf claims, in order: dossier's `primaryNav`,
   * `secondaryNav` and `footerNav` take the store's `mainNav`, nothing, and its `footerNav`, rather
   * than the footer's links twice.
   */
  function layoutLinks(id: string): Json[] | undefined {
    const entries = asArray(snapshot.layout.layout);
    const named = entries.find((candidate) => candidate.identifier === id);
    if (named !== undefined) return asArray(named.links);
    const names = options.navigationNames ?? [];
    const unclaimedNames = names.filter((name) => !entries.some((candidate) => candidate.identifier === name));
    const unclaimedEntries = entries.filter((candidate) => typeof candidate.identifier !== 'string' || !names.includes(candidate.identifier));
    const position = unclaimedNames.indexOf(id);
    const entry = position >= 0 ? unclaimedEntries[position] : undefined;
    return entry === undefined ? undefined : asArray(entry.links);
  }

  function contentItems(record: CollectionRecord): Json[] {
    return (snapshot.contentItems.get(record.id) ?? []).map((item) => contentItem(item, record));
  }

  const data: PlatformData = {
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
    collectionNames: () => [...snapshot.collectionsByUrlId.keys()],
    query(request: QueryRequest) {
      const record = site.collectionByUrlId(request.collection);
      if (record === undefined) return null;
      const listing = snapshot.listings.get(record.id);
      // filtered on the listing and the records, so only the products kept are read and only the items kept are built
      const items = listing !== undefined
        ? productItems.items(keptByQuery(listing, request, (product) => product).map((product) => product.id))
        : keptByQuery(orderedContentItems(snapshot, record, orderOf(record)), request, contentItemFacts).map((item) => contentItem(item, record));
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
      const listing = snapshot.listings.get(record.id);
      if (listing !== undefined) for (const product of listing) for (const name of product.categories) names.add(name);
      else for (const item of contentItems(record)) for (const name of item.categories as unknown[]) if (typeof name === 'string') names.add(name);
      return [...names].sort();
    },
    related(request: RelatedRequest) {
      const record = site.collectionById(request.collectionId);
      if (record === undefined) return [];
      const listing = snapshot.listings.get(record.id);
      if (listing !== undefined) {
        const others = listing.filter((product) => product.id !== request.itemId);
        return productItems.items((request.limit !== null ? others.slice(0, request.limit) : others).map((product) => product.id));
      }
      // as the platform relates posts: the others sharing a category or tag with the item
      const records = orderedContentItems(snapshot, record, orderOf(record));
      const shown = records.find((item) => item.id === request.itemId);
      const related = shown === undefined ? [] : records.filter((item) => item.id !== shown.id && shareCategoryOrTag(shown.data, item.data));
      return (request.limit !== null ? related.slice(0, request.limit) : related).map((item) => contentItem(item, record));
    },
  };
  productItemsOfData.set(data, productItems);
  return data;
}
