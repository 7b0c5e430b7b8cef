/**
 * Price formatters. `from-price`, `normal-price` and `sale-price` give the
 * price in legacy cents (e.g. "1250"); `product-price` and
 * `subscription-price` render the price markup of a product page.
 */
import type { FormatterTable } from '../types.ts';
import { legacyCentsOf } from './money.ts';
import { highestPriceMoneyOf, lowestPriceMoneyOf, salePriceMoneyOf } from './product-prices.ts';
import { productPriceView, subscriptionPriceView } from './price-views.ts';
import { PRODUCT_PRICE_TEMPLATE, SUBSCRIPTION_PRICE_TEMPLATE } from './templates/price-summary.ts';

export const priceFormatters: FormatterTable = {
  'from-price': {
    apply: (item) => legacyCentsOf(lowestPriceMoneyOf(item)).toString(),
  },
  'normal-price': {
    apply: (item) => legacyCentsOf(highestPriceMoneyOf(item)).toString(),
  },
  'sale-price': {
    apply: (item) => legacyCentsOf(salePriceMoneyOf(item)).toString(),
  },
  'product-price': {
    apply: (item, _args, ctx) => ctx.renderTemplate(PRODUCT_PRICE_TEMPLATE, productPriceView(item, ctx), true),
  },
  'subscription-price': {
    apply: (item, _args, ctx) =>
      ctx.renderTemplate(SUBSCRIPTION_PRICE_TEMPLATE, subscriptionPriceView(item, ctx), true),
  },
};
