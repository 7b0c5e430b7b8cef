import type { StoreSession } from './store.ts';

/**
 * The storefront content version: a counter the database's triggers move on every write to the
 * tables pages are built from (settings, collections, products, variants and stock, images,
 * forms, content items, owner settings). Equal numbers mean nothing those tables hold changed.
 * It lives in the database, so a write by any process moves it for every process.
 */
export interface ContentVersion {
  /** The counter to read at (its own uncommitted writes included, inside a transaction). */
  current(): Promise<number>;
  /** True inside a transaction, whose reads must not be remembered: it may still roll back. */
  readonly inTransaction: boolean;
}

/** The counter as the session sees it now (one query). */
export async function readContentVersion(session: StoreSession): Promise<number> {
  const row = await session.get<{ version: number | string }>("SELECT version FROM content_versions WHERE name = 'storefront'");
  return row ? Number(row.version) : 0;
}

/** Reads the version at every lookup: for code that writes content and reads it back. */
export function liveContentVersion(session: StoreSession): ContentVersion {
  return { current: () => readContentVersion(session), inTransaction: session.inTransaction };
}

/**
 * Reads the version once, at the first lookup, and answers that number after: one query for a
 * whole page build instead of one per lookup. Build one per request (never keep it longer), and
 * not for a request that reads back content it wrote itself.
 */
export function pinnedContentVersion(session: StoreSession): ContentVersion {
  let read: Promise<number> | undefined;
  return {
    current: () => (read ??= readContentVersion(session)),
    inTransaction: session.inTransaction,
  };
}
