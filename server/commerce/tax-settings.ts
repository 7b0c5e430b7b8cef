/**
 * The store's tax settings (Settings: tax rate, Prices include tax, Tax name) read out of the
 * store settings in one place, so the cart, the checkout and the pages price and word the tax
 * from the same reading and cannot come to read a setting two ways.
 */
import { taxRateTenths } from '../../client/lib/tax-rate.ts';
import { taxNameOf } from './tax-name.ts';

export interface TaxSettings {
  /** Tax as basis points of the subtotal (800 = 8%), in tenths at finest (887.5 = 8.875%); 0 for none. */
  taxRateBasisPoints: number;
  /** The prices include the tax (TotalsSettings.pricesIncludeTax). */
  pricesIncludeTax: boolean;
  /** The shop's name for its tax ('' for the platform's words: tax-name.ts). */
  taxName: string;
}

/** Read defensively: a rate that is not one (negative, finer than tenths, not a number) is none, and only `true` includes the tax. */
export function taxSettingsOf(storeSettings: Record<string, unknown>): TaxSettings {
  return {
    // tenths / 10 is the stored number itself (taxRateTenths); anything else is no rate
    taxRateBasisPoints: (taxRateTenths(storeSettings.taxRateBasisPoints) ?? 0) / 10,
    pricesIncludeTax: storeSettings.pricesIncludeTax === true,
    taxName: taxNameOf(storeSettings),
  };
}
