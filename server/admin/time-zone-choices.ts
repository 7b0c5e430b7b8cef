/**
 * The time zones the Settings screen offers for the store: the IANA zones this server's Intl knows
 * that the zone library the pages and the admin count days with also knows (a zone only one of them
 * knew would be saved, then read as America/New_York), and the stored one when it is not among
 * them (an alias such as Asia/Calcutta), so a save never changes or refuses it. Old names the list
 * holds (America/Godthab, Africa/Asmera) stay: Node 20's Intl gives no canonical replacement for
 * them, and the zone library's links would swap a place for another (Africa/Asmera → Africa/Nairobi).
 */
import { TZ } from '@phensley/timezone';

let known: readonly string[] | undefined;

function knownZones(): readonly string[] {
  // UTC too: Node 20's Intl lists no UTC zone, though it and the zone library both take the name
  known ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].filter((zone) => TZ.resolveId(zone) !== undefined).sort();
  return known;
}

export function timeZoneChoices(storeZone: string): string[] {
  const zones = knownZones();
  return zones.includes(storeZone) ? [...zones] : [...zones, storeZone].sort();
}
