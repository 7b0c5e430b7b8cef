import type { ProductRecord, VariantRecord } from '../db/catalogue-repository.ts';
import type { CartEntryRecord, CartRecord } from '../db/cart-repository.ts';
import { computeTotals, taxWithShipping, type CartTotals } from './cart-totals.ts';
import { taxRateTenths } from '../../client/lib/tax-rate.ts';
import type { TaxSettings } from './tax-settings.ts';
import { moneyObject, type MoneyObject } from './money.ts';
import { unitPriceCents } from './pricing.ts';
import { variantImage } from './variant-image.ts';
import { shippingOptions, type ShippingOption, type ShippingRate } from './shipping-rates.ts';

export interface CartEntryView {
  id: string;
  itemId: string;
  quantity: number;
  chosenVariant: { id: string; sku: string; attributes: Record<string, string> };
  additionalFields: string | null;
  additionalFieldsFormId: string | null;
  title: string;
  productType: number;
  purchasePriceCents: number;
  purchasePrice: MoneyObject;
  /** Line total in minor units. */
  subTotal: number;
  subTotalMoney: MoneyObject;
  imageUrl: string | null;
  fullUrl: string;
}

export interface ShoppingCartView extends Omit<CartTotals, 'taxableGoodsCents'> {
  /** The shop's name for its tax ('' for none: the platform's words), for the tax's row (tax-label.ts). */
  taxName: string;
  /** The tax rate in tenths of a basis point (8875 = 8.875 %), said beside the tax. */
  taxRateTenths: number;
  id: string;
  websiteId: string;
  orderId: string | null;
  created: number;
  isPurchased: boolean;
  currency: string;
  entries: CartEntryView[];
  shippingOptions: never[];
  /** The option the total counts (the checkout's first); null when nothing ships or no option can carry the cart. */
  selectedShippingOption: ShippingOption | null;
  shippingLocation: null;
  applicableTaxRules: never[];
  coupons: never[];
  validCoupons: never[];
  invalidCoupons: never[];
  subtotal: MoneyObject;
  grandTotal: MoneyObject;
}

/** An entry joined with what it points at. */
export interface PricedEntry {
  entry: CartEntryRecord;
  product: ProductRecord;
  variant: VariantRecord;
  unitPriceCents: number;
}

/** Where products are read for pricing (the catalogue, or the catalogue inside a transaction). */
export interface ProductLookup {
  productById(id: string): ProductRecord | undefined | Promise<ProductRecord | undefined>;
}

/** Joins entries with their product and variant; entries whose product vanished are left out. */
export async function priceEntries(entries: readonly CartEntryRecord[], catalogue: ProductLookup): Promise<PricedEntry[]> {
  const priced: PricedEntry[] = [];
  for (const entry of entries) {
    const product = await catalogue.productById(entry.productId);
    const variant = product?.variants.find((candidate) => candidate.id === entry.variantId);
    if (!product || !variant) continue;
    priced.push({ entry, product, variant, unitPriceCents: unitPriceCents(product, variant) });
  }
  return priced;
}

export function entryView(priced: PricedEntry, currency: string, productUrlPrefix: string): CartEntryView {
  const { entry, product, variant } = priced;
  const lineCents = priced.unitPriceCents * entry.quantity;
  return {
    id: entry.id,
    itemId: product.id,
    quantity: entry.quantity,
    chosenVariant: { id: variant.id, sku: variant.sku, attributes: variant.attributes },
    additionalFields: entry.additionalFields,
    additionalFieldsFormId: product.additionalFieldsFormId,
    title: product.title,
    productType: product.productType,
    purchasePriceCents: priced.unitPriceCents,
    purchasePrice: moneyObject(priced.unitPriceCents, currency),
    subTotal: lineCents,
    subTotalMoney: moneyObject(lineCents, currency),
    // the variant's own image, else the product's first
    imageUrl: variantImage(product.images, variant)?.assetUrl ?? product.images[0]?.assetUrl ?? null,
    fullUrl: `${productUrlPrefix}${product.urlId}`,
  };
}

export interface CartViewInput extends TaxSettings {
  cart: CartRecord | null;
  priced: readonly PricedEntry[];
  websiteId: string;
  currency: string;
  /** The owner's shipping rates, and the cart's weight that by-weight rates and weight ceilings read. */
  shippingRates: readonly ShippingRate[];
  weightGrams: number;
  productUrlPrefix: string;
}

/** The cart answer of the cart calls (and the cart page's context). A missing cart reads as empty. */
export function shoppingCartView(input: CartViewInput): ShoppingCartView {
  const { cart, priced, currency } = input;
  const base = computeTotals(
    priced.map((line) => ({
      productType: line.product.productType,
      unitPriceCents: line.unitPriceCents,
      quantity: line.entry.quantity,
    })),
    { taxRateBasisPoints: input.taxRateBasisPoints, flatShippingCents: 0, freeShippingOverCents: 0, pricesIncludeTax: input.pricesIncludeTax },
  );
  // the option the checkout offers first (the cheapest that applies), so the cart's total is the checkout's
  const firstOption = base.requiresShipping ? shippingOptions(input.shippingRates, base.subtotalCents, input.weightGrams)[0] ?? null : null;
  const shippingCostCents = firstOption?.costCents ?? 0;
  // the taxed goods are the tax's working, not the cart's: the answer leaves them out
  const { taxableGoodsCents: _working, ...shown } = base;
  const totals = {
    ...shown, shippingCostCents, grandTotalCents: base.grandTotalCents + shippingCostCents,
    taxCents: taxWithShipping(base, shippingCostCents, input.taxRateBasisPoints),
  };
  return {
    id: cart?.id ?? '',
    websiteId: input.websiteId,
    orderId: cart?.orderId ?? null,
    created: cart?.createdOn ?? 0,
    isPurchased: cart?.isPurchased ?? false,
    currency,
    entries: priced.map((line) => entryView(line, currency, input.productUrlPrefix)),
    shippingOptions: [],
    // so the cart can say what its shipping costs, Free included, where no option means no line
    selectedShippingOption: firstOption,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    ...totals,
    taxName: input.taxName,
    taxRateTenths: taxRateTenths(input.taxRateBasisPoints) ?? 0,
    subtotal: moneyObject(totals.subtotalCents, currency),
    grandTotal: moneyObject(totals.grandTotalCents, currency),
  };
}
