import { LRUCache } from 'lru-cache';
import { deepFreeze, isDeeplyFrozen } from '../db/deep-freeze.ts';
import { contextKey } from '../pages/rendered-page-cache.ts';
import type { PageSpec } from '../pages/page-renderer.ts';
import type { TemplateFolder } from './folder-loader.ts';
import type { PreparedFolderPage } from './folder-pages.ts';
import type { Json } from './platform-data.ts';

/** Prepared pages kept per folder and page context: a page context is met with few page specs. */
const KEPT_PER_CONTEXT = 8;

/** The store facts a prepared page depends on besides the page context. */
export interface PreparedFacts {
  showCart: boolean;
  collectionItems: Json[] | undefined;
}

/**
 * Folder pages as prepared for rendering: the templates chosen and the platform-shaped context.
 * Both are functions of the folder, the page's template name and type, the page context and the
 * facts, so when the page context is shared frozen content (the same value for every view of the
 * page while the content version holds) the prepared page is kept with it, its context frozen:
 * a page view then shapes nothing, and the rendered-page key names the shaped context by a number
 * instead of walking it.
 */
export class PreparedPageCache {
  private readonly kept = new WeakMap<TemplateFolder, WeakMap<Json, LRUCache<string, PreparedFolderPage>>>();

  get(folder: TemplateFolder, spec: PageSpec, context: Json, facts: PreparedFacts, build: () => PreparedFolderPage): PreparedFolderPage {
    if (!isDeeplyFrozen(context)) return build();
    let byContext = this.kept.get(folder);
    if (byContext === undefined) {
      byContext = new WeakMap();
      this.kept.set(folder, byContext);
    }
    let pages = byContext.get(context);
    if (pages === undefined) {
      pages = new LRUCache({ max: KEPT_PER_CONTEXT });
      byContext.set(context, pages);
    }
    // The collection's items come from content kept per version (frozen): named by a number.
    const key = JSON.stringify([spec.template, spec.pageType, facts.showCart, contextKey(facts.collectionItems)]);
    let page = pages.get(key);
    if (page === undefined) {
      const built = build();
      page = { ...built, context: deepFreeze(built.context) };
      pages.set(key, page);
    }
    return page;
  }
}
