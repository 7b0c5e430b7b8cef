import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { productListOrder, productListWhere, type AdminProductListFilter } from './admin-product-list.ts';
import { copyWidthsColumn } from './copy-widths-column.ts';
import { parseObjectColumn, stringsOf } from './json-column.ts';
import { bodySearchText, categoryTagSearchText } from './product-search-text.ts';
import { forUpdate, placeholders, type StoreSession } from './store.ts';
import { stockCountToWrite, unlimitedToWrite } from '../commerce/stock-count-edit.ts';
import { typeTakesStock } from '../../client/lib/product-stock.ts';
import { variantFromRow, type ProductRow as CatalogueProductRow, type VariantRow as CatalogueVariantRow } from './catalogue-repository.ts';
import type { ColorData } from './color-data-column.ts';
import { shopOrder } from './shop-order.ts';

/** The most rows one statement names by id (a bulk delete's): well under either engine's limit of parameters. */
const ROWS_PER_STATEMENT = 500;

/** Ids shaped like the platform's: 24 hex digits. */
export function newAdminId(): string {
  return randomBytes(12).toString('hex');
}

export interface AdminVariant {
  id: string;
  sku: string;
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
  weightGrams: number;
  attributes: Record<string, string>;
  /** One of the product's images, shown for this variant; null: the product's first. */
  imageId: string | null;
}

export interface AdminImage {
  id: string;
  assetUrl: string;
  originalSize: string;
  altText: string;
  contentType: string | null;
  byteSize: number | null;
}

export interface AdminProduct {
  id: string;
  collectionId: string;
  urlId: string;
  title: string;
  body: string;
  excerpt: string;
  productType: number;
  visible: boolean;
  additionalFieldsFormId: string | null;
  createdOn: number;
  /** Moved on by each write of what the editor shows: a save names the one it was made against. */
  revision: number;
  data: Record<string, unknown>;
  variants: AdminVariant[];
  images: AdminImage[];
}

/** One row of the product list: enough to see status and stock at a glance. */
export interface AdminProductSummary {
  id: string;
  urlId: string;
  title: string;
  productType: number;
  visible: boolean;
  variantCount: number;
  /** Units in stock over the limited variants; null when every variant is unlimited or the type takes no stock (digital, gift card). */
  stock: number | null;
  /** What the cheapest variant sells for now (its sale price where its sale is on). */
  lowestPriceCents: number;
  /** What the dearest variant sells for now: above the lowest, the list writes "from" the lowest, as the shop does. */
  highestPriceCents: number;
  imageUrl: string | null;
  /** A product with a plan, which the editor and the list's filter call a subscription whatever its type code. */
  subscription: boolean;
}

/** What the editor saves: the product's own fields and its variants in display order. */
export interface AdminProductWrite {
  urlId: string;
  title: string;
  body: string;
  excerpt: string;
  productType: number;
  visible: boolean;
  additionalFieldsFormId: string | null;
  data: Record<string, unknown>;
  /**
   * A variant without id is new; a stored variant left out is deleted. A stored one sent with the
   * count its screen loaded has its count written by the rule of stock-count-edit.ts.
   */
  variants: Array<Omit<AdminVariant, 'id' | 'imageId'> & {
    id?: string; qtyInStockWhenLoaded?: number; unlimitedWhenLoaded?: boolean;
    /** One of the images the product keeps, or null; left out (an import, a script), a stored variant keeps its own. */
    imageId?: string | null;
  }>;
  /** Stored images in the order to show them, with their alt text; one left out is deleted. */
  images?: Array<{ id: string; altText: string }>;
}

/** A variant's count changed by a write, for the stock history. */
export interface StockCountChange {
  variantId: string;
  before: number;
  after: number;
}

/** A kept variant a write made unlimited (or counted again), with the count it now keeps. */
export interface UnlimitedSwitch {
  variantId: string;
  unlimited: boolean;
  quantity: number;
}

interface ProductRow extends CatalogueProductRow {
  visible: number;
  display_order: number | string;
  revision: number | string;
}

interface VariantRow extends CatalogueVariantRow {
  weight_grams: number;
  display_order: number | string;
}

interface ImageRow {
  id: string;
  product_id: string;
  asset_url: string;
  original_size: string;
  alt_text: string;
  content_type: string | null;
  byte_size: number | null;
}

