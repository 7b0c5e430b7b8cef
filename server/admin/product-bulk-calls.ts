/**
 * `POST /api/admin/products/bulk`: one action of the product list on many products, named by id
 * (those ticked) or by the list's own search and filters (every product they keep, "Select all 342
 * products that match"). All or nothing, in one transaction (product-bulk.ts); the answer says
 * what was done in the admin's words.
 */
import { Router } from 'express';
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { MAX_BULK_PRODUCTS, PRODUCT_BULK_ACTIONS } from '../../client/lib/product-list-choices.ts';
import type { AppDeps } from '../deps.ts';
import { AdminProductRepository } from '../db/admin-product-repository.ts';
import { ProductBulkRepository } from '../db/product-bulk-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { fillMessage } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { productFilesDir, uploadsDir } from '../store-folders.ts';
import { checkAdminInput, recordId } from './admin-validation.ts';
import { ADMIN_PRODUCTS } from './product-calls.ts';
import { applyBulkAction, bulkMessage } from './product-bulk.ts';
import { productLabel } from './product-input.ts';
import { lowStockFigure, productListFilterOf, productListFilterSchema, type ProductListFilterFields } from './product-list-filter.ts';
import { removeProductFiles } from './product-removal.ts';

export const ADMIN_PRODUCTS_BULK = `${ADMIN_PRODUCTS}/bulk`;

const maxText = MAX_BULK_PRODUCTS.toLocaleString('en-US');
const tooMany = fillMessage(ADMIN.server.productBulkTooMany, { max: maxText });

const bulkBody = z.object({
  action: z.enum(PRODUCT_BULK_ACTIONS, { error: ADMIN.server.productBulkAction }),
  // for add-category and remove-category: a name as the editor takes it
  category: productLabel.optional(),
  productIds: z.array(recordId).min(1, { error: ADMIN.server.productBulkNone }).max(MAX_BULK_PRODUCTS, { error: tooMany }).optional(),
  filter: productListFilterSchema.optional(),
  // with filter: how many products the screen said match; another count now refuses the call (409)
  expectedCount: z.number().int().min(0).optional(),
}).superRefine((input, context) => {
  if ((input.productIds === undefined) === (input.filter === undefined)) {
    context.addIssue({ code: 'custom', path: ['productIds'], message: ADMIN.server.productBulkTarget });
  }
  if ((input.action === 'add-category' || input.action === 'remove-category') && input.category === undefined) {
    context.addIssue({ code: 'custom', path: ['category'], message: ADMIN.server.productBulkCategory });
  }
});

/** The body checked; a refusal says its first problem as its message, the screen having no field for most of them. */
function bulkInput(body: unknown): z.output<typeof bulkBody> {
  const checked = checkAdminInput(bulkBody, body);
  if (checked.ok) return checked.value;
  throw new HttpError(400, Object.values(checked.fieldErrors)[0] ?? ADMIN.server.invalidInput, { fieldErrors: checked.fieldErrors });
}

/** The ids of every product the list's filter keeps now: refused past the limit, or when the screen counted otherwise. */
async function idsOfFilter(tx: StoreSession, fields: ProductListFilterFields, lowStock: number, expectedCount: number | undefined): Promise<string[]> {
  const filter = productListFilterOf(fields, lowStock);
  const ids = await new ProductBulkRepository(tx).idsMatching(filter, MAX_BULK_PRODUCTS + 1);
  if (ids.length > MAX_BULK_PRODUCTS) {
    const count = await new AdminProductRepository(tx).count(filter);
    throw new HttpError(400, fillMessage(ADMIN.server.productBulkTooManyMatch, { count: count.toLocaleString('en-US'), max: maxText }));
  }
  if (expectedCount !== undefined && ids.length !== expectedCount) {
    throw new HttpError(409, fillMessage(ADMIN.server.productBulkListChanged, { count: ids.length.toLocaleString('en-US'), expected: expectedCount.toLocaleString('en-US') }));
  }
  return ids;
}

export function createProductBulkCalls(deps: AppDeps): Router {
  const router = Router();
  const canEdit = requireOwner(deps, 'catalogue.edit');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');
  const folders = { imagesDir: uploadsDir(deps.options), filesDir: productFilesDir(deps.options) };

  router.post(ADMIN_PRODUCTS_BULK, canEdit, ownerWrite, async (req, res) => {
    const input = bulkInput(req.body);
    const category = input.category ?? '';
    // read before the transaction, which speaks only through its own session
    const lowStock = input.filter === undefined ? 0 : await lowStockFigure(deps);
    const outcome = await deps.store.transaction(async (tx) => {
      const ids = input.productIds ?? await idsOfFilter(tx, input.filter!, lowStock, input.expectedCount);
      return applyBulkAction(tx, input.action, ids, category);
    });
    // a delete's files leave the disk once their rows are gone for good
    if (outcome.removed !== null) removeProductFiles(folders, outcome.removed);
    const { changed, unchanged, missing } = outcome;
    res.json({ changed, unchanged, missing, message: bulkMessage(input.action, outcome, category) });
  });

  return router;
}
