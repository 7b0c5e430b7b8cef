import { liveContentVersion, type ContentVersion } from './content-version.ts';
import { copyWidthsFromColumn } from './copy-widths-column.ts';
import { parseObjectColumn } from './json-column.ts';
import { containsPattern, LIKE_ESCAPE, lowered } from './like-pattern.ts';
import type { ProductListing } from './product-listing.ts';
import { ProductListingCache } from './product-listing-cache.ts';
import { closeMatchQuery, readSearchVocabulary } from './search-close-match.ts';
import { searchWords } from './search-words.ts';
import { placeholders, type StoreDialect, type StoreSession } from './store.ts';
import { VersionedCache } from './versioned-cache.ts';
import { storedColorData, type ColorData } from './color-data-column.ts';
import { shopOrder } from './shop-order.ts';

export interface VariantRecord {
  id: string;
  productId: string;
  sku: string;
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
  attributes: Record<string, string>;
  /** The weight the owner set on the variant, 0 when none (a product's data may still give one: checkout-lines.ts). */
  weightGrams: number;
  /** One of the product's images, shown for this variant; null: the product's first (migration 168). */
  imageId: string | null;
}

export interface ImageRecord {
  id: string;
  assetUrl: string;
  originalSize: string;
  altText: string;
  focalX: number;
  focalY: number;
  /** The widths of the resized copies made of an upload; null when not recorded (copy-widths-column.ts). */
  copyWidths: number[] | null;
  /** Its colours (color-data-column.ts); null until the image was read. */
  colorData: ColorData | null;
}

export interface ProductRecord {
  id: string;
  collectionId: string;
  urlId: string;
  title: string;
  body: string;
  excerpt: string;
  productType: number;
  additionalFieldsFormId: string | null;
  createdOn: number;
  data: Record<string, unknown>;
  variants: VariantRecord[];
  images: ImageRecord[];
}

/** A products row as both engines give it (the admin's rows extend it). */
export interface ProductRow {
  id: string;
  collection_id: string;
  url_id: string;
  title: string;
  body: string;
  excerpt: string;
  product_type: number;
  additional_fields_form_id: string | null;
  created_on: number;
  data_json: string;
}

/** A variants row as both engines give it (the admin's rows extend it). */
export interface VariantRow {
  id: string;
  product_id: string;
  sku: string;
  price_cents: number;
  sale_price_cents: number;
  on_sale: number;
  qty_in_stock: number;
  unlimited: number;
  attributes_json: string;
  weight_grams?: number | string | null;
  image_id?: string | null;
}

interface ImageRow {
  id: string;
  asset_url: string;
  original_size: string;
  alt_text: string;
  focal_x: number;
  focal_y: number;
  copy_widths: string | null;
  color_data?: string | null;
}

/** A variants row as the record every reader uses (the catalogue, the admin, the checkout). */
export function variantFromRow(row: VariantRow): VariantRecord {
  return {
    id: row.id,
    productId: row.product_id,
    sku: row.sku,
    priceCents: Number(row.price_cents),
    salePriceCents: Number(row.sale_price_cents),
    onSale: Number(row.on_sale) === 1,
    qtyInStock: Number(row.qty_in_stock),
    unlimited: Number(row.unlimited) === 1,
    attributes: parseObjectColumn(row.attributes_json) as Record<string, string>,
    weightGrams: Math.max(0, Number(row.weight_grams ?? 0)) || 0,
    imageId: row.image_id ?? null,
  };
}

function toImage(image: ImageRow): ImageRecord {
  return {
    id: image.id,
    assetUrl: image.asset_url,
    originalSize: image.original_size,
    altText: image.alt_text,
    focalX: image.focal_x,
    focalY: image.focal_y,
    copyWidths: copyWidthsFromColumn(image.copy_widths),
    colorData: storedColorData(image.color_data),
  };
}

