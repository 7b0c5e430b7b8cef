/** Settings: title, tagline, the shop's web address, its business address and VAT number, time zone, language and region, currency, tax, shipping rates, store open, instalment messaging, captcha, where new orders are emailed, when stock is running low. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { adminCall, type FieldErrors } from '../admin-api.ts';
import { CheckboxField, Field, Notice } from '../Field.tsx';
import { centsFromText, integerFromText, textFromCents, withUnreadableAmounts } from '../../lib/money-input.ts';
import { basisPointsFromText, textFromBasisPoints } from '../tax-rate-input.ts';
import { useFocusAfterCall } from '../focus-after-call.ts';
import { useRowFocus } from '../row-focus.ts';
import { refusalText, useErrorFocus } from '../refused-save.ts';
import { refusedNotice, useScreenNotice } from '../screen-notice.ts';
import type { MoneyFormat } from '../../lib/money.ts';
import { hasEdits, useUnsavedChanges } from '../unsaved-changes.ts';
import { useCall } from '../use-call.ts';
import { withCurrency } from './settings-form-currency.ts';
import { settingsEditsOntoNewer } from './settings-edits-onto-newer.ts';
import { countriesText, countriesTyped } from '../rate-countries-input.ts';
import { addressFormOf, addressPayloadOf, BusinessAddressFields, type AddressForm, type BusinessAddress } from './SettingsBusinessAddress.tsx';

interface LanguageChoice { code: string; name: string }
interface Rate { id: string; name: string; kind: 'flat' | 'weight'; priceCents: number; perKilogramCents: number; freeOverCents: number; maxWeightGrams: number; countries?: string[] }
interface Settings {
  siteTitle: string; tagline: string; storeAddress: string; businessAddress?: BusinessAddress; vatNumber?: string; timeZone?: string; language?: string; currency: string; taxRateBasisPoints: number; pricesIncludeTax?: boolean; taxName?: string; shippingRates: Rate[];
  storeOpen: boolean; instalmentsEnabled: boolean; captchaEnabled: boolean; orderNotificationEmail: string; lowStockThreshold: number;
}
export interface RateForm { id: string; name: string; kind: 'flat' | 'weight'; price: string; perKilogram: string; freeOver: string; maxWeight: string; countries: string }
export interface SettingsForm extends AddressForm { vatNumber: string; siteTitle: string; tagline: string; storeAddress: string; timeZone: string; language: string; currency: string; taxRate: string; pricesIncludeTax: boolean; taxName: string; rates: RateForm[]; storeOpen: boolean; instalmentsEnabled: boolean; captchaEnabled: boolean; orderNotificationEmail: string; lowStock: string }

/**
 * A new rate: flat, never free, for any weight (0 in each of those means none, shown empty), with an
 * id no other rate has; its amounts written as the form's currency writes them (0.00, or 0 in yen).
 */
function newRate(rates: readonly RateForm[], currency: string): RateForm {
  let number = rates.length + 1;
  while (rates.some((rate) => rate.id === `rate-${number}`)) number += 1;
  const zero = textFromCents(0, currency);
  return { id: `rate-${number}`, name: '', kind: 'flat', price: zero, perKilogram: zero, freeOver: '', maxWeight: '', countries: '' };
}

function formOf(settings: Settings): SettingsForm {
  const money = (cents: number) => textFromCents(cents, settings.currency);
  return {
    siteTitle: settings.siteTitle, tagline: settings.tagline, storeAddress: settings.storeAddress, timeZone: settings.timeZone ?? '', language: settings.language ?? '', currency: settings.currency, taxRate: textFromBasisPoints(settings.taxRateBasisPoints),
    pricesIncludeTax: settings.pricesIncludeTax === true,
    taxName: settings.taxName ?? '',
    storeOpen: settings.storeOpen, instalmentsEnabled: settings.instalmentsEnabled, captchaEnabled: settings.captchaEnabled,
    orderNotificationEmail: settings.orderNotificationEmail,
    lowStock: String(settings.lowStockThreshold),
    ...addressFormOf(settings.businessAddress),
    vatNumber: settings.vatNumber ?? '',
    rates: settings.shippingRates.map((rate) => ({
      id: rate.id, name: rate.name, kind: rate.kind, price: money(rate.priceCents), perKilogram: money(rate.perKilogramCents),
      freeOver: rate.freeOverCents === 0 ? '' : money(rate.freeOverCents), maxWeight: rate.maxWeightGrams === 0 ? '' : String(rate.maxWeightGrams),
      countries: countriesText(rate.countries),
    })),
  };
}

