import { THEME_WORDS } from '../../client/lib/messages.ts';
import { NONCE_PLACEHOLDER } from '../security/content-security-policy.ts';
import type { BuiltinPages } from './builtin-pages.ts';
import { chooseTemplates, type FolderPageTarget } from './collection-choice.ts';
import { composeFolderPage } from './compose-page.ts';
import type { TemplateFolder } from './folder-loader.ts';
import { pageFooters, pageHeaders } from './page-headers.ts';
import { platformContext } from './platform-context.ts';
import { EMPTY_PLATFORM_DATA, type Json } from './platform-data.ts';
import { tweakValuesForScripts } from './stylesheet-tweaks.ts';

const ERROR_PAGE: FolderPageTarget = { view: 'system', systemName: 'error' };

export interface StoreFreeErrorPage {
  /** The request's path, for the page's canonical link. */
  path: string;
  /** What the page context holds: its title and, when the visitor can act on it, errorMessage. */
  context: Json;
  /** The folder's stylesheet link, which needs no store either. */
  stylesheetUrl: string | null;
}

/**
 * The folder's error page (system/error.page, or the built-in one in the folder's regions) for
 * when the store itself failed, so the page it would normally be composed from cannot be: the
 * context holds only what the caller gives, the platform tags read no store (navigation, queries
 * and block fields render empty), and there is no cart. Null when the folder's files for this
 * page do not compile or its render has errors: the caller then sends its bare last-resort page.
 * Nonce stand-ins are left for the caller to replace.
 */
export function composeStoreFreeErrorPage(folder: TemplateFolder, builtins: BuiltinPages, page: StoreFreeErrorPage): string | null {
  const choice = chooseTemplates(folder, ERROR_PAGE);
  const files = new Set([choice.main?.path, ...choice.regions.map((region) => folder.regions.get(region)?.path)]);
  if (folder.problems.some((problem) => problem.severity === 'error' && (files.has(problem.file) || problem.file.startsWith('blocks/')))) return null;
  // the theme's words, as a page's base context gives them (in English when the store's language could not be read)
  const context = platformContext(folder, choice, { cspNonce: NONCE_PLACEHOLDER, themeWords: { ...THEME_WORDS }, ...page.context }, { showCart: false });
  const composed = composeFolderPage({
    folder,
    target: ERROR_PAGE,
    choice,
    context,
    data: EMPTY_PLATFORM_DATA,
    headers: pageHeaders(context, { path: page.path, typeName: choice.typeName, crumb: '', stylesheetUrl: page.stylesheetUrl, tweakValues: tweakValuesForScripts(folder) }),
    footers: pageFooters(context),
    builtinMain: (shaped) => builtins.main(ERROR_PAGE, shaped),
  });
  return composed.errors.length === 0 ? composed.html : null;
}
