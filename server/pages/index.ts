import express, { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CLIENT_ASSET_BASE, CLIENT_DIST_DIR } from '../../client/manifest.ts';
import type { AppDeps } from '../deps.ts';
import { serverMessages } from '../messages.ts';
import { FAULT_RETRY_AFTER_SECONDS, faultRetryAfterSeconds, isDatabaseFull, isPostgresBusy, reportStorageFault, storageFault } from '../db/storage-fault.ts';
import { sendMaintenance } from '../maintenance-app.ts';
import { clientBodyProblem, describeError, logBodyProblem } from '../security/error-handlers.ts';
import { cspNonce, textWithNonce } from '../security/content-security-policy.ts';
import { createDevTools, type DevTools } from '../dev/dev-tools.ts';
import { SEED_DIR } from '../db/seed.ts';
import { HttpError } from '../security/http-error.ts';
import { createCataloguePages } from './catalogue-pages.ts';
import { createCheckoutPages } from './checkout-pages.ts';
import { createCrawlerFiles } from './crawler-files.ts';
import { createLessonPages } from './lesson-pages.ts';
import { createMailingListPages } from './mailing-list-pages.ts';
import { createDownloadPages } from './download-pages.ts';
import { createMemberPasswordPages } from './member-password-pages.ts';
import { createMemberSignInPages } from './member-sign-in-pages.ts';
import { createPlainPages } from './plain-pages.ts';
import { createBuiltinPages } from '../theme/builtin-pages.ts';
import { createSocialIconSpriteRoute } from '../theme/social-icon-sprite.ts';
import { templateDirProblem } from '../theme/template-dir-check.ts';
import { themeMessages } from '../theme/theme-messages.ts';
import { createFolderPages, type FolderPages } from '../theme/folder-pages.ts';
import { createPageRenderer, PAGE_TYPE, type PageRenderer } from './page-renderer.ts';
import { templateErrorsForLog } from './template-errors.ts';
import { TEMPLATES_DIR, TemplateCompileError, TemplateStore } from './template-store.ts';
import { templateFolderRoot } from '../theme/template-folder-root.ts';
import { TemplateFolderError } from '../theme/folder-cache.ts';
import { folderStatic } from '../theme/folder-static.ts';
import { authoredPartialNames } from '../theme/platform-tags.ts';
import { isFileRequest } from '../security/file-requests.ts';
import { isMalformedAddress } from '../security/malformed-address.ts';
import { knownMessageNow } from '../../client/lib/translated.ts';

