import { CATALOGUE_CHANGES_KEPT } from './product-listing-cache.ts';
import type { StoreSession } from './store.ts';

/** A counter that moves forward with every write it watches: equal numbers mean nothing it watches changed. */
export interface VersionCounter {
  /** The counter to read at (its own uncommitted writes included, inside a transaction). */
  current(): Promise<number>;
  /** True inside a transaction, whose reads must not be remembered: it may still roll back. */
  readonly inTransaction: boolean;
}

/**
 * The storefront content version: a counter the database's triggers move on every write to the
 * tables pages are built from (settings, collections, products, variants and stock, images,
 * forms, content items, owner settings). It lives in the database, so a write by any process
 * moves it for every process.
 */
export interface ContentVersion extends VersionCounter {
  /**
   * The catalogue version: moved only by writes that can change what browsing lists of a product
   * (a product's row, a variant's price or sale, a product or variant added or removed; migration
   * 142), not by stock counts, so what is built from listings survives orders.
   */
  readonly catalogue: VersionCounter;
}

type CounterName = 'storefront' | 'catalogue';

interface Counters {
  storefront: number;
  catalogue: number;
}

const COUNTERS_READ = "SELECT name, version FROM content_versions WHERE name IN ('storefront', 'catalogue')";

/** The two counters from their rows; without its own row (a store before migration 142), the catalogue follows every write. */
function countersOf(rows: readonly { name: string; version: number | string }[]): Counters {
  const storefront = Number(rows.find((row) => row.name === 'storefront')?.version ?? 0);
  const catalogue = rows.find((row) => row.name === 'catalogue');
  return { storefront, catalogue: catalogue ? Number(catalogue.version) : storefront };
}

/** Both counters as the session sees them now, in one query (moved forward first when they went back: see forwardIfRewound). */
async function readCounters(session: StoreSession): Promise<Counters> {
  const startedAt = performance.now();
  const read = countersOf(await session.all<{ name: string; version: number | string }>(COUNTERS_READ));
  return (await forwardIfRewound(session, read.storefront, startedAt)) ?? read;
}

/** The storefront counter as the session sees it now (one query). */
export async function readContentVersion(session: StoreSession): Promise<number> {
  const startedAt = performance.now();
  const row = await session.get<{ version: number | string }>("SELECT version FROM content_versions WHERE name = 'storefront'");
  const version = row ? Number(row.version) : 0;
  return (await forwardIfRewound(session, version, startedAt))?.storefront ?? version;
}

/**
 * A store put back from a backup while its servers run (pg_restore into the live database, which
 * the docs say not to do) has the backup's counters: lower numbers than the processes have seen,
 * which later writes bring back to numbers their caches hold pages of other content under, served
 * again as current. Two requests' reads may finish out of order, so a lower number alone proves
 * nothing; but a read begun after a higher one was read cannot see an older commit, unless the
 * database was put back. The process then moves both counters past every number used before the
 * put-back, and far enough that the listing cache reads its listings whole rather than from the
 * catalogue changes (CATALOGUE_CHANGES_KEPT), so every process reads afresh. Outside a
 * transaction only; per store (a test process opens many).
 */
interface HighestRead {
  version: number;
  /** When the read that found it ended (performance.now()). */
  readAt: number;
}

const highestReads = new WeakMap<StoreSession, HighestRead>();

/** Whether a read begun at `startedAt` that found `version` shows the store put back, given the highest read before it. */
export function showsRewind(highest: HighestRead | undefined, version: number, startedAt: number): boolean {
  return highest !== undefined && version < highest.version && startedAt > highest.readAt;
}

/** The counters moved past a put-back when the read shows one (see HighestRead); undefined otherwise. */
async function forwardIfRewound(session: StoreSession, version: number, startedAt: number): Promise<Counters | undefined> {
  if (session.inTransaction) return undefined;
  const highest = highestReads.get(session);
  const now = performance.now();
  if (!showsRewind(highest, version, startedAt)) {
    if (highest === undefined || version >= highest.version) highestReads.set(session, { version, readAt: now });
    return undefined;
  }
  const past = highest!.version + CATALOGUE_CHANGES_KEPT + 1;
  try {
    await session.run(
      "UPDATE content_versions SET version = CASE WHEN version < ? THEN ? ELSE version END WHERE name IN ('storefront', 'catalogue')",
      [past, past],
    );
  } catch {
    // a store this process may not write (DATABASE_READONLY, a replica): the lower number becomes the
    // one to compare with; nothing here writes, so the counters never climb back to the old numbers
    highestReads.set(session, { version, readAt: performance.now() });
    return undefined;
  }
  highestReads.set(session, { version: past, readAt: performance.now() });
  return countersOf(await session.all<{ name: string; version: number | string }>(COUNTERS_READ));
}

/** Reads the counter asked for at every lookup: for code that writes content and reads it back. */
export function liveContentVersion(session: StoreSession): ContentVersion {
  return {
    current: () => readContentVersion(session),
    inTransaction: session.inTransaction,
    catalogue: { current: async () => (await readCounters(session)).catalogue, inTransaction: session.inTransaction },
  };
}

/**
 * Reads both counters once, at the first lookup of either, and answers those numbers after: one
 * query for a whole page build instead of one per lookup. Build one per request (never keep it
 * longer), and not for a request that reads back content it wrote itself.
 */
export function pinnedContentVersion(session: StoreSession): ContentVersion {
  let read: Promise<Counters> | undefined;
  const counter = (name: CounterName): VersionCounter => ({
    current: async () => (await (read ??= readCounters(session)))[name],
    inTransaction: session.inTransaction,
  });
  return { ...counter('storefront'), catalogue: counter('catalogue') };
}