/** Whether writing `write` changes the product's own row (its variants and images aside). */
function productRowDiffers(row: ProductRow, write: AdminProductWrite): boolean {
  return row.url_id !== write.urlId || row.title !== write.title || row.body !== write.body || row.excerpt !== write.excerpt
    || Number(row.product_type) !== write.productType || (row.additional_fields_form_id ?? null) !== write.additionalFieldsFormId
    || (Number(row.visible) === 1) !== write.visible
    // compared as values: the order of a stored object's keys is not the product's business
    || !isDeepStrictEqual(comparableData(parseObjectColumn(row.data_json)), comparableData(JSON.parse(JSON.stringify(write.data))));
}

/**
 * A product's data as far as a change of it matters: the typed description goes (the body, compared
 * on its own, is made from it), and so do empty category and tag lists and a digital product's
 * sale that is off with no sale price, which say what none says.
 */
function comparableData(data: unknown): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const { descriptionText: _typed, ...rest } = data as Record<string, unknown>;
  for (const key of ['categories', 'tags']) {
    if (Array.isArray(rest[key]) && (rest[key] as unknown[]).length === 0) delete rest[key];
  }
  if (rest.onSale === false) delete rest.onSale;
  if (rest.salePriceCents === 0) delete rest.salePriceCents;
  return rest;
}

/** Whether writing `variant` at position `index` changes the stored variant's row, its stock aside. */
function variantRowDiffers(row: VariantRow, variant: AdminProductWrite['variants'][number], index: number): boolean {
  return row.sku !== variant.sku || Number(row.price_cents) !== variant.priceCents || Number(row.sale_price_cents) !== variant.salePriceCents
    || (Number(row.on_sale) === 1) !== variant.onSale || Number(row.display_order) !== index || Number(row.weight_grams) !== variant.weightGrams
    || !isDeepStrictEqual(parseObjectColumn(row.attributes_json), variant.attributes)
    || (variant.imageId !== undefined && (row.image_id ?? null) !== variant.imageId);
}

/** A variant's image that is not one of the images the product keeps: refused, as an unknown image of a save is. */
function checkVariantImages(write: AdminProductWrite, imageIds: ReadonlySet<string>): void {
  const unknown = write.variants.find((variant) => variant.imageId != null && !imageIds.has(variant.imageId));
  if (unknown) throw new UnknownImageError(unknown.imageId!);
}

function toVariant(row: VariantRow): AdminVariant {
  const { productId: _productId, ...variant } = variantFromRow(row);
  return { ...variant, weightGrams: Number(row.weight_grams) };
}

function toImage(row: ImageRow): AdminImage {
  return {
    id: row.id,
    assetUrl: row.asset_url,
    originalSize: row.original_size,
    altText: row.alt_text,
    contentType: row.content_type,
    byteSize: row.byte_size === null ? null : Number(row.byte_size),
  };
}

export class UrlIdTakenError extends Error {}
export class SkuTakenError extends Error {
  constructor(readonly index: number) {
    super('sku taken');
  }
}

/** A product as the editor reads it, from its row, variants and images. */
function productOf(row: ProductRow, variants: VariantRow[], images: ImageRow[]): AdminProduct {
  return {
    id: row.id,
    collectionId: row.collection_id,
    urlId: row.url_id,
    title: row.title,
    body: row.body,
    excerpt: row.excerpt,
    productType: Number(row.product_type),
    visible: Number(row.visible) === 1,
    additionalFieldsFormId: row.additional_fields_form_id,
    createdOn: Number(row.created_on),
    revision: Number(row.revision),
    data: parseObjectColumn(row.data_json),
    variants: variants.map(toVariant),
    images: images.map(toImage),
  };
}

function groupByProduct<T extends { product_id: string }>(list: readonly T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const item of list) {
    const group = grouped.get(item.product_id);
    if (group) group.push(item);
    else grouped.set(item.product_id, [item]);
  }
  return grouped;
}

/**
 * The owner's view of the catalogue: every product (hidden ones included), written whole by the
 * editor. Writes move the content version through the tables' triggers, so the storefront's
 * caches drop what they held on the next request.
 */
export class AdminProductRepository {
  constructor(private readonly session: StoreSession) {}

