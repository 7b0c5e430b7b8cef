/**
 * The product list's bulk actions on many products at once: hide or show them, add them to a
 * category or take them out of one, mark them Featured or not, or delete them (by the single
 * delete's own path, product-removal.ts). One call is one transaction, all or nothing, its rows
 * written a batch at a time with a yield to other requests between batches (SQLite runs each
 * statement on the event loop; the shop's pages read the last committed state meanwhile). A
 * product already as the action would leave it is not written, and its revision stays.
 */
import { ADMIN } from '../../client/lib/admin-messages.ts';
import type { ProductBulkAction } from '../../client/lib/product-list-choices.ts';
import { parseObjectColumn, stringsOf } from '../db/json-column.ts';
import { BULK_ROWS_PER_STATEMENT, ProductBulkRepository, type BulkDataWrite, type BulkProductRow } from '../db/product-bulk-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { fillMessage } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { yieldToOtherRequests } from './product-import-write.ts';
import { MAX_CATEGORIES } from './product-input.ts';
import { removeProducts, type RemovedProducts } from './product-removal.ts';

export interface BulkOutcome {
  /** Products written (or deleted). */
  changed: number;
  /** Products that were already as the action leaves them. */
  unchanged: number;
  /** Ids named that no product has (deleted meanwhile). */
  missing: number;
  /** What a delete leaves to take off the disk once committed. */
  removed: RemovedProducts | null;
}

const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * The product's data after a data action, or null when it is that way already. A category is
 * matched whatever its case, as the list's filter matches it; one added is written as typed.
 */
function dataAfter(row: BulkProductRow, action: ProductBulkAction, category: string): Record<string, unknown> | null {
  const data = parseObjectColumn(row.dataJson);
  const categories = stringsOf(data.categories);
  switch (action) {
    case 'feature': return data.featured === true ? null : { ...data, featured: true };
    case 'unfeature': {
      if (data.featured !== true) return null;
      const { featured: _featured, ...rest } = data;
      return rest;
    }
    case 'add-category': {
      if (categories.some((name) => sameName(name, category))) return null;
      if (categories.length >= MAX_CATEGORIES) {
        throw new HttpError(400, fillMessage(ADMIN.server.productBulkCategoryFull, { product: row.title, max: MAX_CATEGORIES }));
      }
      return { ...data, categories: [...categories, category] };
    }
    case 'remove-category': {
      const kept = categories.filter((name) => !sameName(name, category));
      return kept.length === categories.length ? null : { ...data, categories: kept };
    }
    default: return null;
  }
}

/** Writes in batches, yielding between them. */
async function inBatches<T>(items: readonly T[], write: (batch: T[]) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += BULK_ROWS_PER_STATEMENT) {
    if (start > 0) await yieldToOtherRequests();
    await write(items.slice(start, start + BULK_ROWS_PER_STATEMENT));
  }
}

/** Applies the action to the products of these ids; call inside a transaction. `category` is for the category actions. */
export async function applyBulkAction(tx: StoreSession, action: ProductBulkAction, productIds: readonly string[], category: string): Promise<BulkOutcome> {
  const repository = new ProductBulkRepository(tx);
  const chosen = new Set(productIds).size;
  const rows = await repository.lock(productIds);
  const missing = chosen - rows.length;
  if (action === 'delete') {
    const removed = await removeProducts(tx, rows.map((row) => row.id));
    return { changed: removed.deleted, unchanged: 0, missing: chosen - removed.deleted, removed };
  }
  if (action === 'hide' || action === 'show') {
    const visible = action === 'show';
    const toWrite = rows.filter((row) => row.visible !== visible).map((row) => row.id);
    await inBatches(toWrite, (batch) => repository.setVisible(batch, visible));
    return { changed: toWrite.length, unchanged: rows.length - toWrite.length, missing, removed: null };
  }
  // every product is worked out before the first write: a refusal (a product with all its categories) writes nothing
  const writes: BulkDataWrite[] = rows.flatMap((row) => {
    const data = dataAfter(row, action, category);
    return data === null ? [] : [{ id: row.id, data }];
  });
  await inBatches(writes, (batch) => repository.writeData(batch));
  return { changed: writes.length, unchanged: rows.length - writes.length, missing, removed: null };
}

/** What the owner is told of an outcome: "12 products hidden (3 of the 15 hidden already)." */
export function bulkMessage(action: ProductBulkAction, outcome: BulkOutcome, category: string): string {
  return ADMIN.productBulk.done(action, outcome.changed, outcome.unchanged, outcome.missing, category);
}
