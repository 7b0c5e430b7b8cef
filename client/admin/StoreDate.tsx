/**
 * A date and time of the admin, in the store's time zone. Its title names the zone; where the
 * browser's own zone would write another time (an owner abroad), the text names it too ("PST"),
 * so a time is never taken for a local one.
 */
import { ADMIN } from '../lib/admin-messages.ts';
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

/** `instant` as the admin writes it in `zone` (the browser's zone when null or unknown to it). */
export function storeDateText(instant: number, zone: string | null): string {
  const date = new Date(instant);
  const local = date.toLocaleString();
  const known = knownZone(zone);
  if (known === null) return local;
  const there = date.toLocaleString(undefined, { timeZone: known });
  return there === local ? there : date.toLocaleString(undefined, { timeZone: known, timeZoneName: 'short' });
}

/** `zone` overrides the page's (a call that answers the zone it counted its days in). */
export function StoreDate({ on, zone }: { on: number; zone?: string | null }) {
  const pageZone = useStoreTimeZone();
  const shownZone = knownZone(zone ?? pageZone);
  return (
    <time dateTime={new Date(on).toISOString()} title={shownZone === null ? undefined : ADMIN.storeTimeZoneTitle(shownZone)}>
      {storeDateText(on, shownZone)}
    </time>
  );
}