  /** Products the filter keeps (all by default), in the sort's order (the shop's by default), `limit` from `offset`. */
  async list(filter: AdminProductListFilter, limit: number, offset = 0): Promise<AdminProductSummary[]> {
    const { where, params } = productListWhere(filter, this.session.dialect);
    // the page's ids first: a sort by price or stock then orders ids, not whole rows with their descriptions
    const { key, order } = productListOrder(filter.sort);
    const ids = (await this.session.all<{ id: string }>(
      `SELECT products.id${key ? `, ${key} AS sort_key` : ''} FROM products WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
      [...params, limit, offset],
    )).map((row) => row.id);
    if (ids.length === 0) return [];
    const byId = new Map((await this.session.all<ProductRow>(`SELECT * FROM products WHERE id IN (${placeholders(ids.length)})`, ids)).map((row) => [row.id, row]));
    const rows = ids.flatMap((id) => byId.get(id) ?? []);
    const variants = await this.session.all<VariantRow>(
      `SELECT * FROM variants WHERE product_id IN (${placeholders(ids.length)}) ORDER BY display_order, id`,
      ids,
    );
    const images = await this.session.all<ImageRow>(
      `SELECT * FROM product_images WHERE product_id IN (${placeholders(ids.length)}) ORDER BY display_order, id`,
      ids,
    );
    return rows.map((row) => {
      const own = variants.filter((variant) => variant.product_id === row.id).map(toVariant);
      // a digital product or gift card is never out of stock, whatever count its variants hold
      const limited = typeTakesStock(Number(row.product_type)) ? own.filter((variant) => !variant.unlimited) : [];
      // what each variant sells for now: its sale price where its sale is on
      const prices = own.map((variant) => (variant.onSale ? variant.salePriceCents : variant.priceCents));
      return {
        id: row.id,
        urlId: row.url_id,
        title: row.title,
        productType: Number(row.product_type),
        visible: Number(row.visible) === 1,
        variantCount: own.length,
        stock: limited.length === 0 ? null : limited.reduce((sum, variant) => sum + variant.qtyInStock, 0),
        lowestPriceCents: prices.length === 0 ? 0 : Math.min(...prices),
        highestPriceCents: prices.length === 0 ? 0 : Math.max(...prices),
        imageUrl: images.find((image) => image.product_id === row.id)?.asset_url ?? null,
        subscription: parseObjectColumn(row.data_json).isSubscribable === true,
      };
    });
  }

  /** How many products the filter keeps (the list's total and its pages). */
  async count(filter: AdminProductListFilter): Promise<number> {
    const { where, params } = productListWhere(filter, this.session.dialect);
    const row = await this.session.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM products WHERE ${where}`, params);
    return Number(row?.n ?? 0);
  }

  /** Every category the products have, once, sorted (the list's category filter offers them). */
  async categories(): Promise<string[]> {
    // only rows whose stored text has a line at all are read as JSON
    const rows = await this.session.all<{ data_json: string }>(
      "SELECT data_json FROM products WHERE category_tag_search_text IS NULL OR category_tag_search_text <> ''",
    );
    const found = new Set(rows.flatMap((row) => stringsOf(parseObjectColumn(row.data_json).categories)));
    return [...found].sort((a, b) => a.localeCompare(b, 'en'));
  }

  async findById(id: string): Promise<AdminProduct | undefined> {
    return this.read(id, '');
  }

  /**
   * The product with its row and variants locked for the rest of the transaction: what a write
   * keeps from it (a count, the data the editor does not show) cannot change under it.
   */
  async findForUpdate(id: string): Promise<AdminProduct | undefined> {
    return this.read(id, forUpdate(this.session));
  }

  private async read(id: string, lock: string): Promise<AdminProduct | undefined> {
    const row = await this.session.get<ProductRow>(`SELECT * FROM products WHERE id = ?${lock}`, [id]);
    if (!row) return undefined;
    const variants = await this.session.all<VariantRow>(`SELECT * FROM variants WHERE product_id = ? ORDER BY display_order, id${lock}`, [id]);
    const images = await this.session.all<ImageRow>('SELECT * FROM product_images WHERE product_id = ? ORDER BY display_order, id', [id]);
    return productOf(row, variants, images);
  }

  /** Every product with its variants and images, in the shop's order (the CSV export): three reads in all. */
  async all(): Promise<AdminProduct[]> {
    const rows = await this.session.all<ProductRow>(`SELECT * FROM products ORDER BY ${shopOrder()}`);
    const variants = await this.session.all<VariantRow>('SELECT * FROM variants ORDER BY product_id, display_order, id');
    const images = await this.session.all<ImageRow>('SELECT * FROM product_images ORDER BY product_id, display_order, id');
    const variantsOf = groupByProduct(variants);
    const imagesOf = groupByProduct(images);
    return rows.map((row) => productOf(row, variantsOf.get(row.id) ?? [], imagesOf.get(row.id) ?? []));
  }

  /**
   * Every product as all() reads it, in the same order, `batchSize` products at a time (three
   * reads a batch), so the CSV export holds one batch in memory however large the catalogue.
   */
  async *batches(batchSize: number): AsyncGenerator<AdminProduct[]> {
    let after: { displayOrder: number; id: string } | undefined;
    for (;;) {
      // each batch goes on from the last product of the one before, in the shop's own order
      const rows = await this.session.all<ProductRow>(
        `SELECT * FROM products ${after ? 'WHERE (display_order, id) > (?, ?)' : ''}
         ORDER BY ${shopOrder()} LIMIT ?`,
        [...(after ? [after.displayOrder, after.id] : []), batchSize],
      );
      if (rows.length === 0) return;
      const ids = rows.map((row) => row.id);
      const variantsOf = groupByProduct(await this.session.all<VariantRow>(
        `SELECT * FROM variants WHERE product_id IN (${placeholders(ids.length)}) ORDER BY product_id, display_order, id`, ids,
      ));
      const imagesOf = groupByProduct(await this.session.all<ImageRow>(
        `SELECT * FROM product_images WHERE product_id IN (${placeholders(ids.length)}) ORDER BY product_id, display_order, id`, ids,
      ));
      yield rows.map((row) => productOf(row, variantsOf.get(row.id) ?? [], imagesOf.get(row.id) ?? []));
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1]!;
      after = { displayOrder: Number(last.display_order), id: last.id };
    }
  }

