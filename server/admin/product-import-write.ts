/**
 * Writing the products of a file that read without problems (product-import.ts), in the caller's
 * transaction. A product whose URL slug the shop has is refused, or, when the owner asked to
 * update such products, written over from its rows: its variants matched by SKU (a variant the
 * file leaves out is removed, as in the editor); its images and form, which the file has no
 * columns for, are kept, and so are its summary, categories and tags when the file leaves out
 * their columns. Every other product is made new, first in the
 * shop, in the file's order. Everything is checked before the first write.
 */
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { stockCountToWrite } from '../commerce/stock-count-edit.ts';
import { AdminProductRepository, type AdminProduct } from '../db/admin-product-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { fillMessage } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { failed, IMPORT_COLUMNS, type ImportedProduct, type ImportProblem, type OptionalColumns } from './product-import.ts';
import { productForEditor, slugOf, type ProductInput } from './product-input.ts';
import { createProduct, updateProduct } from './write-product.ts';

/**
 * How many products are checked or written between two yields to other requests: better-sqlite3
 * runs each statement on the event loop, so a large file written in one go would hold every page
 * until it commits. The transaction stays open across a yield (all or nothing); the shop's pages
 * read the last committed state meanwhile (sqlite-store.ts), and other writers wait for the commit.
 */
const PRODUCTS_BETWEEN_YIELDS = 50;

/** Lets the requests waiting on the event loop run (setImmediate: after the I/O already due); the bulk actions' batches use it too. */
export const yieldToOtherRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface ImportOptions {
  /** Write over the products whose URL slug the shop has, instead of refusing them. */
  updateExisting: boolean;
}

export type ImportWrite =
  /** `unchanged`: products the shop has that were already as the file has them. */
  | { ok: true; created: number; updated: number; unchanged: number }
  | { ok: false; problems: ImportProblem[]; problemCount: number };

/**
 * The store's checks of the file's products (a URL slug in use, a SKU another product has, a count
 * changed since the export), with the stored product each writes over, locked until the
 * transaction ends. Run on the products that read well of a file with problems too, so that the
 * owner hears of every problem at once.
 */
export async function checkImportedProducts(tx: StoreSession, imported: readonly ImportedProduct[], options: ImportOptions): Promise<{ collectionId: string; targets: Array<AdminProduct | undefined>; problems: ImportProblem[] }> {
  const products = new AdminProductRepository(tx);
  const collectionId = await products.shopCollectionId();
  if (!collectionId) throw new HttpError(409, ADMIN.server.noShop);

  // the stored product each of the file's products writes over, if any
  const targets: Array<AdminProduct | undefined> = [];
  const problems: ImportProblem[] = [];
  for (const [index, product] of imported.entries()) {
    if (index > 0 && index % PRODUCTS_BETWEEN_YIELDS === 0) await yieldToOtherRequests();
    const slug = product.input.urlSlug;
    const existingId = slug === '' ? undefined : await products.idAtUrl(collectionId, slug);
    if (existingId !== undefined && !options.updateExisting) {
      problems.push({ row: product.rows[0]!, column: IMPORT_COLUMNS.urlSlug, message: fillMessage(ADMIN.server.importSlugInUse, { option: ADMIN.importUpdateExisting }) });
    }
    // locked until the import commits: an order placed meanwhile waits, and takes its units from the imported count
    const target = existingId !== undefined && options.updateExisting ? await products.findForUpdate(existingId) : undefined;
    targets.push(target);
    if (target !== undefined) problems.push(...stockChangedSinceExport(product, target));
    for (const [index, variant] of product.input.variants.entries()) {
      if (variant.sku === '') continue;
      const owner = await products.productWithSku(variant.sku);
      // a SKU of the product at the same URL slug is that product's own (when it is not to be updated, the slug says so)
      if (owner !== undefined && owner !== existingId) {
        // named by its URL slug, which a row gives to write over that product (an import run twice
        // from a file without slugs meets this)
        const stored = await products.findById(owner);
        problems.push({
          row: product.rows[index]!, column: IMPORT_COLUMNS.sku,
          message: fillMessage(ADMIN.server.importSkuInUse, { sku: variant.sku, title: stored?.title ?? '', slug: stored?.urlId ?? '', option: ADMIN.importUpdateExisting }),
        });
      }
    }
  }
  return { collectionId, targets, problems };
}

