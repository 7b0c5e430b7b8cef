import type { Logger } from 'pino';
import type { RenderResult } from '../../engine/index.ts';
import { TEMPLATES_DIR } from '../pages/template-store.ts';
import { chooseTemplates, type FolderPageTarget } from './collection-choice.ts';
import { FolderCache } from './folder-cache.ts';
import type { TemplateFolder } from './folder-loader.ts';
import type { Json } from './platform-data.ts';
import { DiskTemplateSource } from './template-source.ts';
import { themeMessages } from './theme-messages.ts';
import { BUILTIN_PAGE_ATTRIBUTE, builtinPageStyle } from './builtin-page-style.ts';

/**
 * The platform's built-in pages, for folders that have no template for a page (a products
 * list, the cart, checkout…): the project's own theme, itself a template folder, renders the
 * main content of that page, islands included, and the served folder's regions wrap it.
 */
export interface BuiltinPages {
  /** The theme folder the built-in pages come from. */
  folder(): TemplateFolder;
  main(target: FolderPageTarget, context: Json, options?: { locale?: string; now?: number }): RenderResult;
}

export function createBuiltinPages(log: Logger, watch: boolean, dir: string = TEMPLATES_DIR): BuiltinPages {
  // named in the log as what it is here: beside an author's own folder, a bare 'templates/' read as if the server served the theme instead
  const theme = new FolderCache(new DiskTemplateSource(dir, 'templates/ (the built-in pages)'), log, watch);
  // the scoped stylesheet, made once per version of the theme folder (a changed site.css is a new
  // version, reloaded in development), not read and parsed for every page
  const styles = new WeakMap<TemplateFolder, string>();
  const styleOf = (folder: TemplateFolder): string => {
    let style = styles.get(folder);
    if (style === undefined) styles.set(folder, style = builtinPageStyle(dir));
    return style;
  };
  return {
    folder: () => theme.current(),
    main(target, context, options = {}) {
      const folder = theme.current();
      const choice = chooseTemplates(folder, target);
      if (choice.main === null) return { html: '', errors: [{ message: themeMessages.noBuiltinPage(target.view), line: 0, column: 0 }] };
      const result = choice.main.template.render(context, { partials: folder.partials, locale: options.locale, now: options.now });
      return { ...result, html: asMainContent(result.html, styleOf(folder)) };
    },
  };
}

const OPENING_MAIN = /^(\s*)<main\b([^>]*)>/;

/**
 * The theme's pages open with the theme layout's `<main id="main">`. In a folder's layout they are
 * the main content inside the author's own landmark, so they open with a `<div>` without the id:
 * a main nested in a main is invalid HTML, and a second `id="main"` clashes with the author's.
 * The div is marked `data-builtin-page` and opens with the theme's stylesheet scoped to it
 * (builtin-page-style.ts), since the folder's layout loads its own.
 */
export function asMainContent(html: string, style: string): string {
  const open = OPENING_MAIN.exec(html);
  const close = html.lastIndexOf('</main>');
  if (open === null || close === -1) return html;
  const attributes = open[2].replace(/\s+id="main"/, '');
  return `${open[1]}<div${attributes} ${BUILTIN_PAGE_ATTRIBUTE}>${style}${html.slice(open[0].length, close)}</div>${html.slice(close + '</main>'.length)}`;
}