  /** The first products collection (the shop), where new products go. */
  async shopCollectionId(): Promise<string | undefined> {
    const row = await this.session.get<{ id: string }>('SELECT id FROM collections WHERE type_code = 13 ORDER BY rowid LIMIT 1');
    return row?.id;
  }

  /** Whether a product of the collection has this URL slug. */
  async urlIdInUse(collectionId: string, urlId: string): Promise<boolean> {
    return (await this.idAtUrl(collectionId, urlId)) !== undefined;
  }

  /** The id of the collection's product at this URL slug, if it has one. */
  async idAtUrl(collectionId: string, urlId: string): Promise<string | undefined> {
    return (await this.session.get<{ id: string }>('SELECT id FROM products WHERE collection_id = ? AND url_id = ?', [collectionId, urlId]))?.id;
  }

  /** Whether any variant of the store has this SKU. */
  async skuInUse(sku: string): Promise<boolean> {
    return (await this.productWithSku(sku)) !== undefined;
  }

  /** The id of the product whose variant has this SKU, if any has. */
  async productWithSku(sku: string): Promise<string | undefined> {
    return (await this.session.get<{ product_id: string }>('SELECT product_id FROM variants WHERE sku = ?', [sku]))?.product_id;
  }

  async formExists(formId: string): Promise<boolean> {
    return (await this.session.get('SELECT id FROM forms WHERE id = ?', [formId])) !== undefined;
  }

  /** Ids of the stored variants of a product, locked for the rest of the transaction. */
  private async lockedVariants(productId: string): Promise<VariantRow[]> {
    return this.session.all<VariantRow>(`SELECT * FROM variants WHERE product_id = ?${forUpdate(this.session)}`, [productId]);
  }

  private async checkFree(productId: string, collectionId: string, write: AdminProductWrite): Promise<void> {
    const sameUrl = await this.session.get<{ id: string }>(
      'SELECT id FROM products WHERE collection_id = ? AND url_id = ? AND id <> ?',
      [collectionId, write.urlId, productId],
    );
    if (sameUrl) throw new UrlIdTakenError('url id taken');
    for (const [index, variant] of write.variants.entries()) {
      const owner = await this.session.get<{ product_id: string; id: string }>('SELECT product_id, id FROM variants WHERE sku = ?', [variant.sku]);
      if (owner && (owner.product_id !== productId || (variant.id !== undefined && owner.id !== variant.id))) throw new SkuTakenError(index);
    }
  }

