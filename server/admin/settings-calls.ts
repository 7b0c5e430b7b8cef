import { Router } from 'express';
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import type { AppDeps } from '../deps.ts';
import { AdminSettingsRepository } from '../db/admin-settings-repository.ts';
import { lowStockThresholdOf, MAX_LOW_STOCK } from '../commerce/low-stock.ts';
import { shippingRatesFrom, typedShippingRatesSchema } from '../commerce/shipping-rates.ts';
import { ratesWithCountryCodes } from './rate-countries.ts';
import { HttpError } from '../security/http-error.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { fillMessage } from '../messages.ts';
import { fieldError, isOneLine, oneLineText, ownerText, parseAdminInput } from './admin-validation.ts';
import { storeAddressSchema } from './store-address.ts';
import { adminMoneyFormat } from './admin-money-format.ts';
import { isTaxRate, TAX_RATE_MAX_PERCENT } from '../../client/lib/tax-rate.ts';
import { storeTimeZone } from './order-period.ts';
import { timeZoneChoices } from './time-zone-choices.ts';
import { businessAddressOf, type BusinessAddress } from '../commerce/business-address.ts';
import { TAX_NAME_MAX, taxNameOf } from '../commerce/tax-name.ts';
import { VAT_NUMBER_MAX, VAT_NUMBER_PATTERN, vatNumberOf } from '../commerce/vat-number.ts';
import { isLanguageChoice, languageChoices } from './language-choices.ts';
import { storeLocale } from '../pages/base-context.ts';
import { moneyTextIn } from '../commerce/money-format.ts';
import { relabelGiftCardAmounts } from './gift-card-amount-labels.ts';

export const ADMIN_SETTINGS = '/api/admin/settings';
const TAX_RATE_PROBLEM = fillMessage(ADMIN.server.taxRate, { max: TAX_RATE_MAX_PERCENT });
const VAT_NUMBER_PROBLEM = fillMessage(ADMIN.server.vatNumber, { max: VAT_NUMBER_MAX });

/** Currencies whose money formats the storefront knows. */
export const ADMIN_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'CHF', 'SEK', 'NOK', 'DKK', 'NZD'] as const;

/**
 * What the owner may choose: the list, and the store's own currency when its data brought
 * another (a shop in KWD), so that saving the settings never changes or refuses it.
 */
function currencyChoices(storeCurrency: string): string[] {
  const listed: readonly string[] = ADMIN_CURRENCIES;
  return listed.includes(storeCurrency) ? [...listed] : [...listed, storeCurrency];
}

/** The currency the store settings name, as the settings screen shows it. */
function storeCurrencyOf(store: Record<string, unknown>): string {
  return typeof store.currency === 'string' ? store.currency : 'USD';
}

const addressPart = (max: number) => oneLineText(max).trim().default('');
const businessAddressSchema = z.object({
  name: addressPart(120), line1: addressPart(120), line2: addressPart(120), city: addressPart(120),
  region: addressPart(120), postalCode: addressPart(20), country: addressPart(120),
}) satisfies z.ZodType<BusinessAddress, unknown>;

const settingsSchema = z.object({
  siteTitle: oneLineText(120).trim().pipe(z.string().min(1)),
  tagline: oneLineText(200).trim().default(''),
  storeAddress: storeAddressSchema,
  // one of currencyChoices(), checked against the stored settings
  currency: z.string(),
  // Basis points in tenths (887.5 = 8.875 %), by the screen's rule; it shows a percentage, so every problem is told as one.
  taxRateBasisPoints: z.number({ error: TAX_RATE_PROBLEM }).refine(isTaxRate, { error: TAX_RATE_PROBLEM }),
  // prices as entered hold the tax (VAT) rather than having it added; absent: kept as it is (callers written before the setting existed)
  pricesIncludeTax: z.boolean().optional(),
  // what shoppers are told the tax is called ('' for the platform's "Tax"); absent: kept as it is
  taxName: oneLineText(TAX_NAME_MAX).trim().optional(),
  // a rate's name is one line as typed; checked here, not in the schema that reads stored rates (one
  // stored before would otherwise drop the store's rates to the default at checkout); its countries
  // as typed, codes or names, turned into codes in the store's language (rate-countries.ts)
  shippingRates: typedShippingRatesSchema.refine((rates) => rates.length > 0, { message: ADMIN.server.oneShippingRate })
    .superRefine((rates, ctx) => rates.forEach((rate, index) => {
      if (!isOneLine(rate.name)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: ADMIN.server.oneLine });
    })),
  storeOpen: z.boolean(),
  instalmentsEnabled: z.boolean(),
  captchaEnabled: z.boolean(),
  // Empty: no notice of new orders.
  orderNotificationEmail: ownerText(256).trim().pipe(z.union([z.literal(''), z.email({ error: ADMIN.server.notAnEmail })])).default(''),
  // optional, every part may be empty; absent: kept as it is (callers written before the setting existed)
  businessAddress: businessAddressSchema.optional(),
  // the seller's tax number printed on invoices ('' for none); absent: kept as it is (callers written before the setting existed)
  vatNumber: z.string({ error: VAT_NUMBER_PROBLEM }).trim()
    .refine((number) => number.length <= VAT_NUMBER_MAX && VAT_NUMBER_PATTERN.test(number), { error: VAT_NUMBER_PROBLEM }).optional(),
  // one of timeZoneChoices(), checked against the stored zone; absent: kept as it is (callers written before the setting existed)
  timeZone: z.string().optional(),
  // one of languageChoices(), checked against the stored language; absent: kept as it is (callers written before the setting existed)
  language: z.string().optional(),
  // absent: kept as it is (callers written before the setting existed)
  lowStockThreshold: z.number().int().min(0).max(MAX_LOW_STOCK).optional(),
  // the settings' revision the screen loaded: with it, a save over settings changed since is refused (409);
  // 0 is a store that never had the two documents
  revisionWhenLoaded: z.number().int().min(0).optional(),
});

