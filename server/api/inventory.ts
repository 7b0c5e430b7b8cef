import { Router } from 'express';
import { z } from 'zod';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import type { AppDeps } from '../deps.ts';
import { hasUnlimitedStock } from '../commerce/pricing.ts';
import { serverMessages } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { parseInput } from '../security/validation.ts';
import { storeRepositories } from './cart-session.ts';

const itemIdsSchema = z.union([
  z.string().min(1).max(64).transform((id) => [id]),
  z.array(z.string().min(1).max(64)).min(1).max(50),
]);

const stockQuerySchema = z.object({ itemId: itemIdsSchema });

/** Stock of every variant of one or more visible products. */
export function createInventoryRouter(deps: AppDeps): Router {
  const router = Router();
  router.get(API_PATHS.stock, async (req, res) => {
    const { itemId } = parseInput(stockQuerySchema, req.query);
    const { catalogue } = storeRepositories(deps);
    // a product the owner hid answers as an unknown one: its SKUs and counts are not for shoppers
    const products = await Promise.all(itemId.map(async (id) => catalogue.visibleProductById(id)));
    const results = products.flatMap((product) => {
      if (!product) return [];
      return product.variants.map((variant) => ({
        itemId: product.id,
        variantId: variant.id,
        sku: variant.sku,
        unlimited: hasUnlimitedStock(product, variant),
        qtyInStock: variant.qtyInStock,
      }));
    });
    if (results.length === 0) throw new HttpError(404, serverMessages.productNotFound);
    res.json({ results });
  });
  return router;
}
