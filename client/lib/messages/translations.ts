/**
 * Registers every language's translation of the storefront catalogue: imported once by
 * ../messages.ts, so whoever reads the catalogue (server render, islands, emails) has them all.
 * To add a language: a file beside these with a `Catalogue`, registered here, and its code in
 * CATALOGUE_LANGUAGES (../language.ts).
 */
import { registerTranslations } from '../translated.ts';
import { de } from './de.ts';

registerTranslations('de', de);