  /** Creates a product in the shop collection; call inside a transaction. Returns its id. */
  async create(collectionId: string, write: AdminProductWrite, now: number): Promise<{ id: string; variantIds: string[] }> {
    const id = newAdminId();
    await this.checkFree(id, collectionId, { ...write, variants: write.variants.map((variant) => ({ ...variant, id: undefined })) });
    // a new product has no image yet for a variant to show
    checkVariantImages(write, new Set());
    // a new product comes first in the shop, as owners expect of the piece they just added
    const order = await this.session.get<{ n: number | null }>('SELECT MIN(display_order) AS n FROM products WHERE collection_id = ?', [collectionId]);
    await this.session.run(
      `INSERT INTO products (id, collection_id, url_id, title, body, body_search_text, excerpt, product_type,
         additional_fields_form_id, display_order, created_on, data_json, category_tag_search_text, visible)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, collectionId, write.urlId, write.title, write.body, bodySearchText(write.body), write.excerpt, write.productType,
        write.additionalFieldsFormId, Number(order?.n ?? 1) - 1, now, JSON.stringify(write.data), categoryTagSearchText(write.data),
        write.visible ? 1 : 0],
    );
    const variantIds: string[] = [];
    for (const [index, variant] of write.variants.entries()) {
      const variantId = newAdminId();
      variantIds.push(variantId);
      await this.insertVariant(id, variantId, variant, index);
    }
    return { id, variantIds };
  }

  private async insertVariant(productId: string, variantId: string, variant: AdminProductWrite['variants'][number], index: number): Promise<void> {
    await this.session.run(
      `INSERT INTO variants (id, product_id, sku, price_cents, sale_price_cents, on_sale, qty_in_stock, unlimited,
         attributes_json, display_order, weight_grams, image_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [variantId, productId, variant.sku, variant.priceCents, variant.salePriceCents, variant.onSale ? 1 : 0,
        variant.qtyInStock, variant.unlimited ? 1 : 0, JSON.stringify(variant.attributes), index, variant.weightGrams, variant.imageId ?? null],
    );
  }

  /**
   * Writes the product whole; call inside a transaction. Returns, for the stock history, each
   * variant's count before and after where it changed and each kept variant switched between
   * Unlimited and a count, or undefined when the product does not exist. With `revisionWhenLoaded`
   * (the revision the editor loaded), a product written since is refused whole (ProductChangedError);
   * without it the write goes over whatever is stored, as it always did for scripts and the import.
   * A write that changes anything moves the revision on.
   */
  async update(id: string, write: AdminProductWrite, revisionWhenLoaded?: number): Promise<{ stockChanges: StockCountChange[]; unlimitedSwitches: UnlimitedSwitch[]; changed: boolean } | undefined> {
    const row = await this.session.get<ProductRow>(`SELECT * FROM products WHERE id = ?${forUpdate(this.session)}`, [id]);
    if (!row) return undefined;
    const revision = Number(row.revision);
    // read under the write lock (BEGIN IMMEDIATE, FOR UPDATE): no other process writes between this check and the write
    if (revisionWhenLoaded !== undefined && revision !== revisionWhenLoaded) throw new ProductChangedError(row.title, revision);
    const stored = await this.lockedVariants(id);
    const storedById = new Map(stored.map((variant) => [variant.id, variant]));
    const unknown = write.variants.find((variant) => variant.id !== undefined && !storedById.has(variant.id));
    if (unknown) throw new UnknownVariantError(unknown.id!);
    await this.checkFree(id, row.collection_id, write);
    // a variant's image is one the product keeps: those the write lists, else those it has
    const keptImages = write.images
      ? write.images.map((image) => image.id)
      : (await this.session.all<{ id: string }>('SELECT id FROM product_images WHERE product_id = ?', [id])).map((image) => image.id);
    checkVariantImages(write, new Set(keptImages));
    // every count is settled before the first write, so a refused one leaves the product as it was
    const counts = new Map<string, number>();
    const changedMeanwhile: StockChangedMeanwhile[] = [];
    for (const [index, variant] of write.variants.entries()) {
      if (variant.id === undefined) continue;
      const storedVariant = storedById.get(variant.id)!;
      const storedCount = Number(storedVariant.qty_in_stock);
      const outcome = stockCountToWrite(storedCount, variant);
      if ('write' in outcome) counts.set(variant.id, outcome.write);
      else changedMeanwhile.push({ index, variantId: variant.id, sku: storedVariant.sku, qtyInStock: storedCount });
    }
    if (changedMeanwhile.length > 0) throw new StockChangedError(row.title, changedMeanwhile);
    // whether the write changes anything the product row or its variants hold (an import tells
    // the owner which of its products were already as the file has them)
    let changed = productRowDiffers(row, write) || write.variants.length !== stored.length;
    // conditional on the revision read: should a store ever let a write slip past the lock, it writes nothing
    const written = await this.session.run(
      `UPDATE products SET url_id = ?, title = ?, body = ?, body_search_text = ?, excerpt = ?, product_type = ?,
         additional_fields_form_id = ?, data_json = ?, category_tag_search_text = ?, visible = ? WHERE id = ? AND revision = ?`,
      [write.urlId, write.title, write.body, bodySearchText(write.body), write.excerpt, write.productType,
        write.additionalFieldsFormId, JSON.stringify(write.data), categoryTagSearchText(write.data), write.visible ? 1 : 0, id, revision],
    );
    if (written.changes !== 1) throw new ProductChangedError(row.title, revision);
    const kept = new Set(write.variants.map((variant) => variant.id).filter((variantId) => variantId !== undefined));
    for (const variant of stored) {
      if (kept.has(variant.id)) continue;
      // a variant that goes leaves no cart line or restock request pointing at nothing
      await this.session.run('DELETE FROM cart_entries WHERE variant_id = ?', [variant.id]);
      await this.session.run('DELETE FROM restock_signups WHERE variant_id = ?', [variant.id]);
      await this.session.run('DELETE FROM variants WHERE id = ?', [variant.id]);
    }
    // SKUs are unique: move the kept ones out of the way first so two variants may swap SKUs
    for (const variant of write.variants) {
      if (variant.id !== undefined) await this.session.run('UPDATE variants SET sku = ? WHERE id = ?', [`~moving~${variant.id}`, variant.id]);
    }
    const stockChanges: StockCountChange[] = [];
    const unlimitedSwitches: UnlimitedSwitch[] = [];
    for (const [index, variant] of write.variants.entries()) {
      if (variant.id === undefined) {
        changed = true;
        const variantId = newAdminId();
        await this.insertVariant(id, variantId, variant, index);
        if (!variant.unlimited && variant.qtyInStock !== 0) stockChanges.push({ variantId, before: 0, after: variant.qtyInStock });
        continue;
      }
      const storedVariant = storedById.get(variant.id)!;
      const before = Number(storedVariant.qty_in_stock);
      const after = counts.get(variant.id)!;
      const storedUnlimited = Number(storedVariant.unlimited) === 1;
      const unlimited = unlimitedToWrite(storedUnlimited, variant);
      const imageId = variant.imageId === undefined ? storedVariant.image_id ?? null : variant.imageId;
      await this.session.run(
        `UPDATE variants SET sku = ?, price_cents = ?, sale_price_cents = ?, on_sale = ?, qty_in_stock = ?, unlimited = ?,
           attributes_json = ?, display_order = ?, weight_grams = ?, image_id = ? WHERE id = ?`,
        [variant.sku, variant.priceCents, variant.salePriceCents, variant.onSale ? 1 : 0, after,
          unlimited ? 1 : 0, JSON.stringify(variant.attributes), index, variant.weightGrams, imageId, variant.id],
      );
      if (before !== after) stockChanges.push({ variantId: variant.id, before, after });
      if (storedUnlimited !== unlimited) unlimitedSwitches.push({ variantId: variant.id, unlimited, quantity: after });
      changed ||= before !== after || storedUnlimited !== unlimited || variantRowDiffers(storedVariant, variant, index);
    }
    const imagesChanged = write.images !== undefined && (await this.imagesDiffer(id, write.images));
    if (write.images) await this.arrangeImages(id, write.images);
    // a save that changes nothing leaves the revision: an import of a file as the shop has it does not refuse the editors open meanwhile
    if (changed || imagesChanged) await this.moveRevision(id);
    return { stockChanges, unlimitedSwitches, changed };
  }

  /** The product's revision moved on, and the new one; undefined when the product does not exist. */
  async moveRevision(productId: string): Promise<number | undefined> {
    await this.session.run('UPDATE products SET revision = revision + 1 WHERE id = ?', [productId]);
    const row = await this.session.get<{ revision: number | string }>('SELECT revision FROM products WHERE id = ?', [productId]);
    return row === undefined ? undefined : Number(row.revision);
  }

  /** Whether the images listed (in order, with their alt text) differ from the stored ones. */
  private async imagesDiffer(productId: string, images: ReadonlyArray<{ id: string; altText: string }>): Promise<boolean> {
    const stored = await this.session.all<ImageRow>('SELECT * FROM product_images WHERE product_id = ? ORDER BY display_order, id', [productId]);
    return stored.length !== images.length || stored.some((image, index) => image.id !== images[index]!.id || image.alt_text !== images[index]!.altText);
  }

  /** Puts the product's images in the given order with their alt text; drops the others. Returns the dropped ones. */
  async arrangeImages(productId: string, images: Array<{ id: string; altText: string }>): Promise<AdminImage[]> {
    const stored = await this.session.all<ImageRow>('SELECT * FROM product_images WHERE product_id = ?', [productId]);
    const storedIds = new Set(stored.map((image) => image.id));
    const unknown = images.find((image) => !storedIds.has(image.id));
    if (unknown) throw new UnknownImageError(unknown.id);
    const keep = new Set(images.map((image) => image.id));
    const dropped = stored.filter((image) => !keep.has(image.id));
    for (const image of dropped) {
      await this.session.run('DELETE FROM product_images WHERE id = ?', [image.id]);
      // a variant that showed it shows the product's first image again
      await this.session.run('UPDATE variants SET image_id = NULL WHERE product_id = ? AND image_id = ?', [productId, image.id]);
    }
    for (const [index, image] of images.entries()) {
      await this.session.run('UPDATE product_images SET alt_text = ?, display_order = ? WHERE id = ?', [image.altText, index, image.id]);
    }
    return dropped.map(toImage);
  }

  /**
   * Adds an uploaded image after the product's others, with the widths of the resized copies made
   * of it (when known); call inside a transaction. The product's revision moves on, so an editor
   * loaded before the upload cannot save its image list over it; the new revision is returned for
   * the editor that uploaded it.
   */
  async addImage(productId: string, image: Omit<AdminImage, 'id'>, copyWidths?: readonly number[], colorData?: ColorData): Promise<{ image: AdminImage; revision: number }> {
    const id = newAdminId();
    const order = await this.session.get<{ n: number | null }>('SELECT MAX(display_order) AS n FROM product_images WHERE product_id = ?', [productId]);
    await this.session.run(
      `INSERT INTO product_images (id, product_id, asset_url, original_size, alt_text, display_order, content_type, byte_size, copy_widths, color_data)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, productId, image.assetUrl, image.originalSize, image.altText, Number(order?.n ?? -1) + 1, image.contentType, image.byteSize,
        copyWidths ? copyWidthsColumn(copyWidths) : null, colorData ? JSON.stringify(colorData) : null],
    );
    const revision = await this.moveRevision(productId);
    return { image: { id, ...image }, revision: revision! };
  }

  /**
   * Records the widths of the copies made of an uploaded image on request (one uploaded before
   * they were recorded), for each product image showing it. The write moves the content version,
   * so cached pages are rebuilt listing those; widths already recorded are not written again.
   */
  async recordImageCopies(assetUrl: string, copyWidths: readonly number[]): Promise<void> {
    const column = copyWidthsColumn(copyWidths);
    await this.session.run('UPDATE product_images SET copy_widths = ? WHERE asset_url = ? AND (copy_widths IS NULL OR copy_widths <> ?)',
      [column, assetUrl, column]);
  }

  /**
   * Records an uploaded image cleaned of its metadata, for each product image showing it: its
   * width and height (turned upright, it may have changed shape) and, when its file was saved
   * again, the file's size. The write moves the content version, so cached pages are rebuilt with
   * the new shape; a shape already recorded is not written again, so each process cleaning the
   * same image in memory does not rebuild them.
   */
  async recordCleanedImage(assetUrl: string, cleaned: { originalSize: string; byteSize?: number }): Promise<void> {
    if (cleaned.byteSize === undefined) {
      await this.session.run('UPDATE product_images SET original_size = ? WHERE asset_url = ? AND original_size <> ?',
        [cleaned.originalSize, assetUrl, cleaned.originalSize]);
    } else {
      await this.session.run('UPDATE product_images SET original_size = ?, byte_size = ? WHERE asset_url = ?',
        [cleaned.originalSize, cleaned.byteSize, assetUrl]);
    }
  }

  /**
   * Gives the product `toId` the images of `fromId`, in their order, showing the same stored files
   * (a duplicate: files are shared, never copied; see filesNoLongerUsed); call inside a transaction.
   */
  async copyImages(fromId: string, toId: string): Promise<Map<string, string>> {
    const images = await this.session.all<ImageRow & { copy_widths: string | null; display_order: number }>('SELECT * FROM product_images WHERE product_id = ? ORDER BY display_order, id', [fromId]);
    // each original image's copy, for the copied variants to show theirs
    const copies = new Map<string, string>();
    for (const image of images) {
      const copyId = newAdminId();
      copies.set(image.id, copyId);
      await this.session.run(
        `INSERT INTO product_images (id, product_id, asset_url, original_size, alt_text, display_order, content_type, byte_size, copy_widths)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [copyId, toId, image.asset_url, image.original_size, image.alt_text, image.display_order, image.content_type, image.byte_size, image.copy_widths],
      );
    }
    return copies;
  }

