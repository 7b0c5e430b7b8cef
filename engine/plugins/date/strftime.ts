/**
 * strftime-style date patterns ('%A, %B %d, %Y') as the `date` formatter
 * reads them. Day and month names come from the locale's stand-alone CLDR
 * names; every number is Gregorian, in the given time zone. An unknown
 * directive is copied through unchanged ('%Q' stays '%Q').
 *
 * A pattern is compiled once into literal texts and field directives, with
 * the composite directives (%F is %Y-%m-%d) spelled out, so formatting an
 * instant is one pass over a short list.
 */
import type { CLDR } from '@phensley/cldr';
import type { LocalTime } from './local-time.ts';

// Directives that read a field. The composites expand to these and to literal text.
const SHORT_WEEKDAY = 0; // %a
const LONG_WEEKDAY = 1; // %A
const SHORT_MONTH = 2; // %b %h
const LONG_MONTH = 3; // %B
const CENTURY = 4; // %C
const DAY = 5; // %d
const DAY_SPACE_PADDED = 6; // %e
const DAY_UNPADDED = 7; // the day in %c
const ISO_WEEK_YEAR_OF_CENTURY = 8; // %g
const ISO_WEEK_YEAR = 9; // %G
const HOUR_24 = 10; // %H
const HOUR_12_UNPADDED = 11; // %i
const HOUR_12 = 12; // %I
const DAY_OF_YEAR = 13; // %j
const HOUR_24_SPACE_PADDED = 14; // %k
const HOUR_12_SPACE_PADDED = 15; // %l
const MONTH = 16; // %m
const MINUTE = 17; // %M
const NANOSECONDS = 18; // %N
const AM_PM_UPPER = 19; // %p
const AM_PM_LOWER = 20; // %P
const QUARTER = 21; // %q
const EPOCH_SECONDS = 22; // %s
const SECOND = 23; // %S
const ISO_WEEKDAY = 24; // %u
const WEEK_OF_YEAR = 25; // %U %W
const ISO_WEEK = 26; // %V
const WEEKDAY_FROM_SUNDAY = 27; // %w
const YEAR_OF_CENTURY = 28; // %y
const YEAR = 29; // %Y
const NUMERIC_ZONE = 30; // %z
const ZONE_ABBREVIATION = 31; // %Z

/** Literal text or a field directive. */
type Step = string | number;

/** What each composite directive stands for. */
const COMPOSITES: Readonly<Record<string, readonly Step[]>> = {
  c: [SHORT_WEEKDAY, ', ', SHORT_MONTH, ' ', DAY_UNPADDED, ', ', YEAR, ' ', HOUR_12_UNPADDED, ':', MINUTE, ':', SECOND, ' ', AM_PM_UPPER, ' ', ZONE_ABBREVIATION],
  D: [MONTH, '/', DAY, '/', YEAR_OF_CENTURY],
  F: [YEAR, '-', MONTH, '-', DAY],
  r: [HOUR_12_UNPADDED, ':', MINUTE, ':', SECOND, ' ', AM_PM_UPPER],
  R: [HOUR_24, ':', MINUTE],
  T: [HOUR_24, ':', MINUTE, ':', SECOND],
  v: [DAY_SPACE_PADDED, '-', SHORT_MONTH, '-', YEAR],
  x: [MONTH, '/', DAY, '/', YEAR],
  X: [HOUR_12, ':', MINUTE, ':', SECOND, ' ', AM_PM_UPPER],
};

const FIELDS: Readonly<Record<string, number>> = {
  a: SHORT_WEEKDAY, A: LONG_WEEKDAY, b: SHORT_MONTH, h: SHORT_MONTH, B: LONG_MONTH, C: CENTURY,
  d: DAY, e: DAY_SPACE_PADDED, g: ISO_WEEK_YEAR_OF_CENTURY, G: ISO_WEEK_YEAR, H: HOUR_24,
  i: HOUR_12_UNPADDED, I: HOUR_12, j: DAY_OF_YEAR, k: HOUR_24_SPACE_PADDED, l: HOUR_12_SPACE_PADDED,
  m: MONTH, M: MINUTE, N: NANOSECONDS, p: AM_PM_UPPER, P: AM_PM_LOWER, q: QUARTER, s: EPOCH_SECONDS,
  S: SECOND, u: ISO_WEEKDAY, U: WEEK_OF_YEAR, V: ISO_WEEK,
  // %W is the Java reference's week of the year, the same as %U.
  W: WEEK_OF_YEAR,
  w: WEEKDAY_FROM_SUNDAY, y: YEAR_OF_CENTURY, Y: YEAR, z: NUMERIC_ZONE, Z: ZONE_ABBREVIATION,
};

