/**
 * The languages and regions the Settings screen offers for the store (the website's `language`):
 * the locale the pages, the checkout and the emails write prices, dates and country names in, and
 * whose language the shopper's words follow where the catalogue has it (client/lib/language.ts).
 * The list is of regions whose formats a shop is likely to want, each in a language whose CLDR
 * data the engine carries. The stored locale
 * stays offered when it is not among them (a store whose data brought pt-AO), so a save never
 * changes or refuses it.
 */
const LISTED = [
  'en-US', 'en-GB', 'en-IE', 'en-CA', 'en-AU', 'en-NZ', 'en-IN', 'en-SG', 'en-ZA', 'en-DE', 'en-NL', 'en-SE', 'en-CH',
  'fr-FR', 'fr-BE', 'fr-CA', 'fr-CH', 'de-DE', 'de-AT', 'de-CH', 'it-IT', 'it-CH', 'es-ES', 'es-MX', 'es-AR', 'es-CO', 'es-CL',
  'pt-PT', 'pt-BR', 'nl-NL', 'nl-BE', 'sv-SE', 'nb-NO', 'da-DK', 'fi-FI', 'is-IS', 'pl-PL', 'cs-CZ', 'sk-SK', 'hu-HU', 'ro-RO',
  'el-GR', 'tr-TR', 'ja-JP', 'ko-KR', 'zh-CN', 'zh-TW', 'zh-HK',
] as const;

export interface LanguageChoice {
  /** The locale as stored, such as en-IE. */
  code: string;
  /** Its name in English, such as English (Ireland). */
  name: string;
}

let names: Intl.DisplayNames | undefined;

function nameOf(code: string): string {
  names ??= new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' });
  try {
    return names.of(code) ?? code;
  } catch {
    // a stored value no locale grammar accepts is still shown, by itself
    return code;
  }
}

/** The listed locales by name, with the store's own among them. */
export function languageChoices(storeLanguage: string): LanguageChoice[] {
  const codes: string[] = [...LISTED];
  if (!codes.includes(storeLanguage)) codes.push(storeLanguage);
  return codes.map((code) => ({ code, name: nameOf(code) })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** Whether the owner may save `code` for a store whose language is now `storeLanguage`. */
export function isLanguageChoice(code: string, storeLanguage: string): boolean {
  return code === storeLanguage || (LISTED as readonly string[]).includes(code);
}
