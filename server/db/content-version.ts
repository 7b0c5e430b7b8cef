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

/** Both counters as the session sees them now, in one query. */
async function readCounters(session: StoreSession): Promise<Counters> {
  const rows = await session.all<{ name: string; version: number | string }>(
    "SELECT name, version FROM content_versions WHERE name IN ('storefront', 'catalogue')",
  );
  const storefront = Number(rows.find((row) => row.name === 'storefront')?.version ?? 0);
  const catalogue = rows.find((row) => row.name === 'catalogue');
  // without its own row (a store before migration 142), the catalogue follows every write
  return { storefront, catalogue: catalogue ? Number(catalogue.version) : storefront };
}

/** The storefront counter as the session sees it now (one query). */
export async function readContentVersion(session: StoreSession): Promise<number> {
  const row = await session.get<{ version: number | string }>("SELECT version FROM content_versions WHERE name = 'storefront'");
  return row ? Number(row.version) : 0;
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
