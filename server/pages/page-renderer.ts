import type { Request, Response } from 'express';
import { clientAssetTags, readClientManifest } from '../../client/manifest.ts';
import type { AppDeps } from '../deps.ts';
import { createBaseContext } from './base-context.ts';
import { createPageContextMerger } from './page-context.ts';
import { RenderedPageCache } from './rendered-page-cache.ts';
import type { TemplateStore } from './template-store.ts';
import type { FolderPages } from '../theme/folder-pages.ts';

/** Page type codes of the platform. */
export const PAGE_TYPE = {
  COLLECTION: 1,
  PAGE: 2,
  CONTENT_ITEM: 50,
  NOT_FOUND: 100,
  ERROR: 101,
  SEARCH: 102,
  MEMBER_AREA_ACCESS_DENIED: 106,
  SHOW_CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
  SUBSCRIPTION_CONFIRMED: 206,
} as const;

export interface PageSpec {
  /** Page template name (templates/<name>.tmpl). */
  template: string;
  pageType: number;
  pageTitle: string;
  status?: number;
  /** Page-specific context merged over the site-wide part. */
  context: Record<string, unknown>;
  /** Islands this page renders, so their scripts are preloaded. */
  islands?: string[];
}

export interface PageRenderer {
  render(req: Request, res: Response, spec: PageSpec): void;
}

/**
 * Renders a page through its template, or answers the very context the template would get when the
 * URL asks for ?format=json (or json-pretty).
 */
/** How long a production server trusts the client manifest it read before looking at the file again. */
const MANIFEST_RECHECK_MS = 1000;

export function createPageRenderer(deps: AppDeps, templates: TemplateStore, folderPages: FolderPages | null = null): PageRenderer {
  const rendered = new RenderedPageCache();
  const baseContext = createBaseContext(deps);
  const pageContext = createPageContextMerger();
  const watchAssets = deps.options.dev === true;
  let manifest: Record<string, string> | null = null;
  let manifestCheckedAt = 0;
  const tagsByIslands = new Map<string, string>();

  /**
   * The asset tags of a page's islands. The manifest is re-read at most once a second outside
   * development (a stat per page view was a visible share of each request), and the tags are
   * rebuilt only when it changed.
   */
  function assetTags(islands: string[]): string {
    const now = Date.now();
    if (watchAssets || manifest === null || now - manifestCheckedAt >= MANIFEST_RECHECK_MS) {
      const current = readClientManifest();
      if (current !== manifest) tagsByIslands.clear();
      manifest = current;
      manifestCheckedAt = now;
    }
    const key = islands.join(',');
    let tags = tagsByIslands.get(key);
    if (tags === undefined) {
      tags = clientAssetTags(islands, manifest);
      tagsByIslands.set(key, tags);
    }
    return tags;
  }

  /** The page's bytes: kept ones when the template renders from its context alone and was seen with this context. */
  function renderPage(name: string, context: Record<string, unknown>): Buffer {
    const cacheable = templates.rendersFromContextOnly(name);
    const key = cacheable ? rendered.key(name, context) : '';
    const cached = cacheable ? rendered.get(key) : undefined;
    if (cached !== undefined) return cached;
    const result = templates.page(name).render(context, { partials: templates.partials() });
    const bytes = Buffer.from(result.html, 'utf8');
    if (result.errors.length > 0) {
      deps.log.warn({ template: name, errors: result.errors.slice(0, 5) }, 'template rendered with errors');
    } else if (cacheable) {
      // Only clean renders: a render cut short by a limit is not what the context alone gives.
      rendered.set(key, bytes);
    }
    return bytes;
  }

  return {
    render(req, res, spec) {
      const islands = ['CartPill', ...(spec.islands ?? [])];
      const base = baseContext(req, res, spec.pageType);
      const merged = pageContext(base, { pageTitle: spec.pageTitle, assetTags: assetTags(islands), context: spec.context });
      // Through a template folder the context is shaped as the platform shapes it, JSON answer included.
      const folderPage = folderPages?.prepare(spec, merged) ?? null;
      const context = folderPage?.context ?? merged;
      const status = spec.status ?? 200;
      // Pages hold the visitor's own cart and crumb: never kept by shared caches.
      res.set('Cache-Control', 'private, no-store');
      const format = typeof req.query.format === 'string' ? req.query.format : '';
      if (format === 'json' || format === 'json-pretty') {
        res.status(status).type('application/json').send(JSON.stringify(context, null, format === 'json-pretty' ? 2 : undefined));
        return;
      }
      if (folderPage !== null) {
        sendPrivateHtml(res, status, folderPages!.render(req, spec, folderPage).body);
        return;
      }
      sendPrivateHtml(res, status, renderPage(spec.template, context));
    },
  };
}

/**
 * Writes a page without res.send's ETag: pages are private and no-store, so no cache revalidates
 * them, and hashing every body cost a large share of each request. The body goes out as the bytes
 * kept with the page, not encoded again for every visitor.
 */
function sendPrivateHtml(res: Response, status: number, page: Buffer): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', page.length);
  res.end(page);
}