const LITERALS: Readonly<Record<string, string>> = { n: '\n', t: '\t', '%': '%' };

/** A compiled pattern: literal texts and field directives, adjacent literals joined. */
export type CompiledPattern = readonly Step[];

/** Patterns kept compiled: templates use a handful; a pattern built from data must not grow the memo. */
const MAX_PATTERNS = 256;
const compiled = new Map<string, CompiledPattern>();

/** The compiled form of `pattern`, compiled on first use. */
export function strftimePattern(pattern: string): CompiledPattern {
  let steps = compiled.get(pattern);
  if (steps === undefined) {
    steps = compileStrftime(pattern);
    if (compiled.size >= MAX_PATTERNS) compiled.delete(compiled.keys().next().value as string);
    compiled.set(pattern, steps);
  }
  return steps;
}

export function compileStrftime(pattern: string): CompiledPattern {
  const steps: Step[] = [];
  let text = '';
  const add = (step: Step): void => {
    if (typeof step === 'string') {
      text += step;
      return;
    }
    if (text !== '') steps.push(text);
    text = '';
    steps.push(step);
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    // A '%' that ends the pattern is literal.
    if (c !== '%' || i === pattern.length - 1) {
      text += c;
      continue;
    }
    const directive = pattern[++i]!;
    if (Object.hasOwn(FIELDS, directive)) add(FIELDS[directive]!);
    else if (Object.hasOwn(COMPOSITES, directive)) COMPOSITES[directive]!.forEach(add);
    else if (Object.hasOwn(LITERALS, directive)) text += LITERALS[directive];
    else text += c + directive;
  }
  if (text !== '') steps.push(text);
  return steps;
}

/** Day and month names by number (weekdays 1 = Sunday to 7, months 1 to 12); '' where the locale has none. */
interface Names {
  readonly shortDays: readonly string[];
  readonly longDays: readonly string[];
  readonly shortMonths: readonly string[];
  readonly longMonths: readonly string[];
}

function byNumber(names: Readonly<Record<string, string>>, last: number): string[] {
  const list: string[] = [];
  for (let n = 0; n <= last; n++) list.push(names[String(n)] ?? '');
  return list;
}

const namesCache = new WeakMap<CLDR, Names>();
let lastCldr: CLDR | undefined;
let lastNames: Names | undefined;

function namesOf(cldr: CLDR): Names {
  if (cldr === lastCldr) return lastNames!;
  let names = namesCache.get(cldr);
  if (!names) {
    const cal = cldr.Calendars;
    names = {
      shortDays: byNumber(cal.weekdays({ width: 'abbreviated' }), 7),
      longDays: byNumber(cal.weekdays({ width: 'wide' }), 7),
      shortMonths: byNumber(cal.months({ width: 'abbreviated' }), 12),
      longMonths: byNumber(cal.months({ width: 'wide' }), 12),
    };
    namesCache.set(cldr, names);
  }
  lastCldr = cldr;
  lastNames = names;
  return names;
}

function pad(value: number, width: number, fill: string): string {
  return String(value).padStart(width, fill);
}

const ZERO_PADDED: readonly string[] = Array.from({ length: 100 }, (_, n) => pad(n, 2, '0'));
const SPACE_PADDED: readonly string[] = Array.from({ length: 100 }, (_, n) => pad(n, 2, ' '));

/** Two digits, zero-padded (wider numbers as they are). */
function twoDigits(value: number): string {
  return value >= 0 && value < 100 ? ZERO_PADDED[value]! : pad(value, 2, '0');
}

