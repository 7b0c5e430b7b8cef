import type { Request, Response } from 'express';
import { clientAssetTags, readClientManifest } from '../../client/manifest.ts';
import type { AppDeps } from '../deps.ts';
import type { DevPageHooks } from '../dev/dev-tools.ts';
import { cspNonce, NONCE_PLACEHOLDER, nonceOffsets, pageWithNonce, textWithNonce } from '../security/content-security-policy.ts';
import { createBaseContext, storeLocale } from './base-context.ts';
import { createPageContextMerger } from './page-context.ts';
import { pageFormatOf } from './page-format.ts';
import { MAX_KEPT_PAGE_BYTES, RenderedPageCache, type RenderedPage } from './rendered-page-cache.ts';
import { StreamedPage } from './streamed-page.ts';
import { filesOfErrors, templateErrorsForLog } from './template-errors.ts';
import { TemplateCompileError, type TemplateStore } from './template-store.ts';
import { createSeoContexts, type PageSeo } from './seo.ts';
import type { FolderPages, PreparedFolderPage } from '../theme/folder-pages.ts';
import { TemplateFolderError } from '../theme/folder-cache.ts';
import { asTemplateErrors } from '../theme/folder-loader.ts';
import type { CollectionConf } from '../theme/collection-conf.ts';
import { currentLanguage } from '../../client/lib/language.ts';

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
  /** Description, picture, structured data and indexing of the page (its head tags). */
  seo?: PageSeo;
}

/** The visitor's own pages and error pages: kept out of search results. */
const PRIVATE_PAGE_TYPES: ReadonlySet<number> = new Set([100, 101, 106, 200, 201, 202, 206]);

export interface PageRenderer {
  /** Resolves when the page is sent (its context reads the store). */
  render(req: Request, res: Response, spec: PageSpec): Promise<void>;
  /**
   * The served template folder's settings for a collection's list (its `.conf`: page size…); null
   * for a theme of single .tmpl pages, or when the folder has no .conf for it.
   */
  collectionConf(collection: Record<string, unknown>): CollectionConf | null;
}

/**
 * Renders a page through its template, or answers what its ?format= asks for (page-format.ts): the
 * very context the template would get (json, json-pretty), the page's main content alone
 * (main-content) or the context its scripts read (page-context).
 */
/** How long a production server trusts the client manifest it read before looking at the file again. */
const MANIFEST_RECHECK_MS = 1000;

/** The page's bytes, with the offsets of its nonce stand-ins found once. */
function pageBytes(html: string): RenderedPage {
  const bytes = Buffer.from(html, 'utf8');
  return { bytes, nonceOffsets: nonceOffsets(bytes) };
}

