import type { RenderedPage } from '../pages/rendered-page-cache.ts';
import { RenderedPageCache } from '../pages/rendered-page-cache.ts';
import type { TemplateChoice } from './collection-choice.ts';
import type { TemplateFolder } from './folder-loader.ts';
import type { Json } from './platform-data.ts';
import { templateUses } from './template-analysis.ts';

/** Formatters whose output depends on the time of rendering, not only on the context. */
const CLOCK_FORMATTERS = /timesince|relative-time/;

interface FolderFacts {
  id: number;
  readsClock: boolean;
  /** The folder writes {squarespace-headers} / {squarespace-footers} somewhere. */
  readsHeaders: boolean;
  readsFooters: boolean;
}

let lastFolderId = 0;

function factsOf(folder: TemplateFolder): FolderFacts {
  const facts: FolderFacts = { id: ++lastFolderId, readsClock: false, readsHeaders: false, readsFooters: false };
  for (const template of Object.values(folder.partials).concat(
    [...folder.regions.values()].map((file) => file.template),
    [...folder.collections.values()].flatMap((collection) => [collection.list, collection.item]).filter((file) => file !== null).map((file) => file.template),
    [...folder.pages.values()].map((page) => page.file.template),
    [...folder.system.values()].map((file) => file.template),
  )) {
    const uses = templateUses(template);
    if ([...uses.formatters].some((name) => CLOCK_FORMATTERS.test(name))) facts.readsClock = true;
    if (uses.variables.has('squarespace-headers')) facts.readsHeaders = true;
    if (uses.variables.has('squarespace-footers')) facts.readsFooters = true;
  }
  return facts;
}

export interface PageKeyParts {
  folder: TemplateFolder;
  /** The folder the built-in main content would come from. */
  builtins: TemplateFolder;
  choice: TemplateChoice;
  /** The store's page (its template name), which decides the system page and the built-in page. */
  pageName: string;
  path: string;
  /** The store's content version: platform tags read content the page context does not hold. */
  contentVersion: number;
  /**
   * What the page's `{squarespace-headers}` holds besides the context, path and chosen type: the
   * visitor's crumb and the stylesheet URL.
   */
  headerFacts: readonly string[];
  /** What the page's `{squarespace-footers}` holds besides the context: the footer hooks' markup. */
  footerParts: readonly string[];
  context: Json;
}

/**
 * Composed folder pages, as the bytes sent. A page is a function of the folder, the templates
 * chosen, the page context, the request path and the store content the platform tags read, plus
 * the facts of the headers and footers where the folder writes them (the visitor's crumb, the
 * stylesheet URL, the footer hooks' markup; the rest of them is read from the context), so the key
 * holds all of these; a folder that reads the clock is never kept, and a reloaded folder (a new
 * object) starts afresh.
 */
export class FolderPageCache {
  private readonly pages = new RenderedPageCache();
  private readonly facts = new WeakMap<TemplateFolder, FolderFacts>();

  private factsFor(folder: TemplateFolder): FolderFacts {
    let facts = this.facts.get(folder);
    if (facts === undefined) this.facts.set(folder, (facts = factsOf(folder)));
    return facts;
  }

  /** The page's key, or null when the page is not to be kept. */
  key(parts: PageKeyParts): string | null {
    const facts = this.factsFor(parts.folder);
    const builtins = parts.choice.main === null ? this.factsFor(parts.builtins) : null;
    if (facts.readsClock || builtins?.readsClock === true) return null;
    const name = [
      facts.id,
      builtins?.id ?? '',
      parts.pageName,
      parts.choice.main?.path ?? '',
      parts.choice.regions.join(','),
      parts.choice.typeName,
      parts.path,
      parts.contentVersion,
      facts.readsHeaders ? JSON.stringify(parts.headerFacts) : '',
      facts.readsFooters ? JSON.stringify(parts.footerParts) : '',
    ].join('\u0000');
    return this.pages.key(name, parts.context);
  }

  get(key: string): RenderedPage | undefined {
    return this.pages.get(key);
  }

  set(key: string, page: RenderedPage): void {
    this.pages.set(key, page);
  }
}
