/**
 * One language's translation of the storefront catalogue, loaded on demand: a browser page needs
 * only its store's language, so each language is a chunk of its own that an English shop never
 * downloads (all five together are about 35 KB compressed). The server registers every language
 * at once instead (translations.ts).
 */
import type { CatalogueLanguage } from '../language.ts';
import { registerTranslations } from '../translated.ts';
import type { Catalogue } from './catalogue.ts';

const loaded = new Map<CatalogueLanguage, Promise<void>>();

async function catalogueOf(language: Exclude<CatalogueLanguage, 'en'>): Promise<Catalogue> {
  // each import names its file outright, so the bundler makes one chunk per language
  switch (language) {
    case 'de': return (await import('./de.ts')).de;
    case 'fr': return (await import('./fr.ts')).fr;
    case 'es': return (await import('./es.ts')).es;
    case 'it': return (await import('./it.ts')).it;
    case 'nl': return (await import('./nl.ts')).nl;
  }
}

/** Registers `language`'s translation once it has loaded; English is the catalogue itself. */
export function loadTranslation(language: CatalogueLanguage): Promise<void> {
  if (language === 'en') return Promise.resolve();
  let loading = loaded.get(language);
  if (loading === undefined) {
    loading = catalogueOf(language).then((catalogue) => registerTranslations(language, catalogue));
    // a failed load (a lost connection) may be tried again by the next caller
    loading.catch(() => loaded.delete(language));
    loaded.set(language, loading);
  }
  return loading;
}