  /** Gives a variant one of its product's images (a duplicate's variants, once the images are copied); call inside a transaction. */
  async setVariantImage(variantId: string, imageId: string | null): Promise<void> {
    await this.session.run('UPDATE variants SET image_id = ? WHERE id = ?', [imageId, variantId]);
  }

  /**
   * Of images whose rows are gone, those whose file no product image shows any more: only these
   * files may be removed, as a duplicated product shares its original's files. Call inside the
   * transaction that removed the rows.
   */
  async filesNoLongerUsed(images: readonly AdminImage[]): Promise<AdminImage[]> {
    const urls = [...new Set(images.map((image) => image.assetUrl))];
    const stillShown = new Set<string>();
    // a bulk delete's images are many: their files are asked after a batch at a time
    for (let start = 0; start < urls.length; start += ROWS_PER_STATEMENT) {
      const batch = urls.slice(start, start + ROWS_PER_STATEMENT);
      const rows = await this.session.all<{ asset_url: string }>(`SELECT DISTINCT asset_url FROM product_images WHERE asset_url IN (${placeholders(batch.length)})`, batch);
      for (const row of rows) stillShown.add(row.asset_url);
    }
    return images.filter((image) => !stillShown.has(image.assetUrl));
  }

  /** Deletes a product with its variants, images, cart lines and restock requests; false when it did not exist. */
  async delete(id: string): Promise<{ deleted: boolean; images: AdminImage[] }> {
    const { deleted, images } = await this.deleteMany([id]);
    return { deleted: deleted === 1, images };
  }