/**
 * `products.data_json` holds a string list under `key` (categories, tags) with an entry that
 * matches the next `?` (a containsPattern). The one place search reads the JSON column (for a
 * row not yet given its category_tag_search_text), and the one part of its SQL that differs by
 * engine: SQLite's json_each, PostgreSQL's json functions; non-string entries and a list that is
 * not one never match, on both.
 */
export function inJsonList(dialect: StoreDialect, key: 'categories' | 'tags'): string {
  if (dialect === 'postgres') {
    const list = `(NULLIF(products.data_json, '')::json -> '${key}')`;
    return `EXISTS (SELECT 1 FROM json_array_elements(CASE WHEN json_typeof(${list}) = 'array' THEN ${list} END) AS entry(value)`
      + ` WHERE json_typeof(entry.value) = 'string' AND lower(entry.value #>> '{}') LIKE ? ${LIKE_ESCAPE})`;
  }
  return `EXISTS (SELECT 1 FROM json_each(NULLIF(products.data_json, ''), '$.${key}') AS entry`
    + ` WHERE json_type(products.data_json, '$.${key}') = 'array' AND entry.type = 'text' AND ${lowered(dialect, 'entry.value')} LIKE ? ${LIKE_ESCAPE})`;
}

/**
 * The most ids one `IN (…)` lists: a statement takes at most 32,766 parameters on SQLite and
 * 65,535 on PostgreSQL, so longer lists are read in batches of this many.
 */
export const IDS_PER_QUERY = 1000;

function batchesOf<T>(items: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += IDS_PER_QUERY) batches.push(items.slice(start, start + IDS_PER_QUERY));
  return batches;
}

/** The reads remembered for one store, shared by every repository built on it. */
interface CatalogueCaches {
  products: VersionedCache<ProductRecord | undefined>;
  productLists: VersionedCache<ProductRecord[]>;
  listings: ProductListingCache;
  variants: VersionedCache<VariantRecord | undefined>;
  /** The words a search that finds nothing is put right with (search-close-match.ts), by the catalogue counter. */
  searchVocabulary: VersionedCache<string[]>;
}

const cachesByStore = new WeakMap<StoreSession, CatalogueCaches>();

function cachesOf(session: StoreSession): CatalogueCaches {
  let caches = cachesByStore.get(session);
  if (!caches) {
    caches = { products: new VersionedCache(1000), productLists: new VersionedCache(100), listings: new ProductListingCache(session), variants: new VersionedCache(2000), searchVocabulary: new VersionedCache(1) };
    cachesByStore.set(session, caches);
  }
  return caches;
}

/**
 * Products with their variants (stock) and images. Hydrated products are remembered (frozen,
 * shared per store) until any write to the store's content, a stock change included, moves the
 * content version, read through `version` (live by default: one query per lookup); listings
 * until a write that can change them moves its catalogue counter.
 */
export class CatalogueRepository {
  private readonly caches: CatalogueCaches;

  constructor(
    private readonly session: StoreSession,
    private readonly version: ContentVersion = liveContentVersion(session),
  ) {
    this.caches = cachesOf(session);
  }

  /** Products with their variants and images: two queries a batch of IDS_PER_QUERY products. */
  private async hydrate(rows: readonly ProductRow[]): Promise<ProductRecord[]> {
    const products: ProductRecord[] = [];
    for (const batch of batchesOf(rows)) products.push(...await this.hydrateBatch(batch));
    return products;
  }

