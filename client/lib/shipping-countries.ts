/**
 * The countries the checkout can ship to (ISO codes; their names come from Intl in the store's
 * language) and how each one's postal codes are written: every EU and EEA country, Switzerland,
 * the United Kingdom with the Channel Islands, the Isle of Man and Gibraltar, Europe's small
 * states, and the countries most shops sell to beyond (North America, Australasia, East Asia).
 * An owner narrows the list per shipping rate (Settings → Shipping rates).
 *
 * The codes' shapes come from the postcode-validator package (postal-codes.ts); what is kept here
 * is what no package gives: one example a shopper is shown when a code does not fit, and whether
 * the country's addresses carry a postal code at all (Hong Kong's and the Emirates' have none) or
 * carry one a shopper may leave out (Ireland's Eircode, which many addresses are still sent without).
 */
export interface CountryPostalCodes {
  /** A postal code of the country, as its post prints it: the refusal's "one looks like …". */
  example: string;
  /** 'required' (most), 'optional' (asked for, not demanded), 'none' (no postal codes: not asked). */
  use: 'required' | 'optional' | 'none';
}

const required = (example: string): CountryPostalCodes => ({ example, use: 'required' });

/** Digits-only examples where the post also takes the digits alone (CZ 110 00, LV-1050), so a phone can offer its number pad. */
export const COUNTRY_POSTAL_CODES = {
  // European Union
  AT: required('1010'), BE: required('1000'), BG: required('1000'), HR: required('10000'), CY: required('1010'),
  CZ: required('11000'), DK: required('1550'), EE: required('10111'), FI: required('00100'), FR: required('75001'),
  DE: required('10117'), GR: required('10557'), HU: required('1051'), IE: { example: 'D02 X285', use: 'optional' },
  IT: required('00184'), LV: required('1050'), LT: required('01100'), LU: required('1616'), MT: required('VLT 1117'),
  NL: required('1012 AB'), PL: required('00-950'), PT: required('1000-001'), RO: required('010011'), SK: required('81101'),
  SI: required('1000'), ES: required('28012'), SE: required('11455'),
  // the rest of the European Economic Area, and Switzerland
  IS: required('101'), LI: required('9490'), NO: required('0150'), CH: required('8001'),
  // the United Kingdom and its neighbours
  GB: required('SW1A 1AA'), JE: required('JE2 3AB'), GG: required('GY1 1AA'), IM: required('IM1 1AA'), GI: required('GX11 1AA'),
  // Europe's small states
  AD: required('AD500'), MC: required('98000'), SM: required('47890'), VA: required('00120'),
  // beyond Europe
  US: required('10118'), CA: required('K1A 0B1'), MX: required('06600'), BR: required('01310-100'),
  AU: required('2000'), NZ: required('1010'), JP: required('100-0001'), KR: required('03051'), SG: required('018956'),
  HK: { example: '', use: 'none' }, TW: required('100'), IL: required('9614303'), AE: { example: '', use: 'none' },
  ZA: required('8001'),
} as const satisfies Record<string, CountryPostalCodes>;

export type ShippingCountry = keyof typeof COUNTRY_POSTAL_CODES;

export const SHIPPING_COUNTRIES = Object.keys(COUNTRY_POSTAL_CODES) as ShippingCountry[];

const COUNTRY_SET: ReadonlySet<string> = new Set(SHIPPING_COUNTRIES);

/** A country the checkout ships to; false for any other text (`constructor` included: it is sent by the shopper). */
export function isShippingCountry(code: string): code is ShippingCountry {
  return COUNTRY_SET.has(code);
}

/** A shipping country's postal codes; undefined for any other text. */
export function countryPostalCodes(code: string): CountryPostalCodes | undefined {
  return isShippingCountry(code) ? COUNTRY_POSTAL_CODES[code] : undefined;
}
