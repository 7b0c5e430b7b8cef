/**
 * Calendar days in a named time zone, for comparing two instants the way a
 * site visitor in the website's zone would see them.
 */
import { DEFAULT_TIME_ZONE } from '../date/time-zone.ts';

export { DEFAULT_TIME_ZONE };

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** Zones kept: a site uses one, but zone names are case-insensitive, so the texts naming them are not few. */
const DAY_FORMAT_LIMIT = 64;

function dayFormat(zone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dayFormats.size >= DAY_FORMAT_LIMIT) dayFormats.clear();
    dayFormats.set(zone, format);
  }
  return format;
}

/** Whether `zone` is a time zone this runtime knows. */
export function isKnownTimeZone(zone: string): boolean {
  if (zone === '') return false;
  try {
    dayFormat(zone);
    return true;
  } catch {
    return false;
  }
}

/** "MM/DD/YYYY" of an instant in a zone; an unknown zone falls back to the default one. */
export function calendarDay(epochMs: number, zone: string): string {
  const known = isKnownTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  const date = new Date(epochMs);
  if (Number.isNaN(date.getTime())) return '';
  return dayFormat(known).format(date);
}

/** Whether two instants fall on the same calendar day in `zone`. */
export function sameCalendarDay(first: number, second: number, zone: string): boolean {
  return calendarDay(first, zone) === calendarDay(second, zone);
}
