/**
 * `relative-time`: how far an instant is from now ('in 2 hours',
 * '11 hours ago'), or from a first instant to a second with `{a, b|…}`.
 * Distances are measured in UTC, as in the Java reference.
 */
import type { Formatter } from '../types.ts';
import { messages } from '../../messages.ts';
import { epochOf, isAbsent, isSupportedInstant } from '../date/time-zone.ts';
import { cldrFor } from './cldr.ts';
import { memoByArgs, relativeTimeOptions } from './options.ts';

const parsedOptions = memoByArgs(relativeTimeOptions);

export const relativeTimeFormatter: Formatter = {
  apply(value, args, ctx, vars) {
    if (isAbsent(value)) return undefined;
    let start = ctx.now;
    let end = epochOf(value);
    if (vars.length > 1) {
      if (isAbsent(vars[1])) return undefined;
      start = end;
      end = epochOf(vars[1]);
    }
    if (!isSupportedInstant(start) || !isSupportedInstant(end)) {
      ctx.error(messages.julianDayRange);
      return undefined;
    }
    const cldr = cldrFor(ctx.locale);
    const from = cldr.Calendars.toGregorianDate({ date: start, zoneId: 'UTC' });
    const to = cldr.Calendars.toGregorianDate({ date: end, zoneId: 'UTC' });
    return cldr.Calendars.formatRelativeTime(from, to, parsedOptions(args));
  },
};
