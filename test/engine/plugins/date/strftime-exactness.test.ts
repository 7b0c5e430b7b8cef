/**
 * The date formatter computes calendar fields and zone offsets itself
 * instead of building a CLDR GregorianDate per instant. These tests hold it
 * to the calendar date's output: every directive, for instants drawn from the
 * whole supported range and gathered around the places where arithmetic goes
 * wrong (zone transitions, the 1582 Gregorian reform, year ends, the edges
 * of the range, negative instants), in zones of every kind, in two locales.
 */
import { describe, expect, test } from 'vitest';
import type { CLDR, GregorianDate } from '@phensley/cldr';
import { TZ } from '@phensley/timezone';
import { cldrFor } from '../../../../engine/plugins/i18n/cldr.ts';
import { localTimeOf } from '../../../../engine/plugins/date/local-time.ts';
import { compileStrftime, formatLocalTime, type CompiledPattern } from '../../../../engine/plugins/date/strftime.ts';

// ---------------------------------------------------------------------------------------------
// The expectation: the strftime directives read straight from a CLDR GregorianDate, as the
// formatter did before it computed the fields itself.

function pad(value: number, width: number, fill = '0'): string {
  return String(value).padStart(width, fill);
}

function twelveHour(d: GregorianDate): number {
  const h = d.hour();
  return h === 0 ? 12 : h;
}

function numericZone(d: GregorianDate): string {
  let offset = d.timeZoneOffset();
  const negative = offset < 0;
  if (negative) offset = -offset;
  const minutes = Math.trunc(offset / 60000);
  return `${negative ? '-' : '+'}${pad(Math.trunc(minutes / 60), 2)}:${pad(minutes % 60, 2)}`;
}

type NameTable = Readonly<Record<string, string>>;
const namesByCldr = new Map<CLDR, [NameTable, NameTable, NameTable, NameTable]>();

function expected(cldr: CLDR, d: GregorianDate, pattern: string): string {
  let names = namesByCldr.get(cldr);
  if (!names) {
    const cal = cldr.Calendars;
    names = [cal.weekdays({ width: 'abbreviated' }), cal.weekdays({ width: 'wide' }), cal.months({ width: 'abbreviated' }), cal.months({ width: 'wide' })];
    namesByCldr.set(cldr, names);
  }
  const [shortDays, longDays, shortMonths, longMonths] = names;
  const format = (p: string): string => expected(cldr, d, p);
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c !== '%' || i === pattern.length - 1) {
      out += c;
      continue;
    }
    const directive = pattern[++i]!;
    switch (directive) {
      case 'a': out += shortDays[String(d.dayOfWeek())] ?? ''; break;
      case 'A': out += longDays[String(d.dayOfWeek())] ?? ''; break;
      case 'b':
      case 'h': out += shortMonths[String(d.month())] ?? ''; break;
      case 'B': out += longMonths[String(d.month())] ?? ''; break;
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
      case 'W': out += pad(d.weekOfYear(), 2); break;
      case 'v': out += format('%e-%b-%Y'); break;
      case 'V': out += pad(d.weekOfYearISO(), 2); break;
      case 'w': out += String(d.dayOfWeek() - 1); break;
      case 'x': out += format('%m/%d/%Y'); break;
      case 'X': out += format('%I:%M:%S %p'); break;
      case 'y': out += pad(d.year() % 100, 2); break;
      case 'Y': out += String(d.year()); break;
      case 'z': out += numericZone(d); break;
      case 'Z': out += TZ.fromUTC(d.timeZoneId(), d.unixEpoch())?.abbr ?? ''; break;
      case '%': out += '%'; break;
      default: out += c + directive; break;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Instants and zones.

/** A small seeded generator (mulberry32), so a failure can be reproduced. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** First and last instants the formatter accepts (Julian days 0 to 4881503 in UTC). */
const FIRST = -2_440_588 * DAY;
const LAST = (4_881_503 - 2_440_588 + 1) * DAY - 1;
/** 15 October 1582, 00:00 UTC: the first day the calendars count as Gregorian. */
const GREGORIAN_REFORM = (2_299_161 - 2_440_588) * DAY;

const ZONES = [
  'America/New_York',
  'Europe/London',
  'Asia/Kolkata',
  'Australia/Lord_Howe', // half-hour daylight saving
  'Pacific/Chatham', // +12:45 / +13:45
  'UTC',
  'US/Eastern', // a timezone-database link
  'SystemV/EST5EDT', // an alias only the calendars' own table knows
  'america/new_york', // lower case
  'Not/A_Zone', // unknown: the calendars use UTC
  '5', // a numeric zone setting, as text
  '',
];

const ALL_DIRECTIVES =
  '%a|%A|%b|%h|%B|%c|%C|%d|%D|%e|%F|%g|%G|%H|%i|%I|%j|%k|%l|%m|%M|%n|%N|%p|%P|%q|%r|%R|%s|%S|%t|%T|' +
  '%u|%U|%W|%v|%V|%w|%x|%X|%y|%Y|%z|%Z|%%|%Q|%é|100%';

const cldrs = [cldrFor('en-US'), cldrFor('fr-FR')];

function ours(cldr: CLDR, zone: string, epoch: number, pattern: CompiledPattern): string {
  return formatLocalTime(pattern, localTimeOf(zone, epoch), cldr);
}

function theirs(cldr: CLDR, zone: string, epoch: number, pattern: string): string {
  return expected(cldr, cldr.Calendars.toGregorianDate({ date: epoch, zoneId: zone }), pattern);
}

/** Compares every zone and locale at each instant; returns the mismatches (at most a few). */
function mismatches(instants: readonly number[], pattern = ALL_DIRECTIVES): string[] {
  const found: string[] = [];
  // compiled once, as a template's pattern is: compiling it again for every zone, locale and instant was a third of the time
  const compiled = compileStrftime(pattern);
  for (const epoch of instants) {
    if (epoch < FIRST || epoch > LAST) continue;
    for (const zone of ZONES) {
      // Both locales in turn at one instant: the week rules differ, the other fields must not be recomputed wrongly.
      for (const cldr of cldrs) {
        const a = ours(cldr, zone, epoch, compiled);
        const b = theirs(cldr, zone, epoch, pattern);
        if (a !== b && found.length < 5) found.push(`${epoch} ${zone || "''"} ${cldr.General.locale().id}:\n  ours   ${a}\n  theirs ${b}`);
      }
    }
  }
  return found;
}

/** The instants at which a zone's offset changes between `from` and `to` (probed every 10 days, then bisected). */
function transitions(zone: string, from: number, to: number): number[] {
  const offset = (t: number): number => TZ.fromUTC(zone, t)?.offset ?? 0;
  const found: number[] = [];
  for (let t = from; t < to; t += 10 * DAY) {
    if (offset(t) === offset(t + 10 * DAY)) continue;
    let lo = t;
    let hi = t + 10 * DAY;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offset(mid) === offset(lo)) lo = mid;
      else hi = mid;
    }
    found.push(hi);
  }
  return found;
}

