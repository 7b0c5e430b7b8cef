import type { Logger } from 'pino';
import type { RenderResult } from '../../engine/index.ts';
import { TEMPLATES_DIR } from '../pages/template-store.ts';
import { chooseTemplates, type FolderPageTarget } from './collection-choice.ts';
import { FolderCache } from './folder-cache.ts';
import type { TemplateFolder } from './folder-loader.ts';
import type { Json } from './platform-data.ts';
import { DiskTemplateSource } from './template-source.ts';
import { themeMessages } from './theme-messages.ts';

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
  const theme = new FolderCache(new DiskTemplateSource(dir, 'templates/'), log, watch);
  return {
    folder: () => theme.current(),
    main(target, context, options = {}) {
      const folder = theme.current();
      const choice = chooseTemplates(folder, target);
      if (choice.main === null) return { html: '', errors: [{ message: themeMessages.noBuiltinPage(target.view), line: 0, column: 0 }] };
      return choice.main.template.render(context, { partials: folder.partials, locale: options.locale, now: options.now });
    },
  };
}
