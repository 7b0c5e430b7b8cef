/** Countries the checkout ships to, found by what a person typed for one. */
import { SHIPPING_COUNTRIES } from '../../client/lib/checkout-schema.ts';

/** Country names in `locale`, English where it has none; null for a locale Intl refuses. */
export function regionNamesIn(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    return null;
  }
}

/**
 * The shipping country a text names (the shop's business address in Settings), by its code or its
 * name in the store's language or English, any case (`Ireland`, `IE`, `Irlande` in a French shop);
 * undefined when it names none the checkout ships to.
 */
export function shippingCountryNamed(text: string, locale: string): string | undefined {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return undefined;
  const namers = [regionNamesIn(locale), regionNamesIn('en')];
  return SHIPPING_COUNTRIES.find((code) => code.toLowerCase() === wanted || namers.some((names) => names?.of(code)?.toLowerCase() === wanted));
}
