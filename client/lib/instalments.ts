/**
 * Instalment (buy-now-pay-later) rules: brand by shopper locale, the price
 * range check in cents of the store currency, and cart eligibility.
 */
import type { InstalmentBrand } from './messages.ts';

export const INSTALMENT_COUNT = 4;
export const PHYSICAL_PRODUCT_TYPE = 1;

const COUNTRY_LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  US: ['en'], CA: ['en', 'fr'], AU: ['en'], NZ: ['en'], GB: ['en'],
};
const AFTERPAY_LOCALES: ReadonlySet<string> = new Set(['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ']);
const CLEARPAY_LOCALES: ReadonlySet<string> = new Set(['en_GB']);
export const SUPPORTED_INSTALMENT_LOCALES: readonly string[] = [...AFTERPAY_LOCALES, ...CLEARPAY_LOCALES];

/** language_COUNTRY, falling back to the first language of the country. */
export function instalmentLocale(language: string, country: string): string | null {
  const languages = COUNTRY_LANGUAGES[country.toUpperCase()];
  if (!languages) return null;
  const lang = language.toLowerCase().split(/[-_]/)[0] ?? '';
  const chosen = languages.includes(lang) ? lang : languages[0];
  return `${chosen}_${country.toUpperCase()}`;
}

/** The brand for a locale, or null when instalments are not offered there. */
export function instalmentBrand(locale: string): InstalmentBrand | null {
  const normal = locale.replace('-', '_');
  if (AFTERPAY_LOCALES.has(normal)) return 'Afterpay';
  if (CLEARPAY_LOCALES.has(normal)) return 'Clearpay';
  return null;
}

/** In range: above the minimum and not above the maximum. */
export function isInInstalmentRange(priceCents: number, minCents: number, maxCents: number): boolean {
  return priceCents > minCents && priceCents <= maxCents;
}

/** Cart eligibility: non-empty and every item physical. */
export function cartEligibleForInstalments(productTypes: readonly number[]): boolean {
  return productTypes.length > 0 && productTypes.every((type) => type === PHYSICAL_PRODUCT_TYPE);
}

/** One instalment, rounded up to whole cents so the parts cover the price. */
export function instalmentAmountCents(priceCents: number, count: number = INSTALMENT_COUNT): number {
  return Math.ceil(priceCents / count);
}

/** Path (below the client asset base) of the modal content page for a brand and locale. */
export function instalmentModalFile(brand: InstalmentBrand, locale: string): string {
  return `instalments/${brand.toLowerCase()}-${locale}.html`;
}