function payloadOf(form: SettingsForm) {
  const cents = (text: string) => (text.trim() === '' ? 0 : centsFromText(text, form.currency));
  return {
    siteTitle: form.siteTitle, tagline: form.tagline, storeAddress: form.storeAddress, businessAddress: addressPayloadOf(form), vatNumber: form.vatNumber, currency: form.currency,
    // none shown (a server that sends no zone): none sent, and the store's is kept
    ...(form.timeZone !== '' ? { timeZone: form.timeZone } : {}),
    ...(form.language !== '' ? { language: form.language } : {}),
    taxRateBasisPoints: basisPointsFromText(form.taxRate),
    pricesIncludeTax: form.pricesIncludeTax, taxName: form.taxName,
    storeOpen: form.storeOpen, instalmentsEnabled: form.instalmentsEnabled, captchaEnabled: form.captchaEnabled,
    orderNotificationEmail: form.orderNotificationEmail,
    lowStockThreshold: integerFromText(form.lowStock),
    shippingRates: form.rates.map((rate) => ({
      id: rate.id, name: rate.name, kind: rate.kind, priceCents: cents(rate.price), perKilogramCents: cents(rate.perKilogram),
      freeOverCents: cents(rate.freeOver), maxWeightGrams: rate.maxWeight.trim() === '' ? 0 : integerFromText(rate.maxWeight),
      countries: countriesTyped(rate.countries),
    })),
  };
}

