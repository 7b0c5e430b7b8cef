import { Router, type Request } from 'express';
import { closestName, type TemplateError } from '../../engine/index.ts';
import { nonceOffsets } from '../security/content-security-policy.ts';
import { MAX_KEPT_PAGE_BYTES, type RenderedPage } from '../pages/rendered-page-cache.ts';
import { SiteRepository } from '../db/site-repository.ts';
import { describeError } from '../security/error-handlers.ts';
import { VersionedCache } from '../db/versioned-cache.ts';
import type { AppDeps } from '../deps.ts';
import { requestContent } from '../pages/request-content.ts';
import { crumbOf } from '../pages/form-crumb.ts';
import { storeLocale } from '../pages/base-context.ts';
import { itemOrderOf, type ItemOrder } from '../pages/collection-order.ts';
import type { PageSpec } from '../pages/page-renderer.ts';
import { filesOfErrors } from '../pages/template-errors.ts';
import { recordAppliedPartials } from './applied-partials.ts';
import type { BuiltinPages } from './builtin-pages.ts';
import type { CollectionConf } from './collection-conf.ts';
import { chooseTemplates, type FolderPageTarget, type TemplateChoice } from './collection-choice.ts';
import { composeFolderPage, composeFolderPageToStream, composeMainContent, type ComposeInput } from './compose-page.ts';
import { FolderCache, TemplateFolderError } from './folder-cache.ts';
import { filesPageCanRender, pageWarnings } from './folder-check.ts';
import { FolderPageCache } from './folder-page-cache.ts';
import { folderStatic } from './folder-static.ts';
import { mistypedCollectionFiles } from './mistyped-collections.ts';
import { PreparedPageCache } from './prepared-page-cache.ts';
import { asTemplateErrors, placeOf, type FolderProblem, type TemplateFolder } from './folder-loader.ts';
import { compileFolderStyles, hasStylesheet, compileProblems, STYLE_COMPILE_LIMITS, STYLESHEET_PATH, stylesheetUrl, type CompiledStyles, type StyleCompileLimits } from './folder-styles.ts';
import { pageFooters, pageHeaders } from './page-headers.ts';
import { filesOfPage, warningsOfPage } from './page-warnings.ts';
import { pageTargetFor } from './page-target.ts';
import { storePagesOf, unservedPageFiles } from './unserved-pages.ts';
import { WarningLog } from './warning-log.ts';
import { authoredPartialNames } from './platform-tags.ts';
import { problemsText } from './problems-text.ts';
import { platformContext } from './platform-context.ts';
import type { Json } from './platform-data.ts';
import { comboScriptRouter, SCRIPTS_URL_BASE } from './script-loader.ts';
import { composeStoreFreeErrorPage } from './store-free-error-page.ts';
import { asksForStoreProducts, composeWithStoreProducts, createStorePlatformData, itemNeighbourhood } from './store-platform-data.ts';
import type { TagNotice } from './platform-tag-runner.ts';
import type { PlatformTag } from './platform-tags.ts';
import { DiskTemplateSource } from './template-source.ts';
import { themeMessages } from './theme-messages.ts';
import { stylesheetTweaks, tweakValuesForScripts } from './stylesheet-tweaks.ts';
import { staticContext } from './platform-script-globals.ts';
import { pageProblemsOf } from './page-problems.ts';

export interface PreparedFolderPage {
  target: FolderPageTarget;
  choice: TemplateChoice;
  /** The platform-shaped context: what the folder's templates read and ?format=json answers. */
  context: Json;
}

