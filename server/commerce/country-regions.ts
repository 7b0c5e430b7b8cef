/**
 * Whether a country's addresses name a state, province or other region (the administrative area
 * of Google's address formats, through the localized-address-format package): the United States,
 * Canada, Australia, Italy, Spain, Japan do; Germany, France, the United Kingdom do not, and there
 * the checkout leaves out the box a shopper would otherwise wonder what to type in.
 */
import { formatAddress } from 'localized-address-format';

const MARK = '@@region@@';

export function countryHasRegion(countryCode: string): boolean {
  const lines = formatAddress({ postalCountry: countryCode, addressLines: ['1'], locality: 'Town', administrativeArea: MARK });
  return lines.some((line) => line.includes(MARK));
}
