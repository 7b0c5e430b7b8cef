/**
 * Time zone and instant rules shared by the date and i18n formatters.
 */
import type { RenderContext } from '../types.ts';
import { asString, isNumber, numberOf } from '../../runtime/values.ts';
import { reference } from '../../runtime/prepared-reference.ts';

/** Zone used when the website names none (the specification's default). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

const WEBSITE_TIME_ZONE = reference('website.timeZone');

/** The website's time zone (`website.timeZone`), or America/New_York when it is absent or empty. */
export function timeZoneOf(ctx: RenderContext): string {
  const zone = ctx.lookup(WEBSITE_TIME_ZONE);
  if (typeof zone === 'string') return zone.trim() === '' ? DEFAULT_TIME_ZONE : zone;
  if (isNumber(zone) || typeof zone === 'boolean') return asString(zone);
  return DEFAULT_TIME_ZONE;
}

/**
 * Epoch milliseconds of a value, read the way the Java reference reads a
 * long: numbers are truncated, numeric text is parsed (integer first, then
 * decimal), booleans are 1 or 0, and everything else is 0.
 */
export function epochOf(value: unknown): number {
  const number = numberOf(value);
  if (number !== undefined) return Number.isFinite(number) ? Math.trunc(number) : 0;
  switch (typeof value) {
    case 'boolean':
      return value ? 1 : 0;
    case 'string': {
      const text = value.trim();
      if (/^[+-]?\d+$/.test(text)) return parseInt(text, 10);
      const n = Number(text);
      return text !== '' && Number.isFinite(n) ? Math.trunc(n) : 0;
    }
    default:
      return 0;
  }
}

/** True for a value that is JSON null or missing (no instant at all). */
export function isAbsent(value: unknown): boolean {
  return value === undefined || value === null;
}

export const MS_PER_DAY = 86_400_000;
export const JULIAN_DAY_OF_UNIX_EPOCH = 2_440_588;
/** The calendars support Julian days 0 (4713 BC) to 4881503 (AD 8652). */
export const JULIAN_DAY_MAX = 4_881_503;

/** Whether an instant falls on a Julian day the calendars can represent. */
export function isSupportedInstant(epochMs: number): boolean {
  const julianDay = Math.floor(epochMs / MS_PER_DAY) + JULIAN_DAY_OF_UNIX_EPOCH;
  return julianDay >= 0 && julianDay <= JULIAN_DAY_MAX;
}
