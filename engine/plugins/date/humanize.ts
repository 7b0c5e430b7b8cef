/**
 * The `timesince` wording: how long ago an instant was, in the largest
 * whole unit from years down to minutes ('about 3 weeks ago', 'about an
 * hour ago'), or 'less than a minute ago'. Years are 365 days and months
 * 30 days, as in the references.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function ago(count: number, unit: string): string {
  if (count === 1) return unit === 'hour' ? 'about an hour ago' : `about a ${unit} ago`;
  return `about ${count} ${unit}s ago`;
}

/** Wording for `elapsedMs` milliseconds in the past (zero or negative reads as just now). */
export function humanizeElapsed(elapsedMs: number): string {
  const days = Math.trunc(elapsedMs / DAY);
  const years = Math.floor(days / 365);
  if (years > 0) return ago(years, 'year');
  const months = Math.floor(days / 30);
  if (months > 0) return ago(months, 'month');
  const weeks = Math.floor(days / 7);
  if (weeks > 0) return ago(weeks, 'week');
  if (days > 0) return ago(days, 'day');
  const hours = Math.trunc(elapsedMs / HOUR);
  if (hours > 0) return ago(hours, 'hour');
  const minutes = Math.trunc(elapsedMs / MINUTE);
  if (minutes > 0) return ago(minutes, 'minute');
  return 'less than a minute ago';
}
