import { targetedCents, type DiscountTerms } from '../../client/lib/discount-code.ts';
import { TAX_TENTHS_IN_WHOLE, taxRateTenths } from '../../client/lib/tax-rate.ts';
import { PRODUCT_TYPE } from './pricing.ts';

export interface PricedLine {
  productType: number;
  unitPriceCents: number;
  quantity: number;
}

/** Store settings that shape the totals; amounts in minor units of the store currency. */
export interface TotalsSettings {
  /** Tax as basis points of the subtotal (800 = 8%), in tenths at finest (887.5 = 8.875%). */
  taxRateBasisPoints: number;
  /** Flat shipping charged when something must be shipped. */
  flatShippingCents: number;
  /** Subtotal from which shipping is free; 0 means never free. */
  freeShippingOverCents: number;
  /**
   * Prices already include the tax (VAT): the tax is the part of the taxed amount it includes and
   * is not added to the total, and shipping's price includes it too (VAT is charged on delivery at
   * the goods' rate). Absent: tax is added on top of the goods alone, as a US shop charges sales tax.
   */
  pricesIncludeTax?: boolean;
}

export interface CartTotals {
  subtotalCents: number;
  taxCents: number;
  /** `taxCents` is part of the prices (TotalsSettings.pricesIncludeTax), not added to the total. */
  taxIncluded: boolean;
  /** The goods the tax is worked out on: the subtotal less gift cards and the goods discount. */
  taxableGoodsCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
}

/**
 * `taxableCents` × `tenths` / 100 000 rounded half up, in integers alone. The cents are split into
 * whole hundred-thousands and the rest, so no product passes 2^53: the largest cart the limits
 * allow (100 entries of 9 999 at the highest price) holds about 10^14 cents, which times 50 000
 * tenths (50 %) would no longer be exact.
 */
export function taxCentsOf(taxableCents: number, tenths: number): number {
  const rest = taxableCents % TAX_TENTHS_IN_WHOLE;
  const wholes = (taxableCents - rest) / TAX_TENTHS_IN_WHOLE;
  const restTax = rest * tenths + TAX_TENTHS_IN_WHOLE / 2;
  return wholes * tenths + (restTax - (restTax % TAX_TENTHS_IN_WHOLE)) / TAX_TENTHS_IN_WHOLE;
}

/**
 * The tax `grossCents` includes at `tenths`: grossCents × tenths / (100 000 + tenths), rounded half
 * up, so that the price less it, taxed at the same rate, comes back to the price. In BigInt: the
 * product passes 2^53 for the largest carts the limits allow.
 */
export function includedTaxCentsOf(grossCents: number, tenths: number): number {
  const numerator = 2n * BigInt(grossCents) * BigInt(tenths);
  const denominator = 2n * BigInt(TAX_TENTHS_IN_WHOLE + tenths);
  return Number((numerator + denominator / 2n) / denominator);
}

/** The tax of `taxableCents` at `tenths`: added on top, or the part the prices include. */
export function taxOf(taxableCents: number, tenths: number, included: boolean): number {
  return included ? includedTaxCentsOf(taxableCents, tenths) : taxCentsOf(taxableCents, tenths);
}

/** The subtotal of the lines a discount code may take from: every line but gift cards bought. */
export function discountableCentsOf(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => (line.productType === PRODUCT_TYPE.GIFT_CARD ? sum : sum + line.unitPriceCents * line.quantity), 0);
}

/** The subtotal of the lines a code takes from (discount-code.ts): gift cards left out, then only its products' or categories' lines when it has them. */
export function targetedCentsOf(terms: DiscountTerms, lines: ReadonlyArray<PricedLine & { productId: string; categories: readonly string[] }>): number {
  const goods = lines.filter((line) => line.productType !== PRODUCT_TYPE.GIFT_CARD);
  return targetedCents(terms, goods.map((line) => ({ productId: line.productId, categories: line.categories, cents: line.unitPriceCents * line.quantity })));
}

/**
 * Totals in whole minor units; tax rounds half up once, on the subtotal less its gift cards and
 * less `goodsDiscountCents` (what a discount code takes off the goods, discount-code.ts): a gift
 * card is money kept for later, taxed as what it buys when it is spent, not when it is bought.
 * Prices that include the tax (pricesIncludeTax) keep the same total; the tax is the part of it.
 */
export function computeTotals(lines: readonly PricedLine[], settings: TotalsSettings, goodsDiscountCents = 0): CartTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const discountableCents = discountableCentsOf(lines);
  const discountCents = Math.min(Math.max(goodsDiscountCents, 0), discountableCents);
  const taxableCents = discountableCents - discountCents;
  const totalQuantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  const hasDigital = lines.some((line) => line.productType === PRODUCT_TYPE.DIGITAL);
  const purelyDigital = lines.length > 0 && lines.every((line) => line.productType === PRODUCT_TYPE.DIGITAL);
  const requiresShipping = lines.some((line) => line.productType === PRODUCT_TYPE.PHYSICAL);
  const taxIncluded = settings.pricesIncludeTax === true;
  const freeShipping = settings.freeShippingOverCents > 0 && subtotalCents >= settings.freeShippingOverCents;
  const shippingCostCents = requiresShipping && !freeShipping ? settings.flatShippingCents : 0;
  const taxCents = taxOf(taxableCents + (taxIncluded ? shippingCostCents : 0), taxRateTenths(settings.taxRateBasisPoints) ?? 0, taxIncluded);
  return {
    subtotalCents,
    taxCents,
    taxIncluded,
    taxableGoodsCents: taxableCents,
    shippingCostCents,
    discountCents,
    grandTotalCents: subtotalCents + (taxIncluded ? 0 : taxCents) + shippingCostCents - discountCents,
    totalQuantity,
    hasDigital,
    purelyDigital,
    requiresShipping,
  };
}

/**
 * The tax of totals whose shipping was chosen after them (the cart's and the checkout's options),
 * `shippingTaxableCents` being what the shopper pays for it (less a free-shipping code): prices that
 * include the tax include it in the shipping too; tax added on top is the goods' alone.
 */
export function taxWithShipping(totals: CartTotals, shippingTaxableCents: number, taxRateBasisPoints: number): number {
  if (!totals.taxIncluded) return totals.taxCents;
  return includedTaxCentsOf(totals.taxableGoodsCents + Math.max(0, shippingTaxableCents), taxRateTenths(taxRateBasisPoints) ?? 0);
}
