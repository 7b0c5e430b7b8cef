import express, { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CLIENT_ASSET_BASE, CLIENT_DIST_DIR } from '../../client/manifest.ts';
import type { AppDeps } from '../deps.ts';
import { serverMessages } from '../messages.ts';
import { reportStorageFault, storageFault } from '../db/storage-fault.ts';
import { describeError } from '../security/error-handlers.ts';
import { createCataloguePages } from './catalogue-pages.ts';
import { createCheckoutPages } from './checkout-pages.ts';
import { createLessonPages } from './lesson-pages.ts';
import { createBuiltinPages } from '../theme/builtin-pages.ts';
import { createFolderPages, type FolderPages } from '../theme/folder-pages.ts';
import { createPageRenderer, PAGE_TYPE, type PageRenderer } from './page-renderer.ts';
import { TEMPLATES_DIR, TemplateStore } from './template-store.ts';

/** Last resort when even the error template cannot render. */
const BARE_ERROR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${serverMessages.errorPageTitle}</title></head>`
  + `<body data-page-type="${PAGE_TYPE.ERROR}"><h1>${serverMessages.errorPageTitle}</h1></body></html>`;

export interface StorefrontPages {
  router: Router;
  /** Renders the not-found page (404) for any unmatched path. */
  notFound: (req: Request, res: Response) => void;
  /** Logs an unexpected failure and renders the error page (500), never the stack. */
  errorHandler: ErrorRequestHandler;
  /** The developer-template folder being served (its watch paths and problems), or null for .tmpl pages. */
  folder: FolderPages | null;
}

export function createStorefrontPages(deps: AppDeps): StorefrontPages {
  const themeDir = deps.options.templateDir !== undefined ? resolve(deps.options.templateDir) : TEMPLATES_DIR;
  // A folder with template.conf (the project's own theme is one) is a developer template; any
  // other folder holds single .tmpl pages with their partials/.
  const isDeveloperTemplate = existsSync(join(themeDir, 'template.conf'));
  const templates = new TemplateStore(themeDir, deps.options.dev === true);
  const folderPages = isDeveloperTemplate
    ? createFolderPages(deps, themeDir, createBuiltinPages(deps.log, deps.options.dev === true))
    : null;
  const pages: PageRenderer = createPageRenderer(deps, templates, folderPages);

  const notFound = (req: Request, res: Response): void => {
    pages.render(req, res, {
      template: 'not-found',
      pageType: PAGE_TYPE.NOT_FOUND,
      pageTitle: serverMessages.pageNotFoundTitle,
      status: 404,
      context: {},
    });
  };

  const router = Router();
  if (folderPages !== null) router.use(folderPages.router);
  router.use('/theme', express.static(join(TEMPLATES_DIR, 'assets'), { maxAge: '1h', fallthrough: true }));
  router.use(CLIENT_ASSET_BASE, express.static(CLIENT_DIST_DIR, { maxAge: '1y', immutable: true, fallthrough: true }));
  router.use(createCataloguePages(deps, pages, notFound));
  router.use(createCheckoutPages(deps, pages, notFound));
  router.use(createLessonPages(deps, pages, notFound));

  const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    // A malformed or oversized form post is the visitor's problem (4xx); a database that refuses
    // writes or stays locked is the operator's (503, said plainly); anything else is ours (500).
    const fault = storageFault(err);
    const declared = typeof err === 'object' && err !== null ? (err as { status?: unknown }).status : undefined;
    const status = fault !== null ? 503 : typeof declared === 'number' && declared >= 400 && declared < 500 ? declared : 500;
    if (fault !== null) {
      reportStorageFault(deps.log, fault, req);
      res.set('Retry-After', '30');
    } else if (status === 500) deps.log.error({ err: describeError(err), path: req.path, method: req.method }, 'page failed');
    else deps.log.warn({ err: describeError(err), path: req.path, status }, 'page request refused');
    try {
      pages.render(req, res, {
        template: 'error',
        pageType: PAGE_TYPE.ERROR,
        pageTitle: serverMessages.errorPageTitle,
        status,
        context: fault !== null ? { errorMessage: fault.message } : {},
      });
    } catch (renderFailure) {
      deps.log.error({ err: describeError(renderFailure) }, 'error page failed');
      res.status(500).type('html').send(BARE_ERROR_PAGE);
    }
  };

  return { router, notFound, errorHandler, folder: folderPages };
}
