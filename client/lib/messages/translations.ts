/**
 * Registers every language's translation of the storefront catalogue at once: imported by the
 * server (server/pages/store-language.ts), which writes pages and emails in any store's language,
 * and by tests; a browser page loads only its own language (load-translation.ts).
 * To add a language: a file beside these with a `Catalogue`, registered here and named in
 * load-translation.ts, and its code in CATALOGUE_LANGUAGES (../language.ts).
 */
import { registerTranslations } from '../translated.ts';
import { de } from './de.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { nl } from './nl.ts';

/** Every language's translation, by language (the catalogue's completeness test reads them). */
export const TRANSLATIONS = { de, fr, es, it, nl } as const;

registerTranslations('de', de);
registerTranslations('fr', fr);
registerTranslations('es', es);
registerTranslations('it', it);
registerTranslations('nl', nl);
