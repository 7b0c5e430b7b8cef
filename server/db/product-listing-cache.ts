/**
 * The shop's listings (product-listing.ts), kept per store and collection by the catalogue
 * counter. When the counter has moved, only the products written since (catalogue_changes,
 * migration 144) are read again and put in place of their old entries; the listing's members and
 * order are read as ids, so a product hidden, moved or deleted leaves it and none comes back
 * stale. An owner's save then costs the next shop page a product's read, not the whole shop's.
 */
import { LRUCache } from 'lru-cache';
import type { VersionCounter } from './content-version.ts';
import { deepFreeze } from './deep-freeze.ts';
import { readProductListings, type ProductListing } from './product-listing.ts';
import type { StoreSession } from './store.ts';
import { shopOrder } from './shop-order.ts';

/** The versions catalogue_changes keeps rows for (the 10,000 of migration 144's triggers). */
export const CATALOGUE_CHANGES_KEPT = 10_000;
/** More products written since than this (an import), and the listing is read whole: one read instead of many. */
export const MOST_PRODUCTS_REREAD = 500;

interface KeptListing {
  version: number;
  listing: readonly ProductListing[];
  byId: ReadonlyMap<string, ProductListing>;
}

export class ProductListingCache {
  // by collection: a store has few product collections
  private readonly kept = new LRUCache<string, KeptListing>({ max: 10 });

  constructor(private readonly session: StoreSession) {}

  async get(counter: VersionCounter, collectionId: string): Promise<readonly ProductListing[]> {
    // A transaction's reads may include writes it later rolls back: use them, never keep them.
    if (counter.inTransaction) return deepFreeze(await readProductListings(this.session, collectionId));
    const version = await counter.current();
    const kept = this.kept.get(collectionId);
    if (kept?.version === version) return kept.listing;
    // an older version than the one kept (a request that began before a write, a store put back from a backup) reads afresh
    const listing = deepFreeze(kept !== undefined && kept.version < version
      ? (await this.refreshed(kept, version, collectionId)) ?? await readProductListings(this.session, collectionId)
      : await readProductListings(this.session, collectionId));
    // versions only grow: a slower request that read an older one does not replace a newer listing
    const now = this.kept.get(collectionId);
    if (now === undefined || now.version < version) {
      this.kept.set(collectionId, { version, listing, byId: new Map(listing.map((entry) => [entry.id, entry])) });
    }
    return listing;
  }

  /** The kept listing with the products written since its version read again; undefined when it must be read whole. */
  private async refreshed(kept: KeptListing, version: number, collectionId: string): Promise<ProductListing[] | undefined> {
    // the rows of versions this old are let go of: what changed then is no longer known
    if (version - kept.version >= CATALOGUE_CHANGES_KEPT) return undefined;
    const changed = (await this.session.all<{ product_id: string }>(
      'SELECT DISTINCT product_id FROM catalogue_changes WHERE version > ? LIMIT ?', [kept.version, MOST_PRODUCTS_REREAD + 1],
    )).map((row) => row.product_id);
    if (changed.length > MOST_PRODUCTS_REREAD) return undefined;
    // members and order as the database has them now (ids only, from 144's index of the visible products)
    const order = await this.session.all<{ id: string }>(
      `SELECT id FROM products WHERE collection_id = ? AND visible = 1 ORDER BY ${shopOrder()}`, [collectionId],
    );
    const fresh = new Map((await readProductListings(this.session, collectionId, changed)).map((entry) => [entry.id, entry]));
    const stale = new Set(changed);
    const listing: ProductListing[] = [];
    for (const { id } of order) {
      const entry = fresh.get(id) ?? (stale.has(id) ? undefined : kept.byId.get(id));
      // a product listed now that was neither kept nor written since (written with the triggers off): read it all
      if (entry === undefined) return undefined;
      listing.push(entry);
    }
    return listing;
  }
}
