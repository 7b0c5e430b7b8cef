/**
 * Locale data for the i18n and date plugins, in one place.
 *
 * Both references format through Unicode CLDR with the cldr-engine family
 * (`@phensley/cldr` in TypeScript, its port in Java), so we use the same
 * library: its output matches the golden files byte for byte where Node's
 * Intl (a different ICU/CLDR release) does not.
 *
 * Resource packs are JSON files, one per language. On Node they are read
 * from the installed package; any other host (a browser bundle) registers
 * its own loader with `setCldrPackLoader` before rendering.
 */
import { CLDRFramework } from '@phensley/cldr';
import type { CLDR } from '@phensley/cldr';
import { useReferenceCurrencyFractions } from './currency-fractions.ts';

// Before any currency is formatted: the reference's digits for the few currencies whose data moved.
useReferenceCurrencyFractions();

/** Locale used when a render names none, or one we cannot load. */
export const DEFAULT_LOCALE = 'en-US';

/** Returns the JSON text of the resource pack for a language ('en', 'fr', …). */
export type CldrPackLoader = (language: string) => string;

let packLoader: CldrPackLoader | undefined;
let framework: CLDRFramework | undefined;
const byLocale = new Map<string, CLDR>();

/** Replaces the pack loader (and forgets every locale loaded so far). */
export function setCldrPackLoader(loader: CldrPackLoader): void {
  packLoader = loader;
  framework = undefined;
  byLocale.clear();
}

/** Reads packs from the installed `@phensley/cldr` package (Node only). */
function nodePackLoader(): CldrPackLoader {
  const proc = (globalThis as { process?: NodeJS.Process }).process;
  const getBuiltin = proc?.getBuiltinModule;
  if (typeof getBuiltin !== 'function') {
    throw new Error('No CLDR resource pack loader: call setCldrPackLoader() on this platform');
  }
  const { createRequire } = getBuiltin('node:module') as typeof import('node:module');
  const { readFileSync } = getBuiltin('node:fs') as typeof import('node:fs');
  const require = createRequire(import.meta.url);
  const anyPack = require.resolve('@phensley/cldr/packs/en.json');
  const dir = anyPack.slice(0, anyPack.length - 'en.json'.length);
  return (language) => readFileSync(`${dir}${language}.json`, 'utf8');
}

function getFramework(): CLDRFramework {
  if (!framework) {
    const loader = packLoader ?? (packLoader = nodePackLoader());
    framework = new CLDRFramework({ loader });
  }
  return framework;
}

const tagByLocale = new Map<string, string>();
const TAG_CACHE_LIMIT = 100;
/**
 * Locales per cache: a site uses one or two, but templates may name any text as a locale. With
 * MAX_CACHED_LOCALE_LENGTH this bounds each locale cache's bytes (a longer text is never cached).
 */
export const LOCALE_CACHE_LIMIT = 64;
export const MAX_CACHED_LOCALE_LENGTH = 64;

/**
 * Normalises a locale as templates write it ('en_US', 'fr-fr', '') to a
 * BCP 47 tag, falling back to the default locale when empty.
 */
export function normalizeLocale(locale: string | undefined): string {
  if (locale === undefined) return DEFAULT_LOCALE;
  // Every message and money format asks again for the render's locale; a site uses one or two.
  let tag = tagByLocale.get(locale);
  if (tag === undefined) {
    tag = locale.trim().replace(/_/g, '-') || DEFAULT_LOCALE;
    if (locale.length > MAX_CACHED_LOCALE_LENGTH) return tag;
    if (tagByLocale.size >= TAG_CACHE_LIMIT) tagByLocale.clear();
    tagByLocale.set(locale, tag);
  }
  return tag;
}

let lastLocale: string | undefined;
let lastCldr: CLDR | undefined;

/**
 * The CLDR instance for a locale, loaded once and cached. A locale whose
 * language has no resource pack falls back to the default locale.
 */
export function cldrFor(locale: string | undefined): CLDR {
  // A render asks for its one locale on every date and money format: the last answer, without two map reads.
  if (locale === lastLocale && lastCldr !== undefined) return lastCldr;
  const cldr = cldrOfLocale(locale);
  lastLocale = locale;
  lastCldr = cldr;
  return cldr;
}

/** Whether a locale has data of its own, rather than rendering as the default locale (as cldrFor falls back). */
export function hasLocaleData(locale: string): boolean {
  const tag = normalizeLocale(locale);
  if (tag === DEFAULT_LOCALE) return true;
  try {
    getFramework().get(tag);
    return true;
  } catch {
    return false;
  }
}

function cldrOfLocale(locale: string | undefined): CLDR {
  const tag = normalizeLocale(locale);
  const cached = byLocale.get(tag);
  if (cached) return cached;
  let cldr: CLDR;
  try {
    cldr = getFramework().get(tag);
  } catch {
    cldr = tag === DEFAULT_LOCALE ? getFramework().get(DEFAULT_LOCALE) : cldrOfLocale(DEFAULT_LOCALE);
  }
  if (tag.length > MAX_CACHED_LOCALE_LENGTH) return cldr;
  if (byLocale.size >= LOCALE_CACHE_LIMIT) byLocale.clear();
  byLocale.set(tag, cldr);
  return cldr;
}
