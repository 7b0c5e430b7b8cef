/**
 * The shop's own name for its tax (Settings: Tax name, `storeSettings.taxName`), such as VAT or
 * GST, which the tax's row then says instead of the platform's words (client/lib/tax-label.ts).
 */

/** The longest name the settings take. */
export const TAX_NAME_MAX = 40;

/** The name as stored, '' when the shop gave none (or something that is not one). */
export function taxNameOf(storeSettings: Record<string, unknown>): string {
  const name = storeSettings.taxName;
  return typeof name === 'string' ? name.trim().slice(0, TAX_NAME_MAX) : '';
}
