import type { Request, Response } from 'express';
import { clientAssetTags } from '../../client/manifest.ts';
import type { AppDeps } from '../deps.ts';
import { baseContext } from './base-context.ts';
import type { TemplateStore } from './template-store.ts';

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
export function createPageRenderer(deps: AppDeps, templates: TemplateStore): PageRenderer {
  return {
    render(req, res, spec) {
      const islands = ['CartPill', ...(spec.islands ?? [])];
      const base = baseContext(deps, req, res, spec.pageType);
      const context: Record<string, unknown> = {
        ...base,
        pageTitle: spec.pageTitle,
        assetTags: clientAssetTags(islands),
        ...spec.context,
        // Page islands join the site-wide ones (cart pill, footer newsletter) rather than replace them.
        islands: { ...(base.islands as object), ...(spec.context.islands as object | undefined) },
      };
      const status = spec.status ?? 200;
      // Pages hold the visitor's own cart and crumb: never kept by shared caches.
      res.set('Cache-Control', 'private, no-store');
      const format = typeof req.query.format === 'string' ? req.query.format : '';
      if (format === 'json' || format === 'json-pretty') {
        res.status(status).type('application/json').send(JSON.stringify(context, null, format === 'json-pretty' ? 2 : undefined));
        return;
      }
      const result = templates.page(spec.template).render(context, { partials: templates.partials() });
      if (result.errors.length > 0) {
        deps.log.warn({ template: spec.template, errors: result.errors.slice(0, 5) }, 'template rendered with errors');
      }
      sendPrivateHtml(res, status, result.html);
    },
  };
}

/**
 * Writes a page without res.send's ETag: pages are private and no-store, so no cache revalidates
 * them, and hashing every body cost a large share of each request.
 */
function sendPrivateHtml(res: Response, status: number, html: string): void {
  res.status(status).type('html');
  res.setHeader('Content-Length', Buffer.byteLength(html));
  res.end(html);
}