  private async hydrateBatch(rows: readonly ProductRow[]): Promise<ProductRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [variantRows, imageRows] = await Promise.all([
      this.session.all<VariantRow>(
        `SELECT * FROM variants WHERE product_id IN (${placeholders(ids.length)}) ORDER BY display_order, id`, ids,
      ),
      this.session.all<ImageRow & { product_id: string }>(
        `SELECT * FROM product_images WHERE product_id IN (${placeholders(ids.length)}) ORDER BY display_order, id`, ids,
      ),
    ]);
    const variantsOf = new Map<string, VariantRecord[]>(ids.map((id) => [id, []]));
    for (const row of variantRows) variantsOf.get(row.product_id)?.push(variantFromRow(row));
    const imagesOf = new Map<string, ImageRecord[]>(ids.map((id) => [id, []]));
    for (const row of imageRows) imagesOf.get(row.product_id)?.push(toImage(row));
    return rows.map((row) => ({
      id: row.id,
      collectionId: row.collection_id,
      urlId: row.url_id,
      title: row.title,
      body: row.body,
      excerpt: row.excerpt,
      productType: row.product_type,
      additionalFieldsFormId: row.additional_fields_form_id,
      createdOn: row.created_on,
      data: parseObjectColumn(row.data_json),
      variants: variantsOf.get(row.id) ?? [],
      images: imagesOf.get(row.id) ?? [],
    }));
  }

  private async hydrateOne(row: ProductRow | undefined): Promise<ProductRecord | undefined> {
    return row ? (await this.hydrate([row]))[0] : undefined;
  }

  productById(id: string): Promise<ProductRecord | undefined> {
    return this.caches.products.get(this.version, `id\u0000${id}`, async () =>
      this.hydrateOne(await this.session.get<ProductRow>('SELECT * FROM products WHERE id = ?', [id])));
  }

  /**
   * A product shoppers may still find by id: adding it to a cart, subscribing, its stock. One the
   * owner hid answers as one that does not exist, so hiding reveals nothing (carts that hold it
   * read it through productById).
   */
  visibleProductById(id: string): Promise<ProductRecord | undefined> {
    return this.caches.products.get(this.version, `visible\u0000${id}`, async () =>
      this.hydrateOne(await this.session.get<ProductRow>('SELECT * FROM products WHERE id = ? AND visible = 1', [id])));
  }

  /** The storefront's lookups (by URL, lists, search) skip products the owner hid; carts still find them by id. */
  productByUrlId(collectionId: string, urlId: string): Promise<ProductRecord | undefined> {
    return this.caches.products.get(this.version, `url\u0000${collectionId}\u0000${urlId}`, async () =>
      this.hydrateOne(await this.session.get<ProductRow>(
        'SELECT * FROM products WHERE collection_id = ? AND url_id = ? AND visible = 1', [collectionId, urlId],
      )));
  }

  productsInCollection(collectionId: string): Promise<ProductRecord[]> {
    return this.caches.productLists.get(this.version, collectionId, async () =>
      this.hydrate(await this.session.all<ProductRow>(
        `SELECT * FROM products WHERE collection_id = ? AND visible = 1 ORDER BY ${shopOrder()}`, [collectionId],
      )));
  }

  /**
   * The collection's visible products as browsing reads them (product-listing.ts), in the shop's
   * order. Kept by the catalogue counter, which stock changes leave alone: an order does not make
   * the next shop page read the whole catalogue again, and a product's save has it read that
   * product again only (product-listing-cache.ts).
   */
  listingOf(collectionId: string): Promise<readonly ProductListing[]> {
    return this.caches.listings.get(this.version.catalogue, collectionId);
  }

  /** Visible products by id, in the order asked (a page of a listing); one hidden or deleted since is left out. */
  productsByIds(ids: readonly string[]): Promise<ProductRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.caches.productLists.get(this.version, `ids\u0000${ids.join('\u0000')}`, async () => {
      const byId = new Map<string, ProductRecord>();
      for (const batch of batchesOf(ids)) {
        const rows = await this.session.all<ProductRow>(
          `SELECT * FROM products WHERE id IN (${placeholders(batch.length)}) AND visible = 1`, batch,
        );
        for (const product of await this.hydrate(rows)) byId.set(product.id, product);
      }
      return ids.flatMap((id) => byId.get(id) ?? []);
    });
  }

  /**
   * The shop's search: visible products that have every word typed (see searchWords) somewhere in
   * the title, excerpt, description (the text shoppers read, not its HTML: product-search-text.ts),
   * categories or tags (their stored text, not the JSON of every product), without regard to case;
   * those with more words in the title first, then in the shop's order. One page of them:
   * `limit` from `offset` (the first 50 when not given).
   */
  async search(query: string, page: { limit: number; offset: number } = { limit: 50, offset: 0 }): Promise<ProductRecord[]> {
    const found = this.searchFilter(query);
    if (found === null) return [];
    const rows = await this.session.all<ProductRow>(
      `SELECT * FROM products WHERE ${found.where} ORDER BY ${found.order} DESC, ${shopOrder()} LIMIT ? OFFSET ?`,
      [...found.params, ...found.orderParams, Math.max(1, Math.trunc(page.limit)), Math.max(0, Math.trunc(page.offset))],
    );
    return this.hydrate(rows);
  }

  /** How many visible products the search finds (for its count and its pages). */
  async searchCount(query: string): Promise<number> {
    const found = this.searchFilter(query);
    if (found === null) return 0;
    const row = await this.session.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM products WHERE ${found.where}`, found.params);
    return Number(row?.n ?? 0);
  }

  /** The search's condition and title-first order, with their parameters; null for a query of no words. */
  private searchFilter(query: string): { where: string; params: string[]; order: string; orderParams: string[] } | null {
    const words = searchWords(query);
    if (words.length === 0) return null;
    const lower = (column: string): string => lowered(this.session.dialect, column);
    const inTitle = `${lower('title')} LIKE ? ${LIKE_ESCAPE}`;
    // a row not yet given its search text (filled at start-up) is read as before, HTML and all
    const inDescription = `COALESCE(body_search_text, ${lower('body')}) LIKE ? ${LIKE_ESCAPE}`;
    // likewise a row without its category and tag text: only such a row has its JSON read
    const inCategoriesOrTags = `CASE WHEN category_tag_search_text IS NULL`
      + ` THEN (${inJsonList(this.session.dialect, 'categories')} OR ${inJsonList(this.session.dialect, 'tags')})`
      + ` ELSE category_tag_search_text LIKE ? ${LIKE_ESCAPE} END`;
    const inText = `(${inTitle} OR ${lower('excerpt')} LIKE ? ${LIKE_ESCAPE} OR ${inDescription} OR ${inCategoriesOrTags})`;
    const patterns = words.map(containsPattern);
    return {
      where: `visible = 1 AND ${patterns.map(() => inText).join(' AND ')}`,
      params: patterns.flatMap((pattern) => [pattern, pattern, pattern, pattern, pattern, pattern]),
      order: patterns.map(() => `CASE WHEN ${inTitle} THEN 1 ELSE 0 END`).join(' + '),
      orderParams: patterns,
    };
  }

  /**
   * A search that finds nothing, with its mistyped words put right ("stonewear" → "stoneware"),
   * or undefined when no word could be (search-close-match.ts).
   */
  async closeMatch(query: string): Promise<string | undefined> {
    const vocabulary = await this.caches.searchVocabulary.get(this.version.catalogue, 'words', () => readSearchVocabulary(this.session));
    return closeMatchQuery(query, vocabulary);
  }

  variantById(id: string): Promise<VariantRecord | undefined> {
    return this.caches.variants.get(this.version, id, async () => {
      const row = await this.session.get<VariantRow>('SELECT * FROM variants WHERE id = ?', [id]);
      return row ? variantFromRow(row) : undefined;
    });
  }

  /** Takes quantity from a limited variant; false when there is not enough (nothing changes). */
  async takeFromStock(variantId: string, quantity: number): Promise<boolean> {
    // Only limited variants with enough stock are decremented; 0 changed rows means "not enough".
    const result = await this.session.run(
      'UPDATE variants SET qty_in_stock = qty_in_stock - ? WHERE id = ? AND unlimited = 0 AND qty_in_stock >= ?',
      [quantity, variantId, quantity],
    );
    return result.changes === 1;
  }

  async setQuantityInStock(variantId: string, quantity: number): Promise<void> {
    await this.session.run('UPDATE variants SET qty_in_stock = ? WHERE id = ?', [quantity, variantId]);
  }
}