export function SettingsScreen({ canEdit, onSiteTitleSaved, onMoneyFormatSaved, onTimeZoneSaved, onLanguageSaved }: {
  canEdit: boolean;
  onSiteTitleSaved?: (siteTitle: string) => void;
  /** The store's time zone as saved: the admin writes dates in it from now on. */
  onTimeZoneSaved?: (timeZone: string) => void;
  /** The store's language as saved: the admin writes dates in it from now on. */
  onLanguageSaved?: (language: string) => void;
  /** The store's money format as saved: the admin writes amounts in it from now on. */
  onMoneyFormatSaved?: (format: MoneyFormat) => void;
}) {
  const { data, error } = useCall<{ settings: Settings; revision?: number; currencies: string[]; timeZones?: string[]; languages?: LanguageChoice[] }>('/api/admin/settings');
  const [form, setForm] = useState<SettingsForm | null>(null);
  // the form as loaded or last saved: any difference is an unsaved edit
  const [saved, setSaved] = useState<SettingsForm | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useScreenNotice();
  const [busy, setBusy] = useState(false);
  // the revision of the settings the form was loaded (or last saved) from: a save names it, and one
  // made after the settings were saved elsewhere is refused rather than writing over that save
  const [revision, setRevision] = useState<number | undefined>(undefined);
  // a save was refused because the settings were saved elsewhere: the newer ones are offered
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  // the form as typed, for loading the newer settings under it after a refusal
  const latestForm = useRef<SettingsForm | null>(null);
  latestForm.current = form;
  const [formRef, focusFirstError] = useErrorFocus();
  const saveButton = useRef<HTMLButtonElement>(null);
  const focusAfterCall = useFocusAfterCall(busy);
  // Add rate and Remove rate keep the focus in the list of rates rather than dropping it to the page
  const focusRow = useRowFocus(formRef);
  useUnsavedChanges(form !== null && hasEdits(form, saved));
  const show = (settings: Settings, shownRevision: number | undefined) => {
    const shown = formOf(settings);
    setForm(shown);
    setSaved(shown);
    setRevision(shownRevision);
  };
  useEffect(() => {
    if (data) show(data.settings, data.revision);
  }, [data]);
  if (!form || !data) return <><h1>{ADMIN.screens.settings}</h1><Notice text={error} kind="error" />{error ? null : <p>{ADMIN.loading}</p>}</>;
  const update = (change: Partial<SettingsForm>) => setForm({ ...form, ...change });
  const updateRate = (index: number, change: Partial<RateForm>) => update({ rates: form.rates.map((rate, at) => (at === index ? { ...rate, ...change } : rate)) });

  async function save(event: FormEvent) {
    event.preventDefault();
    focusAfterCall(saveButton);
    setBusy(true);
    const payload = { ...payloadOf(form!), ...(revision !== undefined ? { revisionWhenLoaded: revision } : {}) };
    const answer = await adminCall<{ settings: Settings; revision?: number; moneyFormat?: MoneyFormat }>('PUT', '/api/admin/settings', payload);
    setBusy(false);
    if (!answer.ok) {
      setErrors(withUnreadableAmounts(answer.fieldErrors, payload, form!.currency));
      // saved elsewhere since it was loaded: the message says so, and the newer settings are offered
      const savedElsewhere = answer.status === 409 && typeof answer.body?.currentRevision === 'number';
      setChangedElsewhere(savedElsewhere);
      setNotice(refusedNotice(answer, savedElsewhere ? answer.message : refusalText(answer)));
      focusFirstError();
      return;
    }
    setErrors({});
    setChangedElsewhere(false);
    if (answer.data.moneyFormat) onMoneyFormatSaved?.(answer.data.moneyFormat);
    onSiteTitleSaved?.(answer.data.settings.siteTitle);
    if (answer.data.settings.timeZone) onTimeZoneSaved?.(answer.data.settings.timeZone);
    if (answer.data.settings.language) onLanguageSaved?.(answer.data.settings.language);
    show(answer.data.settings, answer.data.revision);
    setNotice({ text: ADMIN.settingsSaved, kind: 'info' });
  }

  /**
   * The settings as saved elsewhere, with the owner's unsaved edits kept over them
   * (settings-edits-onto-newer.ts); the next save is made against their revision.
   */
  async function loadNewerVersion() {
    const answer = await adminCall<{ settings: Settings; revision?: number }>('GET', '/api/admin/settings');
    if (!answer.ok) {
      setNotice(refusedNotice(answer));
      return;
    }
    const newer = formOf(answer.data.settings);
    const { form: merged, bothChanged } = settingsEditsOntoNewer(latestForm.current!, saved!, newer);
    setSaved(newer);
    setForm(merged);
    setRevision(answer.data.revision);
    setErrors({});
    setChangedElsewhere(false);
    setNotice({ text: bothChanged.length > 0 ? ADMIN.settingsReloadedBothChanged(bothChanged.join(', ')) : ADMIN.settingsReloaded, kind: 'info' });
    // the button pressed goes with the refusal: the focus waits on Save rather than falling to the page
    saveButton.current?.focus();
  }

  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{ADMIN.screens.settings}</h1>
      {canEdit ? null : <p className="admin-hint">{ADMIN.readOnlyRole}</p>}
      <form className="admin-form" ref={formRef} onSubmit={save} noValidate>
        <fieldset disabled={!canEdit || busy}>
          <Field label={ADMIN.siteTitle} error={errors.siteTitle}>
            {(control) => <input {...control} value={form.siteTitle} onChange={(event) => update({ siteTitle: event.target.value })} />}
          </Field>
          <Field label={ADMIN.tagline} error={errors.tagline}>
            {(control) => <input {...control} value={form.tagline} onChange={(event) => update({ tagline: event.target.value })} />}
          </Field>
          <Field label={ADMIN.storeAddress} error={errors.storeAddress} hint={ADMIN.storeAddressHint}>
            {(control) => <input {...control} type="url" inputMode="url" autoComplete="url" value={form.storeAddress} onChange={(event) => update({ storeAddress: event.target.value })} />}
          </Field>
          <BusinessAddressFields form={form} errors={errors} update={update} />
          <Field label={ADMIN.timeZone} error={errors.timeZone} hint={ADMIN.timeZoneHint}>
            {(control) => (
              <select {...control} value={form.timeZone} onChange={(event) => update({ timeZone: event.target.value })}>
                {(data.timeZones ?? [form.timeZone].filter(Boolean)).map((zone) => <option key={zone} value={zone}>{zone.replace(/_/g, ' ')}</option>)}
              </select>
            )}
          </Field>
          <Field label={ADMIN.language} error={errors.language} hint={ADMIN.languageHint}>
            {(control) => (
              <select {...control} value={form.language} onChange={(event) => update({ language: event.target.value })}>
                {(data.languages ?? [{ code: form.language, name: form.language }].filter((choice) => choice.code !== '')).map((choice) => <option key={choice.code} value={choice.code}>{choice.name}</option>)}
              </select>
            )}
          </Field>
          <div className="admin-row">
            <Field label={ADMIN.currency} error={errors.currency} hint={ADMIN.currencyNotConverted}>
              {(control) => (
                <select {...control} value={form.currency} onChange={(event) => setForm(withCurrency(form, event.target.value))}>
                  {data.currencies.map((code) => <option key={code} value={code}>{code}</option>)}
                </select>
              )}
            </Field>
            <Field label={ADMIN.taxRate} error={errors.taxRateBasisPoints}>
              {(control) => <input {...control} inputMode="decimal" value={form.taxRate} onChange={(event) => update({ taxRate: event.target.value })} />}
            </Field>
          </div>
          <Field label={ADMIN.taxName} error={errors.taxName} hint={ADMIN.taxNameHint}>
            {(control) => <input {...control} value={form.taxName} maxLength={40} onChange={(event) => update({ taxName: event.target.value })} />}
          </Field>
          <CheckboxField label={ADMIN.pricesIncludeTax} hint={ADMIN.pricesIncludeTaxHint} checked={form.pricesIncludeTax} onChange={(pricesIncludeTax) => update({ pricesIncludeTax })} />
          <CheckboxField label={ADMIN.storeOpen} hint={ADMIN.storeOpenHint} checked={form.storeOpen} onChange={(storeOpen) => update({ storeOpen })} />
          <CheckboxField label={ADMIN.instalments} hint={ADMIN.instalmentsHint} checked={form.instalmentsEnabled} onChange={(instalmentsEnabled) => update({ instalmentsEnabled })} />
          <CheckboxField label={ADMIN.captcha} checked={form.captchaEnabled} onChange={(captchaEnabled) => update({ captchaEnabled })} />
          <Field label={ADMIN.orderNotificationEmail} error={errors.orderNotificationEmail} hint={ADMIN.orderNotificationHint}>
            {(control) => <input {...control} type="email" autoComplete="email" value={form.orderNotificationEmail} onChange={(event) => update({ orderNotificationEmail: event.target.value })} />}
          </Field>
          <Field label={ADMIN.lowStockThreshold} error={errors.lowStockThreshold} hint={ADMIN.lowStockHint}>
            {(control) => <input {...control} inputMode="numeric" value={form.lowStock} onChange={(event) => update({ lowStock: event.target.value })} />}
          </Field>
          <h2>{ADMIN.shippingRates}</h2>
          <Notice text={errors.shippingRates ?? ''} kind="error" />
          {form.rates.map((rate, index) => {
            const at = (name: string) => errors[`shippingRates.${index}.${name}`];
            return (
              <fieldset key={index} className="admin-variant" data-row-key={String(index)}>
                <legend>{rate.name || `${ADMIN.rateName} ${index + 1}`}</legend>
                <div className="admin-row">
                  <Field label={ADMIN.rateId} hint={ADMIN.rateIdHint} error={at('id')}>{(control) => <input {...control} value={rate.id} onChange={(event) => updateRate(index, { id: event.target.value })} />}</Field>
                  <Field label={ADMIN.rateName} error={at('name')}>{(control) => <input {...control} value={rate.name} onChange={(event) => updateRate(index, { name: event.target.value })} />}</Field>
                  <Field label={ADMIN.rateKind} error={at('kind')}>
                    {(control) => (
                      <select {...control} value={rate.kind} onChange={(event) => updateRate(index, { kind: event.target.value as RateForm['kind'] })}>
                        <option value="flat">{ADMIN.rateKinds.flat}</option>
                        <option value="weight">{ADMIN.rateKinds.weight}</option>
                      </select>
                    )}
                  </Field>
                  <Field label={ADMIN.ratePrice} error={at('priceCents')}>{(control) => <input {...control} inputMode="decimal" value={rate.price} onChange={(event) => updateRate(index, { price: event.target.value })} />}</Field>
                  {rate.kind === 'weight' ? (
                    <Field label={ADMIN.ratePerKilogram} error={at('perKilogramCents')} hint={ADMIN.ratePerKilogramHint}>{(control) => <input {...control} inputMode="decimal" value={rate.perKilogram} onChange={(event) => updateRate(index, { perKilogram: event.target.value })} />}</Field>
                  ) : null}
                  <Field label={ADMIN.rateFreeOver} error={at('freeOverCents')} hint={ADMIN.rateFreeOverHint}>{(control) => <input {...control} inputMode="decimal" value={rate.freeOver} onChange={(event) => updateRate(index, { freeOver: event.target.value })} />}</Field>
                  <Field label={ADMIN.rateMaxWeight} error={at('maxWeightGrams')} hint={ADMIN.rateMaxWeightHint}>{(control) => <input {...control} inputMode="numeric" value={rate.maxWeight} onChange={(event) => updateRate(index, { maxWeight: event.target.value })} />}</Field>
                  {/* codes are not words: no capital first letter or corrections on a phone */}
                  <Field label={ADMIN.rateCountries} error={at('countries')} hint={ADMIN.rateCountriesHint}>{(control) => <input {...control} autoCapitalize="characters" autoCorrect="off" spellCheck={false} value={rate.countries} onChange={(event) => updateRate(index, { countries: event.target.value })} />}</Field>
                </div>
                <button type="button" data-row-control="remove" disabled={form.rates.length === 1} onClick={() => {
                  // the rate that takes its place (rows are by position), else the one before it
                  focusRow(String(Math.min(index, form.rates.length - 2)), 'remove');
                  update({ rates: form.rates.filter((_, at) => at !== index) });
                }}>{ADMIN.removeRate}</button>
              </fieldset>
            );
          })}
          <button type="button" onClick={() => {
            // the new rate is to be filled in: its first field, rather than the button it pushed down
            focusRow(String(form.rates.length), 'first-field');
            update({ rates: [...form.rates, newRate(form.rates, form.currency)] });
          }}>{ADMIN.addRate}</button>
          <Notice text={notice.text} kind={notice.kind} />
          <div className="admin-actions">
            {changedElsewhere ? <button type="button" onClick={() => void loadNewerVersion()}>{ADMIN.reloadSettings}</button> : null}
            <button type="submit" ref={saveButton}>{busy ? ADMIN.saving : ADMIN.save}</button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
