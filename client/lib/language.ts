/**
 * Which language the shopper-facing words are written in: the store's own (the website's language,
 * e.g. de-AT), by its language part, among those the catalogues translate; any other is English.
 * The server answers it per request (server/pages/store-language.ts sets the source); the browser
 * takes it from the page's context, so an island hydrates with the words it was rendered with.
 */
export const CATALOGUE_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl'] as const;
export type CatalogueLanguage = (typeof CATALOGUE_LANGUAGES)[number];

/** 'de-AT' → 'de'; 'pt-BR', '' or anything unknown → 'en'. */
export function catalogueLanguage(locale: string | null | undefined): CatalogueLanguage {
  const language = (locale ?? '').split(/[-_]/)[0].toLowerCase();
  return (CATALOGUE_LANGUAGES as readonly string[]).includes(language) ? (language as CatalogueLanguage) : 'en';
}

let pageLanguage: CatalogueLanguage = 'en';
let source: () => CatalogueLanguage = () => pageLanguage;

/** The language the words are written in now. */
export function currentLanguage(): CatalogueLanguage {
  return source();
}

/** The browser's page (or a test) says which store locale its words follow. */
export function adoptPageLanguage(locale: string | null | undefined): void {
  pageLanguage = catalogueLanguage(locale);
}

/** The server answers per request instead of per page (its requests run side by side). */
export function setLanguageSource(answer: () => CatalogueLanguage): void {
  source = answer;
}
