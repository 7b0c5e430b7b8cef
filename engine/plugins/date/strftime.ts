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
import { detachedCopy } from '../../syntax/detached-copy.ts';

/** The fields a directive prints. The composites expand to these and to literal text. */
const enum Field {
  ShortWeekday, // %a
  LongWeekday, // %A
  ShortMonth, // %b %h
  LongMonth, // %B
  Century, // %C
  Day, // %d
  DaySpacePadded, // %e
  DayUnpadded, // the day in %c
  IsoWeekYearOfCentury, // %g
  IsoWeekYear, // %G
  Hour24, // %H
  Hour12Unpadded, // %i
  Hour12, // %I
  DayOfYear, // %j
  Hour24SpacePadded, // %k
  Hour12SpacePadded, // %l
  Month, // %m
  Minute, // %M
  Nanoseconds, // %N
  AmPmUpper, // %p
  AmPmLower, // %P
  Quarter, // %q
  EpochSeconds, // %s
  Second, // %S
  IsoWeekday, // %u
  WeekOfYear, // %U %W
  IsoWeek, // %V
  WeekdayFromSunday, // %w
  YearOfCentury, // %y
  Year, // %Y
  ZoneOffset, // %z
  ZoneAbbreviation, // %Z
}

/** Literal text or a field. */
type Step = string | Field;

// ---------------------------------------------------------------------------------------------
// Numbers and names.

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

function twelveHour(t: LocalTime): number {
  return t.hour === 0 ? 12 : t.hour;
}

/** "+hh:mm" / "-hh:mm" of a zone offset in milliseconds. */
function numericZone(offset: number): string {
  const negative = offset < 0;
  if (negative) offset = -offset;
  const minutes = Math.trunc(offset / 60000);
  return `${negative ? '-' : '+'}${twoDigits(Math.trunc(minutes / 60))}:${twoDigits(minutes % 60)}`;
}

/** Day and month names by number (weekdays 1 = Sunday to 7, months 1 to 12); '' where the locale has none. */
interface Names {
  readonly shortDays: readonly string[];
  readonly longDays: readonly string[];
  readonly shortMonths: readonly string[];
  readonly longMonths: readonly string[];
}

/**
 * A copy of a text in one piece. The locale data hands out names that are
 * views into larger texts, and every concatenation with such a view cost as
 * much again as a fresh text would; joining characters builds a new one.
 */
function inOnePiece(text: string): string {
  return [...text].join('');
}

