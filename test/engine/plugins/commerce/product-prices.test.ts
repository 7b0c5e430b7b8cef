import { describe, expect, test } from 'vitest';
import {
  currentPriceMoneyOf,
  highestPriceMoneyOf,
  lowestPriceMoneyOf,
  pricingOptionsOfCheapestVariant,
  salePriceMoneyOf,
} from '../../../../engine/plugins/commerce/product-prices.ts';
import { DEFAULT_MONEY } from '../../../../engine/plugins/commerce/money.ts';
import { cartQuantityOf, cartSubtotalCentsOf } from '../../../../engine/plugins/commerce/cart.ts';

const money = (value: string) => ({ value, currency: 'USD' });
const product = (productType: number, content: Record<string, unknown>) => ({ structuredContent: { productType, ...content } });

const variants = [
  { priceMoney: money('10'), onSale: true, salePriceMoney: money('6'), pricingOptions: ['a'] },
  { priceMoney: money('12'), pricingOptions: ['b'] },
  { priceMoney: money('5'), pricingOptions: ['c'] },
  { priceMoney: money('11'), onSale: true, salePriceMoney: money('4'), pricingOptions: ['d'] },
];

describe('product prices', () => {
  test('a variant costs its sale price when on sale', () => {
    expect(currentPriceMoneyOf(variants[0])).toEqual(money('6'));
    expect(currentPriceMoneyOf(variants[1])).toEqual(money('12'));
  });

  test('the lowest price counts sale prices; the normal price is the highest regular price', () => {
    const item = product(1, { variants });
    expect(lowestPriceMoneyOf(item)).toEqual(money('4'));
    expect(highestPriceMoneyOf(item)).toEqual(money('12'));
    expect(salePriceMoneyOf(item)).toEqual(money('4'));
  });

  test('ties keep the first variant', () => {
    const item = product(3, { variants: [{ priceMoney: { value: '1', tag: 'first' } }, { priceMoney: { value: '1.00' } }] });
    expect(lowestPriceMoneyOf(item)).toEqual({ value: '1', tag: 'first' });
    expect(highestPriceMoneyOf(item)).toEqual({ value: '1', tag: 'first' });
  });

  test('digital products carry their own prices; missing prices fall back to 0 USD', () => {
    const digital = product(2, { priceMoney: money('9'), salePriceMoney: money('7') });
    expect(lowestPriceMoneyOf(digital)).toEqual(money('9'));
    expect(highestPriceMoneyOf(digital)).toEqual(money('9'));
    expect(salePriceMoneyOf(digital)).toEqual(money('7'));
    expect(lowestPriceMoneyOf(product(2, {}))).toBe(DEFAULT_MONEY);
    expect(lowestPriceMoneyOf(product(1, { variants: [] }))).toBe(DEFAULT_MONEY);
    expect(highestPriceMoneyOf(product(-1, {}))).toBe(DEFAULT_MONEY);
  });

  test('gift cards have variant prices but no sale price', () => {
    const card = product(4, { variants: [{ priceMoney: money('25') }, { priceMoney: money('50') }] });
    expect(lowestPriceMoneyOf(card)).toEqual(money('25'));
    expect(highestPriceMoneyOf(card)).toEqual(money('50'));
    expect(salePriceMoneyOf(card)).toBe(DEFAULT_MONEY);
    expect(salePriceMoneyOf(product(1, { variants: [{ priceMoney: money('1') }] }))).toBe(DEFAULT_MONEY);
  });

  test('subscription pricing options come from the cheapest variant of a physical product or service', () => {
    expect(pricingOptionsOfCheapestVariant(product(1, { variants }))).toEqual(['d']);
    expect(pricingOptionsOfCheapestVariant(product(3, { variants: variants.slice(0, 3) }))).toEqual(['c']);
    expect(pricingOptionsOfCheapestVariant(product(2, { variants }))).toBeUndefined();
    expect(pricingOptionsOfCheapestVariant(product(1, { variants: [] }))).toBeUndefined();
  });
});

describe('cart', () => {
  test('the quantity sums whole entry quantities; text and missing quantities count as 0', () => {
    expect(cartQuantityOf({ entries: [{ quantity: 2 }, { quantity: 3.9 }, { quantity: '5' }, {}] })).toBe(5);
    expect(cartQuantityOf({})).toBe(0);
  });

  test('the subtotal is read in cents', () => {
    expect(cartSubtotalCentsOf({ subtotalCents: 12345 }).toString()).toBe('12345');
    expect(cartSubtotalCentsOf({ subtotalCents: '99' }).toString()).toBe('99');
    expect(cartSubtotalCentsOf({}).toString()).toBe('0');
  });
});
