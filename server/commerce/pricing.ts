import type { ProductRecord, VariantRecord } from '../db/catalogue-repository.ts';
import { typeTakesStock } from '../../client/lib/product-stock.ts';

/** Product type codes of the platform. */
export const PRODUCT_TYPE = { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 } as const;

function numberField(data: Record<string, unknown>, key: string): number | undefined {
  const value = data[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * What one unit costs in minor units. Digital products carry their price on the product itself
 * (with their own sale flag); every other type prices by variant.
 */
export function unitPriceCents(
  product: Pick<ProductRecord, 'productType' | 'data'>,
  variant: Pick<VariantRecord, 'priceCents' | 'salePriceCents' | 'onSale'>,
): number {
  if (product.productType === PRODUCT_TYPE.DIGITAL) {
    const price = numberField(product.data, 'priceCents') ?? variant.priceCents;
    const sale = numberField(product.data, 'salePriceCents');
    return product.data.onSale === true && sale !== undefined ? sale : price;
  }
  return variant.onSale ? variant.salePriceCents : variant.priceCents;
}

/** Digital goods and gift cards are never out of stock; others follow the variant. */
export function hasUnlimitedStock(product: ProductRecord, variant: VariantRecord): boolean {
  return !typeTakesStock(product.productType) || variant.unlimited;
}

export function isSubscribable(product: ProductRecord): boolean {
  return product.data.isSubscribable === true;
}

export function variantBySku(product: ProductRecord, sku: string): VariantRecord | undefined {
  return product.variants.find((variant) => variant.sku === sku);
}