export async function writeImportedProducts(tx: StoreSession, imported: readonly ImportedProduct[], has: OptionalColumns, options: ImportOptions, actor: string, now: number): Promise<ImportWrite> {
  const products = new AdminProductRepository(tx);
  const { collectionId, targets, problems } = await checkImportedProducts(tx, imported, options);
  if (problems.length > 0) return failed(problems);

  // slugs the file gives, so that one made from a name does not take one of them
  const slugs = new Set(imported.map((product) => product.input.urlSlug).filter((slug) => slug !== ''));
  let created = 0;
  let updated = 0;
  // each new product comes first in the shop: made last to first, they keep the file's order
  for (let index = imported.length - 1; index >= 0; index--) {
    if (index < imported.length - 1 && (imported.length - 1 - index) % PRODUCTS_BETWEEN_YIELDS === 0) await yieldToOtherRequests();
    const input = imported[index]!.input;
    const target = targets[index];
    if (target !== undefined) {
      if (await updateProduct(tx, target, overStored(target, input, has), actor, now)) updated += 1;
      continue;
    }
    const urlSlug = input.urlSlug || (await freeSlug(products, collectionId, slugOf(input.title), slugs));
    await createProduct(tx, { ...input, urlSlug }, actor, now);
    created += 1;
  }
  return { ok: true, created, updated, unchanged: imported.length - created - updated };
}

/**
 * The file's product written over a stored one: what the file has no column for is kept, and a
 * row with a stored SKU edits that variant. `unlimited` in the Stock column gives no count, so
 * that variant keeps its stored one, as the editor's Unlimited switch does: switched back to a
 * count later, it has its stock again.
 */
function overStored(stored: AdminProduct, input: ProductInput, has: OptionalColumns): ProductInput {
  const kept = productForEditor(stored);
  const storedBySku = new Map(stored.variants.map((variant) => [variant.sku, variant]));
  return {
    ...input,
    excerpt: has.summary ? input.excerpt : kept.excerpt,
    categories: has.categories ? input.categories : kept.categories,
    tags: has.tags ? input.tags : kept.tags,
    additionalFieldsFormId: kept.additionalFieldsFormId,
    images: undefined,
    variants: input.variants.map((variant) => {
      const match = variant.sku === '' ? undefined : storedBySku.get(variant.sku);
      return { ...variant, id: match?.id, qtyInStock: variant.unlimited && match ? match.qtyInStock : variant.qtyInStock };
    }),
  };
}

/**
 * Counts the owner changed in a file whose variant's stock changed too since the export (the file's
 * Stock when exported): as in the editor, such a figure was made against a count that no longer
 * holds, so it is refused and the owner decides again. A Stock left as exported keeps the shop's.
 */
function stockChangedSinceExport(product: ImportedProduct, stored: AdminProduct): ImportProblem[] {
  const storedBySku = new Map(stored.variants.map((variant) => [variant.sku, variant]));
  const problems: ImportProblem[] = [];
  for (const [index, variant] of product.input.variants.entries()) {
    const match = variant.sku === '' ? undefined : storedBySku.get(variant.sku);
    if (match === undefined || variant.unlimited || variant.qtyInStockWhenLoaded === undefined) continue;
    if ('write' in stockCountToWrite(match.qtyInStock, variant)) continue;
    problems.push({
      row: product.rows[index]!,
      column: IMPORT_COLUMNS.stock,
      message: fillMessage(ADMIN.server.importStockChanged, { sku: variant.sku, count: match.qtyInStock, column: IMPORT_COLUMNS.stockWhenExported }),
    });
  }
  return problems;
}

/** `slug`, or with -2, -3… when the shop or another product of the file has it. */
async function freeSlug(products: AdminProductRepository, collectionId: string, slug: string, used: Set<string>): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? slug : `${slug.slice(0, 95)}-${n}`;
    if (!used.has(candidate) && !(await products.urlIdInUse(collectionId, candidate))) {
      used.add(candidate);
      return candidate;
    }
  }
}
