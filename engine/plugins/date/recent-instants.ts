/**
 * The last few instants the `date` formatter converted, with the patterns
 * already formatted for each. Real templates format one instant several
 * times in a row (a `datetime` attribute, then the month, then the day: five
 * to eight times per blog entry), and converting an instant to calendar
 * fields in a time zone is most of the formatter's cost. Few entries, so it
 * serves those runs and holds nothing across a page.
 */
import type { CLDR, GregorianDate } from '@phensley/cldr';
import { strftime } from './strftime.ts';

interface RecentInstant {
  cldr: CLDR;
  zoneId: string;
  epoch: number;
  date: GregorianDate;
  /** Output by pattern. */
  formatted: Map<string, string>;
}

const SIZE = 4;
const recent: (RecentInstant | undefined)[] = new Array<RecentInstant | undefined>(SIZE).fill(undefined);
let next = 0;
/** Patterns kept per instant: a template uses a handful; a pattern built from data must not grow the map. */
const PATTERNS_PER_INSTANT = 16;

/** The instant `epoch` in `zoneId` formatted with the strftime `pattern`. */
export function formatInstant(cldr: CLDR, zoneId: string, epoch: number, pattern: string): string {
  let entry: RecentInstant | undefined;
  for (let i = 0; i < SIZE; i++) {
    const e = recent[i];
    if (e !== undefined && e.epoch === epoch && e.zoneId === zoneId && e.cldr === cldr) {
      entry = e;
      break;
    }
  }
  if (entry === undefined) {
    const date = cldr.Calendars.toGregorianDate({ date: epoch, zoneId });
    entry = { cldr, zoneId, epoch, date, formatted: new Map() };
    recent[next] = entry;
    next = (next + 1) % SIZE;
  }
  let text = entry.formatted.get(pattern);
  if (text === undefined) {
    text = strftime(cldr, entry.date, pattern);
    if (entry.formatted.size < PATTERNS_PER_INSTANT) entry.formatted.set(pattern, text);
  }
  return text;
}
