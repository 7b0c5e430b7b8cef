/**
 * The calendar fields of an instant in a time zone, the same numbers the
 * CLDR Gregorian calendar date gives, computed by the same arithmetic
 * without building one. Where that calendar does more than this arithmetic
 * (Julian days before the Gregorian reform of October 1582, days it clamps
 * at the edges of its range, weeks of the year, which depend on the locale)
 * the fields come from a calendar date built for the purpose.
 */
import type { CLDR, GregorianDate } from '@phensley/cldr';
import { TZ } from '@phensley/timezone';
import { calendarDateOf } from './calendar-date.ts';
import { type ZoneClock, zoneClockOf } from './zone-clock.ts';
import { JULIAN_DAY_MAX, JULIAN_DAY_OF_UNIX_EPOCH, MS_PER_DAY } from './time-zone.ts';

/** Julian day of 1 January of year 1 in the proleptic Gregorian calendar. */
const JULIAN_DAY_OF_GREGORIAN_EPOCH = 1_721_426;
/** 15 October 1582: the calendars count earlier days in the Julian calendar. */
const JULIAN_DAY_OF_GREGORIAN_REFORM = 2_299_161;
const DAYS_PER_400_YEARS = 146_097;
const DAYS_PER_100_YEARS = 36_524;
const DAYS_PER_4_YEARS = 1_461;
/** Zero-based day of the year each month starts on, in common and leap years. */
const MONTH_START_COMMON = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
const MONTH_START_LEAP = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335];

export class LocalTime {
  zoneText = '';
  epoch = NaN;
  /** Year of the era (the calendars' `year()`). */
  year = 0;
  /** 1 to 12. */
  month = 0;
  dayOfMonth = 0;
  /** 1 to 366. */
  dayOfYear = 0;
  /** 1 (Sunday) to 7 (Saturday). */
  dayOfWeek = 0;
  /** 0 to 23. */
  hourOfDay = 0;
  /** 0 to 11: noon and midnight are 0. */
  hour = 0;
  minute = 0;
  second = 0;
  milliseconds = 0;
  /** The zone's offset from UTC, in milliseconds. */
  zoneOffset = 0;
  /** The zone's abbreviation at this instant ('EST'). */
  zoneAbbreviation = '';
  /** The instant the fields stand for, in UTC milliseconds (the calendars' `unixEpoch()`). */
  unixEpoch = 0;
  private calendarCldr: CLDR | undefined;
  private calendar: GregorianDate | undefined;

  /** The CLDR calendar date of this instant with a locale's week rules, for the weeks of the year (built on first use). */
  calendarDate(cldr: CLDR): GregorianDate {
    if (this.calendarCldr !== cldr || this.calendar === undefined) {
      this.calendar = cldr.Calendars.toGregorianDate({ date: this.epoch, zoneId: this.zoneText });
      this.calendarCldr = cldr;
    }
    return this.calendar;
  }

  /** Sets the fields to `epoch` in the zone `zoneText`. */
  set(zoneText: string, epoch: number): void {
    this.zoneText = zoneText;
    this.epoch = epoch;
    this.calendar = undefined;
    this.calendarCldr = undefined;
    const clock = zoneClockOf(zoneText);
    clock.seek(epoch);
    // Fields other than the weeks do not depend on the locale.
    if (!this.setGregorian(clock, epoch)) this.setFromCalendar(calendarDateOf(epoch, zoneText));
  }

  /** The calendars' arithmetic for days from the Gregorian reform on; false for other days. */
  private setGregorian(clock: ZoneClock, epoch: number): boolean {
    const local = epoch + clock.offset;
    const days = Math.floor(local / MS_PER_DAY);
    const julianDay = days + JULIAN_DAY_OF_UNIX_EPOCH;
    if (julianDay < JULIAN_DAY_OF_GREGORIAN_REFORM || julianDay > JULIAN_DAY_MAX) return false;

    const msInDay = local - days * MS_PER_DAY;
    this.milliseconds = msInDay % 1000;
    const seconds = (msInDay / 1000) | 0;
    this.second = seconds % 60;
    const minutes = (seconds / 60) | 0;
    this.minute = minutes % 60;
    const hourOfDay = (minutes / 60) | 0;
    this.hourOfDay = hourOfDay;
    this.hour = hourOfDay % 12;
    // Julian day 0 was a Monday.
    const dayOfWeek = (julianDay + 2) % 7;
    this.dayOfWeek = dayOfWeek < 1 ? dayOfWeek + 7 : dayOfWeek;

    let rest = julianDay - JULIAN_DAY_OF_GREGORIAN_EPOCH;
    const n400 = Math.floor(rest / DAYS_PER_400_YEARS);
    rest %= DAYS_PER_400_YEARS;
    const n100 = Math.floor(rest / DAYS_PER_100_YEARS);
    rest %= DAYS_PER_100_YEARS;
    const n4 = Math.floor(rest / DAYS_PER_4_YEARS);
    rest %= DAYS_PER_4_YEARS;
    const n1 = Math.floor(rest / 365);
    rest %= 365;
    let year = 400 * n400 + 100 * n100 + 4 * n4 + n1;
    let dayOfYear = rest;
    // The last day of a leap year ends a 4-year or 400-year cycle.
    if (n100 === 4 || n1 === 4) dayOfYear = 365;
    else year++;
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    const correction = dayOfYear >= (leap ? 60 : 59) ? (leap ? 1 : 2) : 0;
    const month = Math.floor((12 * (dayOfYear + correction) + 6) / 367);
    this.year = year;
    this.month = month + 1;
    this.dayOfMonth = dayOfYear - (leap ? MONTH_START_LEAP : MONTH_START_COMMON)[month]! + 1;
    this.dayOfYear = dayOfYear + 1;

    this.zoneOffset = clock.offset;
    this.zoneAbbreviation = clock.abbr;
    this.unixEpoch = epoch;
    return true;
  }

  private setFromCalendar(d: GregorianDate): void {
    this.year = d.year();
    this.month = d.month();
    this.dayOfMonth = d.dayOfMonth();
    this.dayOfYear = d.dayOfYear();
    this.dayOfWeek = d.dayOfWeek();
    this.hourOfDay = d.hourOfDay();
    this.hour = d.hour();
    this.minute = d.minute();
    this.second = d.second();
    this.milliseconds = d.milliseconds();
    this.zoneOffset = d.timeZoneOffset();
    this.unixEpoch = d.unixEpoch();
    this.zoneAbbreviation = TZ.fromUTC(d.timeZoneId(), this.unixEpoch)?.abbr ?? '';
  }
}

/**
 * The fields of the instant formatted last. A template formats one instant
 * several times in a row (an attribute, then the month, then the day), and
 * formatting never re-enters itself, so one shared instance serves.
 */
const current = new LocalTime();

/** The fields of `epoch` in the zone `zoneText`; valid until the next call. */
export function localTimeOf(zoneText: string, epoch: number): LocalTime {
  if (epoch !== current.epoch || zoneText !== current.zoneText) current.set(zoneText, epoch);
  return current;
}