/** `dev` (development only) adds the reload script and the error overlay. */
export function createPageRenderer(deps: AppDeps, templates: TemplateStore, folderPages: FolderPages | null = null, dev?: DevPageHooks): PageRenderer {
  const rendered = new RenderedPageCache();
  const baseContext = createBaseContext(deps);
  const pageContext = createPageContextMerger();
  const seoContext = createSeoContexts();
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
    const language = currentLanguage();
    const key = `${language}:${islands.join(',')}`;
    let tags = tagsByIslands.get(key);
    if (tags === undefined) {
      tags = clientAssetTags(islands, manifest, NONCE_PLACEHOLDER, language);
      tagsByIslands.set(key, tags);
    }
    return tags;
  }

  /** The page's bytes: kept ones when the template renders from its context alone and was seen with this context. */
  function renderPage(req: Request, name: string, context: Record<string, unknown>, locale: string): RenderedPage {
    const cacheable = templates.rendersFromContextOnly(name);
    const key = cacheable ? rendered.key(name, context) : '';
    const cached = cacheable ? rendered.get(key) : undefined;
    if (cached !== undefined) return cached;
    const result = templates.page(name).render(context, { partials: templates.partials(), locale });
    if (result.errors.length > 0) {
      // errors, as the overlay shows them (a missing partial, a failed .eval)
      deps.log.error({ template: filesOfErrors(result.errors), page: name, ...templateErrorsForLog(result.errors), reqId: req.id }, 'template rendered with errors');
    }
    // Development shows malformed tags kept as text (logged once per compile) over the page too.
    const page = pageBytes(dev ? dev.renderedPage(result.html, [...templates.validationErrors(name), ...result.errors]) : result.html);
    // Only clean renders: a render cut short by a limit is not what the context alone gives.
    if (result.errors.length === 0 && cacheable) rendered.set(key, page);
    return page;
  }

  /**
   * Outside development, a page not in the cache is rendered into the response as it is produced
   * (a large one chunked, see StreamedPage). Development renders whole: the overlay needs the
   * render's errors before the page is sent. A page that does not compile throws before anything
   * is written, on to the error page as before.
   */
  function streamPage(req: Request, res: Response, name: string, context: Record<string, unknown>, status: number, locale: string): void {
    const cacheable = templates.rendersFromContextOnly(name);
    const key = cacheable ? rendered.key(name, context) : '';
    const cached = cacheable ? rendered.get(key) : undefined;
    if (cached !== undefined) {
      sendPrivateHtml(res, status, pageWithNonce(cached.bytes, cached.nonceOffsets, cspNonce(res)));
      return;
    }
    const template = templates.page(name);
    const nonce = cspNonce(res);
    const out = new StreamedPage(res, status, nonce);
    // A page that may be kept is also collected, to be kept when it rendered cleanly (and not too large to keep).
    let kept: string[] | null = cacheable ? [] : null;
    let keptLength = 0;
    const result = template.renderToStream(
      context,
      (chunk) => {
        if (kept !== null) {
          keptLength += chunk.length;
          if (keptLength > MAX_KEPT_PAGE_BYTES) kept = null;
          else kept.push(chunk);
        }
        out.write(chunk);
      },
      { partials: templates.partials(), locale },
    );
    if (result.errors.length > 0) {
      // errors, as the overlay shows them (a missing partial, a failed .eval)
      deps.log.error({ template: filesOfErrors(result.errors), page: name, ...templateErrorsForLog(result.errors), reqId: req.id }, 'template rendered with errors');
    }
    const page = kept !== null && result.errors.length === 0 ? pageBytes(kept.join('')) : null;
    if (page !== null) rendered.set(key, page);
    out.end((html) => {
      const whole = page ?? pageBytes(html);
      sendPrivateHtml(res, status, pageWithNonce(whole.bytes, whole.nonceOffsets, nonce));
    });
  }

  /**
   * In development a page whose templates do not compile answers the overlay with every error;
   * elsewhere the failure goes on to the error page (which logs every error).
   */
  function renderOrOverlay(req: Request, name: string, context: Record<string, unknown>, locale: string): { page: RenderedPage; failed: boolean } {
    try {
      return { page: renderPage(req, name, context, locale), failed: false };
    } catch (err) {
      if (dev === undefined || !(err instanceof TemplateCompileError)) throw err;
      const errors = templates.compileErrors(name);
      deps.log.error({ template: err.template, ...templateErrorsForLog(errors), reqId: req.id }, 'template does not compile');
      return { page: pageBytes(dev.compileFailurePage(errors.length > 0 ? errors : err.errors)), failed: true };
    }
  }

  /**
   * A page of a developer-template folder in development: the folder's problems and the render's
   * errors over the page, with the reload script; a page whose files do not compile answers the
   * overlay listing every error of the folder.
   */
  async function renderFolderPage(req: Request, spec: PageSpec, page: PreparedFolderPage, hooks: DevPageHooks): Promise<{ page: RenderedPage; failed: boolean }> {
    const broken = folderPages!.pageCompileErrors(page);
    if (broken.length > 0) {
      const problems = folderPages!.currentProblems();
      // the files the errors are in (a region's, a block's), and the page's own template beside them
      deps.log.error({ template: filesOfErrors(broken), page: page.choice.main?.path ?? spec.template, ...templateErrorsForLog(problems), reqId: req.id }, 'template does not compile');
      return { page: pageBytes(hooks.compileFailurePage(problems)), failed: true };
    }
    const { page: rendered, errors, warnings: tagWarnings, files } = await folderPages!.render(req, spec, page);
    // a malformed tag in a file this page did not use is in the warning bar, not over the page
    const problems = folderPages!.pageProblems(files);
    const warnings = asTemplateErrors([...tagWarnings, ...await folderPages!.pageFileWarnings(), ...folderPages!.folderWarnings(page, files), ...await folderPages!.styleWarnings()]);
    return { page: pageBytes(hooks.renderedPage(rendered.bytes.toString('utf8'), [...problems.errors, ...errors], [...problems.elsewhere, ...warnings])), failed: false };
  }

  /**
   * Outside development a folder page goes out as its regions produce it, as a single template
   * does (see streamPage); one composed before comes whole from the folder's cache. A page whose
   * files do not compile throws before anything is written, on to the error page.
   */
  async function streamFolderPage(req: Request, res: Response, spec: PageSpec, page: PreparedFolderPage, status: number): Promise<void> {
    const broken = folderPages!.pageCompileErrors(page);
    if (broken.length > 0) throw new TemplateCompileError(filesOfErrors(broken), broken);
    const nonce = cspNonce(res);
    const out = new StreamedPage(res, status, nonce);
    const result = await folderPages!.stream(req, spec, page, (chunk) => out.write(chunk));
    if ('kept' in result) {
      sendPrivateHtml(res, status, pageWithNonce(result.kept.bytes, result.kept.nonceOffsets, nonce));
      return;
    }
    out.end((html) => {
      const whole = pageBytes(html);
      sendPrivateHtml(res, status, pageWithNonce(whole.bytes, whole.nonceOffsets, nonce));
    });
  }

  return {
    collectionConf: (collection) => folderPages?.collectionConf(collection) ?? null,
    async render(req, res, spec) {
      const islands = ['CartPill', ...(spec.islands ?? [])];
      const base = await baseContext(req, res, spec.pageType);
      const website = (base.website ?? {}) as Record<string, unknown>;
      const noindex = spec.seo?.noindex ?? (PRIVATE_PAGE_TYPES.has(spec.pageType) || (spec.status ?? 200) >= 400);
      const seo = seoContext(website, req.path, spec.pageTitle, spec.seo, noindex);
      const merged = pageContext(base, { pageTitle: spec.pageTitle, assetTags: assetTags(islands), seo, context: spec.context });
      // Through a template folder the context is shaped as the platform shapes it, JSON answer included.
      let folderPage: PreparedFolderPage | null;
      try {
        // a folder's templates read the cart's entries wherever they write its count or total
        // (`{shoppingCart|cart-quantity}`): the visitor's whole cart where the page has none of its own
        const withCart = merged.shoppingCart === undefined && res.locals.cartView !== undefined ? { ...merged, shoppingCart: res.locals.cartView } : merged;
        folderPage = (await folderPages?.prepare(req, spec, withCart)) ?? null;
      } catch (error) {
        // development: a folder that cannot be loaded (a template.conf that does not parse) is the overlay
        if (dev === undefined || !(error instanceof TemplateFolderError)) throw error;
        const page = pageBytes(dev.compileFailurePage(asTemplateErrors(error.problems)));
        sendPrivateHtml(res, 500, pageWithNonce(page.bytes, page.nonceOffsets, cspNonce(res)));
        return;
      }
      const context = folderPage?.context ?? merged;
      const status = spec.status ?? 200;
      // Pages hold the visitor's own cart and crumb: never kept by shared caches.
      res.set('Cache-Control', 'private, no-store');
      const format = pageFormatOf(req.query.format);
      if (format === 'json' || format === 'json-pretty' || format === 'page-context') {
        // a folder's pages: Static.SQUARESPACE_CONTEXT; a theme of single pages: its page context element
        const answer = format !== 'page-context' ? context : folderPages !== null ? folderPages.staticContext() : merged.pageClientContext;
        const json = JSON.stringify(answer, null, format === 'json-pretty' ? 2 : undefined);
        res.status(status).type('application/json').send(textWithNonce(json, cspNonce(res)));
        return;
      }
      // A theme of single pages has no regions: its page is its main content.
      if (format === 'main-content' && folderPage !== null && folderPages!.pageCompileErrors(folderPage).length === 0) {
        const { page } = await folderPages!.mainContent(req, spec, folderPage);
        sendPrivateHtml(res, status, pageWithNonce(page.bytes, page.nonceOffsets, cspNonce(res)));
        return;
      }
      if (dev === undefined) {
        // Outside development pages stream into the response, the head first.
        if (folderPage !== null) await streamFolderPage(req, res, spec, folderPage, status);
        else streamPage(req, res, spec.template, context, status, storeLocale(website));
        return;
      }
      const { page, failed } = folderPage !== null
        ? await renderFolderPage(req, spec, folderPage, dev)
        : renderOrOverlay(req, spec.template, context, storeLocale(website));
      sendPrivateHtml(res, failed ? 500 : status, pageWithNonce(page.bytes, page.nonceOffsets, cspNonce(res)));
    },
  };
}

/**
 * Writes a page without res.send's ETag: pages are private and no-store, so no cache revalidates
 * them, and hashing every body cost a large share of each request. The body goes out as the bytes
 * kept with the page (the nonce written in, see pageWithNonce), not encoded again for every visitor.
 */
function sendPrivateHtml(res: Response, status: number, body: Buffer): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
