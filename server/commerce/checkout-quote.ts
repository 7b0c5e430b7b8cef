import { currencyOf, SiteRepository, storeSettingsOf } from '../db/site-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { computeTotals, totalsSettingsFrom } from './cart-totals.ts';
import type { CheckoutLine } from './checkout-lines.ts';
import { lowStockThresholdOf } from './low-stock.ts';
import { PRODUCT_TYPE } from './pricing.ts';
import { shippingOptions, shippingRatesFrom, type ShippingOption, type ShippingRate } from './shipping-rates.ts';

/** The store settings a checkout needs, read through the session it runs in. */
export interface CheckoutSettings {
  websiteId: string;
  siteTitle: string;
  baseUrl: string;
  currency: string;
  locale: string;
  taxRateBasisPoints: number;
  shippingRates: ShippingRate[];
  /** Where the owner's notice of each new order goes ('' when nowhere). */
  orderNotificationEmail: string;
  /** The owner's running-low figure (low-stock.ts). */
  lowStockThreshold: number;
}

function textOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

export async function readCheckoutSettings(session: StoreSession): Promise<CheckoutSettings> {
  const site = new SiteRepository(session);
  const [website, websiteSettings] = await Promise.all([site.website(), site.websiteSettings()]);
  const storeSettings = storeSettingsOf(websiteSettings);
  return {
    websiteId: textOr(website.id, ''),
    siteTitle: textOr(website.siteTitle, ''),
    baseUrl: textOr(website.baseUrl, ''),
    currency: currencyOf(websiteSettings),
    // the store's locale is the website's language (as the pages write money)
    locale: textOr(website.language, 'en-US'),
    taxRateBasisPoints: totalsSettingsFrom(storeSettings).taxRateBasisPoints,
    shippingRates: shippingRatesFrom(storeSettings),
    orderNotificationEmail: textOr(storeSettings.orderNotificationEmail, ''),
    lowStockThreshold: lowStockThresholdOf(storeSettings),
  };
}

/** What the order costs with one shipping choice: computed by the server at every step. */
export interface CheckoutQuote {
  currency: string;
  lines: CheckoutLine[];
  subtotalCents: number;
  requiresShipping: boolean;
  weightGrams: number;
  shippingOptions: ShippingOption[];
  /** The chosen option, or the cheapest when none (or an unknown one) was chosen; null without shipping. */
  selectedShippingOption: ShippingOption | null;
  /** True when the option asked for is one of the options (placing an order needs it). */
  shippingChoiceValid: boolean;
  shippingCents: number;
  taxCents: number;
  discountCents: number;
  totalCents: number;
  /** The gift card that pays part or all of the total; null without one (or one not applied). */
  giftCard: AppliedGiftCard | null;
  /** Why the gift card asked for was not applied (a catalogue text); null otherwise. */
  giftCardError: string | null;
  /** What the payment card is charged: the total less the gift card's part. */
  amountDueCents: number;
}

/** A gift card applied to a quote: the store's record of it and what it pays of this order. */
export interface AppliedGiftCard {
  id: string;
  last4: string;
  appliedCents: number;
  /** Its balance once this order is paid. */
  balanceAfterCents: number;
}

export function quoteCheckout(lines: readonly CheckoutLine[], settings: CheckoutSettings, shippingOptionId?: string): CheckoutQuote {
  const base = computeTotals(lines, { taxRateBasisPoints: settings.taxRateBasisPoints, flatShippingCents: 0, freeShippingOverCents: 0 });
  const requiresShipping = lines.some((line) => line.productType === PRODUCT_TYPE.PHYSICAL);
  const weightGrams = lines.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);
  const options = requiresShipping ? shippingOptions(settings.shippingRates, base.subtotalCents, weightGrams) : [];
  const chosen = options.find((option) => option.id === shippingOptionId);
  const selected = chosen ?? options[0] ?? null;
  const shippingCents = selected?.costCents ?? 0;
  const totalCents = base.subtotalCents + base.taxCents + shippingCents - base.discountCents;
  return {
    currency: settings.currency,
    lines: [...lines],
    subtotalCents: base.subtotalCents,
    requiresShipping,
    weightGrams,
    shippingOptions: options,
    selectedShippingOption: requiresShipping ? selected : null,
    shippingChoiceValid: !requiresShipping || chosen !== undefined,
    shippingCents,
    taxCents: base.taxCents,
    discountCents: base.discountCents,
    totalCents,
    giftCard: null,
    giftCardError: null,
    amountDueCents: totalCents,
  };
}
