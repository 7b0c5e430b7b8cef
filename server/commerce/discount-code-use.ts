/**
 * A discount code at the checkout: the code looked up (as the shopper typed it) and allowed for
 * this cart, or the catalogue text saying why not, then the cart priced with it. A code refused
 * leaves the quote as it is without one, with the reason in discountError.
 */
import { discountAppliesTo, discountCodeState, isDiscountCodeShape, normalisedDiscountCode, type DiscountAppliesTo, type DiscountCodeState } from '../../client/lib/discount-code.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { DiscountCodeRepository, type DiscountCodeRecord } from '../db/discount-code-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { discountableCentsOf } from './cart-totals.ts';
import type { CheckoutLine } from './checkout-lines.ts';
import { quoteCheckout, type CheckoutQuote, type CheckoutSettings, type DiscountToApply, type ShippingChoice } from './checkout-quote.ts';
import { moneyTextIn } from './money-format.ts';
import { PRODUCT_TYPE } from './pricing.ts';
import { currentLanguage } from '../../client/lib/language.ts';

/** The catalogue's refusal of each state, by key: read when refused, in the store's language. */
const STATE_REFUSALS: Record<Exclude<DiscountCodeState, 'active'>, 'discountStopped' | 'discountEnded' | 'discountUsedUp' | 'discountNotStarted'> = {
  stopped: 'discountStopped',
  ended: 'discountEnded',
  'used-up': 'discountUsedUp',
  scheduled: 'discountNotStarted',
};

/** A limited code with none of its products in the cart: what it is for, in words. */
function otherGoodsRefusal(appliesTo: DiscountAppliesTo, targets: readonly string[]): string {
  if (appliesTo !== 'categories') return CHECKOUT.discountOtherProducts;
  return CHECKOUT.discountOtherCategories(new Intl.ListFormat(currentLanguage(), { type: 'disjunction' }).format(targets));
}

/** Why the code cannot apply to these lines at `now` (a catalogue text), or null when it can. */
function refusalOf(record: DiscountCodeRecord, lines: readonly CheckoutLine[], settings: CheckoutSettings, now: number): string | null {
  const state = discountCodeState(record, now);
  if (state !== 'active') return CHECKOUT[STATE_REFUSALS[state]];
  const { terms } = record;
  // an amount is money of one currency; a percentage or free shipping means the same in any
  if (terms.kind === 'amount' && terms.currency !== settings.currency) return CHECKOUT.discountOtherCurrency;
  const discountable = discountableCentsOf(lines);
  if (discountable === 0) return CHECKOUT.discountOnlyGiftCards;
  // a code limited to products or categories needs one of them among the goods
  if (!lines.some((line) => line.productType !== PRODUCT_TYPE.GIFT_CARD && discountAppliesTo(terms, line))) return otherGoodsRefusal(terms.appliesTo, terms.targets);
  if (discountable < terms.minimumSubtotalCents) {
    return CHECKOUT.discountMinimum(moneyTextIn(settings.currency, settings.locale)(terms.minimumSubtotalCents));
  }
  if (terms.kind === 'free-shipping' && !lines.some((line) => line.productType === PRODUCT_TYPE.PHYSICAL)) return CHECKOUT.discountNothingToShip;
  return null;
}

/**
 * The discount of `typedCode` for these lines: null without a code, the code to price when it
 * applies, or the text saying why it does not. Inside the order's transaction `lock` holds the
 * code's row until it commits, so the limits read are the ones the order's use is taken against
 * (and a second order of one customer waits, then finds the first's use). `customerEmail`, known
 * once the order is placed, is checked against a once-per-customer code's earlier orders.
 */
async function discountFor(
  session: StoreSession,
  typedCode: string | undefined,
  lines: readonly CheckoutLine[],
  settings: CheckoutSettings,
  now: number,
  lock: boolean,
  customerEmail: string,
): Promise<DiscountToApply | { refusal: string } | null> {
  const code = normalisedDiscountCode(typedCode ?? '');
  if (code === '') return null;
  if (!isDiscountCodeShape(code)) return { refusal: CHECKOUT.discountCodeInvalid };
  const codes = new DiscountCodeRepository(session);
  const record = await codes.findByCode(code, lock);
  if (!record) return { refusal: CHECKOUT.discountUnknown };
  const refusal = refusalOf(record, lines, settings, now);
  if (refusal !== null) return { refusal };
  if (record.oncePerCustomer && customerEmail !== '' && (await codes.usedByCustomer(record.id, customerEmail))) return { refusal: CHECKOUT.discountUsedByCustomer };
  return { id: record.id, code: record.code, terms: record.terms };
}

/**
 * The quote of these lines with the discount of `typedCode` when it applies, or saying why not;
 * `customerEmail` is the order's, once it is placed ('' for a quote, which has none yet).
 */
export async function quoteWithDiscount(
  session: StoreSession,
  lines: readonly CheckoutLine[],
  settings: CheckoutSettings,
  shipping: ShippingChoice,
  typedCode: string | undefined,
  now: number,
  lock = false,
  customerEmail = '',
): Promise<CheckoutQuote> {
  const discount = await discountFor(session, typedCode, lines, settings, now, lock, customerEmail);
  if (discount !== null && 'refusal' in discount) return { ...quoteCheckout(lines, settings, shipping), discountError: discount.refusal };
  return quoteCheckout(lines, settings, shipping, discount);
}
