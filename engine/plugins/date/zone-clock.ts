/**
 * A time zone's offset and abbreviation at an instant, as the CLDR calendars
 * compute them, without their per-instant cost.
 *
 * A CLDR calendar date looks the zone up for every instant (an alias table,
 * two id maps, a binary search over the zone's transitions and two object
 * copies): most of what formatting a date used to cost. A zone keeps the same
 * offset between two transitions, so each zone clock remembers the span of
 * its last answer and only searches again outside it. The zone text is
 * resolved once to the zone id the calendars end on (an alias such as
 * 'US/Eastern' to 'America/New_York', an unknown text to 'Etc/UTC').
 */
import { TZ } from '@phensley/timezone';
import { calendarDateOf } from './calendar-date.ts';

interface LocalTimeType {
  readonly abbr: string;
  readonly offset: number;
}

/** The zone data the timezone package decodes for one zone: transition instants and the local time type after each. */
interface ZoneTransitions {
  readonly untils: readonly number[];
  readonly types: readonly number[];
  readonly localtime: readonly LocalTimeType[];
}

/**
 * The timezone package answers `fromUTC` from this table but does not
 * publish it. We read it when it has the expected shape (strictly increasing
 * transitions, one type each) and otherwise ask `fromUTC` for every instant,
 * which gives the same answers more slowly.
 */
function transitionsOf(zoneId: string): ZoneTransitions | undefined {
  const lookup = (TZ as unknown as { record?: (id: string) => unknown }).record;
  if (typeof lookup !== 'function') return undefined;
  const found = lookup.call(TZ, zoneId) as [string, Partial<ZoneTransitions>] | undefined;
  const table = Array.isArray(found) ? found[1] : undefined;
  if (!table || !Array.isArray(table.untils) || !Array.isArray(table.types) || !Array.isArray(table.localtime)) return undefined;
  const { untils, types, localtime } = table;
  if (types.length !== untils.length || localtime.length === 0) return undefined;
  for (let i = 0; i < untils.length; i++) {
    if (typeof untils[i] !== 'number' || (i > 0 && !(untils[i]! > untils[i - 1]!))) return undefined;
    const type = localtime[types[i]!];
    if (!type || typeof type.offset !== 'number' || typeof type.abbr !== 'string') return undefined;
  }
  if (typeof localtime[0]!.offset !== 'number' || typeof localtime[0]!.abbr !== 'string') return undefined;
  return table as ZoneTransitions;
}

export class ZoneClock {
  /** Offset from UTC in milliseconds at the last instant sought. */
  offset = 0;
  /** Abbreviation ('EST', 'GMT+5:30') at the last instant sought. */
  abbr = '';
  /** The span [from, until) over which offset and abbr hold. */
  private from = 0;
  private until = -1;

  constructor(
    /** The zone id the calendars resolve the zone text to. */
    readonly zoneId: string,
    private readonly transitions: ZoneTransitions | undefined,
  ) {}

  /** Sets offset and abbr to their values at `epoch` (UTC milliseconds). */
  seek(epoch: number): void {
    if (epoch >= this.from && epoch < this.until) return;
    const t = this.transitions;
    if (t === undefined) {
      const info = TZ.fromUTC(this.zoneId, epoch) ?? TZ.utcZone();
      this.offset = info.offset;
      this.abbr = info.abbr;
      return;
    }
    // The last transition at or before epoch (-1 when there is none), as the package finds it.
    const untils = t.untils;
    let lo = 0;
    let hi = untils.length - 1;
    while (lo <= hi) {
      const mid = lo + ((hi - lo) >> 1);
      if (untils[mid]! <= epoch) lo = mid + 1;
      else hi = mid - 1;
    }
    const i = lo - 1;
    const type = t.localtime[i === -1 ? 0 : t.types[i]!]!;
    this.offset = type.offset;
    this.abbr = type.abbr;
    this.from = i === -1 ? -Infinity : untils[i]!;
    this.until = i + 1 < untils.length ? untils[i + 1]! : Infinity;
  }
}

/** Zone texts remembered: a site names one; the text comes from data, so it is bounded. */
const MAX_ZONES = 64;
const clocks = new Map<string, ZoneClock>();
let lastText: string | undefined;
let lastClock: ZoneClock | undefined;

/** The clock of the zone a website names (any text: an id, an alias, or nothing the calendars know). */
export function zoneClockOf(zoneText: string): ZoneClock {
  if (zoneText === lastText) return lastClock!;
  let clock = clocks.get(zoneText);
  if (clock === undefined) {
    const zoneId = calendarDateOf(0, zoneText).timeZoneId();
    clock = new ZoneClock(zoneId, transitionsOf(zoneId));
    if (clocks.size >= MAX_ZONES) clocks.clear();
    clocks.set(zoneText, clock);
  }
  lastText = zoneText;
  lastClock = clock;
  return clock;
}
