/**
 * An address as the post of its country writes it: the street lines, then the town, the region
 * and the postal code in the order and on the lines that country uses (`10119 Berlin`; `London`
 * over `SW1A 1AA`; `New York, NY 10118`), by the address formats Google publishes for each country
 * (the localized-address-format package), for labels, packing slips, order pages and emails.
 * An address without a country, or one whose format would leave out the town or postal code it
 * holds (a country the formats do not know, or one without postal codes given one anyway), keeps
 * the layout it always had, `City, Region Postal`, so nothing typed goes missing from a label.
 */
import { formatAddress } from 'localized-address-format';
import { townLine } from './town-line.ts';

export interface PostalAddress {
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  /** ISO 3166 two-letter code, or '' for none. */
  countryCode: string;
}

/** The lines from the street to the postal code, the country's name left to the caller. */
export function postalAddressLines(address: PostalAddress): string[] {
  const streets = [address.line1, address.line2].filter((line) => line !== '');
  const plain = [...streets, townLine(address)].filter((line) => line !== '');
  if (!/^[A-Z]{2}$/.test(address.countryCode)) return plain;
  const formatted = formatAddress({
    postalCountry: address.countryCode, addressLines: streets,
    locality: address.city, administrativeArea: address.region, postalCode: address.postalCode,
  }).filter((line) => line !== '');
  const holds = (part: string) => part === '' || formatted.some((line) => line.includes(part));
  return holds(address.city) && holds(address.postalCode) ? formatted : plain;
}
