/**
 * An amount of money as the owner's screens send it: whole minor units (cents) from 0 to `max`.
 * A screen that could not read what was typed sends NaN, which arrives as null. Each problem is
 * told in the owner's words, since the numbers of the limits are in minor units and would
 * mislead next to a field that shows major ones. The example of an amount is the default
 * currency's: the screens, which know the currency the owner typed in, tell an amount they could
 * not read in that one (withUnreadableAmounts).
 */
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { notAnAmountText } from '../../client/lib/money-input.ts';
import { DEFAULT_CURRENCY } from '../../client/lib/money.ts';

const NOT_AN_AMOUNT = notAnAmountText(DEFAULT_CURRENCY);

export function amountSchema(max: number) {
  return z.number({ error: NOT_AN_AMOUNT })
    .int({ error: NOT_AN_AMOUNT })
    .min(0, { error: ADMIN.server.amountNegative })
    .max(max, { error: ADMIN.server.amountTooLarge });
}
