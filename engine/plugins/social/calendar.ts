/**
 * google-calendar-url: an "add to Google Calendar" link for an event, from
 * its UTC start and end, its title and its location (address lines joined).
 */
import { asString, getChild } from '../../runtime/values.ts';
import type { Formatter } from '../types.ts';
import { asInteger } from '../content/json-scalars.ts';

const CALENDAR_BASE = 'http://www.google.com/calendar/event?action=TEMPLATE';

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** An instant as the calendar wants it: YYYYMMDDTHHMMSSZ in UTC. */
export function calendarTimestamp(epochMs: number): string {
  const d = new Date(epochMs);
  if (Number.isNaN(d.getTime())) return '';
  return (
    `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}` +
    `T${pad(d.getUTCHours(), 2)}${pad(d.getUTCMinutes(), 2)}${pad(d.getUTCSeconds(), 2)}Z`
  );
}

/**
 * Form-style URL encoding (what Java's URLEncoder keeps: letters, digits and
 * `-_.*`), with spaces as %20 rather than '+'.
 */
export function encodeQueryValue(text: string): string {
  return encodeURIComponent(text).replace(/[!'()~]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The non-blank address lines and country of a location, joined by ", ". */
export function locationText(location: unknown): string {
  return ['addressLine1', 'addressLine2', 'addressCountry']
    .map((key) => asString(getChild(location, key)))
    .filter((line) => line.trim() !== '')
    .join(', ');
}

export const googleCalendarUrl: Formatter = {
  apply(value) {
    const start = calendarTimestamp(asInteger(getChild(value, 'startDate')));
    const end = calendarTimestamp(asInteger(getChild(value, 'endDate')));
    let url = `${CALENDAR_BASE}&text=${encodeQueryValue(asString(getChild(value, 'title')))}&dates=${start}/${end}`;
    const location = getChild(value, 'location');
    if (location !== undefined) {
      const text = locationText(location);
      if (text !== '') url += `&location=${encodeQueryValue(text)}`;
    }
    return url;
  },
};
