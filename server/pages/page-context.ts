import { LRUCache } from 'lru-cache';
import { deepFreeze, isDeeplyFrozen } from '../db/deep-freeze.ts';
import { NONCE_PLACEHOLDER } from '../security/content-security-policy.ts';
import { contextKey } from './rendered-page-cache.ts';

type Json = Record<string, unknown>;

/** The page facts merged over the base context. */
export interface PageParts {
  pageTitle: string;
  assetTags: string;
  /** The head's search-engine and link-preview facts (server/pages/seo.ts). */
  seo: Json;
  /** Page-specific context merged over the site-wide part. */
  context: Json;
}

/** Merged contexts kept per base and page context: titles and asset tags rarely vary for one page. */
const KEPT_PER_PAIR = 8;

function mergePageContext(base: Json, parts: PageParts): Json {
  return {
    ...base,
    pageTitle: parts.pageTitle,
    assetTags: parts.assetTags,
    // Templates write it on their scripts (nonce="{cspNonce}"); each response gets its own value.
    cspNonce: NONCE_PLACEHOLDER,
    seo: parts.seo,
    ...parts.context,
    // Page islands join the site-wide ones (cart pill, footer newsletter) rather than replace them.
    islands: { ...(base.islands as object), ...(parts.context.islands as object | undefined) },
  };
}

/**
 * The context a page template gets: the base context with the page's title, asset tags and own
 * context over it. When the base and the page context are both shared frozen content, the merge
 * is a function of those two values and two strings, so it is kept (frozen) for as long as they
 * live: a page view then hands the renderer one shared value instead of building a new one.
 */
export function createPageContextMerger(): (base: Json, parts: PageParts) => Json {
  const kept = new WeakMap<Json, WeakMap<Json, LRUCache<string, Json>>>();
  return (base, parts) => {
    if (!isDeeplyFrozen(base) || !isDeeplyFrozen(parts.context)) return mergePageContext(base, parts);
    let byContext = kept.get(base);
    if (byContext === undefined) {
      byContext = new WeakMap();
      kept.set(base, byContext);
    }
    let byStrings = byContext.get(parts.context);
    if (byStrings === undefined) {
      byStrings = new LRUCache({ max: KEPT_PER_PAIR });
      byContext.set(parts.context, byStrings);
    }
    // A kept (frozen) seo is named by a number; any other by its JSON text, as before.
    const key = `${parts.pageTitle}\u0000${parts.assetTags}\u0000${contextKey(parts.seo)}`;
    let merged = byStrings.get(key);
    if (merged === undefined) {
      merged = deepFreeze(mergePageContext(base, parts));
      byStrings.set(key, merged);
    }
    return merged;
  };
}
