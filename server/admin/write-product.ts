/**
 * Writing one product from the editor's input, in the caller's transaction: a new one in the shop
 * (its row and variants, an empty SKU given one) or an edit of a stored one, and in the stock
 * history, as owner edits, the count each variant starts with or changes to and each switch
 * between Unlimited and a count. The product editor and the CSV import both write products this
 * way, so the history says who changed stock wherever it was changed.
 */
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { AdminProductRepository, type AdminProduct, type StockCountChange, type UnlimitedSwitch } from '../db/admin-product-repository.ts';
import { StockHistoryRepository } from '../db/stock-history-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { HttpError } from '../security/http-error.ts';
import { withGeneratedSkus } from './generated-sku.ts';
import { productWrite, slugOf, type ProductInput } from './product-input.ts';

/** Stock changes as owner edits in the history, like an edit on the inventory screen. */
export async function recordStock(history: StockHistoryRepository, productId: string, changes: StockCountChange[], actor: string, now: number): Promise<void> {
  for (const change of changes) {
    await history.record({ productId, variantId: change.variantId, delta: change.after - change.before, quantityAfter: change.after, reason: 'owner-edit', actor, orderId: null }, now);
  }
}

/**
 * Switches between Unlimited and a count as the inventory screen records them: the owner's
 * decision (an owner edit, whether made in the editor or by a file), with the count kept.
 */
async function recordUnlimitedSwitches(history: StockHistoryRepository, productId: string, switches: UnlimitedSwitch[], actor: string, now: number): Promise<void> {
  for (const change of switches) {
    await history.record({ productId, variantId: change.variantId, delta: 0, quantityAfter: change.quantity, reason: 'owner-edit', actor, orderId: null, unlimitedAfter: change.unlimited }, now);
  }
}

/** The new product's id; the repository's refusals (a URL slug or SKU taken) are thrown as they are. */
export async function createProduct(tx: StoreSession, input: ProductInput, actor: string, now: number): Promise<string> {
  const products = new AdminProductRepository(tx);
  const collectionId = await products.shopCollectionId();
  if (!collectionId) throw new HttpError(409, ADMIN.server.noShop);
  const write = { ...productWrite(input, input.urlSlug || slugOf(input.title)), variants: await withGeneratedSkus(input.variants, (sku) => products.skuInUse(sku)) };
  const { id, variantIds } = await products.create(collectionId, write, now);
  await recordStock(new StockHistoryRepository(tx), id, input.variants.flatMap((variant, index) => (variant.unlimited || variant.qtyInStock === 0
    ? [] : [{ variantId: variantIds[index]!, before: 0, after: variant.qtyInStock }])), actor, now);
  return id;
}

/**
 * Writes the stored product whole from the input (an empty URL slug keeps its own); the
 * repository's refusals are thrown as they are. Its images are arranged as the input lists
 * them, or kept when it lists none. With the revision the editor loaded, a product saved since
 * is refused (ProductChangedError); the import sends none and writes over it. True when the
 * write changed anything but its images.
 */
export async function updateProduct(tx: StoreSession, stored: AdminProduct, input: ProductInput, actor: string, now: number, revisionWhenLoaded?: number): Promise<boolean> {
  const products = new AdminProductRepository(tx);
  const write = { ...productWrite(input, input.urlSlug || stored.urlId, stored), variants: await withGeneratedSkus(input.variants, (sku) => products.skuInUse(sku)) };
  const result = await products.update(stored.id, write, revisionWhenLoaded);
  const history = new StockHistoryRepository(tx);
  // the count first, then the switch: the order the inventory screen records them in
  await recordStock(history, stored.id, result!.stockChanges, actor, now);
  await recordUnlimitedSwitches(history, stored.id, result!.unlimitedSwitches, actor, now);
  return result!.changed;
}
