import type Database from 'better-sqlite3';

/**
 * The storefront content version: a counter the database's triggers move on every write to the
 * tables pages are built from (settings, collections, products, variants and stock, images,
 * forms, content items, owner settings). Equal numbers mean nothing those tables hold changed.
 */
export interface ContentVersion {
  /** The counter as this connection sees it now (its own uncommitted writes included). */
  current(): number;
  /** True inside a transaction, whose reads must not be remembered: it may still roll back. */
  inTransaction(): boolean;
}

const versionsByDb = new WeakMap<Database.Database, ContentVersion>();

/** The content version of a database, one prepared statement per connection. */
export function contentVersion(db: Database.Database): ContentVersion {
  let version = versionsByDb.get(db);
  if (!version) {
    const read = db.prepare<[], number>("SELECT version FROM content_versions WHERE name = 'storefront'").pluck();
    version = {
      current: () => read.get() ?? 0,
      inTransaction: () => db.inTransaction,
    };
    versionsByDb.set(db, version);
  }
  return version;
}
