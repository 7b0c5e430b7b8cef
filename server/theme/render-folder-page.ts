import { pino } from 'pino';
import type { TemplateError } from '../../engine/index.ts';
import { recordAppliedPartials } from './applied-partials.ts';
import { createBuiltinPages, type BuiltinPages } from './builtin-pages.ts';
import { chooseTemplates } from './collection-choice.ts';
import { composeFolderPage } from './compose-page.ts';
import { pageWarnings } from './folder-check.ts';
import { isNotTextProblem, loadTemplateFolder, type FolderProblem, type TemplateFolder } from './folder-loader.ts';
import { hasStylesheet, stylesheetUrl } from './folder-styles.ts';
import { pageFooters, pageHeaders } from './page-headers.ts';
import { authoredPartialNames } from './platform-tags.ts';
import { filesOfPage, warningsOfPage } from './page-warnings.ts';
import { contextAddress, contextPageType, pagePath, pageTargetFor } from './page-target.ts';
import { platformContext } from './platform-context.ts';
import { EMPTY_PLATFORM_DATA, type Json, type PlatformData } from './platform-data.ts';
import { DiskTemplateSource, type TemplateSource } from './template-source.ts';
import { tweakValuesForScripts } from './stylesheet-tweaks.ts';

export interface FolderPageRender {
  html: string;
  /** Render errors, each naming the folder file (or block) it happened in. */
  errors: TemplateError[];
  /** Problems of the folder found while loading it (compile errors, bad .conf files…). */
  problems: FolderProblem[];
  /** The platform-shaped context the page rendered with (what ?format=json would answer). */
  context: Json;
  /** The folder's files the page rendered: its main template, its regions, the blocks applied (and tag bodies). */
  files: string[];
  /** The folder's blocks by the names `{@|apply}` takes, for the likely one of a block applied but missing. */
  blocks: string[];
  /**
   * Warnings the development overlay gives this page (folder-check.ts pageWarnings) that concern
   * it: a stylesheet of template.conf, or a script or asset of a file the page used, that the folder lacks
   * (the browser would get a 404), a mistyped platform value in such a file, a setting of the
   * page's `.conf` the platform is not known to read, the page's layout without the page's content, headers or footers.
   */
  warnings: FolderProblem[];
  /**
   * The page the context belongs to when it is not the address asked for (a product's context
   * rendered with the shop's address): its address, and the folder file that rendered it.
   */
  otherPage?: { address: string; file: string | undefined };
}

export interface RenderFolderPageOptions {
  data?: PlatformData;
  /** Where pages the folder has no template for come from; the project's own theme by default. */
  builtins?: BuiltinPages;
  locale?: string;
  now?: number;
}

/** The stylesheet link the server writes for the folder as it is now (the fingerprint of its files); null when it names no stylesheet. */
function folderStylesheetUrl(folder: TemplateFolder): string | null {
  return hasStylesheet(folder) ? stylesheetUrl(folder.source.version()) : null;
}

/**
 * Renders one page of a template folder the way the server would, from a page context instead
 * of the store: the address and the context (its pageType, collection and item) decide the list,
 * item, page or system page as they do for the server (page-target.ts);
 * platform tags read `options.data` (nothing by default); pages the folder has no template for
 * render the project's own theme's template for that page inside the folder's regions.
 */
export function renderFolderPage(dirOrSource: string | TemplateSource, url: string, context: Json, options: RenderFolderPageOptions = {}): FolderPageRender {
  const source = typeof dirOrSource === 'string' ? new DiskTemplateSource(dirOrSource) : dirOrSource;
  const load = loadTemplateFolder(source);
  // a folder the storefront would not serve (a template that is not text among them) renders nothing
  if (load.folder === null || load.problems.some(isNotTextProblem)) return { html: '', errors: [], problems: load.problems, context, files: [], blocks: [], warnings: [] };
  const folder = load.folder;
  // the same decision the storefront makes for the page this context came from
  const target = pageTargetFor({ path: new URL(url, 'http://localhost').pathname, pageType: contextPageType(context) }, context);
  const address = contextAddress(target, context);
  const choice = chooseTemplates(folder, target);
  const shaped = platformContext(folder, choice, context, { showCart: context.showCart === true });
  const applied = new Set<string>();
  const composed = composeFolderPage({
    folder: { ...folder, partials: recordAppliedPartials(folder.partials, applied) },
    target,
    choice,
    context: shaped,
    data: options.data ?? EMPTY_PLATFORM_DATA,
    headers: pageHeaders(shaped, { path: new URL(url, 'http://localhost').pathname, typeName: choice.typeName, crumb: '', stylesheetUrl: folderStylesheetUrl(folder), tweakValues: tweakValuesForScripts(folder) }),
    footers: pageFooters(shaped),
    builtinMain: (pageContext) => (options.builtins ?? createBuiltinPages(pino({ level: 'silent' }), false)).main(target, pageContext, options),
    locale: options.locale,
    now: options.now,
  });
  const files = filesOfPage(folder, choice, applied);
  // a layout's warnings only on its pages: the layout this page renders in
  const warnings = warningsOfPage(pageWarnings(folder, choice.layoutName), choice, files);
  // the context, not the address, says which page renders: an author who took it from another page is told
  const otherPage = address !== undefined && address !== pagePath(url) ? { address, file: choice.main?.path } : undefined;
  return { html: composed.html, errors: composed.errors, problems: load.problems, context: shaped, files: [...files], blocks: authoredPartialNames(folder.partials), warnings, ...(otherPage ? { otherPage } : {}) };
}
