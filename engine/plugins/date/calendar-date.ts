/**
 * A CLDR Gregorian calendar date built as `Calendars.toGregorianDate` builds
 * it, for what does not depend on a locale (every field but the weeks of the
 * year): the date formatter reads it where its own arithmetic stops, without
 * needing a locale's data for it.
 */
import { GregorianDate } from '@phensley/cldr';

/** The calendar date of `epoch` in the zone `zoneText` (an empty text is UTC, as for `toGregorianDate`). */
export function calendarDateOf(epoch: number, zoneText: string): GregorianDate {
  return GregorianDate.fromUnixEpoch(epoch, zoneText || 'UTC');
}
