/**
 * A blog-like collection's list page as the platform serves it: the list queries it reads
 * (`?category=`, `?tag=`, `?author=`, `?month=MM-YYYY`, and `?offset=` with `reversePaginate=true`,
 * its "older" and "newer" pages, named by an item's date in milliseconds) and the context shapes
 * templates read (`categoryFilter`, `tagFilter`, `authorFilter` with `author`, `pagination`).
 * A value it cannot read is ignored, as if not given, so any address gives a page.
 */
import { escapeHtmlAttribute } from '../../engine/plugins/core/html-escape.ts';
import type { ItemOrder } from './collection-order.ts';

type Json = Record<string, unknown>;

/** The platform's page size for a collection that names none. */
const DEFAULT_LIST_PAGE_SIZE = 20;
/** The largest page a list gives, whatever a .conf or the collection asks (a gallery's 9999 included). */
const MAX_LIST_PAGE_SIZE = 10_000;

export interface ListQuery {
  category?: string;
  tag?: string;
  author?: string;
  /** `?month=MM-YYYY`. */
  month?: { year: number; month: number };
  /** `?offset=`: the date (ms) of the item the page continues from. */
  offset?: number;
  /** `reversePaginate=true`: the page before `offset` (newer items) rather than after it. */
  reverse: boolean;
}

/** A list item as the paging and filters read it. */
export interface ListedItem {
  addedOn: number;
  categories: readonly string[];
  tags: readonly string[];
  author?: Json;
}

/** A query value as a string: the first of a repeated one, trimmed, at most 100 characters; else undefined. */
function text(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string') return undefined;
  const trimmed = first.trim().slice(0, 100);
  return trimmed === '' ? undefined : trimmed;
}

/** What a list page's address asks for; anything unreadable (`month=soon`, `offset=9e99`) is left out. */
export function listQueryOf(query: Json): ListQuery {
  const read: ListQuery = { reverse: text(query.reversePaginate) === 'true' };
  const category = text(query.category);
  const tag = text(query.tag);
  const author = text(query.author);
  if (category !== undefined) read.category = category;
  if (tag !== undefined) read.tag = tag;
  if (author !== undefined) read.author = author;
  const month = /^(\d{1,2})-(\d{4})$/.exec(text(query.month) ?? '');
  if (month !== null && Number(month[1]) >= 1 && Number(month[1]) <= 12) read.month = { month: Number(month[1]), year: Number(month[2]) };
  // a date in milliseconds of at most 15 digits (what a Date holds): a longer one reads as no offset
  const offset = text(query.offset);
  if (offset !== undefined && /^\d{1,15}$/.test(offset)) read.offset = Number(offset);
  return read;
}

/**
 * The page size of a collection's list: the .conf's when it forces it (`forcePageSize`), else
 * the collection's own setting, else the .conf's, else the platform's 20.
 */
export function listPageSize(collectionPageSize: unknown, conf: { pageSize?: number; forcePageSize?: unknown } | null): number {
  const wholeNumber = (value: unknown): number | undefined => (Number.isSafeInteger(value) && (value as number) > 0 ? value as number : undefined);
  const size = conf?.forcePageSize === true && conf.pageSize !== undefined
    ? conf.pageSize
    : wholeNumber(collectionPageSize) ?? conf?.pageSize ?? DEFAULT_LIST_PAGE_SIZE;
  return Math.min(size, MAX_LIST_PAGE_SIZE);
}

/** The year and month (1–12) a date falls in, in the site's time zone (UTC when it names none the runtime knows). */
function monthOf(date: number, timeZone: string): { year: number; month: number } {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' });
  } catch {
    format = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'numeric' });
  }
  const parts = format.formatToParts(new Date(date));
  return { year: Number(parts.find((part) => part.type === 'year')?.value), month: Number(parts.find((part) => part.type === 'month')?.value) };
}

/** Names compared as the shop compares its filters: without regard to case. */
function hasName(names: readonly string[], wanted: string): boolean {
  const lower = wanted.toLowerCase();
  return names.some((name) => name.toLowerCase() === lower);
}

export interface ListFilters<T> {
  /** The items the filters keep, in the list's order. */
  items: T[];
  /** The context keys of the filters in force (`categoryFilter`, `tagFilter`, `authorFilter` and `author`). */
  context: Json;
}

/**
 * The items the query's filters keep: an unknown category, tag or author keeps none (the platform
 * shows an empty filtered list). A filter's name is given as the items spell it (as asked when no
 * item has it), HTML-escaped: templates write `categoryFilter` as it is.
 */
