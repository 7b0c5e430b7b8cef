/**
 * Subscription plans: a billing period ({ value, unit } with unit WEEK, MONTH
 * or YEAR) and a number of billing cycles, 0 meaning the subscription runs
 * until cancelled. Also the wording of a subscription price.
 */
import { BillingUnitsPerYear, codeOf } from '../enums.ts';
import { asRecord, asString } from '../../runtime/values.ts';
import { intOf } from '../core/node-coercion.ts';

export interface BillingPeriod {
  /** How many units between two payments. */
  readonly value: number;
  /** WEEK, MONTH or YEAR as written in the plan. */
  readonly unit: string;
}

export interface SubscriptionDuration {
  readonly value: number;
  readonly unit: string;
}

/** The plan's billing period, or undefined when the product has no plan period at all. */
export function billingPeriodOf(item: unknown): BillingPeriod | undefined {
  const period = asRecord(asRecord(asRecord(item)?.structuredContent)?.subscriptionPlan)?.billingPeriod;
  if (period === undefined) return undefined;
  return { value: intOf(asRecord(period)?.value), unit: asString(asRecord(period)?.unit) };
}

/** Number of billing cycles of the plan; 0 (also when absent) means indefinite. */
export function billingCyclesOf(item: unknown): number {
  return intOf(asRecord(asRecord(asRecord(item)?.structuredContent)?.subscriptionPlan)?.numBillingCycles);
}

/**
 * Total length of a subscription: period value times cycles, in the period's
 * unit, or in years when it is a whole number of years, unless `rawUnits`.
 * A value of 0 means indefinite.
 */
export function subscriptionDuration(
  period: BillingPeriod,
  billingCycles: number,
  options: { rawUnits?: boolean } = {},
): SubscriptionDuration {
  const total = period.value * billingCycles;
  const perYear = codeOf(BillingUnitsPerYear, period.unit);
  if (!options.rawUnits && total > 0 && perYear !== undefined && total % perYear === 0) {
    return { value: total / perYear, unit: 'YEAR' };
  }
  return { value: total, unit: period.unit };
}

/** "WEEK" gives "Week". */
function capitalized(unit: string): string {
  const lower = unit.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/**
 * Key of the translated price wording under `localizedStrings`, e.g.
 * productPrice__multiplePrices__nWeekly__limited__1Years.
 */
export function subscriptionPriceKey(
  hasMultiplePrices: boolean,
  period: BillingPeriod,
  duration: SubscriptionDuration,
): string {
  const prices = hasMultiplePrices ? 'multiplePrices' : 'singlePrice';
  const every = `${period.value === 1 ? '1' : 'n'}${capitalized(period.unit)}ly`;
  const length =
    duration.value === 0 ? 'indefinite' : `limited__${duration.value === 1 ? '1' : 'n'}${capitalized(duration.unit)}s`;
  return `productPrice__${prices}__${every}__${length}`;
}

/**
 * The English price wording with message placeholders {price},
 * {billingPeriodValue} and {duration}: "from {price} every {billingPeriodValue}
 * weeks for {duration} years".
 */
export function defaultSubscriptionPriceText(
  hasMultiplePrices: boolean,
  period: BillingPeriod,
  billingCycles: number,
): string {
  const plural = period.value > 1;
  const unit = period.unit.toLowerCase();
  const every = plural ? `{billingPeriodValue} ${unit}s` : unit;
  let text = `${hasMultiplePrices ? 'from ' : ''}{price} every ${every}`;
  if (billingCycles > 0) {
    const duration = subscriptionDuration(period, billingCycles);
    text += ` for {duration} ${duration.unit.toLowerCase()}${duration.value === 1 ? '' : 's'}`;
  }
  return text;
}
