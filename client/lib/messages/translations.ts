/**
 * Registers every language's translation of the storefront catalogue: imported once by
 * ../messages.ts, so whoever reads the catalogue (server render, islands, emails) has them all.
 * To add a language: a file beside these with a `Catalogue`, registered here, and its code in
 * CATALOGUE_LANGUAGES (../language.ts).
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
