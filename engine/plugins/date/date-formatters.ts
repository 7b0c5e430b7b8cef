/**
 * `date` (strftime patterns in the website's time zone) and `timesince`
 * (a span with how long ago an instant was).
 */
import type { Formatter } from '../types.ts';
import { messages } from '../../messages.ts';
import { numberOf } from '../../runtime/values.ts';
import { cldrFor } from '../i18n/cldr.ts';
import { humanizeElapsed } from './humanize.ts';
import { formatInstant } from './recent-instants.ts';
import { epochOf, isSupportedInstant, timeZoneOf } from './time-zone.ts';

/** `{t|date %B %d, %Y}`: the arguments, joined by spaces, are the pattern. */
export const dateFormatter: Formatter = {
  apply(value, args, ctx) {
    // A missing or null value is the instant 0, as Java reads it (a missing node's long is 0).
    if (args.length === 0) return undefined;
    const epoch = epochOf(value);
    if (!isSupportedInstant(epoch)) {
      ctx.error(messages.julianDayRange);
      return undefined;
    }
    return formatInstant(cldrFor(ctx.locale), timeZoneOf(ctx), epoch, args.length === 1 ? (args[0] as string) : args.join(' '));
  },
};

/** `{t|timesince}`: only JSON numbers are instants; anything else reads 'Invalid date.'. */
export const timesinceFormatter: Formatter = {
  apply(value, _args, ctx) {
    const number = numberOf(value);
    if (number === undefined || !Number.isFinite(number)) return messages.invalidDate;
    const instant = Math.trunc(number);
    return `<span class="timesince" data-date="${instant}">${humanizeElapsed(ctx.now - instant)}</span>`;
  },
};
