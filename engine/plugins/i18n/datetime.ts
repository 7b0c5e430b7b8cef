/**
 * `datetime` and `datetime-interval`: instants (epoch milliseconds) as
 * locale-formatted dates and ranges, in the website's time zone.
 */
import type { DateFormatOptions, DateIntervalFormatOptions } from '@phensley/cldr';
import type { Formatter, RenderContext } from '../types.ts';
import { messages } from '../../messages.ts';
import { epochOf, isAbsent, isSupportedInstant, timeZoneOf } from '../date/time-zone.ts';
import { cldrFor } from './cldr.ts';
import { datetimeOptions, intervalOptions, memoByArgs } from './options.ts';

/** Date fields: an interval differing in one of these is a range of days. */
const DATE_FIELDS = 'GyMd';

/**
 * Formats an instant with parsed `datetime` options; undefined (after
 * reporting the error) when the instant is outside the calendars' range.
 */
export function formatInstant(
  ctx: RenderContext,
  epoch: number,
  zoneId: string,
  options: DateFormatOptions,
): string | undefined {
  if (!isSupportedInstant(epoch)) {
    ctx.error(messages.julianDayRange);
    return undefined;
  }
  const cldr = cldrFor(ctx.locale);
  return cldr.Calendars.formatDate(cldr.Calendars.toGregorianDate({ date: epoch, zoneId }), options);
}

/**
 * Formats the range start..end. Without a skeleton, a range within one day
 * shows hours and minutes on the 12-hour clock ('7:00 AM – 1:00 PM'), as the
 * Java reference does for every locale.
 */
export function formatInterval(
  ctx: RenderContext,
  start: number,
  end: number,
  zoneId: string,
  options: DateIntervalFormatOptions,
): string | undefined {
  if (!isSupportedInstant(start) || !isSupportedInstant(end)) {
    ctx.error(messages.julianDayRange);
    return undefined;
  }
  const cldr = cldrFor(ctx.locale);
  const from = cldr.Calendars.toGregorianDate({ date: start, zoneId });
  const to = cldr.Calendars.toGregorianDate({ date: end, zoneId });
  let effective = options;
  if (!options.skeleton && !options.date && !options.time) {
    const field = from.fieldOfVisualDifference(to);
    if (field === undefined || DATE_FIELDS.indexOf(field) === -1) effective = { ...options, skeleton: 'hm' };
  }
  return cldr.Calendars.formatDateInterval(from, to, effective);
}

const parsedDatetimeOptions = memoByArgs(datetimeOptions);
const parsedIntervalOptions = memoByArgs(intervalOptions);

export const datetimeFormatter: Formatter = {
  apply(value, args, ctx) {
    if (isAbsent(value)) return undefined;
    return formatInstant(ctx, epochOf(value), timeZoneOf(ctx), parsedDatetimeOptions(args));
  },
};

/** `{start, end|datetime-interval skeleton}`: needs two variables; one alone passes through. */
export const datetimeIntervalFormatter: Formatter = {
  apply(value, args, ctx, vars) {
    if (vars.length < 2) return value;
    const [start, end] = vars;
    if (isAbsent(start) || isAbsent(end)) return undefined;
    return formatInterval(ctx, epochOf(start), epochOf(end), timeZoneOf(ctx), parsedIntervalOptions(args));
  },
};
