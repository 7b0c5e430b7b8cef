/**
 * Shipping zones: a rate lists the countries it ships to (a German shop's "DHL Paket Deutschland"
 * only DE), or none for everywhere. Which rates serve the country a shopper chose, and which
 * countries some rate serves.
 */
import type { ShippingRate } from './shipping-rates.ts';

/** The rates that ship to `countryCode`; every rate while no country is known yet (''). */
export function ratesShippingTo(rates: readonly ShippingRate[], countryCode: string): ShippingRate[] {
  if (countryCode === '') return [...rates];
  return rates.filter((rate) => rate.countries.length === 0 || rate.countries.includes(countryCode));
}

/** The countries some rate ships to; null when one ships everywhere. */
export function countriesServed(rates: readonly ShippingRate[]): ReadonlySet<string> | null {
  if (rates.some((rate) => rate.countries.length === 0)) return null;
  return new Set(rates.flatMap((rate) => rate.countries));
}
