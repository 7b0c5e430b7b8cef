/** The store's tax settings as the cart, the checkout and the pages read them (server/commerce/tax-settings.ts). */
import { describe, expect, it } from 'vitest';
import { taxSettingsOf } from '../../server/commerce/tax-settings.ts';

describe('the tax settings', () => {
  it('read defensively: no rate, tax added and the platform\'s words unless the settings say otherwise', () => {
    expect(taxSettingsOf({})).toEqual({ taxRateBasisPoints: 0, pricesIncludeTax: false, taxName: '' });
    expect(taxSettingsOf({ taxRateBasisPoints: -5, pricesIncludeTax: 'yes', taxName: 7 })).toEqual({ taxRateBasisPoints: 0, pricesIncludeTax: false, taxName: '' });
    expect(taxSettingsOf({ taxRateBasisPoints: 2000, pricesIncludeTax: true, taxName: ' VAT ' })).toEqual({ taxRateBasisPoints: 2000, pricesIncludeTax: true, taxName: 'VAT' });
  });

  it('take a rate in tenths of a basis point (8.875 %), and none finer', () => {
    expect(taxSettingsOf({ taxRateBasisPoints: 887.5 }).taxRateBasisPoints).toBe(887.5);
    expect(taxSettingsOf({ taxRateBasisPoints: 800 }).taxRateBasisPoints).toBe(800);
    expect(taxSettingsOf({ taxRateBasisPoints: 887.55 }).taxRateBasisPoints).toBe(0);
  });
});
