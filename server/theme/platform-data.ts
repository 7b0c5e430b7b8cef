/**
 * What the platform tags of a page read from the site: navigations, folder navigation, queries,
 * block fields, categories and related items. The server answers from its store for the request
 * being served; `tmpl render` answers from a JSON file. Values are plain JSON in the shapes the
 * platform gives templates.
 */
export type Json = Record<string, unknown>;

export interface QueryRequest {
  /** The collection's urlId. */
  collection: string;
  /** At most this many items (the platform's maximum when the tag names none). */
  limit: number;
  /** Matching items passed over before the first one given. */
  skip: number;
  featured: boolean;
  /** Items having any of these categories; none named: every item. */
  categories: string[];
  /** Items having any of these tags; none named: every item. */
  tags: string[];
}

export interface RelatedRequest {
  collectionId: string;
  itemId: string;
  limit: number | null;
}

/** One content block stored in a block field: HTML the owner wrote, or text. */
export interface StoredBlock {
  id: string;
  type: 'html' | 'text';
  content: string;
}

export interface PlatformData {
  /** A navigation's items (`{active, collection, externalLink, items…}`), undefined when the site has none by that id. */
  navigation(id: string): Json[] | undefined;
  /** The folder the page is in with its items, or null when the page is in no folder. */
  folderNavigation(): { folder: Json; items: Json[] } | null;
  /** A collection and its items, or null when no collection has that urlId. */
  query(request: QueryRequest): { collection: Json; items: Json[] } | null;
  /** The urlIds a query may name, for the one a mistyped name likely meant (none when not known). */
  collectionNames?(): string[];
  blockField(id: string): StoredBlock[];
  /** Category names used in a collection. */
  categories(collectionUrlId: string): string[];
  related(request: RelatedRequest): Json[];
}

/** Data for a page with no site behind it: nothing to navigate, query or show. */
export const EMPTY_PLATFORM_DATA: PlatformData = {
  navigation: () => undefined,
  folderNavigation: () => null,
  query: () => null,
  blockField: () => [],
  categories: () => [],
  related: () => [],
};
