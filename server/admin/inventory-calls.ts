import { Router } from 'express';
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import type { AppDeps } from '../deps.ts';
import { StockHistoryRepository } from '../db/stock-history-repository.ts';
import { lowStockThresholdOf } from '../commerce/low-stock.ts';
import { SiteRepository, storeSettingsOf } from '../db/site-repository.ts';
import { fillMessage } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { actorOf } from './admin-actor.ts';
import { ownerText, pageQuery, parseAdminInput, recordId } from './admin-validation.ts';
import { stockSchema } from './product-input.ts';

export const ADMIN_INVENTORY = '/api/admin/inventory';

const variantParams = z.object({ variantId: recordId });
const listQuery = z.object({
  // words of the product's title or the variant's SKU
  q: ownerText(200).default(''),
  // low: only variants with the owner's running-low figure or fewer left, fewest first
  stock: z.enum(['all', 'low']).default('all'),
  ...pageQuery,
});
const stockInput = z.object({
  qtyInStock: stockSchema,
  /** The count the screen showed: with it, an order or another edit since is not written over (stock-count-edit.ts). */
  qtyInStockWhenLoaded: stockSchema.optional(),
  /** Left out: the variant stays as it is (unlimited or counted); only the count changes. */
  unlimited: z.boolean().optional(),
  /** A restock is stock that arrived; any other change is an owner's correction. */
  reason: z.enum(['owner-edit', 'restock']).default('owner-edit'),
});

/** Stock per variant in one table (found by title or SKU, or only those running low, fifty at a time), edited in place, with each variant's history. */
export function createInventoryCalls(deps: AppDeps): Router {
  const router = Router();
  const canRead = requireOwner(deps, 'catalogue.read');
  const canEdit = requireOwner(deps, 'catalogue.edit');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');

  router.get(ADMIN_INVENTORY, canRead, async (req, res) => {
    const query = parseAdminInput(listQuery, req.query);
    const lowStock = lowStockThresholdOf(storeSettingsOf(await new SiteRepository(deps.store).websiteSettings()));
    const variants = await new StockHistoryRepository(deps.store).inventory({
      search: query.q, runningLowAt: query.stock === 'low' ? lowStock : undefined, limit: query.limit + 1, offset: query.offset,
    });
    res.json({ variants: variants.slice(0, query.limit), hasMore: variants.length > query.limit, lowStock });
  });

  router.put(`${ADMIN_INVENTORY}/:variantId`, canEdit, ownerWrite, async (req, res) => {
    const { variantId } = parseAdminInput(variantParams, req.params);
    const input = parseAdminInput(stockInput, req.body);
    const actor = await actorOf(deps, req);
    const now = Date.now();
    const { unlimited, qtyInStock } = await deps.store.transaction(async (tx) => {
      const stock = new StockHistoryRepository(tx);
      const before = await stock.setStock(variantId, input, input.unlimited);
      if (!before) throw new HttpError(404, ADMIN.server.variantNotFound);
      if ('changedMeanwhile' in before) {
        throw new HttpError(409, fillMessage(ADMIN.server.stockChangedInventory, { product: before.productTitle, sku: before.sku, count: before.qtyInStock }), {
          currentStock: [{ variantId, qtyInStock: before.qtyInStock }],
        });
      }
      if (before.before !== before.after) {
        await stock.record({
          productId: before.productId, variantId, delta: before.after - before.before, quantityAfter: before.after,
          reason: input.reason, actor, orderId: null,
        }, now);
      }
      // the switch itself, so the owner sees who made the variant unlimited (or counted it again)
      // and when; it is the owner's decision, not stock that arrived, whatever the count's reason
      if (before.wasUnlimited !== before.unlimited) {
        await stock.record({
          productId: before.productId, variantId, delta: 0, quantityAfter: before.after,
          reason: 'owner-edit', actor, orderId: null, unlimitedAfter: before.unlimited,
        }, now);
      }
      return { unlimited: before.unlimited, qtyInStock: before.after };
    });
    res.json({ variantId, qtyInStock, unlimited, message: ADMIN.stockSaved });
  });

  router.get(`${ADMIN_INVENTORY}/:variantId/history`, canRead, async (req, res) => {
    const { variantId } = parseAdminInput(variantParams, req.params);
    res.json({ changes: await new StockHistoryRepository(deps.store).history(variantId) });
  });

  return router;
}
