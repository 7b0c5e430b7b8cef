/**
 * Which money value stands for a product's price: the lowest ("from") price,
 * the normal (highest regular) price and the sale price, chosen among the
 * variants for physical products, services and gift cards, and read from
 * the product itself for digital products.
 */
import { asRecord, getPath, isTruthy } from '../../runtime/values.ts';
import { compareAmounts, DEFAULT_MONEY, moneyAmountOf } from './money.ts';
import { productKindOf, variantsOf } from './product.ts';

/** What a variant (or pricing option) currently costs: its sale price when on sale, else its price. */
export function currentPriceMoneyOf(variant: unknown): unknown {
  return isTruthy(asRecord(variant)?.onSale) ? asRecord(variant)?.salePriceMoney : asRecord(variant)?.priceMoney;
}

function digitalMoney(item: unknown, field: 'priceMoney' | 'salePriceMoney'): unknown {
  const money = getPath(item, ['structuredContent', field]);
  return money === undefined ? DEFAULT_MONEY : money;
}

/** Index of the first variant whose current price is lowest, or -1 without variants. */
function cheapestVariantIndex(variants: readonly unknown[]): number {
  if (variants.length === 0) return -1;
  let best = 0;
  let bestAmount = moneyAmountOf(currentPriceMoneyOf(variants[0]));
  for (let i = 1; i < variants.length; i++) {
    const amount = moneyAmountOf(currentPriceMoneyOf(variants[i]));
    if (compareAmounts(amount, bestAmount) < 0) {
      best = i;
      bestAmount = amount;
    }
  }
  return best;
}

/** The lowest current price among the variants (sale prices count), as a money value. */
export function lowestPriceMoneyOf(item: unknown): unknown {
  switch (productKindOf(item)) {
    case 'physical':
    case 'service':
    case 'gift-card': {
      const variants = variantsOf(item);
      const index = cheapestVariantIndex(variants);
      return index === -1 ? DEFAULT_MONEY : currentPriceMoneyOf(variants[index]);
    }
    case 'digital':
      return digitalMoney(item, 'priceMoney');
    default:
      return DEFAULT_MONEY;
  }
}

/** The highest regular price among the variants, as a money value. */
export function highestPriceMoneyOf(item: unknown): unknown {
  switch (productKindOf(item)) {
    case 'physical':
    case 'service':
    case 'gift-card': {
      const variants = variantsOf(item);
      if (variants.length === 0) return DEFAULT_MONEY;
      let best = asRecord(variants[0])?.priceMoney;
      let bestAmount = moneyAmountOf(best);
      for (let i = 1; i < variants.length; i++) {
        const money = asRecord(variants[i])?.priceMoney;
        const amount = moneyAmountOf(money);
        if (compareAmounts(amount, bestAmount) > 0) {
          best = money;
          bestAmount = amount;
        }
      }
      return best;
    }
    case 'digital':
      return digitalMoney(item, 'priceMoney');
    default:
      return DEFAULT_MONEY;
  }
}

/** The lowest sale price among the variants on sale (the default money when none is). */
export function salePriceMoneyOf(item: unknown): unknown {
  switch (productKindOf(item)) {
    case 'physical':
    case 'service': {
      let best: unknown;
      let bestAmount = moneyAmountOf(undefined);
      let found = false;
      for (const variant of variantsOf(item)) {
        if (!isTruthy(asRecord(variant)?.onSale)) continue;
        const money = asRecord(variant)?.salePriceMoney;
        const amount = moneyAmountOf(money);
        if (!found || compareAmounts(amount, bestAmount) < 0) {
          best = money;
          bestAmount = amount;
          found = true;
        }
      }
      return found ? best : DEFAULT_MONEY;
    }
    case 'digital':
      return digitalMoney(item, 'salePriceMoney');
    default:
      return DEFAULT_MONEY;
  }
}

/**
 * The subscription pricing options of the variant with the lowest current
 * price (physical products and services only); undefined when there are none.
 */
export function pricingOptionsOfCheapestVariant(item: unknown): unknown {
  const kind = productKindOf(item);
  if (kind !== 'physical' && kind !== 'service') return undefined;
  const variants = variantsOf(item);
  const index = cheapestVariantIndex(variants);
  return index === -1 ? undefined : asRecord(variants[index])?.pricingOptions;
}
