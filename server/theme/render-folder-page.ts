import type { RenderResult, TemplateError } from '../../engine/index.ts';
import { TEMPLATES_DIR, TemplateStore } from '../pages/template-store.ts';
import { compile } from '../../engine/index.ts';
import { chooseTemplates, storeTypeName, type FolderPageTarget } from './collection-choice.ts';
import { composeFolderPage } from './compose-page.ts';
import { loadTemplateFolder, type FolderProblem } from './folder-loader.ts';
import { pageFooters, pageHeaders } from './page-headers.ts';
import { platformContext } from './platform-context.ts';
import { EMPTY_PLATFORM_DATA, type Json, type PlatformData } from './platform-data.ts';
import { DiskTemplateSource, type TemplateSource } from './template-source.ts';
import { themeMessages } from './theme-messages.ts';

/** System pages by the first segment of their path; any other path without a collection is the 404 page. */
const SYSTEM_PATHS: Readonly<Record<string, string>> = { cart: 'cart', checkout: 'checkout', search: 'search' };

/** The project's own pages that stand in as the platform's built-in main content, by view. */
const BUILTIN_SYSTEM: Readonly<Record<string, string>> = { '404': 'not-found', cart: 'cart', checkout: 'checkout', search: 'search' };
const BUILTIN_COLLECTION: Readonly<Record<string, { list?: string; item?: string }>> = {
  products: { list: 'shop', item: 'product' },
  lessons: { list: 'lessons', item: 'lesson' },
  gallery: { list: 'gallery' },
};
const BUILTIN_PAGE: Readonly<Record<string, string>> = { home: 'home', contact: 'contact' };

const EMPTY = compile('', { name: 'empty' });

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

function builtinName(target: FolderPageTarget): string | undefined {
  if (target.view === 'system') return BUILTIN_SYSTEM[target.systemName ?? ''];
  const collection = target.collection ?? {};
  if (target.view === 'page') return BUILTIN_PAGE[String(collection.urlId ?? '')];
  const byType = BUILTIN_COLLECTION[storeTypeName(collection)];
  return target.view === 'item' ? byType?.item : byType?.list;
}

export interface FolderPageRender {
  html: string;
  /** Render errors, each naming the folder file (or block) it happened in. */
  errors: TemplateError[];
  /** Problems of the folder found while loading it (compile errors, bad .conf files…). */
  problems: FolderProblem[];
  /** The platform-shaped context the page rendered with (what ?format=json would answer). */
  context: Json;
}

export interface RenderFolderPageOptions {
  data?: PlatformData;
  locale?: string;
  now?: number;
}

/**
 * Renders one page of a template folder the way the server would, from a page context instead
 * of the store: the context's collection and item decide the list, item, page or system page;
 * platform tags read `options.data` (nothing by default); pages the folder has no template for
 * render the project's own built-in page inside the folder's regions.
 */
export function renderFolderPage(dirOrSource: string | TemplateSource, url: string, context: Json, options: RenderFolderPageOptions = {}): FolderPageRender {
  const source = typeof dirOrSource === 'string' ? new DiskTemplateSource(dirOrSource) : dirOrSource;
  const load = loadTemplateFolder(source);
  if (load.folder === null) return { html: '', errors: [], problems: load.problems, context };
  const folder = load.folder;
  const target = targetFor(url, context);
  const choice = chooseTemplates(folder, target);
  const shaped = platformContext(folder, choice, context, { showCart: context.showCart === true });
  const builtins = new TemplateStore(TEMPLATES_DIR);
  const builtinMain = (pageContext: Json): RenderResult => {
    const name = builtinName(target);
    if (name === undefined) return { html: '', errors: [{ message: themeMessages.noBuiltinPage(target.view), line: 0, column: 0 }] };
    return builtins.page(name).render(pageContext, { partials: { ...builtins.partials(), 'head.block': EMPTY, 'footer.block': EMPTY }, locale: options.locale, now: options.now });
  };
  const composed = composeFolderPage({
    folder,
    target,
    choice,
    context: shaped,
    data: options.data ?? EMPTY_PLATFORM_DATA,
    headers: pageHeaders(shaped, { path: new URL(url, 'http://localhost').pathname, typeName: choice.typeName, crumb: '', stylesheetUrl: null }),
    footers: pageFooters(shaped),
    builtinMain,
    locale: options.locale,
    now: options.now,
  });
  return { html: composed.html, errors: composed.errors, problems: load.problems, context: shaped };
}