/**
 * 409: the settings were saved (in another tab, by someone else) since the screen loaded them.
 * Nothing is written; the screen loads the newer settings and keeps the owner's edits over them.
 */
function settingsChangedRefusal(currentRevision: number): HttpError {
  return new HttpError(409, ADMIN.server.settingsChanged, { currentRevision });
}

/**
 * The business address as saved: the one typed, or the stored one when the caller sent none; a store
 * that never had one and is sent an empty one stays without (a save that changes nothing writes nothing).
 */
function businessAddressSaved(store: Record<string, unknown>, typed: BusinessAddress | undefined): { businessAddress?: BusinessAddress } {
  if (typed === undefined || (store.businessAddress === undefined && Object.values(typed).every((part) => part === ''))) return {};
  return { businessAddress: typed };
}

function object(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The settings screen's fields, read from the site documents. */
async function currentSettings(repository: AdminSettingsRepository) {
  const website = await repository.read('website');
  const store = object((await repository.read('websiteSettings')).storeSettings);
  return {
    siteTitle: String(website.siteTitle ?? ''),
    tagline: String(website.siteTagLine ?? ''),
    storeAddress: typeof website.baseUrl === 'string' ? website.baseUrl : '',
    businessAddress: businessAddressOf(store),
    vatNumber: vatNumberOf(store),
    // the website's timeZone, which the pages write dates in and the admin counts days in
    timeZone: storeTimeZone(website),
    // the website's language: the locale prices, dates and country names are written in
    language: storeLocale(website),
    currency: storeCurrencyOf(store),
    taxRateBasisPoints: typeof store.taxRateBasisPoints === 'number' ? store.taxRateBasisPoints : 0,
    pricesIncludeTax: store.pricesIncludeTax === true,
    taxName: taxNameOf(store),
    shippingRates: shippingRatesFrom(store),
    storeOpen: store.storeClosed !== true,
    instalmentsEnabled: object(store.instalments).enabled === true,
    // the owner's switch; the captcha itself exists only when the operator runs one (CAPTCHA)
    captchaEnabled: store.captchaDisabled !== true,
    orderNotificationEmail: typeof store.orderNotificationEmail === 'string' ? store.orderNotificationEmail : '',
    lowStockThreshold: lowStockThresholdOf(store),
  };
}

/** Site title, tagline, the store's web address, its business address and VAT number, time zone, language and region, currency, tax, shipping rates, store open or closed, instalment messaging, captcha, where new orders are emailed, when stock is running low. */
export function createSettingsCalls(deps: AppDeps): Router {
  const router = Router();
  const canRead = requireOwner(deps, 'settings.read');
  const canManage = requireOwner(deps, 'store.manage');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');

  router.get(ADMIN_SETTINGS, canRead, async (_req, res) => {
    const repository = new AdminSettingsRepository(deps.store);
    // the revision before the documents: a save landing between the two reads is then refused and
    // reloaded, where read the other way round it would be shown as older and saved over
    const revision = await repository.revision();
    const settings = await currentSettings(repository);
    res.json({ settings, revision, currencies: currencyChoices(settings.currency), timeZones: timeZoneChoices(settings.timeZone), languages: languageChoices(settings.language) });
  });

  router.put(ADMIN_SETTINGS, canManage, ownerWrite, async (req, res) => {
    const input = parseAdminInput(settingsSchema, req.body);
    // one transaction with the documents locked: keys this screen does not edit are kept as they are
    const { settings, moneyFormat, revision } = await deps.store.transaction(async (tx) => {
      const repository = new AdminSettingsRepository(tx);
      const website = await repository.readForUpdate('website');
      const websiteSettings = await repository.readForUpdate('websiteSettings');
      // read under the write lock (BEGIN IMMEDIATE, FOR UPDATE): no other process writes between this check and the writes
      const revisionBefore = await repository.revision();
      const { revisionWhenLoaded } = input;
      if (revisionWhenLoaded !== undefined && revisionWhenLoaded !== revisionBefore) throw settingsChangedRefusal(revisionBefore);
      const store = object(websiteSettings.storeSettings);
      if (!currencyChoices(storeCurrencyOf(store)).includes(input.currency)) throw fieldError('currency', ADMIN.server.notAnOption);
      if (input.timeZone !== undefined && !timeZoneChoices(storeTimeZone(website)).includes(input.timeZone)) throw fieldError('timeZone', ADMIN.server.notATimeZone);
      const storeLanguage = storeLocale(website);
      if (input.language !== undefined && !isLanguageChoice(input.language, storeLanguage)) throw fieldError('language', ADMIN.server.notALanguage);
      // the countries' names are read in the language being saved, which the screen shows them in after
      const shippingRates = ratesWithCountryCodes(input.shippingRates, input.language ?? storeLanguage, shippingRatesFrom(store));
      const savedWebsite = {
        ...website, siteTitle: input.siteTitle, siteTagLine: input.tagline, baseUrl: input.storeAddress,
        // the zone the store already has (America/New_York when unset) leaves the document as it is
        ...(input.timeZone !== undefined && input.timeZone !== storeTimeZone(website) ? { timeZone: input.timeZone } : {}),
        // likewise the language (en-US when unset)
        ...(input.language !== undefined && input.language !== storeLanguage ? { language: input.language } : {}),
      };
      const savedSettings = {
        ...websiteSettings,
        storeSettings: {
          ...store,
          currency: input.currency,
          taxRateBasisPoints: input.taxRateBasisPoints,
          // a store that never had the setting and is sent false stays without it (a save that changes nothing writes nothing)
          ...(input.pricesIncludeTax === undefined || (input.pricesIncludeTax === false && store.pricesIncludeTax === undefined)
            ? {} : { pricesIncludeTax: input.pricesIncludeTax }),
          ...(input.taxName === undefined || (input.taxName === '' && store.taxName === undefined) ? {} : { taxName: input.taxName }),
          shippingRates,
          storeClosed: !input.storeOpen,
          instalments: { ...object(store.instalments), enabled: input.instalmentsEnabled },
          captchaDisabled: !input.captchaEnabled,
          orderNotificationEmail: input.orderNotificationEmail,
          lowStockThreshold: input.lowStockThreshold ?? lowStockThresholdOf(store),
          ...businessAddressSaved(store, input.businessAddress),
          ...(input.vatNumber === undefined || (input.vatNumber === '' && store.vatNumber === undefined) ? {} : { vatNumber: input.vatNumber }),
        },
      };
      // a document the save leaves as it is stays unwritten: its revision stays, so a save that changes
      // nothing refuses no other open screen
      const writes = [['website', website, savedWebsite], ['websiteSettings', websiteSettings, savedSettings]] as const;
      let written = 0;
      for (const [key, stored, saved] of writes) {
        if (JSON.stringify(stored) === JSON.stringify(saved)) continue;
        await repository.write(key, saved);
        written += 1;
      }
      // each write moved its document's revision by one: more means another write slipped in (a document
      // another process created meanwhile, which no lock covered), and this save is undone whole
      const revisionAfter = await repository.revision();
      if (revisionWhenLoaded !== undefined && revisionAfter !== revisionBefore + written) throw settingsChangedRefusal(revisionAfter);
      // the gift cards' amounts named in the old currency or language are named in the new ones
      const savedLanguage = storeLocale(savedWebsite);
      if (input.currency !== storeCurrencyOf(store) || savedLanguage !== storeLanguage) {
        await relabelGiftCardAmounts(tx, moneyTextIn(storeCurrencyOf(store), storeLanguage), moneyTextIn(input.currency, savedLanguage));
      }
      // the admin's page brought the format of the currency it was loaded with: the saved one's lets
      // it write amounts in the new currency at once, without a reload
      return { settings: await currentSettings(repository), moneyFormat: adminMoneyFormat(savedWebsite, savedSettings), revision: revisionAfter };
    });
    res.json({ settings, revision, moneyFormat, message: ADMIN.settingsSaved });
  });

  return router;
}
