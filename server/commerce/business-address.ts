/**
 * The shop's business address (Settings → Business address, optional): where it sends parcels from
 * and takes returns, printed as sender and return address on packing slips and at the foot of the
 * shopper's order emails, and given to the pages as the website's `location` (the platform's
 * addressTitle, addressLine1, addressLine2, addressCountry), which templates read. Kept in the
 * store settings as `businessAddress`; not the shop's web address (the website's baseUrl).
 */
import { townLine } from './town-line.ts';
import { postalAddressLines } from './postal-address-lines.ts';
import { shippingCountryNamed } from './shipping-country-named.ts';

export interface BusinessAddress {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

export const BUSINESS_ADDRESS_FIELDS = ['name', 'line1', 'line2', 'city', 'region', 'postalCode', 'country'] as const satisfies ReadonlyArray<keyof BusinessAddress>;

/** The address the store settings hold; every part '' when none was given. */
export function businessAddressOf(storeSettings: Record<string, unknown>): BusinessAddress {
  const stored = storeSettings.businessAddress;
  const part = (key: keyof BusinessAddress) => {
    const value = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>)[key] : undefined;
    return typeof value === 'string' ? value.trim() : '';
  };
  return Object.fromEntries(BUSINESS_ADDRESS_FIELDS.map((key) => [key, part(key)])) as unknown as BusinessAddress;
}

/**
 * The address as lines to print (its name first), the empty ones left out; none when no part was
 * given. The country as typed, its town and postal code laid out as that country's post writes
 * them when the country is one the checkout knows by that name or code, in the store's language
 * or English (`10119 Berlin`).
 */
export function businessAddressLines(address: BusinessAddress, locale = 'en-US'): string[] {
  // named in the store's language (Deutschland in a German shop) or in English
  const countryCode = shippingCountryNamed(address.country, locale) ?? '';
  return [address.name, ...postalAddressLines({ ...address, countryCode }), address.country].filter((line) => line !== '');
}

/**
 * The website's `location` as the platform gives it to templates, with the business address in
 * it (the street on addressLine1, the town on addressLine2); a location the site's data brought
 * (a map's coordinates) keeps its other keys. Unchanged when no address was given.
 */
export function locationWithBusinessAddress(stored: unknown, address: BusinessAddress): unknown {
  if (businessAddressLines(address).length === 0) return stored;
  const kept = stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
  return {
    ...kept,
    addressTitle: address.name,
    addressLine1: [address.line1, address.line2].filter(Boolean).join(', '),
    addressLine2: townLine(address),
    addressCountry: address.country,
  };
}
