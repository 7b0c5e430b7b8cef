/**
 * The words of the tax's row in the cart, the checkout, the order page and the order emails: the
 * platform's ("Tax", "Includes tax") unless the shop names its tax (Settings: Tax name, such as VAT
 * or GST), then that name ("VAT", "Includes VAT"), with the rate when it is known and not 0
 * ("Includes VAT (23%)"), as a receipt gives it. `included`: the prices include the tax, which is
 * then said under the total rather than added above it. The row itself is written in one place per
 * kind of page: client/components/TotalWithTax.tsx (the islands and the owner's order screen), the
 * emails' partials (server/email/templates/partials/tax-row.*) and the confirmation page's macro
 * (templates/system/order-confirmed.page), the last two given their words by
 * server/commerce/tax-row-parts.ts.
 */
import { currentLanguage } from './language.ts';
import { CART } from './messages.ts';
import { TAX_TENTHS_IN_WHOLE } from './tax-rate.ts';

export function taxLabel(name: string, included: boolean, rateTenths: number | null = null): string {
  const words = name === '' ? (included ? CART.taxIncluded : CART.tax) : included ? CART.includesNamedTax(name) : name;
  return rateTenths === null || rateTenths <= 0 ? words : CART.taxAtRate(words, ratePercentText(rateTenths));
}

const rateFormats = new Map<string, Intl.NumberFormat>();

/**
 * A rate in tenths of a basis point as a percentage's number, to three decimals at most, with the
 * decimal mark of the words' language: 8875 → '8.875' (English), '8,875' (German); 23000 → '23'.
 */
export function ratePercentText(rateTenths: number): string {
  const language = currentLanguage();
  let format = rateFormats.get(language);
  if (format === undefined) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 3, useGrouping: false });
    rateFormats.set(language, format);
  }
  return format.format(Math.round(rateTenths) / (TAX_TENTHS_IN_WHOLE / 100));
}
