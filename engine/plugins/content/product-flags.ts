/**
 * The two product marks item-classes needs: on sale and sold out, derived
 * from an item's structuredContent as the storefront rules say.
 */
import { getChild, getPath, isTruthy } from '../../runtime/values.ts';
import { ProductType } from '../enums.ts';
import { asInteger } from './json-scalars.ts';

function productType(item: unknown): number {
  return asInteger(getPath(item, ['structuredContent', 'productType']));
}

function variants(item: unknown): readonly unknown[] {
  const list = getPath(item, ['structuredContent', 'variants']);
  return Array.isArray(list) ? list : [];
}

/** Physical and service: any variant on sale. Digital: its own flag. Others never. */
export function isOnSale(item: unknown): boolean {
  switch (productType(item)) {
    case ProductType.physical:
    case ProductType.service:
      return variants(item).some((variant) => isTruthy(getChild(variant, 'onSale')));
    case ProductType.digital:
      return isTruthy(getPath(item, ['structuredContent', 'onSale']));
    default:
      return false;
  }
}

/**
 * Physical and service: sold out when no variant is unlimited or has stock
 * above 0. Digital and gift cards never are; an unknown type always is (as in
 * the reference).
 */
export function isSoldOut(item: unknown): boolean {
  switch (productType(item)) {
    case ProductType.physical:
    case ProductType.service:
      return !variants(item).some(
        (variant) => isTruthy(getChild(variant, 'unlimited')) || asInteger(getChild(variant, 'qtyInStock')) > 0,
      );
    case ProductType.digital:
    case ProductType['gift-card']:
      return false;
    default:
      return true;
  }
}
