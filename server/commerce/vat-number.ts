/**
 * The seller's VAT number (Settings → Business address: VAT number, `storeSettings.vatNumber`),
 * such as DE123456789: the tax identification number an EU invoice must name beside the seller,
 * printed on the order's invoice (server/admin/invoice-page.ts). Optional.
 */

/** The longest number the settings take (the EU's are 14 characters at most; room for spaces and dots). */
export const VAT_NUMBER_MAX = 30;

/** What a VAT number is written with: letters, digits, spaces, dots and dashes (`DE 123.456.789`, `ATU-12345678`). */
export const VAT_NUMBER_PATTERN = /^[A-Za-z0-9 .-]*$/;

/** The number as stored, '' when the shop gave none (or something that is not one). */
export function vatNumberOf(storeSettings: Record<string, unknown>): string {
  const number = storeSettings.vatNumber;
  return typeof number === 'string' && number.length <= VAT_NUMBER_MAX && VAT_NUMBER_PATTERN.test(number) ? number.trim() : '';
}
