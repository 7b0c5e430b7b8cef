/**
 * Discount codes as the owner makes them and shoppers type them: 3 to 32 letters, digits, dashes
 * and underscores (SUMMER-25), kept in upper case, so a shopper may type them in either case. A
 * code takes a percentage or an amount off the order's goods, or off the goods of chosen products
 * or categories alone, or makes its shipping free; gift cards bought are never discounted (a
 * discounted card would be money for nothing).
 */

export const DISCOUNT_KINDS = ['percent', 'amount', 'free-shipping'] as const;

export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** What a percentage or amount code takes from: the whole order's goods, or chosen products' or categories'. */
export const DISCOUNT_APPLIES_TO = ['order', 'products', 'categories'] as const;

export type DiscountAppliesTo = (typeof DISCOUNT_APPLIES_TO)[number];

export const DISCOUNT_CODE_MIN_LENGTH = 3;
export const DISCOUNT_CODE_MAX_LENGTH = 32;

/** 100% in basis points: a percentage code takes 1 to 10 000 of them (0.01% to 100%). */
export const WHOLE_IN_BASIS_POINTS = 10_000;

const CODE_SHAPE = new RegExp(`^[A-Z0-9_-]{${DISCOUNT_CODE_MIN_LENGTH},${DISCOUNT_CODE_MAX_LENGTH}}$`);

/** The code as the store keeps it: surrounding spaces dropped, upper case. */
export function normalisedDiscountCode(typed: string): string {
  return typed.trim().toUpperCase();
}

/** True for a normalised code of the right length and alphabet (whether the shop has it is the store's answer). */
export function isDiscountCodeShape(code: string): boolean {
  return CODE_SHAPE.test(code);
}

/** What a code takes off; the fields other than its kind's are 0. */
export interface DiscountTerms {
  kind: DiscountKind;
  /** For 'percent': 1 to 10 000 (2 500 = 25%). */
  percentBasisPoints: number;
  /** For 'amount': minor units of `currency`, at least 1. */
  amountCents: number;
  /** The currency the code was made in: an amount off applies only in it. */
  currency: string;
  /** The goods' subtotal (gift cards left out) the order must reach; 0 for none. */
  minimumSubtotalCents: number;
  /** 'order' for every line; a free shipping code is always 'order'. */
  appliesTo: DiscountAppliesTo;
  /** The chosen products' ids, or the chosen categories' names; empty for the whole order. */
  targets: readonly string[];
}

/** A line of goods a code may take from (gift cards left out): its product, that product's categories and what the line costs. */
export interface DiscountableLine {
  productId: string;
  categories: readonly string[];
  cents: number;
}

/** True when the code takes from this product's lines: any for a whole-order (or free shipping) code, else a chosen product or one in a chosen category. */
export function discountAppliesTo(terms: DiscountTerms, product: { productId: string; categories: readonly string[] }): boolean {
  if (terms.kind === 'free-shipping' || terms.appliesTo === 'order') return true;
  if (terms.appliesTo === 'products') return terms.targets.includes(product.productId);
  return product.categories.some((category) => terms.targets.includes(category));
}

/** What the lines the code takes from cost together (the minimum order still counts every line). */
export function targetedCents(terms: DiscountTerms, lines: readonly DiscountableLine[]): number {
  return lines.reduce((sum, line) => (discountAppliesTo(terms, line) ? sum + line.cents : sum), 0);
}

/**
 * What the code takes off goods worth `discountableCents` (the subtotal less gift cards, or the
 * targeted lines' part of it, targetedCents), never
 * more than they cost: a percentage rounds half up in whole minor units, in integers alone (the
 * cents are split into whole ten-thousands and the rest, so no product passes 2^53). Free
 * shipping takes nothing off the goods; its part is the shipping's cost, known to the quote.
 */
export function goodsDiscountCents(terms: DiscountTerms, discountableCents: number): number {
  if (discountableCents <= 0) return 0;
  if (terms.kind === 'amount') return Math.min(terms.amountCents, discountableCents);
  if (terms.kind !== 'percent') return 0;
  const points = Math.min(Math.max(terms.percentBasisPoints, 0), WHOLE_IN_BASIS_POINTS);
  const rest = discountableCents % WHOLE_IN_BASIS_POINTS;
  const wholes = (discountableCents - rest) / WHOLE_IN_BASIS_POINTS;
  const restPart = rest * points + WHOLE_IN_BASIS_POINTS / 2;
  return Math.min(discountableCents, wholes * points + (restPart - (restPart % WHOLE_IN_BASIS_POINTS)) / WHOLE_IN_BASIS_POINTS);
}

/** When a code may be used, and how often, as the store keeps it. */
export interface DiscountCodeLimits {
  /** Epoch milliseconds from which it applies; null for at once. */
  startsOn: number | null;
  /** Epoch milliseconds from which it no longer applies; null for never. */
  endsOn: number | null;
  /** How many orders may use it; null for no limit. */
  usageLimit: number | null;
  timesUsed: number;
  /** When the owner stopped it; null while it runs. */
  stoppedOn: number | null;
}

/** Where a code stands at `now`: only 'active' codes apply. */
export type DiscountCodeState = 'active' | 'scheduled' | 'ended' | 'used-up' | 'stopped';

export function discountCodeState(code: DiscountCodeLimits, now: number): DiscountCodeState {
  if (code.stoppedOn !== null) return 'stopped';
  if (code.endsOn !== null && now >= code.endsOn) return 'ended';
  if (code.usageLimit !== null && code.timesUsed >= code.usageLimit) return 'used-up';
  if (code.startsOn !== null && now < code.startsOn) return 'scheduled';
  return 'active';
}