function byNumber(names: Readonly<Record<string, string>>, last: number): string[] {
  const list: string[] = [];
  for (let n = 0; n <= last; n++) list.push(inOnePiece(names[String(n)] ?? ''));
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

/** Fields whose output depends on the locale: names, and weeks (a locale's first day of the week). */
const LOCALE_DEPENDENT: ReadonlySet<Step> = new Set<Step>([
  Field.ShortWeekday, Field.LongWeekday, Field.ShortMonth, Field.LongMonth,
  Field.WeekOfYear, Field.IsoWeek, Field.IsoWeekYear, Field.IsoWeekYearOfCentury,
]);

const FIELDS: Readonly<Record<string, Field>> = {
  a: Field.ShortWeekday, A: Field.LongWeekday, b: Field.ShortMonth, h: Field.ShortMonth, B: Field.LongMonth,
  C: Field.Century, d: Field.Day, e: Field.DaySpacePadded, g: Field.IsoWeekYearOfCentury, G: Field.IsoWeekYear,
  H: Field.Hour24, i: Field.Hour12Unpadded, I: Field.Hour12, j: Field.DayOfYear, k: Field.Hour24SpacePadded,
  l: Field.Hour12SpacePadded, m: Field.Month, M: Field.Minute, N: Field.Nanoseconds, p: Field.AmPmUpper,
  P: Field.AmPmLower, q: Field.Quarter, s: Field.EpochSeconds, S: Field.Second, u: Field.IsoWeekday,
  U: Field.WeekOfYear, V: Field.IsoWeek,
  // %W is the Java reference's week of the year, the same as %U.
  W: Field.WeekOfYear,
  w: Field.WeekdayFromSunday, y: Field.YearOfCentury, Y: Field.Year, z: Field.ZoneOffset, Z: Field.ZoneAbbreviation,
};

/** What each composite directive stands for. */
const COMPOSITES: Readonly<Record<string, readonly Step[]>> = {
  c: [
    Field.ShortWeekday, ', ', Field.ShortMonth, ' ', Field.DayUnpadded, ', ', Field.Year, ' ',
    Field.Hour12Unpadded, ':', Field.Minute, ':', Field.Second, ' ', Field.AmPmUpper, ' ', Field.ZoneAbbreviation,
  ],
  D: [Field.Month, '/', Field.Day, '/', Field.YearOfCentury],
  F: [Field.Year, '-', Field.Month, '-', Field.Day],
  r: [Field.Hour12Unpadded, ':', Field.Minute, ':', Field.Second, ' ', Field.AmPmUpper],
  R: [Field.Hour24, ':', Field.Minute],
  T: [Field.Hour24, ':', Field.Minute, ':', Field.Second],
  v: [Field.DaySpacePadded, '-', Field.ShortMonth, '-', Field.Year],
  x: [Field.Month, '/', Field.Day, '/', Field.Year],
  X: [Field.Hour12, ':', Field.Minute, ':', Field.Second, ' ', Field.AmPmUpper],
};

const LITERALS: Readonly<Record<string, string>> = { n: '\n', t: '\t', '%': '%' };

// ---------------------------------------------------------------------------------------------
// Patterns.

/** A compiled pattern: literal texts and field directives, adjacent literals joined. */
export interface CompiledPattern {
  readonly steps: readonly Step[];
  /** Whether it prints names or weeks of the year, which depend on the locale. */
  readonly usesLocale: boolean;
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
  return { steps, usesLocale: steps.some((step) => LOCALE_DEPENDENT.has(step)) };
}

/** Patterns kept compiled: templates use a handful; a pattern built from data must not grow the memo. */
const MAX_PATTERNS = 256;
const compiled = new Map<string, CompiledPattern>();

/** The compiled form of `pattern`, compiled on first use. */
export function strftimePattern(pattern: string): CompiledPattern {
  let result = compiled.get(pattern);
  if (result === undefined) {
    result = compileStrftime(pattern);
    if (compiled.size >= MAX_PATTERNS) compiled.delete(compiled.keys().next().value as string);
    compiled.set(detachedCopy(pattern), result);
  }
  return result;
}

/**
 * Formats the instant `t` with a compiled pattern, names and weeks in the
 * locale of `cldr`, which may be left out when the pattern does not use the locale.
 */
export function formatLocalTime(pattern: CompiledPattern, t: LocalTime, cldr: CLDR | undefined): string {
  const steps = pattern.steps;
  let out = '';
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (typeof step === 'string') {
      out += step;
      continue;
    }
    // One switch in the loop: no call per field.
    switch (step) {
      case Field.ShortWeekday: out += namesOf(cldr!).shortDays[t.dayOfWeek] ?? ''; break;
      case Field.LongWeekday: out += namesOf(cldr!).longDays[t.dayOfWeek] ?? ''; break;
      case Field.ShortMonth: out += namesOf(cldr!).shortMonths[t.month] ?? ''; break;
      case Field.LongMonth: out += namesOf(cldr!).longMonths[t.month] ?? ''; break;
      case Field.Century: out += twoDigits(Math.trunc(t.year / 100)); break;
      case Field.Day: out += twoDigits(t.dayOfMonth); break;
      case Field.DaySpacePadded: out += twoDigitsSpacePadded(t.dayOfMonth); break;
      case Field.DayUnpadded: out += String(t.dayOfMonth); break;
      case Field.IsoWeekYearOfCentury: out += twoDigits(t.calendarDate(cldr!).yearOfWeekOfYearISO() % 100); break;
      case Field.IsoWeekYear: out += pad(t.calendarDate(cldr!).yearOfWeekOfYearISO(), 4, '0'); break;
      case Field.Hour24: out += twoDigits(t.hourOfDay); break;
      case Field.Hour12Unpadded: out += String(twelveHour(t)); break;
      case Field.Hour12: out += twoDigits(twelveHour(t)); break;
      case Field.DayOfYear: out += pad(t.dayOfYear, 3, '0'); break;
      case Field.Hour24SpacePadded: out += twoDigitsSpacePadded(t.hourOfDay); break;
      case Field.Hour12SpacePadded: out += twoDigitsSpacePadded(twelveHour(t)); break;
      case Field.Month: out += twoDigits(t.month); break;
      case Field.Minute: out += twoDigits(t.minute); break;
      case Field.Nanoseconds: out += pad(t.milliseconds * 1_000_000, 9, '0'); break;
      case Field.AmPmUpper: out += t.hourOfDay < 12 ? 'AM' : 'PM'; break;
      case Field.AmPmLower: out += t.hourOfDay < 12 ? 'am' : 'pm'; break;
      case Field.Quarter: out += String(Math.trunc((t.month - 1) / 3) + 1); break;
      case Field.EpochSeconds: out += String(Math.trunc(t.unixEpoch / 1000)); break;
      case Field.Second: out += twoDigits(t.second); break;
      case Field.IsoWeekday: out += String(t.dayOfWeek === 1 ? 7 : t.dayOfWeek - 1); break;
      case Field.WeekOfYear: out += twoDigits(t.calendarDate(cldr!).weekOfYear()); break;
      case Field.IsoWeek: out += twoDigits(t.calendarDate(cldr!).weekOfYearISO()); break;
      case Field.WeekdayFromSunday: out += String(t.dayOfWeek - 1); break;
      case Field.YearOfCentury: out += twoDigits(t.year % 100); break;
      case Field.Year: out += String(t.year); break;
      case Field.ZoneOffset: out += numericZone(t.zoneOffset); break;
      case Field.ZoneAbbreviation: out += t.zoneAbbreviation; break;
    }
  }
  return out;
}
