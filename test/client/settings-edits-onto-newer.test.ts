/**
 * The owner's unsaved Settings edits laid over settings saved elsewhere meanwhile: the owner's
 * value where the owner changed a field, the newer one elsewhere, fields both changed named;
 * shipping rates merged one by one while neither side reshaped the list, else as a whole; and
 * amounts compared and written in the merged currency.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import type { RateForm, SettingsForm } from '../../client/admin/screens/SettingsScreen.tsx';
import { settingsEditsOntoNewer } from '../../client/admin/screens/settings-edits-onto-newer.ts';
import { addressFormOf } from '../../client/admin/screens/SettingsBusinessAddress.tsx';

const rate = (id: string, changes: Partial<RateForm> = {}): RateForm => ({
  id, name: id, kind: 'flat', price: '6.00', perKilogram: '0.00', freeOver: '', maxWeight: '', countries: '', ...changes,
});
const form = (changes: Partial<SettingsForm> = {}): SettingsForm => ({
  siteTitle: 'Loam', tagline: '', storeAddress: 'https://loam.example', timeZone: 'America/New_York', language: 'en-US', currency: 'USD', taxRate: '8', pricesIncludeTax: false, taxName: '', rates: [rate('standard'), rate('express', { price: '15.00' })],
  storeOpen: true, instalmentsEnabled: false, captchaEnabled: true, orderNotificationEmail: '', lowStock: '5', ...addressFormOf(undefined), vatNumber: '', ...changes,
});

describe('the owner\'s Settings edits over the newer settings', () => {
  it('keeps the owner\'s changed fields, takes the newer ones elsewhere, and names those both changed', () => {
    const { form: merged, bothChanged } = settingsEditsOntoNewer(
      form({ siteTitle: 'My Loam', taxRate: '9' }), form(), form({ siteTitle: 'Their Loam', storeOpen: false }),
    );
    expect([merged.siteTitle, merged.taxRate, merged.storeOpen]).toEqual(['My Loam', '9', false]);
    expect(bothChanged).toEqual([ADMIN.siteTitle]);
  });

  it('merges the VAT number as any field of its own', () => {
    const kept = settingsEditsOntoNewer(form({ vatNumber: 'DE123456789' }), form(), form({ tagline: 'Theirs' }));
    expect([kept.form.vatNumber, kept.form.tagline]).toEqual(['DE123456789', 'Theirs']);
    const both = settingsEditsOntoNewer(form({ vatNumber: 'DE123456789' }), form(), form({ vatNumber: 'DE987654321' }));
    expect(both.bothChanged).toEqual([ADMIN.vatNumber]);
  });

  it('merges the time zone as any field of its own', () => {
    const kept = settingsEditsOntoNewer(form({ timeZone: 'Europe/Paris' }), form(), form({ tagline: 'Theirs' }));
    expect([kept.form.timeZone, kept.form.tagline]).toEqual(['Europe/Paris', 'Theirs']);
    const both = settingsEditsOntoNewer(form({ timeZone: 'Europe/Paris' }), form(), form({ timeZone: 'Europe/Berlin' }));
    expect(both.bothChanged).toEqual([ADMIN.timeZone]);
  });

  it('merges the language and region as any field of its own', () => {
    const kept = settingsEditsOntoNewer(form({ language: 'en-IE' }), form(), form({ timeZone: 'Europe/Dublin' }));
    expect([kept.form.language, kept.form.timeZone]).toEqual(['en-IE', 'Europe/Dublin']);
    const both = settingsEditsOntoNewer(form({ language: 'en-IE' }), form(), form({ language: 'en-GB' }));
    expect(both.bothChanged).toEqual([ADMIN.language]);
  });

  it('merges the business address part by part, each named by its own label', () => {
    const merged = settingsEditsOntoNewer(form({ addressLine1: '12 Mill Lane', addressCity: 'Hudson' }), form(), form({ addressCity: 'Albany', addressCountry: 'United States' }));
    expect([merged.form.addressLine1, merged.form.addressCity, merged.form.addressCountry]).toEqual(['12 Mill Lane', 'Hudson', 'United States']);
    expect(merged.bothChanged).toEqual([ADMIN.addressCity]);
  });

  it('does not name a field both sides changed to the same value', () => {
    const { bothChanged } = settingsEditsOntoNewer(form({ tagline: 'Same' }), form(), form({ tagline: 'Same' }));
    expect(bothChanged).toEqual([]);
  });

  it('merges rates field by field while both lists are the loaded rates, and takes the owner\'s whole list once the owner reshaped it', () => {
    const byField = settingsEditsOntoNewer(
      form({ rates: [rate('standard', { price: '7.00' }), rate('express', { price: '15.00' })] }), form(),
      form({ rates: [rate('standard'), rate('express', { price: '18.00' })] }),
    );
    expect(byField.form.rates.map((item) => item.price)).toEqual(['7.00', '18.00']);
    expect(byField.bothChanged).toEqual([]);

    const reshaped = settingsEditsOntoNewer(
      form({ rates: [rate('standard')] }), form(), form({ rates: [rate('standard'), rate('express', { price: '18.00' })] }),
    );
    expect(reshaped.form.rates.map((item) => item.id)).toEqual(['standard']);
    expect(reshaped.bothChanged).toEqual([ADMIN.shippingRates]);
  });

  it('writes the rates in the currency the merge keeps: a currency changed elsewhere rewrites the owner\'s typed amounts in its units', () => {
    const { form: merged, bothChanged } = settingsEditsOntoNewer(
      form({ rates: [rate('standard', { price: '7.00' }), rate('express', { price: '15.00' })] }), form(),
      form({ currency: 'JPY', rates: [rate('standard', { price: '600', perKilogram: '0' }), rate('express', { price: '1500', perKilogram: '0' })] }),
    );
    expect(merged.currency).toBe('JPY');
    expect(merged.rates.map((item) => item.price)).toEqual(['700', '1500']);
    expect(bothChanged).toEqual([]);
  });
});
