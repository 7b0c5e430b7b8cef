import type Database from 'better-sqlite3';
import { contentVersion } from './content-version.ts';
import { parseObjectColumn } from './json-column.ts';
import { VersionedCache } from './versioned-cache.ts';

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
}

export interface ImageRecord {
  id: string;
  assetUrl: string;
  originalSize: string;
  altText: string;
  focalX: number;
  focalY: number;
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

interface ProductRow {
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

interface VariantRow {
  id: string;
  product_id: string;
  sku: string;
  price_cents: number;
  sale_price_cents: number;
  on_sale: number;
  qty_in_stock: number;
  unlimited: number;
  attributes_json: string;
}

interface ImageRow {
  id: string;
  asset_url: string;
  original_size: string;
  alt_text: string;
  focal_x: number;
  focal_y: number;
}

function toVariant(row: VariantRow): VariantRecord {
  return {
    id: row.id,
    productId: row.product_id,
    sku: row.sku,
    priceCents: row.price_cents,
    salePriceCents: row.sale_price_cents,
    onSale: row.on_sale === 1,
    qtyInStock: row.qty_in_stock,
    unlimited: row.unlimited === 1,
    attributes: parseObjectColumn(row.attributes_json) as Record<string, string>,
  };
}

/**
 * Products with their variants (stock) and images. Hydrated products are remembered (frozen,
 * shared) until any write to the store's content, a stock change included, moves the content version.
 */
export class CatalogueRepository {
  private readonly products: VersionedCache<ProductRecord | undefined>;
  private readonly productLists: VersionedCache<ProductRecord[]>;
  private readonly variants: VersionedCache<VariantRecord | undefined>;
  private readonly byId: Database.Statement<[string], ProductRow>;
  private readonly byUrlId: Database.Statement<[string, string], ProductRow>;
  private readonly inCollection: Database.Statement<[string], ProductRow>;
  private readonly matching: Database.Statement<{ pattern: string }, ProductRow>;
  private readonly variantsOf: Database.Statement<[string], VariantRow>;
  private readonly imagesOf: Database.Statement<[string], ImageRow>;
  private readonly selectVariant: Database.Statement<[string], VariantRow>;
  private readonly takeStock: Database.Statement<[number, string, number]>;
  private readonly setStock: Database.Statement<[number, string]>;

  constructor(db: Database.Database) {
    this.byId = db.prepare('SELECT * FROM products WHERE id = ?');
    this.byUrlId = db.prepare('SELECT * FROM products WHERE collection_id = ? AND url_id = ?');
    this.inCollection = db.prepare('SELECT * FROM products WHERE collection_id = ? ORDER BY display_order, id');
    this.matching = db.prepare(
      `SELECT * FROM products
       WHERE title LIKE @pattern ESCAPE '\\' OR excerpt LIKE @pattern ESCAPE '\\' OR body LIKE @pattern ESCAPE '\\'
       ORDER BY display_order, id LIMIT 50`,
    );
    this.variantsOf = db.prepare('SELECT * FROM variants WHERE product_id = ? ORDER BY display_order, id');
    this.imagesOf = db.prepare('SELECT * FROM product_images WHERE product_id = ? ORDER BY display_order, id');
    this.selectVariant = db.prepare('SELECT * FROM variants WHERE id = ?');
    // Only limited variants with enough stock are decremented; 0 changed rows means "not enough".
    this.takeStock = db.prepare(
      'UPDATE variants SET qty_in_stock = qty_in_stock - ? WHERE id = ? AND unlimited = 0 AND qty_in_stock >= ?',
    );
    this.setStock = db.prepare('UPDATE variants SET qty_in_stock = ? WHERE id = ?');
    const version = contentVersion(db);
    this.products = new VersionedCache(version, 1000);
    this.productLists = new VersionedCache(version, 100);
    this.variants = new VersionedCache(version, 2000);
  }

  private hydrate(row: ProductRow): ProductRecord {
    return {
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
      variants: this.variantsOf.all(row.id).map(toVariant),
      images: this.imagesOf.all(row.id).map((image) => ({
        id: image.id,
        assetUrl: image.asset_url,
        originalSize: image.original_size,
        altText: image.alt_text,
        focalX: image.focal_x,
        focalY: image.focal_y,
      })),
    };
  }

  productById(id: string): ProductRecord | undefined {
    return this.products.get(`id\u0000${id}`, () => {
      const row = this.byId.get(id);
      return row ? this.hydrate(row) : undefined;
    });
  }

  productByUrlId(collectionId: string, urlId: string): ProductRecord | undefined {
    return this.products.get(`url\u0000${collectionId}\u0000${urlId}`, () => {
      const row = this.byUrlId.get(collectionId, urlId);
      return row ? this.hydrate(row) : undefined;
    });
  }

  productsInCollection(collectionId: string): ProductRecord[] {
    return this.productLists.get(collectionId, () => this.inCollection.all(collectionId).map((row) => this.hydrate(row)));
  }

  /** Products whose title, excerpt or description contains the words typed (case-insensitive). */
  search(query: string): ProductRecord[] {
    const escaped = query.replace(/[\\%_]/g, (c) => `\\${c}`);
    return this.matching.all({ pattern: `%${escaped}%` }).map((row) => this.hydrate(row));
  }

  variantById(id: string): VariantRecord | undefined {
    return this.variants.get(id, () => {
      const row = this.selectVariant.get(id);
      return row ? toVariant(row) : undefined;
    });
  }

  /** Takes quantity from a limited variant; false when there is not enough (nothing changes). */
  takeFromStock(variantId: string, quantity: number): boolean {
    return this.takeStock.run(quantity, variantId, quantity).changes === 1;
  }

  setQuantityInStock(variantId: string, quantity: number): void {
    this.setStock.run(quantity, variantId);
  }
}
