/**
 * The Settings form when its save was refused because the settings were saved elsewhere (another
 * tab, another member of staff) meanwhile: the newer settings, with the owner's unsaved edits kept
 * over them, by the product editor's rule. A field the owner changed keeps the owner's value; one
 * the owner left shows the newer one. Fields both changed are named, for the owner to check
 * before saving again.
 */
import { ADMIN } from '../../lib/admin-messages.ts';
import type { RateForm, SettingsForm } from './SettingsScreen.tsx';
import { withCurrency } from './settings-form-currency.ts';
import { ADDRESS_FIELDS } from './SettingsBusinessAddress.tsx';

export interface SettingsEditsOntoNewer {
  form: SettingsForm;
  /** The labels of the fields the owner and someone else both changed, differently. */
  bothChanged: string[];
}

const OWN_FIELDS = {
  siteTitle: ADMIN.siteTitle, tagline: ADMIN.tagline, storeAddress: ADMIN.storeAddress, timeZone: ADMIN.timeZone, language: ADMIN.language, currency: ADMIN.currency, taxRate: ADMIN.taxRate,
  pricesIncludeTax: ADMIN.pricesIncludeTax, taxName: ADMIN.taxName,
  storeOpen: ADMIN.storeOpen, instalmentsEnabled: ADMIN.instalments, captchaEnabled: ADMIN.captcha,
  orderNotificationEmail: ADMIN.orderNotificationEmail, lowStock: ADMIN.lowStockThreshold,
  // each part of the business address on its own, named as its field is
  ...Object.fromEntries(ADDRESS_FIELDS.map((field) => [field.key, field.label])),
  vatNumber: ADMIN.vatNumber,
} as const satisfies Partial<Record<keyof SettingsForm, string>>;

const RATE_FIELDS = ['name', 'kind', 'price', 'perKilogram', 'freeOver', 'maxWeight', 'countries'] as const satisfies ReadonlyArray<keyof RateForm>;

const same = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

/** Three-way: the owner's value where the owner changed it from what was loaded, else the newer one. */
function pick<T>(mine: T, loaded: T, newer: T, label: string, bothChanged: Set<string>): T {
  if (same(mine, loaded)) return newer;
  if (!same(newer, loaded) && !same(newer, mine)) bothChanged.add(label);
  return mine;
}

/**
 * The shipping rates, compared in one currency (a change of currency rewrites every amount without
 * changing it). Where neither side added, removed or reordered rates, each rate's fields are
 * merged by the rule above; otherwise the list is one field: the owner's if the owner changed it.
 */
function ratesOntoNewer(mine: RateForm[], loaded: RateForm[], newer: RateForm[], bothChanged: Set<string>): RateForm[] {
  const ids = (list: RateForm[]) => list.map((rate) => rate.id);
  if (same(ids(mine), ids(loaded)) && same(ids(newer), ids(loaded))) {
    return newer.map((rate, index) => {
      const merged = { ...rate };
      for (const field of RATE_FIELDS) (merged[field] as unknown) = pick(mine[index]![field], loaded[index]![field], rate[field], ADMIN.shippingRates, bothChanged);
      return merged;
    });
  }
  return pick(mine, loaded, newer, ADMIN.shippingRates, bothChanged);
}

/** `mine`: the form on screen; `loaded`: the form as it was loaded (or last saved); `newer`: the stored settings' form now. */
export function settingsEditsOntoNewer(mine: SettingsForm, loaded: SettingsForm, newer: SettingsForm): SettingsEditsOntoNewer {
  const bothChanged = new Set<string>();
  const form: SettingsForm = { ...newer };
  for (const [field, label] of Object.entries(OWN_FIELDS) as Array<[keyof typeof OWN_FIELDS, string]>) {
    (form[field] as unknown) = pick(mine[field], loaded[field], newer[field], label, bothChanged);
  }
  // the rates compared as the loaded form writes its amounts, then written as the merged form's currency
  // writes them; amounts in the same currency are left as typed
  const ratesIn = (side: SettingsForm, currency: string) => (side.currency === currency ? side.rates : withCurrency(side, currency).rates);
  const rates = ratesOntoNewer(ratesIn(mine, loaded.currency), loaded.rates, ratesIn(newer, loaded.currency), bothChanged);
  form.rates = ratesIn({ ...loaded, rates }, form.currency);
  return { form, bothChanged: [...bothChanged] };
}
