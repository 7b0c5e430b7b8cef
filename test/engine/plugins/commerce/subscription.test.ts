import { describe, expect, test } from 'vitest';
import {
  billingCyclesOf,
  billingPeriodOf,
  defaultSubscriptionPriceText,
  subscriptionDuration,
  subscriptionPriceKey,
} from '../../../../engine/plugins/commerce/subscription.ts';
import { canBeSubscription, productKindOf } from '../../../../engine/plugins/commerce/product.ts';

const week = (value: number) => ({ value, unit: 'WEEK' });
const month = (value: number) => ({ value, unit: 'MONTH' });

describe('subscription plans', () => {
  test('reads the billing period and the cycles; 0 cycles when absent', () => {
    const item = {
      structuredContent: { subscriptionPlan: { billingPeriod: { value: '2', unit: 'MONTH' }, numBillingCycles: 3 } },
    };
    expect(billingPeriodOf(item)).toEqual({ value: 2, unit: 'MONTH' });
    expect(billingCyclesOf(item)).toBe(3);
    expect(billingPeriodOf({ structuredContent: {} })).toBeUndefined();
    expect(billingCyclesOf({ structuredContent: { subscriptionPlan: {} } })).toBe(0);
  });

  test('the duration is shown in years when it divides evenly, unless raw units are asked for', () => {
    expect(subscriptionDuration(week(2), 26)).toEqual({ value: 1, unit: 'YEAR' });
    expect(subscriptionDuration(month(1), 36)).toEqual({ value: 3, unit: 'YEAR' });
    expect(subscriptionDuration(month(1), 36, { rawUnits: true })).toEqual({ value: 36, unit: 'MONTH' });
    expect(subscriptionDuration(week(2), 6)).toEqual({ value: 12, unit: 'WEEK' });
    expect(subscriptionDuration(month(2), 0)).toEqual({ value: 0, unit: 'MONTH' });
  });

  test('0 billing cycles is an indefinite subscription in the translation key and the wording', () => {
    expect(subscriptionPriceKey(false, week(1), subscriptionDuration(week(1), 0))).toBe(
      'productPrice__singlePrice__1Weekly__indefinite',
    );
    expect(defaultSubscriptionPriceText(false, week(1), 0)).toBe('{price} every week');
    expect(defaultSubscriptionPriceText(true, month(2), 0)).toBe('from {price} every {billingPeriodValue} months');
  });

  test('limited subscriptions name their length', () => {
    expect(subscriptionPriceKey(true, week(2), subscriptionDuration(week(2), 26))).toBe(
      'productPrice__multiplePrices__nWeekly__limited__1Years',
    );
    expect(subscriptionPriceKey(false, month(1), subscriptionDuration(month(1), 6))).toBe(
      'productPrice__singlePrice__1Monthly__limited__nMonths',
    );
    expect(defaultSubscriptionPriceText(false, week(2), 26)).toBe(
      '{price} every {billingPeriodValue} weeks for {duration} year',
    );
    expect(defaultSubscriptionPriceText(false, month(1), 6)).toBe('{price} every month for {duration} months');
  });

  test('only physical products and services can be subscriptions', () => {
    const kind = (code: number) => productKindOf({ structuredContent: { productType: code } });
    expect(canBeSubscription(kind(1))).toBe(true);
    expect(canBeSubscription(kind(3))).toBe(true);
    expect(canBeSubscription(kind(2))).toBe(false);
    expect(canBeSubscription(kind(4))).toBe(false);
  });
});