export function filterList<T extends ListedItem>(all: readonly T[], query: ListQuery, timeZone: string): ListFilters<T> {
  const items = all.filter((item) => (query.category === undefined || hasName(item.categories, query.category))
    && (query.tag === undefined || hasName(item.tags, query.tag))
    && (query.author === undefined || item.author?.id === query.author)
    && (query.month === undefined || sameMonth(monthOf(item.addedOn, timeZone), query.month)));
  const context: Json = {};
  const spelled = (kind: 'categories' | 'tags', asked: string): string => escapeHtmlAttribute(
    all.flatMap((item) => item[kind]).find((name) => name.toLowerCase() === asked.toLowerCase()) ?? asked,
  );
  if (query.category !== undefined) context.categoryFilter = spelled('categories', query.category);
  if (query.tag !== undefined) context.tagFilter = spelled('tags', query.tag);
  if (query.author !== undefined) {
    context.authorFilter = escapeHtmlAttribute(query.author);
    const author = all.find((item) => item.author?.id === query.author)?.author;
    if (author !== undefined) context.author = author;
  }
  return { items, context };
}

function sameMonth(a: { year: number; month: number }, b: { year: number; month: number }): boolean {
  return a.year === b.year && a.month === b.month;
}

/** The list's address with the filters in force and another offset. */
function pageUrl(path: string, query: ListQuery, offset: number, reverse: boolean): string {
  const params = new URLSearchParams();
  if (query.category !== undefined) params.set('category', query.category);
  if (query.tag !== undefined) params.set('tag', query.tag);
  if (query.author !== undefined) params.set('author', query.author);
  if (query.month !== undefined) params.set('month', `${String(query.month.month).padStart(2, '0')}-${query.month.year}`);
  params.set('offset', String(offset));
  if (reverse) params.set('reversePaginate', 'true');
  return `${path}?${params.toString()}`;
}

/**
 * Where the page asked for starts and ends in the list. Older pages continue after the item of
 * that date, newer ones end before it, wherever it stands in the list's order; a date no item
 * has (one deleted since the link was made) is placed by date, in the list's date order (newest
 * first unless the list is the oldest first).
 */
function pageBounds(items: readonly ListedItem[], query: ListQuery, size: number, order: ItemOrder): { start: number; end: number } {
  const offset = query.offset;
  if (offset === undefined) return { start: 0, end: Math.min(size, items.length) };
  // how far past the offset an item stands in the list's date order (> 0: after it)
  const direction = order === 'oldest-first' ? -1 : 1;
  const pastOffset = (item: ListedItem): number => direction * (offset - item.addedOn);
  const firstAt = (test: (item: ListedItem) => boolean): number => {
    const index = items.findIndex(test);
    return index === -1 ? items.length : index;
  };
  if (query.reverse) {
    const at = items.findIndex((item) => item.addedOn === offset);
    const end = at !== -1 ? at : firstAt((item) => pastOffset(item) >= 0);
    return { start: Math.max(0, end - size), end };
  }
  const at = items.findLastIndex((item) => item.addedOn === offset);
  const start = at !== -1 ? at + 1 : firstAt((item) => pastOffset(item) > 0);
  return { start, end: Math.min(start + size, items.length) };
}

export interface ListPage<T> {
  items: T[];
  /** The platform's `pagination`; null when the whole list is on this page. */
  pagination: Json | null;
}

/**
 * One page of a filtered list: `pageSize` items from where the offset says, with the platform's
 * `pagination` (`nextPage`, `nextPageOffset`, `nextPageUrl`, `prevPage`, `prevPageOffset`,
 * `prevPageUrl` with `reversePaginate=true`, `pageSize`), each offset the date of the page's
 * last (or first) item. An offset past either end gives an empty page that links back. `order`
 * is the order the items are in (collection-order.ts), by which a date no item has is placed.
 */
export function pageOfList<T extends ListedItem>(items: readonly T[], query: ListQuery, size: number, path: string, order: ItemOrder = 'newest-first'): ListPage<T> {
  const { start, end } = pageBounds(items, query, size, order);
  // a date one step before the list's first item, or after its last, in its date order
  const step = order === 'oldest-first' ? -1 : 1;
  const page = items.slice(start, end);
  const hasNext = end < items.length;
  const hasPrev = start > 0;
  if (!hasNext && !hasPrev) return { items: page, pagination: null };
  const pagination: Json = { pageSize: size, nextPage: hasNext, prevPage: hasPrev };
  if (hasNext) {
    // after this page's last item; an empty page before the first item leads to the first page
    const offset = end > 0 ? items[end - 1]!.addedOn : items[0]!.addedOn + step;
    pagination.nextPageOffset = offset;
    pagination.nextPageUrl = pageUrl(path, query, offset, false);
  }
  if (hasPrev) {
    // before this page's first item; an empty page past the last item leads to the last page
    const offset = start < items.length ? items[start]!.addedOn : items[items.length - 1]!.addedOn - step;
    pagination.prevPageOffset = offset;
    pagination.prevPageUrl = pageUrl(path, query, offset, true);
  }
  return { items: page, pagination };
}
