/**
 * The dates the admin's orders list and export are filtered by, as the screen, its address and the
 * server's calls write them: a named period counted back from today, or calendar days from and to
 * (YYYY-MM-DD, as a date field gives them), both in the store's time zone.
 */

/** The named periods, each ending today: today alone, today and the six days before, this month so far. */
export const ORDER_PERIODS = ['today', 'last-7-days', 'this-month'] as const;
export type OrderPeriod = (typeof ORDER_PERIODS)[number];

/** Whether `text` names a day of the calendar (2026-02-28; not 2026-02-30, nor 2026-2-3). */
export function isCalendarDay(text: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date rolls an impossible day over into the next month, so it reads back differently
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