function twoDigitsSpacePadded(value: number): string {
  return value >= 0 && value < 100 ? SPACE_PADDED[value]! : pad(value, 2, ' ');
}

/** "+hh:mm" / "-hh:mm" of a zone offset in milliseconds. */
function numericZone(offset: number): string {
  const negative = offset < 0;
  if (negative) offset = -offset;
  const minutes = Math.trunc(offset / 60000);
  return `${negative ? '-' : '+'}${twoDigits(Math.trunc(minutes / 60))}:${twoDigits(minutes % 60)}`;
}

function field(step: number, t: LocalTime, cldr: CLDR): string {
  switch (step) {
    case SHORT_WEEKDAY: return namesOf(cldr).shortDays[t.dayOfWeek] ?? '';
    case LONG_WEEKDAY: return namesOf(cldr).longDays[t.dayOfWeek] ?? '';
    case SHORT_MONTH: return namesOf(cldr).shortMonths[t.month] ?? '';
    case LONG_MONTH: return namesOf(cldr).longMonths[t.month] ?? '';
    case CENTURY: return twoDigits(Math.trunc(t.year / 100));
    case DAY: return twoDigits(t.dayOfMonth);
    case DAY_SPACE_PADDED: return twoDigitsSpacePadded(t.dayOfMonth);
    case DAY_UNPADDED: return String(t.dayOfMonth);
    case ISO_WEEK_YEAR_OF_CENTURY: return twoDigits(t.calendarDate(cldr).yearOfWeekOfYearISO() % 100);
    case ISO_WEEK_YEAR: return pad(t.calendarDate(cldr).yearOfWeekOfYearISO(), 4, '0');
    case HOUR_24: return twoDigits(t.hourOfDay);
    case HOUR_12_UNPADDED: return String(t.hour === 0 ? 12 : t.hour);
    case HOUR_12: return twoDigits(t.hour === 0 ? 12 : t.hour);
    case DAY_OF_YEAR: return pad(t.dayOfYear, 3, '0');
    case HOUR_24_SPACE_PADDED: return twoDigitsSpacePadded(t.hourOfDay);
    case HOUR_12_SPACE_PADDED: return twoDigitsSpacePadded(t.hour === 0 ? 12 : t.hour);
    case MONTH: return twoDigits(t.month);
    case MINUTE: return twoDigits(t.minute);
    case NANOSECONDS: return pad(t.milliseconds * 1_000_000, 9, '0');
    case AM_PM_UPPER: return t.hourOfDay < 12 ? 'AM' : 'PM';
    case AM_PM_LOWER: return t.hourOfDay < 12 ? 'am' : 'pm';
    case QUARTER: return String(Math.trunc((t.month - 1) / 3) + 1);
    case EPOCH_SECONDS: return String(Math.trunc(t.unixEpoch / 1000));
    case SECOND: return twoDigits(t.second);
    case ISO_WEEKDAY: return String(t.dayOfWeek === 1 ? 7 : t.dayOfWeek - 1);
    case WEEK_OF_YEAR: return twoDigits(t.calendarDate(cldr).weekOfYear());
    case ISO_WEEK: return twoDigits(t.calendarDate(cldr).weekOfYearISO());
    case WEEKDAY_FROM_SUNDAY: return String(t.dayOfWeek - 1);
    case YEAR_OF_CENTURY: return twoDigits(t.year % 100);
    case YEAR: return String(t.year);
    case NUMERIC_ZONE: return numericZone(t.zoneOffset);
    default: return t.zoneAbbreviation; // ZONE_ABBREVIATION
  }
}

/** Formats the instant `t` with a compiled pattern, names in the locale of `cldr`. */
export function formatLocalTime(pattern: CompiledPattern, t: LocalTime, cldr: CLDR): string {
  if (pattern.length === 1) {
    const step = pattern[0]!;
    return typeof step === 'string' ? step : field(step, t, cldr);
  }
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const step = pattern[i]!;
    out += typeof step === 'string' ? step : field(step, t, cldr);
  }
  return out;
}
