/**
 * A browser page takes its store's language (the page context's locale) before any of its scripts
 * write a word: the language's translation is loaded first, so the islands hydrate with the words
 * the server rendered them with. A translation that cannot load (a lost connection) is reported
 * and the page's scripts go on in English rather than not at all.
 */
import { reportError } from './error-reporting.ts';
import { adoptPageLanguage, catalogueLanguage } from './language.ts';
import { loadTranslation } from './messages/load-translation.ts';

export async function takePageLanguage(locale: string | null | undefined): Promise<void> {
  try {
    await loadTranslation(catalogueLanguage(locale));
    adoptPageLanguage(locale);
  } catch (error) {
    reportError(error);
    adoptPageLanguage('en');
  }
}
