/**
 * A date and time of the admin, in the store's time zone and the store's language (a German
 * store's admin writes 14.1.2025, 23:30:00 in whatever language the browser has). Its title names
 * the zone; where the browser's own zone would write another time (an owner abroad), the text
 * names it too ("PST"), so a time is never taken for a local one. Every date the admin shows is
 * written here.
 */
import { ADMIN } from '../lib/admin-messages.ts';
import { useStoreLocale } from './store-locale.ts';
import { useStoreTimeZone } from './store-time-zone.ts';

/** `zone` if this browser can write dates in it, else null (its own zone). */
function knownZone(zone: string | null): string | null {
  if (zone === null) return null;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

/** `locale` if it is one Intl takes, else undefined (the browser's language). */
function knownLocale(locale: string | null): string | undefined {
  if (locale === null) return undefined;
  try {
    new Intl.DateTimeFormat(locale);
    return locale;
  } catch {
    return undefined;
  }
}

/**
 * `instant` as the admin writes it in `zone` (the browser's zone when null or unknown to it) and
 * in `locale` (the browser's language when null or not a locale).
 */
export function storeDateText(instant: number, zone: string | null, locale: string | null = null): string {
  const date = new Date(instant);
  const language = knownLocale(locale);
  const local = date.toLocaleString(language);
  const known = knownZone(zone);
  if (known === null) return local;
  const there = date.toLocaleString(language, { timeZone: known });
  return there === local ? there : date.toLocaleString(language, { timeZone: known, timeZoneName: 'short' });
}

/** `zone` overrides the page's (a call that answers the zone it counted its days in). */
export function StoreDate({ on, zone }: { on: number; zone?: string | null }) {
  const pageZone = useStoreTimeZone();
  const locale = useStoreLocale();
  const shownZone = knownZone(zone ?? pageZone);
  return (
    <time dateTime={new Date(on).toISOString()} title={shownZone === null ? undefined : ADMIN.storeTimeZoneTitle(shownZone)}>
      {storeDateText(on, shownZone, locale)}
    </time>
  );
}
