/**
 * Making one product in the shop from the editor's input, in the caller's transaction: its row
 * and variants (an empty SKU gets one made), and the stock it starts with in each variant's
 * history as an owner edit. The product editor and the CSV import both make products this way.
 */
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { AdminProductRepository } from '../db/admin-product-repository.ts';
import { StockHistoryRepository } from '../db/stock-history-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { HttpError } from '../security/http-error.ts';
import { withGeneratedSkus } from './generated-sku.ts';
import { productWrite, slugOf, type ProductInput } from './product-input.ts';

/** Stock changes as owner edits in the history, like an edit on the inventory screen. */
export async function recordStock(history: StockHistoryRepository, productId: string, changes: Array<{ variantId: string; before: number; after: number }>, actor: string, now: number): Promise<void> {
  for (const change of changes) {
    await history.record({ productId, variantId: change.variantId, delta: change.after - change.before, quantityAfter: change.after, reason: 'owner-edit', actor, orderId: null }, now);
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
