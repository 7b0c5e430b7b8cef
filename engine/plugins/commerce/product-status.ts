/**
 * Stock and sale status of a product, derived from its variants. The server
 * uses the same rules for its stock checks, so they live here as plain
 * functions over the product JSON.
 */
import { asRecord, deepEquals, isObject, isTruthy, type JsonObject } from '../../runtime/values.ts';
import { intOf, longOf } from '../core/node-coercion.ts';
import { jsonAsBooleanOr } from './json-coercion.ts';
import { ProductType } from '../enums.ts';
import { truthy, wholeNumberOf } from '../core/quick-coercion.ts';
import { isSubscribable, productContentOf, productKindOf, variantsOf, variantsOfContent } from './product.ts';

/** A variant that can be bought now: unlimited, or with stock above 0. */
function inStock(variant: JsonObject): boolean {
  return isTruthy(variant.unlimited) || intOf(variant.qtyInStock) > 0;
}

/** A digital product's own sale flag, from its `structuredContent`. */
function digitalOnSale(content: JsonObject | undefined): boolean {
  return isTruthy(content?.onSale);
}

/**
 * Physical products and services are sold out when no variant is unlimited or
 * has stock above 0 (so also when they have no variants). Digital products and
 * gift cards never sell out. A product of unknown type counts as sold out.
 */
export function isSoldOut(item: unknown): boolean {
  switch (productKindOf(item)) {
    case 'physical':
    case 'service':
      for (const variant of variantsOf(item)) {
        const fields = asRecord(variant);
        if (fields !== undefined && inStock(fields)) return false;
      }
      return true;
    case 'digital':
    case 'gift-card':
      return false;
    default:
      return true;
  }
}

/** On sale when any variant is (physical, service); a digital product carries its own flag; gift cards never are. */
export function isOnSale(item: unknown): boolean {
  switch (productKindOf(item)) {
    case 'physical':
    case 'service':
      for (const variant of variantsOf(item)) if (isTruthy(asRecord(variant)?.onSale)) return true;
      return false;
    case 'digital':
      return digitalOnSale(productContentOf(item));
    default:
      return false;
  }
}

/**
 * The ` on-sale` and ` sold-out` classes item-classes gives a store item: isOnSale and isSoldOut
 * decided together, reading the product's kind and variants once.
 *
 * item-classes asks this of every store item of a list, where it was a fifth of a blog list's
 * render: its reads go through quick-coercion.ts.
 */
export function saleAndStockClasses(item: unknown): string {
  const content = productContentOf(item);
  switch (kindCodeOf(content)) {
    case ProductType.physical:
    case ProductType.service: {
      const variants = variantsOfContent(content);
      let onSale = false;
      let available = false;
      for (let i = 0; i < variants.length; i++) {
        const fields = asRecord(variants[i]);
        if (fields === undefined) continue;
        if (!onSale && truthy(fields.onSale)) onSale = true;
        if (!available && (truthy(fields.unlimited) || stockAboveZero(fields.qtyInStock))) available = true;
        if (onSale && available) break;
      }
      return available ? (onSale ? ' on-sale' : '') : onSale ? ' on-sale sold-out' : ' sold-out';
    }
    case ProductType.digital:
      return truthy(content?.onSale) ? ' on-sale' : '';
    case ProductType['gift-card']:
      return '';
    default:
      return ' sold-out';
  }
}

/** kindOfContent as its code (ProductType): intOf of `productType`, -1 when there is none. */
function kindCodeOf(content: JsonObject | undefined): number {
  const code = content?.productType;
  return code === undefined ? ProductType.undefined : wholeNumberOf(code);
}

/** `intOf(quantity) > 0`: a JSON number is above 0 as a whole number when it is at least 1 (NaN is not). */
function stockAboveZero(quantity: unknown): boolean {
  return typeof quantity === 'number' ? quantity >= 1 : intOf(quantity) > 0;
}

/** The mark a product listing shows: sold out wins over sale. */
export type ProductMark = 'sold-out' | 'sale' | 'none';

export function productMarkOf(item: unknown): ProductMark {
  if (isSoldOut(item)) return 'sold-out';
  if (isOnSale(item)) return 'sale';
  return 'none';
}

/** A product offers a choice of variants when it has more than one; digital products never do. */
export function hasVariants(item: unknown): boolean {
  return productKindOf(item) !== 'digital' && variantsOf(item).length > 1;
}

/**
 * Whether the variants are priced differently: a variant differs from the
 * first in its sale flag, in its price, or (when the first is on sale) in its
 * sale price. Digital products have one price.
 */
export function hasVariedPrices(item: unknown): boolean {
  switch (productKindOf(item)) {
    case 'physical':
    case 'service':
    case 'gift-card': {
      const [first, ...rest] = variantsOf(item);
      const firstOnSale = asRecord(first)?.onSale;
      return rest.some(
        (variant) =>
          !deepEquals(asRecord(variant)?.onSale, firstOnSale) ||
          (isTruthy(firstOnSale) && !deepEquals(asRecord(variant)?.salePrice, asRecord(first)?.salePrice)) ||
          !deepEquals(asRecord(variant)?.price, asRecord(first)?.price),
      );
    }
    default:
      return false;
  }
}

/**
 * Units left across all variants. Digital products, gift cards and any
 * unlimited variant make it infinite; otherwise the sum of `qtyInStock`.
 */
export function totalStockRemaining(item: unknown): number {
  const kind = productKindOf(item);
  if (kind === 'digital' || kind === 'gift-card') return Number.POSITIVE_INFINITY;
  let total = 0;
  for (const variant of variantsOf(item)) {
    if (isTruthy(asRecord(variant)?.unlimited)) return Number.POSITIVE_INFINITY;
    total += longOf(asRecord(variant)?.qtyInStock);
  }
  return total;
}

/**
 * The store setting `storeSettings.multipleQuantityAllowedForServices` of the
 * website settings; allowed unless it is set (not null) and reads as false.
 */
export function isMultipleQuantityAllowedForServices(websiteSettings: unknown): boolean {
  const storeSettings = asRecord(websiteSettings)?.storeSettings;
  if (!isObject(storeSettings)) return true;
  const setting = asRecord(storeSettings)?.multipleQuantityAllowedForServices;
  if (setting === undefined || setting === null) return true;
  return jsonAsBooleanOr(setting, true);
}

/**
 * Whether a product page offers a quantity input: only physical products and
 * (when the store allows it) services, never subscriptions, and only when more
 * than one unit is left in total.
 */
export function showsQuantityInput(item: unknown, websiteSettings: unknown): boolean {
  const kind = productKindOf(item);
  const multipleAllowed =
    (kind === 'physical' || (kind === 'service' && isMultipleQuantityAllowedForServices(websiteSettings))) &&
    !isSubscribable(item);
  return multipleAllowed && totalStockRemaining(item) > 1;
}