/** Last resort when even the error template cannot render. */
const BARE_ERROR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${serverMessages.errorPageTitle}</title></head>`
  + `<body data-page-type="${PAGE_TYPE.ERROR}"><h1>${serverMessages.errorPageTitle}</h1></body></html>`;

export interface StorefrontPages {
  router: Router;
  /** Renders the not-found page (404) for any unmatched path. */
  notFound: (req: Request, res: Response) => Promise<void>;
  /** Logs an unexpected failure and renders the error page (500), never the stack. */
  errorHandler: ErrorRequestHandler;
  /** The development tools (live reload, error overlay) when the app runs in development. */
  dev?: DevTools;
  /** The developer-template folder being served (its watch paths and problems), or null for .tmpl pages. */
  folder: FolderPages | null;
  /** Stops watching files (development); the pages keep answering. */
  close(): Promise<void>;
}

/** The error page's link back to the page a refusal came from, when the refusal names one. */
function backLinkOf(err: HttpError): { backTo?: string } {
  return typeof err.extra.backTo === 'string' ? { backTo: err.extra.backTo } : {};
}

/** A template's compile errors, every one with its position, for the log line of a failed page. */
function compileErrorDetails(err: unknown): object {
  return err instanceof TemplateCompileError ? { template: err.template, ...templateErrorsForLog(err.errors) } : {};
}

export function createStorefrontPages(deps: AppDeps): StorefrontPages {
  const givenDir = deps.options.templateDir !== undefined ? resolve(deps.options.templateDir) : TEMPLATES_DIR;
  // a mistyped TEMPLATE_DIR stops the start, rather than serving a 500 on every page
  const dirProblem = templateDirProblem(givenDir);
  if (dirProblem !== null) {
    throw new TemplateFolderError([{ file: deps.options.templateDir ?? givenDir, line: 0, column: 0, message: dirProblem, severity: 'error' }]);
  }
  // A folder with template.conf (the project's own theme is one) is a developer template, also when
  // it is kept one folder down (a repository's src/); any other folder holds single .tmpl pages
  // with their partials/.
  const folder = templateFolderRoot(givenDir);
  if (folder?.nested) deps.log.info({ folder: givenDir, template: folder.root }, themeMessages.nestedTemplateFolderLog);
  const themeDir = folder?.root ?? givenDir;
  const isDeveloperTemplate = folder !== null;
  // a folder of neither kind (an empty one, a wrong one) would start healthy and fail every page;
  // in development the author may be about to write its first file, and each page says what is missing
  if (deps.options.dev !== true && !isDeveloperTemplate && !readdirSync(givenDir).some((name) => name.endsWith('.tmpl'))) {
    throw new TemplateFolderError([{ file: deps.options.templateDir ?? givenDir, line: 0, column: 0, message: themeMessages.templateDirEmpty, severity: 'error' }]);
  }
  const templates = new TemplateStore(themeDir, deps.options.dev === true, (template, errors) => {
    // errors to the author, as the overlay counts them (the page still serves them as text)
    deps.log.error({ template, ...templateErrorsForLog(errors) }, themeMessages.malformedTagsLog);
  });
  const folderPages = isDeveloperTemplate
    ? createFolderPages(deps, themeDir, createBuiltinPages(deps.log, deps.options.dev === true))
    : null;
  // Development: the theme, its assets and the fixtures are watched; a change drops what was
  // compiled from it and reloads every open page.
  const dev = deps.options.dev === true
    ? createDevTools({
      sources: [
        folderPages !== null
          // the folder reloads itself when its files change; its stylesheet is compiled again and
          // its page files checked against the store's pages before browsers reload, so the
          // overlay shows its errors and the log tells a page file no page uses as it is added
          ? { folders: folderPages.watchPaths, invalidate: () => Promise.all([folderPages.styles(), folderPages.pageFileWarnings()]) }
          : { folders: [themeDir], invalidate: () => templates.invalidate() },
        { folders: [SEED_DIR] },
      ],
      sourceOf: (name) => folderPages?.sourceOf(name) ?? templates.sourceOf(name),
      partialNames: () => authoredPartialNames(folderPages !== null ? folderPages.cache.current().partials : templates.partials()),
    })
    : undefined;
  const pages: PageRenderer = createPageRenderer(deps, templates, folderPages, dev);

  const notFound = async (req: Request, res: Response): Promise<void> => {
    // A missing script, stylesheet or picture is a plain 404: a page there would be read by the
    // browser as the file ("not executable, MIME type text/html") and cost a render per probe. A
    // script's or stylesheet's says so in its own type, so the browser reports the 404 alone
    // rather than also refusing a text/plain file (the author's unbuilt site-bundle.js).
    if (isFileRequest(req)) {
      const kind = /\.m?js$/i.test(req.path) ? 'text/javascript' : /\.css$/i.test(req.path) ? 'text/css' : null;
      if (kind === null) res.status(404).type('text/plain').send(serverMessages.fileNotFound);
      else res.status(404).type(kind).send(`/* ${serverMessages.fileNotFound} */\n`);
      return;
    }
    return pages.render(req, res, {
      template: 'not-found',
      pageType: PAGE_TYPE.NOT_FOUND,
      pageTitle: serverMessages.pageNotFoundTitle,
      status: 404,
      context: {},
    });
  };

  const router = Router();
  if (dev) router.use(dev.router);
  if (folderPages !== null) router.use(folderPages.router);
  // /theme: the served theme's assets, then the project's own (product pictures, for any other theme).
  // (the served theme is TEMPLATE_DIR, untrusted: no link out of it is followed)
  router.use('/theme', folderStatic(themeDir, 'assets', { maxAge: dev ? 0 : '1h' }));
  if (themeDir !== TEMPLATES_DIR) router.use('/theme', express.static(join(TEMPLATES_DIR, 'assets'), { maxAge: '1h', fallthrough: true }));
  router.use(CLIENT_ASSET_BASE, express.static(CLIENT_DIST_DIR, { maxAge: '1y', immutable: true, fallthrough: true }));
  router.use(createCrawlerFiles(deps));
  // the social icons sprite the platform serves every site, which social links point into
  router.use(createSocialIconSpriteRoute());
  router.use(createCataloguePages(deps, pages, notFound));
  router.use(createCheckoutPages(deps, pages, notFound));
  router.use(createLessonPages(deps, pages, notFound));
  router.use(createMailingListPages(deps, pages));
  router.use(createDownloadPages(deps, pages));
  router.use(createMemberSignInPages(deps, pages));
  router.use(createMemberPasswordPages(deps, pages));
  // last: the owner's pages never shadow a route of the store's
  router.use(createPlainPages(deps, pages, notFound));

  const errorHandler: ErrorRequestHandler = async (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    // A malformed or oversized form post is the visitor's problem (4xx); a database that refuses
    // writes or stays locked is the operator's (503, said plainly); anything else is ours (500).
    const fault = storageFault(err);
    if (fault?.unreachable) {
      // the database server cannot be reached: the error page reads the store too, so the
      // maintenance page, which needs nothing from it; the store serves again once it answers
      reportStorageFault(deps.log, fault, req);
      sendMaintenance(req, res, FAULT_RETRY_AFTER_SECONDS, 'outage');
      return;
    }
    if (isDatabaseFull(fault)) {
      // PostgreSQL had no connection for this request: the store's error page would ask for one too
      reportStorageFault(deps.log, fault!, req);
      sendMaintenance(req, res, faultRetryAfterSeconds(fault!), 'busy');
      return;
    }
    if (isPostgresBusy(fault)) {
      // PostgreSQL kept this request waiting too long (a lock, every connection in use): the store's
      // error page would wait as long again, so the busy page, which needs nothing from it
      reportStorageFault(deps.log, fault!, req);
      sendMaintenance(req, res, faultRetryAfterSeconds(fault!), 'storeBusy');
      return;
    }
    const bodyProblem = clientBodyProblem(err);
    const declared = typeof err === 'object' && err !== null ? (err as { status?: unknown }).status : undefined;
    const status = fault !== null ? 503 : bodyProblem?.status
      ?? (typeof declared === 'number' && declared >= 400 && declared < 500 ? declared : 500);
    if (fault !== null) {
      reportStorageFault(deps.log, fault, req);
      res.set('Retry-After', String(FAULT_RETRY_AFTER_SECONDS));
    } else if (bodyProblem) logBodyProblem(deps.log, bodyProblem, req);
    else if (status === 500) {
      deps.log.error({ err: describeError(err), ...compileErrorDetails(err), path: req.path, method: req.method, reqId: req.id }, 'page failed');
    } else {
      // the visitor's mistake: one line, no stack
      deps.log.warn({ path: req.path, status, reason: describeError(err).message, reqId: req.id }, 'page request refused');
    }
    // a refusal the visitor can act on (429 past a budget, say) says what it is
    // and a refused form post leads back to its page (a path of this site, see formPageBackPath);
    // a message the store's catalogue knows is said in the store's language
    const errorContext = fault !== null ? { errorMessage: fault.message }
      : err instanceof HttpError ? { errorMessage: knownMessageNow(err.message), ...backLinkOf(err) }
        : isMalformedAddress(err) ? { errorMessage: serverMessages.addressNotValid } : {};
    try {
      await pages.render(req, res, {
        template: 'error',
        pageType: PAGE_TYPE.ERROR,
        pageTitle: serverMessages.errorPageTitle,
        status,
        context: errorContext,
      });
    } catch (renderFailure) {
      deps.log.error({ err: describeError(renderFailure), ...compileErrorDetails(renderFailure), reqId: req.id }, 'error page failed');
      // A template folder's own error page still renders when the store cannot be read.
      let page: string | null = null;
      try {
        page = folderPages?.errorPageWithoutStore(req, { pageType: PAGE_TYPE.ERROR, pageTitle: serverMessages.errorPageTitle, ...errorContext }) ?? null;
      } catch (folderFailure) {
        deps.log.error({ err: describeError(folderFailure), reqId: req.id }, 'error page failed');
      }
      res.status(page !== null ? status : 500).type('html').send(page !== null ? textWithNonce(page, cspNonce(res)) : BARE_ERROR_PAGE);
    }
  };

  return { router, notFound, errorHandler, dev, folder: folderPages, close: async () => dev?.close() };
}