export interface FolderPages {
  cache: FolderCache;
  /** Serves the folder's compiled stylesheet, assets/ and scripts/. */
  router: Router;
  /** Folders a development watcher should watch: a change in any reloads the folder and its styles. */
  watchPaths: string[];
  /** The folder's problems a development overlay shows: template errors and LESS compile errors. */
  problems(): Promise<FolderProblem[]>;
  /**
   * The folder's errors as a development overlay lists them: its templates' and those of its
   * stylesheet's last compile (a changed stylesheet compiles when the watcher reports it).
   */
  currentProblems(): TemplateError[];
  /**
   * The folder's problems over a page made of `files`: its errors, with the malformed tags of those
   * files, for the overlay; and the malformed tags of the files it did not use, for the warning bar,
   * as `tmpl render DIR --page` tells them apart (a slip in one page's file stops no other page).
   */
  pageProblems(files: Iterable<string>): { errors: TemplateError[]; elsewhere: TemplateError[] };
  /**
   * The compile errors of the files a page is made of (its main template, its regions and the
   * folder's blocks), which stop the page as a broken single template does.
   */
  pageCompileErrors(page: PreparedFolderPage): TemplateError[];
  /**
   * Development: a warning for each pages/NAME.page no page of the store uses (its urlId) and each
   * collections/NAME.list or .item named one typo away from a collection of the store, logged
   * once, and again only when a reload adds such a file; [] elsewhere.
   */
  pageFileWarnings(): Promise<FolderProblem[]>;
  /**
   * What `tmpl check` warns of that a page shows the effect of (folder-check.ts pageWarnings:
   * a stylesheet, script or asset the folder lacks, a mistyped platform value, a `.conf` setting
   * the platform does not read, the page's layout without the page's content), for the
   * development overlay: the page still renders, so nothing else would tell the author (the
   * browser shows a 404, or an empty page). Only those of the files the page rendered (`files`,
   * from render), its `.conf` and template.conf, as `tmpl render DIR` gives them (page-warnings.ts).
   */
  folderWarnings(page: PreparedFolderPage, files: ReadonlySet<string>): FolderProblem[];
  /**
   * The statements the stylesheet's last compile left out (an undefined variable, a platform
   * stylesheet this server lacks), warnings of every page: the page works without them.
   */
  styleWarnings(): Promise<FolderProblem[]>;
  /** A template's text by the name its errors carry (its path in the folder), for code frames. */
  sourceOf(name: string): string | undefined;
  /**
   * The folder's stylesheet, compiled once per folder version; a version whose stylesheet files,
   * stylesheets and tweaks read as the last compile read them keeps that compile.
   */
  styles(): Promise<CompiledStyles>;
  /**
   * Markup appended to `{squarespace-footers}` of every page (a development live-reload script,
   * for instance); each hook is asked once per page.
   */
  footerHooks: Array<() => string>;
  prepare(req: Request, spec: PageSpec, context: Json): Promise<PreparedFolderPage>;
  /** The `.conf` of the folder collection a store collection's list renders through; null when it has none. */
  collectionConf(collection: Json): CollectionConf | null;
  /**
   * The page's bytes with its CSP nonce stand-ins found (kept ones when the same page was composed
   * before), its render errors, and in development its warnings: each platform tag that rendered
   * nothing because the store lacks what it names (a mistyped navigation leaves the page without it),
   * and the folder's files it rendered (filled in development only).
   */
  render(req: Request, spec: PageSpec, page: PreparedFolderPage): Promise<{ page: RenderedPage; errors: TemplateError[]; warnings: FolderProblem[]; files: Set<string> }>;
  /** `Static.SQUARESPACE_CONTEXT` of the folder's pages (`?format=page-context`): the style editor's values by name. */
  staticContext(): Json;
  /**
   * The page's main content alone (`?format=main-content`), with its CSP nonce stand-ins found,
   * and its render errors: what the folder's list, item or page template renders, without the
   * regions around it. Never kept: it is asked for now and then by a template's page loader.
   */
  mainContent(req: Request, spec: PageSpec, page: PreparedFolderPage): Promise<{ page: RenderedPage; errors: TemplateError[] }>;
  /**
   * The same page handed to `write` as it is produced (the head first), outside development; a
   * page composed before comes back whole as `kept` instead, and nothing is written.
   */
  stream(req: Request, spec: PageSpec, page: PreparedFolderPage, write: (chunk: string) => void): Promise<{ kept: RenderedPage } | { errors: TemplateError[] }>;
  /**
   * The folder's error page composed without the store, for when the store failed (see
   * composeStoreFreeErrorPage); null when it cannot render either. Nonce stand-ins left in.
   */
  errorPageWithoutStore(req: Request, context: Json): string | null;
}

/** A navigation tag's notice, with the navigation of template.conf it likely meant when its name looks mistyped. */
function withNavigationGuess(folder: TemplateFolder, tag: PlatformTag, message: string): string {
  const id = tag.kind === 'navigation' ? tag.attributes.navigationId : undefined;
  if (id === undefined || id.includes('{')) return message;
  const guess = closestName(id, folder.conf.navigations.map((nav) => nav.name).filter((name) => name !== id));
  return guess === undefined ? message : themeMessages.didYouMean(message, guess);
}

