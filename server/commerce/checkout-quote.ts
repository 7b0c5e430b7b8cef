import { currencyOf, SiteRepository, storeSettingsOf } from '../db/site-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { goodsDiscountCents, type DiscountKind, type DiscountTerms } from '../../client/lib/discount-code.ts';
import { computeTotals, targetedCentsOf, taxWithShipping } from './cart-totals.ts';
import type { CheckoutLine } from './checkout-lines.ts';
import { lowStockThresholdOf } from './low-stock.ts';
import { businessAddressLines, businessAddressOf } from './business-address.ts';
import { PRODUCT_TYPE } from './pricing.ts';
import { taxSettingsOf, type TaxSettings } from './tax-settings.ts';
import { taxRateTenths } from '../../client/lib/tax-rate.ts';
import { shippingOptions, shippingRatesFrom, type ShippingOption, type ShippingRate } from './shipping-rates.ts';
import { ratesShippingTo } from './shipping-zones.ts';

/** The store settings a checkout needs, read through the session it runs in. */
export interface CheckoutSettings extends TaxSettings {
  websiteId: string;
  siteTitle: string;
  baseUrl: string;
  currency: string;
  locale: string;
  shippingRates: ShippingRate[];
  /** Where the owner's notice of each new order goes ('' when nowhere). */
  orderNotificationEmail: string;
  /** The owner's running-low figure (low-stock.ts). */
  lowStockThreshold: number;
  /** The shop's business address as lines, for the foot of the shopper's order emails (none when not given). */
  shopAddress: string[];
  /** Its country as the owner wrote it ('' when not given): the checkout's first country when it ships there. */
  shopCountry: string;
}

function textOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/**
 * `site`: a request's repository (requestContent) where the caller reads content at one version,
 * so the two documents cost one version read; by default a live one on `session`.
 */
export async function readCheckoutSettings(session: StoreSession, site = new SiteRepository(session)): Promise<CheckoutSettings> {
  const [website, websiteSettings] = await Promise.all([site.website(), site.websiteSettings()]);
  const storeSettings = storeSettingsOf(websiteSettings);
  // the store's locale is the website's language (as the pages write money)
  const locale = textOr(website.language, 'en-US');
  const businessAddress = businessAddressOf(storeSettings);
  return {
    websiteId: textOr(website.id, ''),
    siteTitle: textOr(website.siteTitle, ''),
    baseUrl: textOr(website.baseUrl, ''),
    currency: currencyOf(websiteSettings),
    locale,
    ...taxSettingsOf(storeSettings),
    shippingRates: shippingRatesFrom(storeSettings),
    orderNotificationEmail: textOr(storeSettings.orderNotificationEmail, ''),
    lowStockThreshold: lowStockThresholdOf(storeSettings),
    shopAddress: businessAddressLines(businessAddress, locale),
    shopCountry: businessAddress.country,
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
  /**
   * Some rate ships to the country chosen (always true while none is given, or nothing ships);
   * false: the checkout says the shop does not ship there, and the order is refused.
   */
  shipsToCountry: boolean;
  /** The chosen option, or the cheapest when none (or an unknown one) was chosen; null without shipping. */
  selectedShippingOption: ShippingOption | null;
  /** True when the option asked for is one of the options (placing an order needs it). */
  shippingChoiceValid: boolean;
  shippingCents: number;
  taxCents: number;
  /** `taxCents` is part of the prices, not added to the total (CheckoutSettings.pricesIncludeTax). */
  taxIncluded: boolean;
  /** What the tax is called (CheckoutSettings.taxName). */
  taxName: string;
  /** The rate, in tenths of a basis point (8875 = 8.875 %). */
  taxRateTenths: number;
  /** What the discount code takes off: its goods part and its shipping part together. */
  discountCents: number;
  totalCents: number;
  /** The discount code applied; null without one (or one not applied). */
  discount: AppliedDiscount | null;
  /** Why the discount code asked for was not applied (a catalogue text); null otherwise. */
  discountError: string | null;
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

/** A discount code found and allowed for this cart (discount-code-use.ts decides), to be priced. */
export interface DiscountToApply {
  id: string;
  /** As the store keeps it (upper case). */
  code: string;
  terms: DiscountTerms;
}

/** A discount code applied to a quote and what it takes off this order. */
export interface AppliedDiscount {
  id: string;
  code: string;
  kind: DiscountKind;
  /** Taken off the goods (before tax). */
  goodsCents: number;
  /** Taken off the shipping (a free-shipping code: the chosen option's cost). */
  shippingCents: number;
}

/** The shopper's shipping choice and the country it goes to ('' or absent while none is known: every rate). */
export interface ShippingChoice {
  optionId?: string;
  countryCode?: string;
}

/**
 * What the order costs with one shipping choice and, when given, a discount code that may apply:
 * its goods part comes off before tax (only the chosen products' or categories' goods for a code
 * limited to them), a free-shipping code's part is the chosen option's cost.
 */
export function quoteCheckout(lines: readonly CheckoutLine[], settings: CheckoutSettings, shipping: ShippingChoice = {}, discount: DiscountToApply | null = null): CheckoutQuote {
  const goodsDiscount = discount ? goodsDiscountCents(discount.terms, targetedCentsOf(discount.terms, lines)) : 0;
  const base = computeTotals(
    lines,
    { taxRateBasisPoints: settings.taxRateBasisPoints, flatShippingCents: 0, freeShippingOverCents: 0, pricesIncludeTax: settings.pricesIncludeTax },
    goodsDiscount,
  );
  const requiresShipping = lines.some((line) => line.productType === PRODUCT_TYPE.PHYSICAL);
  const weightGrams = lines.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);
  const rates = ratesShippingTo(settings.shippingRates, shipping.countryCode ?? '');
  const options = requiresShipping ? shippingOptions(rates, base.subtotalCents, weightGrams) : [];
  const chosen = options.find((option) => option.id === shipping.optionId);
  const selected = chosen ?? options[0] ?? null;
  const shippingCents = selected?.costCents ?? 0;
  const shippingDiscount = discount?.terms.kind === 'free-shipping' ? shippingCents : 0;
  const discountCents = base.discountCents + shippingDiscount;
  const totalCents = base.subtotalCents + (base.taxIncluded ? 0 : base.taxCents) + shippingCents - discountCents;
  return {
    currency: settings.currency,
    lines: [...lines],
    subtotalCents: base.subtotalCents,
    requiresShipping,
    weightGrams,
    shippingOptions: options,
    shipsToCountry: !requiresShipping || rates.length > 0,
    selectedShippingOption: requiresShipping ? selected : null,
    shippingChoiceValid: !requiresShipping || chosen !== undefined,
    shippingCents,
    taxCents: taxWithShipping(base, shippingCents - shippingDiscount, settings.taxRateBasisPoints),
    taxIncluded: base.taxIncluded,
    taxName: settings.taxName,
    taxRateTenths: taxRateTenths(settings.taxRateBasisPoints) ?? 0,
    discountCents,
    totalCents,
    discount: discount ? { id: discount.id, code: discount.code, kind: discount.terms.kind, goodsCents: base.discountCents, shippingCents: shippingDiscount } : null,
    discountError: null,
    giftCard: null,
    giftCardError: null,
    amountDueCents: totalCents,
  };
}
