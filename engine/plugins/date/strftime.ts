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

/** Prints one field of an instant; `cldr` is read only by the directives in LOCALE_DEPENDENT. */
type Directive = (t: LocalTime, cldr: CLDR) => string;

/** Literal text or a field directive. */
type Step = string | Directive;

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

// ---------------------------------------------------------------------------------------------
// Directives.

const shortWeekday: Directive = (t, cldr) => namesOf(cldr).shortDays[t.dayOfWeek] ?? '';
const longWeekday: Directive = (t, cldr) => namesOf(cldr).longDays[t.dayOfWeek] ?? '';
const shortMonth: Directive = (t, cldr) => namesOf(cldr).shortMonths[t.month] ?? '';
const longMonth: Directive = (t, cldr) => namesOf(cldr).longMonths[t.month] ?? '';
const century: Directive = (t) => twoDigits(Math.trunc(t.year / 100));
const day: Directive = (t) => twoDigits(t.dayOfMonth);
const daySpacePadded: Directive = (t) => twoDigitsSpacePadded(t.dayOfMonth);
const dayUnpadded: Directive = (t) => String(t.dayOfMonth);
const isoWeekYearOfCentury: Directive = (t, cldr) => twoDigits(t.calendarDate(cldr).yearOfWeekOfYearISO() % 100);
const isoWeekYear: Directive = (t, cldr) => pad(t.calendarDate(cldr).yearOfWeekOfYearISO(), 4, '0');
const hour24: Directive = (t) => twoDigits(t.hourOfDay);
const hour12Unpadded: Directive = (t) => String(twelveHour(t));
const hour12: Directive = (t) => twoDigits(twelveHour(t));
const dayOfYear: Directive = (t) => pad(t.dayOfYear, 3, '0');
const hour24SpacePadded: Directive = (t) => twoDigitsSpacePadded(t.hourOfDay);
const hour12SpacePadded: Directive = (t) => twoDigitsSpacePadded(twelveHour(t));
const month: Directive = (t) => twoDigits(t.month);
const minute: Directive = (t) => twoDigits(t.minute);
const nanoseconds: Directive = (t) => pad(t.milliseconds * 1_000_000, 9, '0');
const amPmUpper: Directive = (t) => (t.hourOfDay < 12 ? 'AM' : 'PM');
const amPmLower: Directive = (t) => (t.hourOfDay < 12 ? 'am' : 'pm');
const quarter: Directive = (t) => String(Math.trunc((t.month - 1) / 3) + 1);
const epochSeconds: Directive = (t) => String(Math.trunc(t.unixEpoch / 1000));
const second: Directive = (t) => twoDigits(t.second);
const isoWeekday: Directive = (t) => String(t.dayOfWeek === 1 ? 7 : t.dayOfWeek - 1);
const weekOfYear: Directive = (t, cldr) => twoDigits(t.calendarDate(cldr).weekOfYear());
const isoWeek: Directive = (t, cldr) => twoDigits(t.calendarDate(cldr).weekOfYearISO());
const weekdayFromSunday: Directive = (t) => String(t.dayOfWeek - 1);
const yearOfCentury: Directive = (t) => twoDigits(t.year % 100);
const year: Directive = (t) => String(t.year);
const zoneOffset: Directive = (t) => numericZone(t.zoneOffset);
const zoneAbbreviation: Directive = (t) => t.zoneAbbreviation;

/** Directives whose output depends on the locale: names, and weeks (a locale's first day of the week). */
const LOCALE_DEPENDENT: ReadonlySet<Step> = new Set<Step>([
  shortWeekday, longWeekday, shortMonth, longMonth, weekOfYear, isoWeek, isoWeekYear, isoWeekYearOfCentury,
]);

const FIELDS: Readonly<Record<string, Directive>> = {
  a: shortWeekday, A: longWeekday, b: shortMonth, h: shortMonth, B: longMonth, C: century,
  d: day, e: daySpacePadded, g: isoWeekYearOfCentury, G: isoWeekYear, H: hour24,
  i: hour12Unpadded, I: hour12, j: dayOfYear, k: hour24SpacePadded, l: hour12SpacePadded,
  m: month, M: minute, N: nanoseconds, p: amPmUpper, P: amPmLower, q: quarter, s: epochSeconds,
  S: second, u: isoWeekday, U: weekOfYear, V: isoWeek,
  // %W is the Java reference's week of the year, the same as %U.
  W: weekOfYear,
  w: weekdayFromSunday, y: yearOfCentury, Y: year, z: zoneOffset, Z: zoneAbbreviation,
};

/** What each composite directive stands for. */
const COMPOSITES: Readonly<Record<string, readonly Step[]>> = {
  c: [shortWeekday, ', ', shortMonth, ' ', dayUnpadded, ', ', year, ' ', hour12Unpadded, ':', minute, ':', second, ' ', amPmUpper, ' ', zoneAbbreviation],
  D: [month, '/', day, '/', yearOfCentury],
  F: [year, '-', month, '-', day],
  r: [hour12Unpadded, ':', minute, ':', second, ' ', amPmUpper],
  R: [hour24, ':', minute],
  T: [hour24, ':', minute, ':', second],
  v: [daySpacePadded, '-', shortMonth, '-', year],
  x: [month, '/', day, '/', year],
  X: [hour12, ':', minute, ':', second, ' ', amPmUpper],
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
    compiled.set(pattern, result);
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
    out += typeof step === 'string' ? step : step(t, cldr!);
  }
  return out;
}
