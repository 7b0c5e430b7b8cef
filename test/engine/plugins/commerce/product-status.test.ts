import { describe, expect, test } from 'vitest';
import {
  hasVariants,
  hasVariedPrices,
  isMultipleQuantityAllowedForServices,
  isOnSale,
  isSoldOut,
  productMarkOf,
  saleAndStockClasses,
  showsQuantityInput,
  totalStockRemaining,
} from '../../../../engine/plugins/commerce/product-status.ts';
import { productKindOf } from '../../../../engine/plugins/commerce/product.ts';
import { loadJavaTestData } from './java-test-data.ts';

const product = (productType: unknown, content: Record<string, unknown> = {}) => ({
  structuredContent: { productType, ...content },
});

describe('product kind', () => {
  test('reads numeric codes and numeric text; anything else is undefined', () => {
    expect(productKindOf(product(1))).toBe('physical');
    expect(productKindOf(product('2'))).toBe('digital');
    expect(productKindOf(product(3))).toBe('service');
    expect(productKindOf(product(4))).toBe('gift-card');
    expect(productKindOf(product(5))).toBe('undefined');
    expect(productKindOf(product(-1))).toBe('undefined');
    expect(productKindOf({})).toBe('undefined');
  });
});

describe('sold out', () => {
  test('physical and service products sell out when no variant is unlimited or in stock', () => {
    expect(isSoldOut(product(1, { variants: [{ qtyInStock: 0 }, { qtyInStock: 0 }] }))).toBe(true);
    expect(isSoldOut(product(3, { variants: [{ qtyInStock: 0 }, { qtyInStock: 1 }] }))).toBe(false);
    expect(isSoldOut(product(1, { variants: [{ qtyInStock: 0, unlimited: true }] }))).toBe(false);
    expect(isSoldOut(product(1, { variants: [] }))).toBe(true);
    expect(isSoldOut(product(1))).toBe(true);
  });

  test('digital products and gift cards never sell out; unknown types count as sold out', () => {
    expect(isSoldOut(product(2))).toBe(false);
    expect(isSoldOut(product(4, { variants: [{ qtyInStock: 0 }] }))).toBe(false);
    expect(isSoldOut(product(-1))).toBe(true);
  });
});

describe('on sale', () => {
  test('any variant on sale puts the product on sale; a digital product has its own flag', () => {
    expect(isOnSale(product(1, { variants: [{ onSale: false }, { onSale: true }] }))).toBe(true);
    expect(isOnSale(product(3, { variants: [{ onSale: false }] }))).toBe(false);
    expect(isOnSale(product(2, { onSale: true, variants: [{ onSale: false }] }))).toBe(true);
    expect(isOnSale(product(2, { variants: [{ onSale: true }] }))).toBe(false);
    expect(isOnSale(product(4, { variants: [{ onSale: true }] }))).toBe(false);
  });

  test('sold out wins over sale for the product mark', () => {
    expect(productMarkOf(product(1, { variants: [{ onSale: true, qtyInStock: 0 }] }))).toBe('sold-out');
    expect(productMarkOf(product(1, { variants: [{ onSale: true, qtyInStock: 2 }] }))).toBe('sale');
    expect(productMarkOf(product(1, { variants: [{ qtyInStock: 2 }] }))).toBe('none');
  });
});

describe('variants and prices', () => {
  test('more than one variant is a choice, except for digital products', () => {
    expect(hasVariants(product(1, { variants: [{}, {}] }))).toBe(true);
    expect(hasVariants(product(1, { variants: [{}] }))).toBe(false);
    expect(hasVariants(product(2, { variants: [{}, {}] }))).toBe(false);
  });

  test('variants differing in price, sale flag or (on sale) sale price have varied prices', () => {
    expect(hasVariedPrices(product(1, { variants: [{ price: 100 }, { price: 100 }] }))).toBe(false);
    expect(hasVariedPrices(product(1, { variants: [{ price: 100 }, { price: 200 }] }))).toBe(true);
    expect(hasVariedPrices(product(1, { variants: [{ price: 100 }, { price: 100, onSale: true }] }))).toBe(true);
    const sale = (salePrice: number) => ({ price: 100, onSale: true, salePrice });
    expect(hasVariedPrices(product(4, { variants: [sale(50), sale(60)] }))).toBe(true);
    expect(hasVariedPrices(product(2, { variants: [{ price: 1 }, { price: 2 }] }))).toBe(false);
  });
});

