/**
 * The days the orders list and export cover, in the store's time zone: a named period counted
 * back from today, or calendar days from and to, each day from its midnight there to the next,
 * so an order placed at 23:30 in the store's zone belongs to that day wherever the owner is.
 */
import { TZ } from '@phensley/timezone';
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { isCalendarDay, ORDER_PERIODS, type OrderPeriod } from '../../client/lib/order-periods.ts';
import { DEFAULT_TIME_ZONE } from '../../engine/plugins/date/time-zone.ts';

/** A day of the query: YYYY-MM-DD, one that exists; an empty field is no limit. */
function queryDay(problem: string) {
  return z.preprocess((value) => (value === '' ? undefined : value), z.string().refine(isCalendarDay, { error: problem }).optional());
}

/** The query fields of a period: `period`, or `from` and `to` (either may be left out). */
export const periodFields = {
  period: z.enum(ORDER_PERIODS).optional(),
  from: queryDay(ADMIN.server.fromNotADay),
  to: queryDay(ADMIN.server.toNotADay),
};

/** A period named, or dates, not both; and dates in order. */
export function checkPeriod({ period, from, to }: { period?: OrderPeriod; from?: string; to?: string }, context: z.RefinementCtx): void {
  if (period !== undefined && (from !== undefined || to !== undefined)) {
    context.addIssue({ code: 'custom', path: ['period'], message: ADMIN.server.periodAndDays });
  }
  // YYYY-MM-DD days compare as their text does
  if (from !== undefined && to !== undefined && to < from) {
    context.addIssue({ code: 'custom', path: ['to'], message: ADMIN.server.periodBackwards });
  }
}

export type PeriodQuery = { period?: OrderPeriod; from?: string; to?: string };

/** The first and last day covered (YYYY-MM-DD, both included); null where there is no limit. */
export interface PeriodDays {
  from: string | null;
  to: string | null;
}

/** The instants of the days covered: from `since` (included) to `before` (left out). */
export interface PeriodInstants {
  since?: number;
  before?: number;
}

/**
 * The store's time zone, the website's `timeZone` as its pages write dates in: America/New_York
 * when it is unset or names no zone known here.
 */
export function storeTimeZone(website: Record<string, unknown>): string {
  const zone = typeof website.timeZone === 'string' ? website.timeZone.trim() : '';
  return zone !== '' && TZ.resolveId(zone) !== undefined ? zone : DEFAULT_TIME_ZONE;
}

/** The calendar day of an instant in `zone`, YYYY-MM-DD. */
export function dayIn(zone: string, instant: number): string {
  const offset = TZ.fromUTC(zone, instant)?.offset ?? 0;
  return new Date(instant + offset).toISOString().slice(0, 10);
}

/** A day moved by whole days on the calendar (time zones play no part). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const NAMED: Record<OrderPeriod, (today: string) => PeriodDays> = {
  today: (today) => ({ from: today, to: today }),
  'last-7-days': (today) => ({ from: addDays(today, -6), to: today }),
  'this-month': (today) => ({ from: `${today.slice(0, 8)}01`, to: today }),
};

/** The days a checked query covers, today being `now`'s day in `zone`. */
export function periodDays(query: PeriodQuery, zone: string, now: number): PeriodDays {
  if (query.period !== undefined) return NAMED[query.period](dayIn(zone, now));
  return { from: query.from ?? null, to: query.to ?? null };
}

/**
 * The instant a day starts in `zone`: its midnight, or, where the clocks skip midnight (a
 * daylight-saving change at 00:00), the first moment the day has.
 */
export function dayStart(zone: string, day: string): number {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  return TZ.fromWall(zone, midnight)?.[0] ?? midnight;
}

export function periodInstants(days: PeriodDays, zone: string): PeriodInstants {
  return {
    ...(days.from !== null ? { since: dayStart(zone, days.from) } : {}),
    ...(days.to !== null ? { before: dayStart(zone, addDays(days.to, 1)) } : {}),
  };
}
