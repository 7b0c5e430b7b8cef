/**
 * google-calendar-url: an "add to Google Calendar" link for an event, from
 * its UTC start and end, its title and its location (address lines joined).
 */
import { asRecord, getChild } from '../../runtime/values.ts';
import type { Formatter } from '../types.ts';
import { formUrlEncode } from '../core/uri-encoding.ts';
import { longOf, textOf } from '../core/node-coercion.ts';

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
 * Form-style URL encoding (letters, digits and `-_.*` kept) with spaces as
 * %20 rather than '+', as the reference's calendar links have them. A literal
 * '+' is already %2B, so every remaining '+' was a space.
 */
export function encodeQueryValue(text: string): string {
  return formUrlEncode(text).replace(/\+/g, '%20');
}

/** The non-blank address lines and country of a location, joined by ", ". */
export function locationText(location: unknown): string {
  return ['addressLine1', 'addressLine2', 'addressCountry']
    .map((key) => textOf(getChild(location, key)))
    .filter((line) => line.trim() !== '')
    .join(', ');
}

export const googleCalendarUrl: Formatter = {
  apply(value) {
    const start = calendarTimestamp(longOf(asRecord(value)?.startDate));
    const end = calendarTimestamp(longOf(asRecord(value)?.endDate));
    let url = `${CALENDAR_BASE}&text=${encodeQueryValue(textOf(asRecord(value)?.title))}&dates=${start}/${end}`;
    const location = asRecord(value)?.location;
    if (location !== undefined) {
      const text = locationText(location);
      if (text !== '') url += `&location=${encodeQueryValue(text)}`;
    }
    return url;
  },
};
