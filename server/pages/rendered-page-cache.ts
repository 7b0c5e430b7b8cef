import { LRUCache } from 'lru-cache';
import { isDeeplyFrozen } from '../db/deep-freeze.ts';

/** Room for rendered pages and their keys, in bytes and characters (about 32 MB of pages). */
export const PAGE_CACHE_BYTES = 32 * 1024 * 1024;
/** One page may not take more than a sixteenth: a huge page is rendered again instead of evicting the rest. */
export const MAX_KEPT_PAGE_BYTES = PAGE_CACHE_BYTES / 16;
/**
 * Room for the long strings that have a number, in characters: the strings themselves are the
 * keys, so this cache holds their text (island HTML can be large) and is bounded by its length.
 */
export const STRING_ID_CHARACTERS = 8 * 1024 * 1024;

/**
 * Stand-ins for values in a context key. JSON text never holds these characters raw (JSON.stringify
 * escapes every control character), so a stand-in cannot be mistaken for serialised data.
 */
const FROZEN_MARK = '\u0001';
const STRING_MARK = '\u0002';

/**
 * A number per deep-frozen value (cached content): such a value can never change, so its number
 * stands for its JSON text. Numbers are never reused, so a key naming one names that value only.
 */
const frozenIds = new WeakMap<object, number>();
let lastFrozenId = 0;

/** Strings at least this long (rendered islands, asset tags) are named by a number in keys. */
const LONG_STRING = 256;
/**
 * A number per long string, by content: the same island HTML comes back on every page view, and
 * the string it comes back as remembers its hash, so finding its number costs no scan of the text.
 */
const LONGEST_NUMBERED_STRING = STRING_ID_CHARACTERS / 16;
const stringIds = new LRUCache<string, number>({
  maxSize: STRING_ID_CHARACTERS,
  sizeCalculation: (_id, text) => text.length,
});
let lastStringId = 0;

/** Characters of the numbered strings kept now (never more than STRING_ID_CHARACTERS). */
export function stringIdCharacters(): number {
  return stringIds.calculatedSize;
}

function frozenId(value: object): number {
  let id = frozenIds.get(value);
  if (id === undefined) {
    id = ++lastFrozenId;
    frozenIds.set(value, id);
  }
  return id;
}

function stringKey(value: string): string {
  // a string too long to keep a number for stands for itself (such a page is rarely kept anyway)
  if (value.length < LONG_STRING || value.length > LONGEST_NUMBERED_STRING) return JSON.stringify(value);
  let id = stringIds.get(value);
  if (id === undefined) {
    id = ++lastStringId;
    stringIds.set(value, id);
  }
  return `${STRING_MARK}${id}`;
}

/**
 * A text that determines a context's JSON value: JSON text (as JSON.stringify gives it for plain
 * data) with deep-frozen parts and long strings replaced by their numbers. Two contexts with the
 * same key serialise to the same JSON; most of a page context is shared cached content, so the key
 * stays short instead of repeating that content on every request.
 */
export function contextKey(value: unknown): string {
  if (typeof value === 'string') return stringKey(value);
  if (value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return JSON.stringify(value) ?? 'null';
  }
  if (isDeeplyFrozen(value)) return `${FROZEN_MARK}${frozenId(value)}`;
  if (Array.isArray(value)) {
    let key = '';
    for (let i = 0; i < value.length; i++) key += `${i === 0 ? '' : ','}${contextKey(value[i])}`;
    return `[${key}]`;
  }
  let key = '';
  for (const name in value) {
    if (!Object.hasOwn(value, name)) continue;
    const entry = (value as Record<string, unknown>)[name];
    // As JSON.stringify: properties holding undefined or functions are left out.
    if (entry === undefined || typeof entry === 'function') continue;
    key += `${key === '' ? '' : ','}${JSON.stringify(name)}:${contextKey(entry)}`;
  }
  return `{${key}}`;
}

/** A page's bytes and where its CSP nonce stand-ins are (see content-security-policy.ts). */
export interface RenderedPage {
  bytes: Buffer;
  nonceOffsets: number[];
}

/**
 * Rendered pages, as the bytes sent (but for the nonce), by template and complete page context. A template's output
 * depends only on its context (a JSON value: what ?format=json answers), the template and its
 * partials, so the same context renders the same page; the key determines the whole context, so
 * one visitor's page can only answer a visitor whose page would be identical byte for byte (same
 * cart totals, same sign-in state, same site content). Pages whose templates read the clock are
 * never kept.
 */
export class RenderedPageCache {
  private readonly pages = new LRUCache<string, RenderedPage>({
    maxSize: PAGE_CACHE_BYTES,
    maxEntrySize: MAX_KEPT_PAGE_BYTES,
    sizeCalculation: (page, key) => page.bytes.length + key.length,
  });

  /** The key of a template rendered with a context. */
  key(template: string, context: Record<string, unknown>): string {
    return `${template}\u0000${contextKey(context)}`;
  }

  /** Bytes and key characters the kept pages take now (never more than PAGE_CACHE_BYTES). */
  get size(): number {
    return this.pages.calculatedSize;
  }

  get(key: string): RenderedPage | undefined {
    return this.pages.get(key);
  }

  set(key: string, page: RenderedPage): void {
    this.pages.set(key, page);
  }
}
