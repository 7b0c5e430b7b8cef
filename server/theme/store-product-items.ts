/**
 * The products the platform tags show (a query's items, related items, an item page's
 * neighbours), read when a page first asks for them. The engine runs the tags synchronously, and a
 * shop of thousands of products cannot read them all for every content version: a tag answers
 * from the products read so far and notes those it lacked, which are read before the page is
 * composed again (see composeWithStoreProducts). What was read is kept for the content version,
 * so the next pages that show the same products find them at once.
 */
import { LRUCache } from 'lru-cache';
import type { CatalogueRepository, ProductRecord } from '../db/catalogue-repository.ts';
import type { ContentVersion } from '../db/content-version.ts';
import { deepFreeze } from '../db/deep-freeze.ts';
import type { StoreSession } from '../db/store.ts';
import { productItem } from '../pages/product-context.ts';
import type { Json } from './platform-data.ts';

/** Items kept per store for its current content version: several pages' worth of queries. */
const KEPT_ITEMS = 500;

/** A product as the platform tags give it: its item with what queries filter on. */
export function productQueryItem(product: ProductRecord, currency: string): Json {
  return {
    ...productItem(product, currency, null),
    starred: product.data.featured === true,
    categories: Array.isArray(product.data.categories) ? product.data.categories : [],
    tags: Array.isArray(product.data.tags) ? product.data.tags : [],
  };
}

interface KeptItems {
  version: number;
  /** null: hidden or deleted since the listing was read, so left out. */
  items: LRUCache<string, { item: Json | null }>;
}

const keptByStore = new WeakMap<StoreSession, KeptItems>();

/** The items kept for the store at this version; null inside a transaction, whose reads may be rolled back. */
async function keptItemsFor(session: StoreSession, version: ContentVersion): Promise<KeptItems['items'] | null> {
  if (version.inTransaction) return null;
  const current = await version.current();
  let kept = keptByStore.get(session);
  if (kept === undefined || current > kept.version) {
    kept = { version: current, items: new LRUCache({ max: KEPT_ITEMS }) };
    keptByStore.set(session, kept);
  }
  // a request that read an older version keeps nothing among the newer one's items
  return current === kept.version ? kept.items : null;
}

export class StoreProductItems {
  /** This request's items, all kept however many: a page may show more than the shared room. */
  private readonly own = new Map<string, Json | null>();
  private readonly lacking = new Set<string>();

  private constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly currency: string,
    private readonly shared: KeptItems['items'] | null,
  ) {}

  static async of(session: StoreSession, version: ContentVersion, catalogue: CatalogueRepository, currency: string): Promise<StoreProductItems> {
    return new StoreProductItems(catalogue, currency, await keptItemsFor(session, version));
  }

  private lookup(id: string): { item: Json | null } | undefined {
    if (this.own.has(id)) return { item: this.own.get(id) ?? null };
    return this.shared?.get(id);
  }

  /** The items of these products in this order: those not read yet are left out and noted for readLacking. */
  items(ids: readonly string[]): Json[] {
    const items: Json[] = [];
    for (const id of ids) {
      const found = this.lookup(id);
      if (found === undefined) this.lacking.add(id);
      else if (found.item !== null) items.push(found.item);
    }
    return items;
  }

  /** Reads the products asked for and lacked since the last call; false when none was lacked. */
  async readLacking(): Promise<boolean> {
    if (this.lacking.size === 0) return false;
    const ids = [...this.lacking];
    this.lacking.clear();
    // frozen, as other requests' renders share them
    const read = new Map((await this.catalogue.productsByIds(ids)).map((product) => [product.id, deepFreeze(productQueryItem(product, this.currency))]));
    for (const id of ids) {
      const item = read.get(id) ?? null;
      this.own.set(id, item);
      this.shared?.set(id, { item });
    }
    return true;
  }

  /** The items of these products, read first where needed. */
  async read(ids: readonly string[]): Promise<Json[]> {
    this.items(ids);
    await this.readLacking();
    return this.items(ids);
  }
}
