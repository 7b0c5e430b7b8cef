import { pino } from 'pino';
import type { TemplateError } from '../../engine/index.ts';
import { recordAppliedPartials } from './applied-partials.ts';
import { createBuiltinPages, type BuiltinPages } from './builtin-pages.ts';
import { chooseTemplates, storeTypeName, type FolderPageTarget } from './collection-choice.ts';
import { composeFolderPage } from './compose-page.ts';
import { loadTemplateFolder, type FolderProblem, type TemplateFolder } from './folder-loader.ts';
import { stylesheetUrl } from './folder-styles.ts';
import { pageFooters, pageHeaders } from './page-headers.ts';
import { platformContext } from './platform-context.ts';
import { EMPTY_PLATFORM_DATA, type Json, type PlatformData } from './platform-data.ts';
import { DiskTemplateSource, type TemplateSource } from './template-source.ts';

/** System pages by the first segment of their path; any other path without a collection is the 404 page. */
const SYSTEM_PATHS: Readonly<Record<string, string>> = { cart: 'cart', checkout: 'checkout', search: 'search' };

function asObject(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

/** What a URL with this context shows: an item, a list or page of its collection, or a system page. */
export function targetFor(url: string, context: Json): FolderPageTarget {
  const collection = asObject(context.collection);
  if (collection !== undefined) {
    if (asObject(context.item) !== undefined) return { view: 'item', collection };
    return { view: storeTypeName(collection) === 'page' ? 'page' : 'list', collection };
  }
  const first = new URL(url, 'http://localhost').pathname.split('/')[1] ?? '';
  return { view: 'system', systemName: SYSTEM_PATHS[first] ?? '404' };
}

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
  return folder.conf.stylesheets.length > 0 ? stylesheetUrl(folder.source.version()) : null;
}

/**
 * Renders one page of a template folder the way the server would, from a page context instead
 * of the store: the context's collection and item decide the list, item, page or system page;
 * platform tags read `options.data` (nothing by default); pages the folder has no template for
 * render the project's own theme's template for that page inside the folder's regions.
 */
export function renderFolderPage(dirOrSource: string | TemplateSource, url: string, context: Json, options: RenderFolderPageOptions = {}): FolderPageRender {
  const source = typeof dirOrSource === 'string' ? new DiskTemplateSource(dirOrSource) : dirOrSource;
  const load = loadTemplateFolder(source);
  if (load.folder === null) return { html: '', errors: [], problems: load.problems, context, files: [] };
  const folder = load.folder;
  const target = targetFor(url, context);
  const choice = chooseTemplates(folder, target);
  const shaped = platformContext(folder, choice, context, { showCart: context.showCart === true });
  const applied = new Set<string>();
  const composed = composeFolderPage({
    folder: { ...folder, partials: recordAppliedPartials(folder.partials, applied) },
    target,
    choice,
    context: shaped,
    data: options.data ?? EMPTY_PLATFORM_DATA,
    headers: pageHeaders(shaped, { path: new URL(url, 'http://localhost').pathname, typeName: choice.typeName, crumb: '', stylesheetUrl: folderStylesheetUrl(folder) }),
    footers: pageFooters(shaped),
    builtinMain: (pageContext) => (options.builtins ?? createBuiltinPages(pino({ level: 'silent' }), false)).main(target, pageContext, options),
    locale: options.locale,
    now: options.now,
  });
  const regions = choice.regions.map((region) => folder.regions.get(region)?.path);
  const files = new Set([choice.main?.path, ...regions, ...applied].filter((file) => file !== undefined));
  return { html: composed.html, errors: composed.errors, problems: load.problems, context: shaped, files: [...files] };
}
