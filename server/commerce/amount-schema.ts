/**
 * An amount of money as the owner's screens send it: whole minor units (cents) from 0 to `max`.
 * A screen that could not read what was typed sends NaN, which arrives as null. Each problem is
 * told in the owner's words, since the numbers of the limits are in minor units and would
 * mislead next to a field that shows major ones.
 */
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';

export function amountSchema(max: number) {
  return z.number({ error: ADMIN.server.notAnAmount })
    .int({ error: ADMIN.server.notAnAmount })
    .min(0, { error: ADMIN.server.amountNegative })
    .max(max, { error: ADMIN.server.amountTooLarge });
}
