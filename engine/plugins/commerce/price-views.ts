/**
 * The views the price templates render: which price texts a product shows
 * and the money markup that fills them.
 */
import type { RenderContext } from '../types.ts';
import { messages } from '../../messages.ts';
import { asRecord, isTruthy } from '../../runtime/values.ts';
import { localizedOr } from './lookup.ts';
import { priceHtml } from './price-display.ts';
import {
  currentPriceMoneyOf,
  highestPriceMoneyOf,
  lowestPriceMoneyOf,
  pricingOptionsOfCheapestVariant,
  salePriceMoneyOf,
} from './product-prices.ts';
import { isSubscribable, productKindOf } from './product.ts';
import { hasVariedPrices, isOnSale } from './product-status.ts';
import {
  billingCyclesOf,
  billingPeriodOf,
  defaultSubscriptionPriceText,
  subscriptionDuration,
  subscriptionPriceKey,
} from './subscription.ts';

/** The message placeholder a single price text uses. */
const PRICE_ONLY = '{price}';

export interface ProductPriceView {
  fromText?: string;
  formattedFromPrice?: string | boolean;
  formattedSalePriceText?: string;
  formattedSalePrice?: string;
  formattedNormalPriceText?: string;
  formattedNormalPrice?: string;
  billingPeriodValue?: number;
  duration?: number;
}

function fillOneTimePurchase(item: unknown, ctx: RenderContext, view: ProductPriceView): void {
  if (hasVariedPrices(item)) {
    view.fromText = localizedOr(ctx, 'productPriceFromText', messages.commerceFromPrice);
    view.formattedFromPrice = priceHtml(lowestPriceMoneyOf(item), ctx);
  }
  if (isOnSale(item)) {
    view.formattedSalePriceText = PRICE_ONLY;
    view.formattedSalePrice = priceHtml(salePriceMoneyOf(item), ctx);
  }
  view.formattedNormalPriceText = PRICE_ONLY;
  view.formattedNormalPrice = priceHtml(highestPriceMoneyOf(item), ctx);
}

function fillSubscription(item: unknown, ctx: RenderContext, view: ProductPriceView): void {
  const period = billingPeriodOf(item);
  if (period === undefined) {
    // No plan to describe: the "from" slot carries the unavailable text alone.
    view.formattedFromPrice = true;
    view.fromText = localizedOr(ctx, 'productPriceUnavailable', messages.subscriptionUnavailable);
    return;
  }
  const multiplePrices = hasVariedPrices(item);
  const cycles = billingCyclesOf(item);
  const duration = subscriptionDuration(period, cycles);
  view.billingPeriodValue = period.value;
  view.duration = duration.value;

  const wording = localizedOr(
    ctx,
    subscriptionPriceKey(multiplePrices, period, duration),
    defaultSubscriptionPriceText(multiplePrices, period, cycles),
  );
  if (multiplePrices) {
    view.fromText = wording;
    view.formattedFromPrice = priceHtml(lowestPriceMoneyOf(item), ctx);
  }
  if (isOnSale(item)) {
    view.formattedSalePriceText = wording;
    view.formattedSalePrice = priceHtml(salePriceMoneyOf(item), ctx);
  }
  view.formattedNormalPriceText = wording;
  view.formattedNormalPrice = priceHtml(highestPriceMoneyOf(item), ctx);
}

/** What `product-price` shows: nothing for an unknown product type. */
export function productPriceView(item: unknown, ctx: RenderContext): ProductPriceView {
  const view: ProductPriceView = {};
  if (isSubscribable(item)) fillSubscription(item, ctx, view);
  else if (productKindOf(item) !== 'undefined') fillOneTimePurchase(item, ctx, view);
  return view;
}

export interface SubscriptionPriceView {
  fromText?: string;
  formattedFromPrice?: string;
  formattedSubscriptionSalePriceText?: string;
  formattedSubscriptionSalePrice?: string;
  formattedNormalSubscriptionPriceText?: string;
  formattedNormalSubscriptionPrice?: string;
}

/**
 * What `subscription-price` shows: the first pricing option of the cheapest
 * variant, as a "from" price when the variants are priced differently.
 */
export function subscriptionPriceView(item: unknown, ctx: RenderContext): SubscriptionPriceView {
  const view: SubscriptionPriceView = {};
  const options = pricingOptionsOfCheapestVariant(item);
  if (!Array.isArray(options) || options.length === 0) return view;
  const first: unknown = options[0];
  if (hasVariedPrices(item)) {
    view.fromText = localizedOr(ctx, 'productPriceFromText', messages.commerceFromPrice);
    view.formattedFromPrice = priceHtml(currentPriceMoneyOf(first), ctx);
  }
  if (isTruthy(asRecord(first)?.onSale)) {
    view.formattedSubscriptionSalePriceText = PRICE_ONLY;
    view.formattedSubscriptionSalePrice = priceHtml(asRecord(first)?.salePriceMoney, ctx);
  }
  view.formattedNormalSubscriptionPriceText = PRICE_ONLY;
  view.formattedNormalSubscriptionPrice = priceHtml(asRecord(first)?.priceMoney, ctx);
  return view;
}
