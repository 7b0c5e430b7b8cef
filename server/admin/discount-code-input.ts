/**
 * What the Discounts screen's form sends, checked: the code (kept in upper case), what it takes
 * off (a percentage in basis points, as the screen reads "12.5"; or an amount in minor units, as
 * the product editor reads prices), the minimum order, the first and last day in the store's time
 * zone, the use limit, whether each customer may use it once only and what it applies to (the whole
 * order, or chosen products or categories). Each problem is named by its field.
 */
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { DISCOUNT_APPLIES_TO, DISCOUNT_KINDS, isDiscountCodeShape, normalisedDiscountCode, WHOLE_IN_BASIS_POINTS } from '../../client/lib/discount-code.ts';
import { isCalendarDay } from '../../client/lib/order-periods.ts';
import { amountSchema } from '../commerce/amount-schema.ts';
import type { DiscountCodeWrite } from '../db/admin-discount-code-repository.ts';
import { dayIn, periodInstants } from './order-period.ts';
import { MAX_PRICE_CENTS } from './product-input.ts';

export const MAX_DISCOUNT_USES = 1_000_000;
/** The products or categories one code may be limited to (the form's ticks; a category counts as one). */
export const MAX_DISCOUNT_TARGETS = 500;

const PERCENT = ADMIN.server.discountPercent;
const USAGE = ADMIN.server.discountUsageLimit;
const TARGETS = ADMIN.server.discountTargets;

const percentSchema = z.number({ error: PERCENT }).int({ error: PERCENT }).min(1, { error: PERCENT }).max(WHOLE_IN_BASIS_POINTS, { error: PERCENT });
const amountOffSchema = amountSchema(MAX_PRICE_CENTS).refine((cents) => cents > 0, { error: ADMIN.server.discountAmountZero });

/** A day as a date field gives it (YYYY-MM-DD); empty for none. */
function daySchema(problem: string) {
  return z.preprocess((value) => (value === '' || value === undefined ? null : value), z.string({ error: problem }).refine(isCalendarDay, { error: problem }).nullable());
}

export const discountCodeInputSchema = z.object({
  code: z.string().max(200).transform(normalisedDiscountCode).refine(isDiscountCodeShape, { error: ADMIN.server.discountCodeShape }),
  kind: z.enum(DISCOUNT_KINDS),
  // checked below by the kind: only its own field is asked for
  percentBasisPoints: z.unknown().optional(),
  amountCents: z.unknown().optional(),
  minimumSubtotalCents: amountSchema(MAX_PRICE_CENTS).default(0),
  startsOn: daySchema(ADMIN.server.discountStartNotADay),
  endsOn: daySchema(ADMIN.server.discountEndNotADay),
  // an unreadable number is sent as typed (text), never as null, which is "no limit"
  usageLimit: z.number({ error: USAGE }).int({ error: USAGE }).min(1, { error: USAGE }).max(MAX_DISCOUNT_USES, { error: USAGE }).nullable().default(null),
  oncePerCustomer: z.boolean().default(false),
  appliesTo: z.enum(DISCOUNT_APPLIES_TO).default('order'),
  // product ids or category names, as the choices call gives them
  targets: z.array(z.string({ error: TARGETS }).trim().min(1, { error: TARGETS }).max(200, { error: TARGETS }), { error: TARGETS })
    .max(MAX_DISCOUNT_TARGETS, { error: TARGETS }).default([]),
}).superRefine((input, context) => {
  // run even when another field failed, so that one save names every field to correct
  // (then `input` may not even be an object: a body of text or XML)
  if (typeof input !== 'object' || input === null) return;
  const own = (field: 'percentBasisPoints' | 'amountCents', schema: z.ZodType<number>) => {
    const checked = schema.safeParse(input[field]);
    if (!checked.success) context.addIssue({ code: 'custom', path: [field], message: checked.error.issues[0]!.message });
  };
  if (input.kind === 'percent') own('percentBasisPoints', percentSchema);
  if (input.kind === 'amount') own('amountCents', amountOffSchema);
  // a percentage or amount limited to products or categories needs one ticked; free shipping is order-wide
  const limited = (input.kind === 'percent' || input.kind === 'amount') && (input.appliesTo === 'products' || input.appliesTo === 'categories');
  if (limited && Array.isArray(input.targets) && input.targets.length === 0) {
    context.addIssue({ code: 'custom', path: ['targets'], message: input.appliesTo === 'products' ? ADMIN.server.discountNoProducts : ADMIN.server.discountNoCategories });
  }
  // YYYY-MM-DD days compare as their text does
  const { startsOn, endsOn } = input;
  if (typeof startsOn === 'string' && typeof endsOn === 'string' && isCalendarDay(startsOn) && isCalendarDay(endsOn) && endsOn < startsOn) {
    context.addIssue({ code: 'custom', path: ['endsOn'], message: ADMIN.server.discountEndBeforeStart });
  }
}, { when: () => true }).transform((input) => ({
  // the other kinds' fields are kept as 0 (the contract's DiscountTerms)
  ...input,
  percentBasisPoints: input.kind === 'percent' ? (input.percentBasisPoints as number) : 0,
  amountCents: input.kind === 'amount' ? (input.amountCents as number) : 0,
  appliesTo: input.kind === 'free-shipping' ? 'order' as const : input.appliesTo,
  targets: input.kind === 'free-shipping' || input.appliesTo === 'order' ? [] : [...new Set(input.targets)],
}));

export type DiscountCodeInput = z.output<typeof discountCodeInputSchema>;

/**
 * The code as the store keeps it: in the store's currency at save time, from the first day's
 * start to the start of the day after the last, both in the store's time zone `zone`.
 */
export function discountCodeWrite(input: DiscountCodeInput, currency: string, zone: string): DiscountCodeWrite {
  const { since, before } = periodInstants({ from: input.startsOn, to: input.endsOn }, zone);
  return {
    code: input.code, kind: input.kind, percentBasisPoints: input.percentBasisPoints, amountCents: input.amountCents, currency,
    minimumSubtotalCents: input.minimumSubtotalCents, startsOn: since ?? null, endsOn: before ?? null, usageLimit: input.usageLimit,
    oncePerCustomer: input.oncePerCustomer, appliesTo: input.appliesTo, targets: input.targets,
  };
}

/** A stored code's first and last day in `zone`, as the form's date fields show them (null: none). */
export function discountCodeDays(code: { startsOn: number | null; endsOn: number | null }, zone: string): { firstDay: string | null; lastDay: string | null } {
  return {
    firstDay: code.startsOn === null ? null : dayIn(zone, code.startsOn),
    // ends_on is the start of the day after the last
    lastDay: code.endsOn === null ? null : dayIn(zone, code.endsOn - 1),
  };
}
