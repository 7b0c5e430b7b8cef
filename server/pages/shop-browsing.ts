/**
 * Browsing the shop: the category and tag filters, the sort orders and the
 * pages of the product list, read from the query string and answered in the
 * platform's context shapes (`categoryFilter`, `tagFilter`, `pagination` with
 * nextPage / nextPageUrl / prevPage / prevPageUrl / pageSize).
 */
import { z } from 'zod';
import type { ProductListing } from '../db/product-listing.ts';
import { fillMessage, serverMessages } from '../messages.ts';

export const SHOP_PAGE_SIZE = 12;

export const SORT_ORDERS = ['featured', 'newest', 'price-asc', 'price-desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Each order's label, read per page: it is in the store's language. */
const SORT_LABELS: Record<SortOrder, string> = {
  get featured() { return serverMessages.sortFeatured; },
  get newest() { return serverMessages.sortNewest; },
  get 'price-asc'() { return serverMessages.sortPriceLowToHigh; },
  get 'price-desc'() { return serverMessages.sortPriceHighToLow; },
};

/**
 * A page number as the shop reads it: digits alone, from 1 (one past the last page is a 404).
 * Anything else (`abc`, `0`, `-1`, `1.5`, empty, the parameter twice) reads as no page asked
 * for, the first, as the platform's list pages treat a page they cannot read.
 */
export function pageNumber(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return undefined;
  const page = Number(value);
  return page >= 1 ? Math.min(page, Number.MAX_SAFE_INTEGER) : undefined;
}

/** What a shop URL may ask for; a sort or filter that cannot be is a 400 with the catalogue's message. */
export const shopQuerySchema = z.object({
  category: z.string().trim().min(1).max(100).optional(),
  tag: z.string().trim().min(1).max(100).optional(),
  sort: z.enum(SORT_ORDERS).optional(),
  page: z.preprocess(pageNumber, z.number().int().min(1).optional()).optional(),
});
export type ShopQuery = z.infer<typeof shopQuerySchema>;

/** The category and tag names of a listing, sorted: worked out once per listing, not on every request. */
interface ListingNames {
  categories: string[];
  tags: string[];
}
const namesOfListing = new WeakMap<readonly ProductListing[], ListingNames>();

function listingNames(all: readonly ProductListing[]): ListingNames {
  let names = namesOfListing.get(all);
  if (!names) {
    const sorted = (pick: (product: ProductListing) => string[]): string[] => [...new Set(all.flatMap(pick))].sort((a, b) => a.localeCompare(b));
    names = { categories: sorted((product) => product.categories), tags: sorted((product) => product.tags) };
    namesOfListing.set(all, names);
  }
  return names;
}

/** The same URL with other query values (empty ones and the defaults left out). */
export function shopUrl(path: string, query: ShopQuery): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.tag) params.set('tag', query.tag);
  if (query.sort && query.sort !== 'featured') params.set('sort', query.sort);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

export interface ShopBrowse {
  /** The ids of this page's products, in order. */
  productIds: string[];
  /** Every product the filters keep, across pages. */
  matchCount: number;
  /** The platform's pagination context; null when everything fits on one page. */
  pagination: Record<string, unknown> | null;
  /** Links for the filter and sort controls, marked active when in force. */
  controls: Record<string, unknown>;
  /** False when the page asked for lies beyond the last one. */
  pageExists: boolean;
  /** The category and tag in force as the products spell them (as asked when no product has them), else null. */
  categoryName: string | null;
  tagName: string | null;
  /** What the page says of a category or tag asked for that no product has (an old or mistyped link), else empty. */
  unknownFilterNotes: string[];
}

/** The shop page's title: the collection's, then the category and the tag in force ("Shop — Ceramics"). */
export function shopPageTitle(collectionTitle: string, browse: Pick<ShopBrowse, 'categoryName' | 'tagName'>): string {
  return [collectionTitle, browse.categoryName, browse.tagName].filter((part) => part !== null && part !== '').join(' — ');
}

/** Filters, sorts and pages a collection's listing (in its featured order) for one request. */
export function browseShop(path: string, all: readonly ProductListing[], query: ShopQuery): ShopBrowse {
  const category = query.category?.toLowerCase();
  const tag = query.tag?.toLowerCase();
  const kept = all.filter((product) => (category === undefined || product.categories.some((name) => name.toLowerCase() === category))
    && (tag === undefined || product.tags.some((name) => name.toLowerCase() === tag)));
  const sort = query.sort ?? 'featured';
  const ordered = [...kept];
  // Array sort is stable: equal keys keep the featured order.
  if (sort === 'newest') ordered.sort((a, b) => b.createdOn - a.createdOn);
  if (sort === 'price-asc') ordered.sort((a, b) => a.lowestPriceCents - b.lowestPriceCents);
  if (sort === 'price-desc') ordered.sort((a, b) => b.lowestPriceCents - a.lowestPriceCents);

  const page = query.page ?? 1;
  const pageCount = Math.max(1, Math.ceil(ordered.length / SHOP_PAGE_SIZE));
  const productIds = ordered.slice((page - 1) * SHOP_PAGE_SIZE, page * SHOP_PAGE_SIZE).map((product) => product.id);
  const pagination = pageCount > 1
    ? {
        pageSize: SHOP_PAGE_SIZE,
        currentPage: page,
        totalPages: pageCount,
        nextPage: page < pageCount,
        nextPageUrl: page < pageCount ? shopUrl(path, { ...query, page: page + 1 }) : null,
        prevPage: page > 1,
        prevPageUrl: page > 1 ? shopUrl(path, { ...query, page: page - 1 }) : null,
      }
    : null;

  const names = listingNames(all);
  const unfiltered = { sort: query.sort };
  const controls = {
    categories: [
      { name: serverMessages.allProducts, url: shopUrl(path, unfiltered), active: category === undefined && tag === undefined },
      ...names.categories.map((name) => ({
        name, url: shopUrl(path, { ...unfiltered, category: name }), active: name.toLowerCase() === category,
      })),
    ],
    tags: names.tags.map((name) => ({
      name, url: shopUrl(path, { ...unfiltered, tag: name }), active: name.toLowerCase() === tag,
    })),
    sorts: SORT_ORDERS.map((value) => ({
      value, label: SORT_LABELS[value], url: shopUrl(path, { ...query, sort: value, page: undefined }), active: value === sort,
    })),
  };
  const spelled = (wanted: string | undefined, asked: string | undefined, known: readonly string[]): string | null =>
    wanted === undefined ? null : (known.find((name) => name.toLowerCase() === wanted) ?? asked ?? null);
  // said rather than "0 products in …", which reads as a category that exists but is empty
  const unknownFilterNotes: string[] = [];
  if (category !== undefined && !names.categories.some((name) => name.toLowerCase() === category)) {
    unknownFilterNotes.push(fillMessage(serverMessages.shopUnknownCategory, { name: query.category! }));
  }
  if (tag !== undefined && !names.tags.some((name) => name.toLowerCase() === tag)) {
    unknownFilterNotes.push(fillMessage(serverMessages.shopUnknownTag, { name: query.tag! }));
  }
  return {
    productIds,
    matchCount: ordered.length,
    pagination,
    controls,
    pageExists: page <= pageCount,
    categoryName: spelled(category, query.category, names.categories),
    tagName: spelled(tag, query.tag, names.tags),
    unknownFilterNotes,
  };
}
