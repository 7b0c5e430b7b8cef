import { LRUCache } from 'lru-cache';
import { isDeeplyFrozen } from '../db/deep-freeze.ts';

/** Room for rendered pages and their keys, in characters (about 64 MB of UTF-16 at most). */
const MAX_CHARACTERS = 32 * 1024 * 1024;

/** JSON text of deep-frozen values (cached content), which cannot change once written. */
const frozenJson = new WeakMap<object, string>();
/** Strings at least this long (rendered islands) have their JSON text remembered. */
const LONG_STRING = 256;
/** JSON text of long strings: the same island HTML comes back on every page view. */
const stringJson = new LRUCache<string, string>({ max: 2000 });

function stringText(value: string): string {
  if (value.length < LONG_STRING) return JSON.stringify(value);
  let json = stringJson.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    stringJson.set(value, json);
  }
  return json;
}

/**
 * The JSON text of a value, the same as JSON.stringify gives for plain data, reusing the text of
 * deep-frozen parts: most of a page context is shared cached content, serialised once.
 */
export function contextJson(value: unknown): string {
  if (typeof value === 'string') return stringText(value);
  if (value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return JSON.stringify(value) ?? 'null';
  }
  if (isDeeplyFrozen(value)) {
    let json = frozenJson.get(value);
    if (json === undefined) {
      json = JSON.stringify(value);
      frozenJson.set(value, json);
    }
    return json;
  }
  if (Array.isArray(value)) return `[${value.map(contextJson).join(',')}]`;
  let json = '';
  for (const [key, entry] of Object.entries(value)) {
    // As JSON.stringify: properties holding undefined or functions are left out.
    if (entry === undefined || typeof entry === 'function') continue;
    json += `${json === '' ? '' : ','}${JSON.stringify(key)}:${contextJson(entry)}`;
  }
  return `{${json}}`;
}

/**
 * Rendered HTML by template and complete page context. A template's output depends only on its
 * context (a JSON value: what ?format=json answers), the template and its partials, so the same
 * serialised context renders the same page; the key holds the whole context, so one visitor's
 * page can only answer a visitor whose page would be identical byte for byte (same cart totals,
 * same sign-in state, same site content). Pages whose templates read the clock are never kept.
 */
export class RenderedPageCache {
  private readonly pages = new LRUCache<string, string>({
    maxSize: MAX_CHARACTERS,
    sizeCalculation: (html, key) => html.length + key.length,
  });

  /** The key of a template rendered with a context. */
  key(template: string, context: Record<string, unknown>): string {
    return `${template}\u0000${contextJson(context)}`;
  }

  get(key: string): string | undefined {
    return this.pages.get(key);
  }

  set(key: string, html: string): void {
    this.pages.set(key, html);
  }
}
