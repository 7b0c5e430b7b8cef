/**
 * strftime-style date patterns ('%A, %B %d, %Y') as the `date` formatter
 * reads them. Day and month names come from the locale's stand-alone CLDR
 * names; every number is Gregorian, in the given time zone. An unknown
 * directive is copied through unchanged ('%Q' stays '%Q').
 */
import type { CLDR, GregorianDate } from '@phensley/cldr';
import { TZ } from '@phensley/timezone';

interface Names {
  readonly shortDays: Readonly<Record<string, string>>;
  readonly longDays: Readonly<Record<string, string>>;
  readonly shortMonths: Readonly<Record<string, string>>;
  readonly longMonths: Readonly<Record<string, string>>;
}

const namesCache = new WeakMap<CLDR, Names>();

function namesOf(cldr: CLDR): Names {
  let names = namesCache.get(cldr);
  if (!names) {
    const cal = cldr.Calendars;
    names = {
      shortDays: cal.weekdays({ width: 'abbreviated' }),
      longDays: cal.weekdays({ width: 'wide' }),
      shortMonths: cal.months({ width: 'abbreviated' }),
      longMonths: cal.months({ width: 'wide' }),
    };
    namesCache.set(cldr, names);
  }
  return names;
}

function pad(value: number, width: number, fill = '0'): string {
  return String(value).padStart(width, fill);
}

function twelveHour(d: GregorianDate): number {
  const h = d.hour();
  return h === 0 ? 12 : h;
}

/** "+hh:mm" / "-hh:mm" of the zone offset at this instant. */
function numericZone(d: GregorianDate): string {
  let offset = d.timeZoneOffset();
  const negative = offset < 0;
  if (negative) offset = -offset;
  const minutes = Math.trunc(offset / 60000);
  return `${negative ? '-' : '+'}${pad(Math.trunc(minutes / 60), 2)}:${pad(minutes % 60, 2)}`;
}

function zoneAbbreviation(d: GregorianDate): string {
  return TZ.fromUTC(d.timeZoneId(), d.unixEpoch())?.abbr ?? '';
}

/** Formats a date with a strftime pattern. */
export function strftime(cldr: CLDR, d: GregorianDate, pattern: string): string {
  const names = namesOf(cldr);
  const format = (p: string): string => strftime(cldr, d, p);
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c !== '%' || i === pattern.length - 1) {
      out += c;
      continue;
    }
    const directive = pattern[++i]!;
    switch (directive) {
      case 'a': out += names.shortDays[String(d.dayOfWeek())] ?? ''; break;
      case 'A': out += names.longDays[String(d.dayOfWeek())] ?? ''; break;
      case 'b':
      case 'h': out += names.shortMonths[String(d.month())] ?? ''; break;
      case 'B': out += names.longMonths[String(d.month())] ?? ''; break;
      case 'c': out += format(`%a, %b ${d.dayOfMonth()}, %Y %i:%M:%S %p %Z`); break;
      case 'C': out += pad(Math.trunc(d.year() / 100), 2); break;
      case 'd': out += pad(d.dayOfMonth(), 2); break;
      case 'D': out += format('%m/%d/%y'); break;
      case 'e': out += pad(d.dayOfMonth(), 2, ' '); break;
      case 'F': out += format('%Y-%m-%d'); break;
      case 'g': out += pad(d.yearOfWeekOfYearISO() % 100, 2); break;
      case 'G': out += pad(d.yearOfWeekOfYearISO(), 4); break;
      case 'H': out += pad(d.hourOfDay(), 2); break;
      case 'i': out += String(twelveHour(d)); break;
      case 'I': out += pad(twelveHour(d), 2); break;
      case 'j': out += pad(d.dayOfYear(), 3); break;
      case 'k': out += pad(d.hourOfDay(), 2, ' '); break;
      case 'l': out += pad(twelveHour(d), 2, ' '); break;
      case 'm': out += pad(d.month(), 2); break;
      case 'M': out += pad(d.minute(), 2); break;
      case 'n': out += '\n'; break;
      case 'N': out += pad(d.milliseconds() * 1_000_000, 9); break;
      case 'p': out += d.isAM() ? 'AM' : 'PM'; break;
      case 'P': out += d.isAM() ? 'am' : 'pm'; break;
      case 'q': out += String(Math.trunc((d.month() - 1) / 3) + 1); break;
      case 'r': out += String(twelveHour(d)) + format(':%M:%S %p'); break;
      case 'R': out += format('%H:%M'); break;
      case 's': out += String(Math.trunc(d.unixEpoch() / 1000)); break;
      case 'S': out += pad(d.second(), 2); break;
      case 't': out += '\t'; break;
      case 'T': out += format('%H:%M:%S'); break;
      case 'u': { const weekday = d.dayOfWeek() - 1; out += String(weekday === 0 ? 7 : weekday); break; }
      case 'U': out += pad(d.weekOfYear(), 2); break;
      case 'W': out += pad(d.weekOfYear(), 2); break; // the Java reference's week, the same as %U
      case 'v': out += format('%e-%b-%Y'); break;
      case 'V': out += pad(d.weekOfYearISO(), 2); break;
      case 'w': out += String(d.dayOfWeek() - 1); break;
      case 'x': out += format('%m/%d/%Y'); break;
      case 'X': out += format('%I:%M:%S %p'); break;
      case 'y': out += pad(d.year() % 100, 2); break;
      case 'Y': out += String(d.year()); break;
      case 'z': out += numericZone(d); break;
      case 'Z': out += zoneAbbreviation(d); break;
      case '%': out += '%'; break;
      default: out += c + directive; break;
    }
  }
  return out;
}