  /**
   * Deletes products with their variants, images, cart lines and restock requests, a batch of ids
   * to each statement; call inside a transaction. Returns how many existed and their images.
   */
  async deleteMany(ids: readonly string[]): Promise<{ deleted: number; images: AdminImage[] }> {
    const images: AdminImage[] = [];
    let deleted = 0;
    for (let start = 0; start < ids.length; start += ROWS_PER_STATEMENT) {
      const batch = ids.slice(start, start + ROWS_PER_STATEMENT);
      const list = placeholders(batch.length);
      images.push(...(await this.session.all<ImageRow>(`SELECT * FROM product_images WHERE product_id IN (${list})`, batch)).map(toImage));
      await this.session.run(`DELETE FROM cart_entries WHERE product_id IN (${list})`, batch);
      await this.session.run(`DELETE FROM restock_signups WHERE product_id IN (${list})`, batch);
      await this.session.run(`DELETE FROM product_images WHERE product_id IN (${list})`, batch);
      await this.session.run(`DELETE FROM variants WHERE product_id IN (${list})`, batch);
      deleted += (await this.session.run(`DELETE FROM products WHERE id IN (${list})`, batch)).changes;
    }
    return { deleted, images };
  }
}

export class UnknownVariantError extends Error {}
export class UnknownImageError extends Error {}

/** A save made against a revision of the product older than the stored one: refused whole. */
export class ProductChangedError extends Error {
  constructor(readonly productTitle: string, readonly currentRevision: number) {
    super('product changed meanwhile');
  }
}

/** A variant whose count the owner changed while the store's changed too: its place in the write and its count now. */
export interface StockChangedMeanwhile {
  index: number;
  variantId: string;
  sku: string;
  qtyInStock: number;
}

/** A write refused whole because counts it changed had changed in the store since they were loaded. */
export class StockChangedError extends Error {
  constructor(readonly productTitle: string, readonly variants: StockChangedMeanwhile[]) {
    super('stock changed meanwhile');
  }
}