function asObject(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

/** The order the folder's .conf of a store collection gives its items (collection-order.ts). */
function orderOfCollection(folder: TemplateFolder, collection: Json): ItemOrder {
  return itemOrderOf(chooseTemplates(folder, { view: 'list', collection }).collection?.conf);
}

/**
 * The storefront's pages through a developer-template folder: each page's context is shaped as
 * the platform shapes it, the folder's templates are chosen for it, and the page is composed in
 * the folder's regions, with the store answering the platform tags. Pages the folder has no
 * template for render their built-in main content (the project's own theme's template for that
 * page) inside the folder's regions.
 */
export function createFolderPages(deps: AppDeps, folderDir: string, builtins: BuiltinPages, styleLimits: StyleCompileLimits = STYLE_COMPILE_LIMITS): FolderPages {
  const source = new DiskTemplateSource(folderDir);
  const watching = deps.options.dev === true;
  const cache = new FolderCache(source, deps.log, watching);
  const rendered = new FolderPageCache();
  // An item page's neighbours come from its place in its collection: kept until the content changes.
  const itemsByCollection = new VersionedCache<Json[] | undefined>(50);
  const prepared = new PreparedPageCache();
  try {
    cache.current();
  } catch (error) {
    // In development the author fixes the folder while the server runs: every page shows the
    // problem in the overlay until then. Elsewhere a folder that cannot be served stops the start.
    // (the cache has told it in the log)
    if (!(watching && error instanceof TemplateFolderError)) throw error;
  }

  const router = Router();
  router.use('/assets', folderStatic(source.root, 'assets', { maxAge: '1h' }));
  router.use(comboScriptRouter(source, watching));
  router.use(SCRIPTS_URL_BASE, folderStatic(source.root, 'scripts', { maxAge: '1h' }));

  // Development: a platform tag that renders nothing because the store lacks what it names is
  // told to the author (a typo otherwise leaves an empty section): in the log once per place until
  // its file changes (a save of another file repeats nothing), and among the warnings of each page
  // it renders nothing on (`noticed`).
  const toldNotices = new Map<string, { text: string | undefined; told: Set<string> }>();
  function tagNoticeFor(folder: TemplateFolder, noticed: FolderProblem[]): TagNotice | undefined {
    if (!watching) return undefined;
    return (tag, notice) => {
      const message = withNavigationGuess(folder, tag, notice);
      const place = { file: tag.file, line: tag.line, column: tag.column };
      if (!noticed.some((seen) => placeOf(seen) === placeOf(place) && seen.message === message)) noticed.push({ ...place, message, severity: 'warning' });
      const text = folder.source.read(tag.file);
      let byFile = toldNotices.get(tag.file);
      if (byFile === undefined || byFile.text !== text) toldNotices.set(tag.file, (byFile = { text, told: new Set() }));
      const key = `${placeOf(place)} ${message}`;
      if (byFile.told.has(key)) return;
      byFile.told.add(key);
      // placed as the folder's other warnings are, which a terminal links to the file
      deps.log.warn(place, `${placeOf(place)} ${message}`);
    };
  }

  // Development: page files the store never serves are told when the folder loads (see unserved-pages.ts),
  // then as they appear and when they are gone
  const unservedLog = new WarningLog(deps.log, source.label);
  const checkedPageFiles = new WeakMap<TemplateFolder, Promise<FolderProblem[]>>();
  let latestFolder: TemplateFolder | null = null;
  async function pageFileWarnings(): Promise<FolderProblem[]> {
    if (!watching) return [];
    const folder = cache.current();
    latestFolder = folder;
    let checked = checkedPageFiles.get(folder);
    if (checked === undefined) {
      checked = new SiteRepository(deps.store).collections().then((collections) => {
        const warnings = [...unservedPageFiles(folder, storePagesOf(collections)), ...mistypedCollectionFiles(folder, collections)];
        // only the folder being served speaks: a check that finished after a reload stays quiet
        if (latestFolder === folder) unservedLog.tell(warnings);
        return warnings;
      }, (error: unknown) => {
        // a store that cannot be read now costs the warning, never the page; the next load asks again
        checkedPageFiles.delete(folder);
        deps.log.warn({ err: describeError(error) }, themeMessages.pageFilesUncheckedLog);
        return [];
      });
      checkedPageFiles.set(folder, checked);
    }
    return checked;
  }

  // by folder load, then by the layout the page renders in
  const warningsByFolder = new WeakMap<TemplateFolder, Map<string, FolderProblem[]>>();
  function folderWarnings(page: PreparedFolderPage, files: ReadonlySet<string>): FolderProblem[] {
    const folder = cache.current();
    let byLayout = warningsByFolder.get(folder);
    if (byLayout === undefined) warningsByFolder.set(folder, (byLayout = new Map()));
    let warnings = byLayout.get(page.choice.layoutName);
    if (warnings === undefined) byLayout.set(page.choice.layoutName, (warnings = pageWarnings(folder, page.choice.layoutName)));
    return warningsOfPage(warnings, page.choice, files);
  }

  const footerHooks: Array<() => string> = [];
  const compiled = new WeakMap<TemplateFolder, Promise<CompiledStyles>>();
  let lastStyleProblems: FolderProblem[] = [];
  // the last finished compile: a folder version that reads the same stylesheet files and
  // settings (a saved template, a new block) keeps it, and its problems are not logged again
  let lastStyles: CompiledStyles | null = null;
  const styleWarnings = new WarningLog(deps.log, source.label);
  // the errors the last compile logged, so that a recompile with the same ones (another file
  // saved) does not log them again
  let loggedStyleErrors = new Set<string>();
  // development: the CSS of the last compile that gave a stylesheet, served under the errors of
  // one that failed as a whole (a brace left open), so the page keeps its look while it is mended
  let lastCompiledCss = '';
  function styles(): Promise<CompiledStyles> {
    const folder = cache.current();
    let styled = compiled.get(folder);
    if (styled === undefined && lastStyles?.inputs?.sameIn(folder) === true) {
      styled = Promise.resolve(lastStyles);
      compiled.set(folder, styled);
    }
    if (styled === undefined) {
      styled = compileFolderStyles(folder, styleLimits).then((result) => {
        lastStyles = result;
        if (result.compiled) lastCompiledCss = result.css;
        lastStyleProblems = result.problems.filter((problem) => problem.severity === 'error');
        // a line each, placed as the folder's other problems are, once while they last; the
        // warnings (a stylesheet template.conf names and styles/ lacks, a statement left out) as
        // a history, so a recompile repeats none
        const told = new Set<string>();
        for (const problem of lastStyleProblems) {
          const line = `${placeOf(problem)} ${problem.message}`;
          told.add(line);
          if (!loggedStyleErrors.has(line)) deps.log.error({ folder: source.label, file: problem.file }, line);
        }
        loggedStyleErrors = told;
        styleWarnings.tell(result.problems.filter((problem) => problem.severity === 'warning'));
        return result;
      });
      compiled.set(folder, styled);
    }
    return styled;
  }
  router.get(STYLESHEET_PATH, async (req, res) => {
    const result = await styles();
    // Only the URL the pages link to (it names the folder version) may be kept for good.
    const linked = req.originalUrl === stylesheetUrl(cache.loadedVersion());
    const failed = result.problems.filter((problem) => problem.severity === 'error');
    // A stylesheet's errors are logged; in development they also head the response, over the last
    // stylesheet that compiled.
    const body = failed.length > 0 && deps.options.dev === true
      ? `/* ${failed.map((problem) => `${placeOf(problem)}: ${problem.message}`.replaceAll('*/', '* /')).join('\n')} */\n${result.compiled ? result.css : lastCompiledCss}`
      : result.css;
    res.set('Cache-Control', deps.options.dev === true ? 'no-store' : linked ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.type('text/css').send(body);
  });

  /**
   * What a page render needs: its cache key (null when not kept), the kept page if any, and the
   * composition input (built only for a page that is not kept).
   */
  async function pageRender(req: Request, spec: PageSpec, page: PreparedFolderPage): Promise<{ key: string | null; kept: RenderedPage | undefined; input: () => Promise<ComposeInput>; noticed: FolderProblem[]; applied: Set<string> }> {
    const folder = cache.current();
    const contentVersion = await requestContent(deps, req).version.current();
    const context = page.context;
    const crumb = crumbOf(req);
    const stylesheet = hasStylesheet(folder) ? stylesheetUrl(cache.loadedVersion()) : null;
    const hookParts = footerHooks.map((hook) => hook());
    const noticed: FolderProblem[] = [];
    // development: the blocks the page applies, whose warnings the overlay gives it
    const applied = new Set<string>();
    // Kept pages only outside development, where files change under the server. The headers and
    // footers are functions of the context and these facts, so the key names the facts and the
    // markup is built only for a page that is composed.
    const key = watching ? null : rendered.key({
      folder,
      builtins: builtins.folder(),
      choice: page.choice,
      pageName: spec.template,
      path: req.path,
      contentVersion,
      headerFacts: [crumb, stylesheet ?? ''],
      footerParts: hookParts,
      context,
    });
    const kept = key === null ? undefined : rendered.get(key);
    // Prices and dates in the store's locale, as the single-template pages write them.
    const locale = storeLocale(asObject(context.website) ?? {});
    const input = async (): Promise<ComposeInput> => ({
      locale,
      folder: watching ? { ...folder, partials: recordAppliedPartials(folder.partials, applied) } : folder,
      target: page.target,
      choice: page.choice,
      context,
      data: await createStorePlatformData(deps, req, req.path, {
        typeNameOf: (collection) => chooseTemplates(folder, { view: 'list', collection }).typeName,
        orderOf: (collection) => orderOfCollection(folder, collection),
        navigationNames: folder.conf.navigations.map((nav) => nav.name),
      }),
      headers: pageHeaders(context, { path: req.path, typeName: page.choice.typeName, crumb, stylesheetUrl: stylesheet, tweakValues: tweakValuesForScripts(folder) }),
      footers: pageFooters(context, hookParts),
      builtinMain: (shaped) => builtins.main(page.target, shaped, { locale }),
      tagNotice: tagNoticeFor(folder, noticed),
    });
    return { key, kept, input, noticed, applied };
  }

  /** After a render: its errors logged, or the page kept when it rendered cleanly. */
  function afterRender(spec: PageSpec, key: string | null, errors: TemplateError[], choice: TemplateChoice, body: RenderedPage | null): void {
    if (errors.length > 0) {
      const folder = cache.current();
      const text = problemsText(errors, (name) => source.read(name), () => authoredPartialNames(folder.partials));
      // at ERROR, as the overlay shows them; naming the files the errors are in, and the page's template
      deps.log.error({ template: filesOfErrors(errors), page: choice.main?.path ?? spec.template, errors: errors.slice(0, 5) }, `${themeMessages.renderErrorsLog}: ${text}`);
    } else if (key !== null && body !== null) {
      // Only clean renders: a render cut short by a limit is not what the context alone gives.
      rendered.set(key, body);
    }
  }

  // said at start, not first when a page is asked for: the page files' warnings and the
  // stylesheet's (one template.conf names and styles/ lacks; a LESS error), which its compile tells
  if (watching) {
    pageFileWarnings().catch(() => {
      // a folder that cannot be loaded is already told, and shown on every page
    });
    try {
      styles().catch(() => {
        // a compile that fails is told by styles() itself
      });
    } catch (error) {
      // a folder that cannot be loaded is already told, and shown on every page
      if (!(error instanceof TemplateFolderError)) throw error;
    }
  }

  return {
    cache,
    router,
    watchPaths: [source.root],
    pageFileWarnings,
    folderWarnings,
    async styleWarnings() {
      return compileProblems(await styles()).filter((problem) => problem.severity === 'warning');
    },
    sourceOf: (name) => source.read(name),
    pageCompileErrors(page) {
      const folder = cache.current();
      const own = [page.choice.main?.path, ...page.choice.regions.map((region) => folder.regions.get(region)?.path)].filter((file) => file !== undefined);
      // its template, its regions and the blocks they apply: a block nothing here applies (a slip
      // in one no page uses) is listed over the page, and stops none
      const files = filesPageCanRender(folder, own);
      return asTemplateErrors(folder.problems.filter((problem) => problem.severity === 'error' && files.has(problem.file)));
    },
    currentProblems() {
      const shown = cache.current().problems.filter((problem) => problem.severity === 'error' || problem.validation === true);
      return asTemplateErrors([...shown, ...lastStyleProblems]);
    },
    pageProblems(files) {
      const { errors, elsewhere } = pageProblemsOf(cache.current().problems, files);
      return { errors: asTemplateErrors([...errors, ...lastStyleProblems]), elsewhere: asTemplateErrors(elsewhere) };
    },
    footerHooks,
    styles,
    async problems() {
      const folder = cache.current();
      return [...folder.problems.filter((problem) => problem.severity === 'error'), ...(await styles()).problems.filter((problem) => problem.severity === 'error')];
    },
    errorPageWithoutStore(req, context) {
      const folder = cache.current();
      const stylesheet = hasStylesheet(folder) ? stylesheetUrl(cache.loadedVersion()) : null;
      return composeStoreFreeErrorPage(folder, builtins, { path: req.path, context, stylesheetUrl: stylesheet });
    },
    collectionConf(collection) {
      try {
        return chooseTemplates(cache.current(), { view: 'list', collection }).collection?.conf ?? null;
      } catch (error) {
        // development: a folder that cannot be loaded shows its problems when the page renders
        if (error instanceof TemplateFolderError) return null;
        throw error;
      }
    },
    async prepare(req, spec, context) {
      const folder = cache.current();
      const content = requestContent(deps, req);
      const showCart = (await content.site.collections()).some((collection) => collection.typeCode === 13);
      // the same decision `tmpl render DIR` makes, so it previews what is served here
      const target = pageTargetFor({ path: req.path, pageType: spec.pageType, template: spec.template }, context);
      const urlId = target.collection?.urlId;
      // the neighbours in the order the folder's .conf gives the collection, as its list shows it
      const order = target.collection === undefined ? 'owner' : orderOfCollection(folder, target.collection);
      const itemId = asObject(context.item)?.id;
      const collectionItems = target.view === 'item' && typeof urlId === 'string'
        ? await itemsByCollection.get(content.version, `${urlId}\u0000${String(itemId)}\u0000${order}`, () => itemNeighbourhood(deps, req, urlId, itemId, order))
        : undefined;
      return prepared.get(folder, spec, context, { showCart, collectionItems }, () => {
        const choice = chooseTemplates(folder, target);
        return { target, choice, context: platformContext(folder, choice, context, { showCart, collectionItems }) };
      });
    },
    async render(req, spec, page) {
      const { key, kept, input, noticed, applied } = await pageRender(req, spec, page);
      if (kept !== undefined) return { page: kept, errors: [], warnings: [], files: new Set() };
      const composeInput = await input();
      const composed = await composeWithStoreProducts(composeInput.data, () => composeFolderPage(composeInput));
      const bytes = Buffer.from(composed.html, 'utf8');
      const body: RenderedPage = { bytes, nonceOffsets: nonceOffsets(bytes) };
      afterRender(spec, key, composed.errors, composed.choice, body);
      return { page: body, errors: composed.errors, warnings: noticed, files: filesOfPage(composeInput.folder, page.choice, applied) };
    },
    staticContext: () => staticContext(stylesheetTweaks(cache.current()).values),
    async mainContent(req, spec, page) {
      const composeInput = await (await pageRender(req, spec, page)).input();
      const composed = await composeWithStoreProducts(composeInput.data, () => composeMainContent(composeInput));
      afterRender(spec, null, composed.errors, composed.choice, null);
      const bytes = Buffer.from(composed.html, 'utf8');
      return { page: { bytes, nonceOffsets: nonceOffsets(bytes) }, errors: composed.errors };
    },
    async stream(req, spec, page, write) {
      const { key, kept, input } = await pageRender(req, spec, page);
      if (kept !== undefined) return { kept };
      // A page that may be kept is also collected, to be kept when it rendered cleanly (and is not too large to keep).
      let chunks: string[] | null = key === null ? null : [];
      let length = 0;
      const composeInput = await input();
      // A page whose tags show products may lack some on its first render: composed whole, then written.
      if (asksForStoreProducts(composeInput.folder.tags)) {
        const composed = await composeWithStoreProducts(composeInput.data, () => composeFolderPage(composeInput));
        write(composed.html);
        const bytes = key === null || composed.html.length > MAX_KEPT_PAGE_BYTES ? null : Buffer.from(composed.html, 'utf8');
        afterRender(spec, key, composed.errors, composed.choice, bytes === null ? null : { bytes, nonceOffsets: nonceOffsets(bytes) });
        return { errors: composed.errors };
      }
      const composed = composeFolderPageToStream(composeInput, (chunk) => {
        if (chunks !== null) {
          length += chunk.length;
          if (length > MAX_KEPT_PAGE_BYTES) chunks = null;
          else chunks.push(chunk);
        }
        write(chunk);
      });
      const bytes = chunks === null ? null : Buffer.from(chunks.join(''), 'utf8');
      afterRender(spec, key, composed.errors, composed.choice, bytes === null ? null : { bytes, nonceOffsets: nonceOffsets(bytes) });
      return { errors: composed.errors };
    },
  };
}
