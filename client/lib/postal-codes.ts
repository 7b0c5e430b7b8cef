/**
 * Whether a postal code has its country's shape, by the patterns of the postcode-validator package
 * (kept up by its maintainers for some 200 countries), so a code cut short or typed for another
 * country (a ZIP code of four digits, a UK postcode under United States) is caught at the checkout
 * rather than on the parcel. The checkout island and the server both ask it.
 */
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { countryPostalCodes } from './shipping-countries.ts';

/**
 * Where the package is looser than the country's post: Portugal's four-digit codes alone were
 * replaced by seven-digit ones (1000-001) in the 1990s, and a parcel addressed with four loses its street.
 */
const STRICTER: Readonly<Record<string, RegExp>> = { PT: /^\d{4}-\d{3}$/ };

/**
 * The code as typed and each way of writing its letters and digits with one space or dash between
 * them: a shopper's separator is not judged (1000001 and 100 0001 are 100-0001 in Japan; 101180110
 * a ZIP+4), only the characters and their order.
 */
function writings(code: string): string[] {
  const compact = code.replace(/[\s-]/g, '');
  const ways = [code, compact];
  for (let at = 1; at < compact.length; at += 1) {
    for (const separator of [' ', '-']) ways.push(`${compact.slice(0, at)}${separator}${compact.slice(at)}`);
  }
  return ways;
}

function fitsPattern(code: string, countryCode: string): boolean {
  const stricter = STRICTER[countryCode];
  if (stricter) return stricter.test(code);
  return postcodeValidator(code, countryCode);
}

/**
 * True when `value` is a postal code of the country (any case; full-width digits and dashes, as a
 * Japanese keyboard types them, read as plain ones), or the country's shape is not known.
 */
export function postalCodeFits(value: string, countryCode: string): boolean {
  if (!countryPostalCodes(countryCode) || !postcodeValidatorExistsForCountry(countryCode)) return true;
  const code = value.normalize('NFKC').trim().toUpperCase();
  if (code.length > 20) return false;
  return writings(code).some((way) => fitsPattern(way, countryCode));
}

/**
 * The country's codes are digits alone (10118, 75001, 2000): a phone offers its number pad for
 * them; the others mix in letters (SW1A 1AA, K1A 0B1, 1012 AB) or a dash (100-0001, 00-950),
 * which a number pad lacks.
 */
export function postalCodesAreDigits(countryCode: string): boolean {
  return /^\d+$/.test(countryPostalCodes(countryCode)?.example ?? '');
}