describe('stock and quantity input', () => {
  test('total stock sums the variants; unlimited, digital and gift cards are infinite', () => {
    expect(totalStockRemaining(product(1, { variants: [{ qtyInStock: 2 }, { qtyInStock: '3' }] }))).toBe(5);
    expect(totalStockRemaining(product(1, { variants: [{ qtyInStock: 2 }, { unlimited: true }] }))).toBe(Infinity);
    expect(totalStockRemaining(product(2))).toBe(Infinity);
    expect(totalStockRemaining(product(4))).toBe(Infinity);
  });

  test('the quantity input needs more than one unit left: stock 1 hides it, stock 2 shows it', () => {
    expect(showsQuantityInput(product(1, { variants: [{ qtyInStock: 1 }] }), undefined)).toBe(false);
    expect(showsQuantityInput(product(1, { variants: [{ qtyInStock: 2 }] }), undefined)).toBe(true);
    expect(showsQuantityInput(product(1, { variants: [{ qtyInStock: 1 }, { qtyInStock: 1 }] }), undefined)).toBe(true);
  });

  test('digital products, gift cards and subscriptions have no quantity input', () => {
    const plenty = { variants: [{ unlimited: true }] };
    expect(showsQuantityInput(product(2, plenty), undefined)).toBe(false);
    expect(showsQuantityInput(product(4, plenty), undefined)).toBe(false);
    expect(showsQuantityInput(product(1, { ...plenty, isSubscribable: true }), undefined)).toBe(false);
    expect(showsQuantityInput(product(1, { ...plenty, isSubscribable: 'true' }), undefined)).toBe(false);
  });

  test('services follow the store setting, allowed by default', () => {
    const service = product(3, { variants: [{ qtyInStock: 5 }] });
    const setting = (value: unknown) => ({ storeSettings: { multipleQuantityAllowedForServices: value } });
    expect(showsQuantityInput(service, undefined)).toBe(true);
    expect(showsQuantityInput(service, setting(false))).toBe(false);
    expect(showsQuantityInput(service, setting(true))).toBe(true);
    expect(isMultipleQuantityAllowedForServices(setting(null))).toBe(true);
    expect(isMultipleQuantityAllowedForServices(setting('false'))).toBe(false);
    expect(isMultipleQuantityAllowedForServices(setting('maybe'))).toBe(true);
    expect(isMultipleQuantityAllowedForServices(setting(0))).toBe(false);
    expect(isMultipleQuantityAllowedForServices({ storeSettings: 'x' })).toBe(true);
  });
});

/** Expected results of the production server's data files, by section name. */
const data = {
  hasVariants: loadJavaTestData('has-variants.json'),
  variedPrices: loadJavaTestData('has-varied-prices.json'),
  stock: loadJavaTestData('get-total-stock-remaining.json'),
  multiQuantity: loadJavaTestData('is-multi-quantity-allowed-for-services.json'),
};

describe.skipIf(data.hasVariants === undefined)('production data: has-variants.json', () => {
  test.each([...(data.hasVariants ?? new Map<string, unknown>())])('%s', (name, item) => {
    expect(hasVariants(item)).toBe(name.endsWith('-true'));
  });
});

describe.skipIf(data.variedPrices === undefined)('production data: has-varied-prices.json', () => {
  test.each([...(data.variedPrices ?? new Map<string, unknown>())])('%s', (name, item) => {
    expect(hasVariedPrices(item)).toBe(name.endsWith('-true'));
  });
});

describe.skipIf(data.multiQuantity === undefined)('production data: is-multi-quantity-allowed-for-services.json', () => {
  test.each([...(data.multiQuantity ?? new Map<string, unknown>())])('%s', (name, settings) => {
    expect(isMultipleQuantityAllowedForServices(settings)).toBe(name.endsWith('-true'));
  });
});

const STOCK_EXPECTED: Readonly<Record<string, number>> = {
  'getTotalStock-unlimited-physical': Infinity,
  'getTotalStock-digital': Infinity,
  'getTotalStock-six-service': 6,
  'getTotalStock-0-physical': 0,
  'getTotalStock-0-physical-2': 0,
  'getTotalStock-unknown': 0,
};

describe.skipIf(data.stock === undefined)('production data: get-total-stock-remaining.json', () => {
  test.each([...(data.stock ?? new Map<string, unknown>())])('%s', (name, item) => {
    expect(name in STOCK_EXPECTED).toBe(true);
    expect(totalStockRemaining(item)).toBe(STOCK_EXPECTED[name]);
  });
});

describe('sale and stock classes', () => {
  test('are what isOnSale and isSoldOut decide, for every kind and mix of variants', () => {
    const variantChoices: unknown[] = [
      { onSale: true, qtyInStock: 0 },
      { onSale: false, qtyInStock: 3 },
      { onSale: 'yes', unlimited: true },
      { qtyInStock: '2' },
      { qtyInStock: 0, unlimited: false },
      'not a variant',
      null,
      [],
      // numbers and flags that are not JSON's true/false or whole counts
      { qtyInStock: 0.5, onSale: 1 },
      { qtyInStock: 1e12, unlimited: 0 },
      { qtyInStock: -2, onSale: 'false', unlimited: '' },
      { qtyInStock: Number.NaN, onSale: {}, unlimited: [] },
    ];
    let checked = 0;
    for (const type of [1, 2, 3, 4, 5, '1', undefined, 1.5, 3.0, 2 ** 32 + 1, -0, ' 3 ']) {
      for (let mask = 0; mask < 1 << 4; mask++) {
        for (const offset of [0, 4, 8]) {
          const variants = variantChoices.slice(offset, offset + 4).filter((_, i) => (mask >> i) & 1);
          for (const onSale of [true, false]) {
            const item = product(type, { variants, onSale });
            const expected = (isOnSale(item) ? ' on-sale' : '') + (isSoldOut(item) ? ' sold-out' : '');
            expect(saleAndStockClasses(item), JSON.stringify(item)).toBe(expected);
            checked++;
          }
        }
      }
    }
    expect(saleAndStockClasses({})).toBe(' sold-out');
    expect(checked).toBe(12 * 16 * 3 * 2);
  });
});
