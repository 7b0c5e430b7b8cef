/**
 * The time zones the Settings screen offers for the store: the IANA zones this server's Intl knows
 * that the zone library the pages and the admin count days with also knows (a zone only one of them
 * knew would be saved, then read as America/New_York), and the stored one when it is not among
 * them (an alias such as Asia/Calcutta), so a save never changes or refuses it.
 */
import { TZ } from '@phensley/timezone';

let known: readonly string[] | undefined;

function knownZones(): readonly string[] {
  known ??= Intl.supportedValuesOf('timeZone').filter((zone) => TZ.resolveId(zone) !== undefined);
  return known;
}

export function timeZoneChoices(storeZone: string): string[] {
  const zones = knownZones();
  return zones.includes(storeZone) ? [...zones] : [...zones, storeZone].sort();
}