function around(points: readonly number[], deltas: readonly number[]): number[] {
  return points.flatMap((p) => deltas.map((d) => p + d));
}

const NEAR = [-DAY, -HOUR - 1, -HOUR, -1001, -1000, -1, 0, 1, 999, 1000, HOUR, HOUR + 1, DAY];

describe('date fields computed without a calendar date match the calendar date', () => {
  test('random instants over the whole supported range', () => {
    const next = random(15);
    const instants = Array.from({ length: 2000 }, () => FIRST + Math.floor(next() * (LAST - FIRST + 1)));
    expect(mismatches(instants)).toEqual([]);
  });

  test('random instants from 1900 to 2100, where templates live', () => {
    const next = random(1582);
    const from = Date.UTC(1900, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    const instants = Array.from({ length: 2000 }, () => from + Math.floor(next() * (to - from)));
    expect(mismatches(instants)).toEqual([]);
  });

  test('around every offset change of the zones from 1840 to 2060', () => {
    const instants = new Set<number>();
    for (const zone of ['America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham']) {
      for (const t of around(transitions(zone, Date.UTC(1840, 0, 1), Date.UTC(2060, 0, 1)), [-1, 0, 1, -HOUR, HOUR])) instants.add(t);
    }
    expect(instants.size).toBeGreaterThan(1500);
    expect(mismatches([...instants])).toEqual([]);
  });

  test('around the Gregorian reform of October 1582', () => {
    const instants: number[] = [];
    for (let t = GREGORIAN_REFORM - 2 * DAY; t <= GREGORIAN_REFORM + 2 * DAY; t += HOUR) instants.push(t - 1, t);
    instants.push(...around([GREGORIAN_REFORM - 4 * HOUR - 56 * MINUTE - 2000, GREGORIAN_REFORM + 5 * HOUR + 53 * MINUTE + 28_000], NEAR));
    expect(mismatches(instants)).toEqual([]);
  });

  test('around the ends of years, months and days, in the past and the future', () => {
    const next = random(31);
    const points: number[] = [];
    for (let i = 0; i < 150; i++) {
      const year = 1583 + Math.floor(next() * (8600 - 1583));
      const month = Math.floor(next() * 12);
      points.push(Date.UTC(year, 0, 1), Date.UTC(year, month, 1), Date.UTC(year, 11, 31, 23, 59, 59, 999));
    }
    // Leap days and the century years that are (2000) and are not (1900, 2100) leap years.
    for (const year of [1600, 1700, 1900, 2000, 2004, 2100, 2400]) points.push(Date.UTC(year, 1, 28), Date.UTC(year, 1, 29), Date.UTC(year, 2, 1));
    expect(mismatches(around(points, [-14 * HOUR, -5 * HOUR - 1, -1, 0, 1, 5 * HOUR, 13 * HOUR + 45 * MINUTE]))).toEqual([]);
  });

  test('negative instants and the edges of the supported range', () => {
    const points = [0, -1, -999, -1000, -1001, -DAY, -DAY - 1, -86_400_001 * 365, FIRST, LAST];
    expect(mismatches(around(points, [...NEAR, -14 * HOUR, 14 * HOUR]))).toEqual([]);
  });

  test('random patterns: literal text, unknown directives, a trailing %', () => {
    const next = random(7);
    const alphabet = ['%', '%', '%', 'a', 'Y', 'F', 'c', 'r', 'e', 'Q', ' ', ',', '-', 'é', '\u{1F600}', 'Z', 'k', '%%'];
    const instants = [Date.UTC(2020, 1, 10, 19, 7, 51, 250), Date.UTC(1999, 11, 31, 23, 59, 59), GREGORIAN_REFORM - 1];
    for (let i = 0; i < 300; i++) {
      let pattern = '';
      const length = Math.floor(next() * 12);
      for (let k = 0; k < length; k++) pattern += alphabet[Math.floor(next() * alphabet.length)];
      expect(mismatches(instants, pattern)).toEqual([]);
    }
  });
});
