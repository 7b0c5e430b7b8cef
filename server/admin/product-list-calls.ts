/**
 * The admin's product list: a page of products found by title or SKU, kept to a type, a
 * visibility, a category or those running low, in the order asked, with how many there are in
 * all and the running-low figure (the filter's label); and the categories its filter offers.
 */
import { Router } from 'express';
import { z } from 'zod';
import { PRODUCT_LIST_KINDS, PRODUCT_SORTS } from '../../client/lib/product-list-choices.ts';
import type { AppDeps } from '../deps.ts';
import { AdminProductRepository } from '../db/admin-product-repository.ts';
import { SiteRepository, storeSettingsOf } from '../db/site-repository.ts';
import { lowStockThresholdOf } from '../commerce/low-stock.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { ownerText, pageQuery, parseAdminInput } from './admin-validation.ts';
import { ADMIN_PRODUCTS } from './product-calls.ts';

export const ADMIN_PRODUCT_CATEGORIES = '/api/admin/product-categories';

// an empty field, as the screen's address drops it, is no filter
const listQuery = z.object({
  q: ownerText(200).default(''),
  type: z.enum(PRODUCT_LIST_KINDS).or(z.literal('')).default(''),
  visible: z.enum(['visible', 'hidden']).or(z.literal('')).default(''),
  category: ownerText(200).default(''),
  // low: only products with a variant at the owner's running-low figure or fewer (Settings)
  stock: z.enum(['low']).or(z.literal('')).default(''),
  sort: z.enum(PRODUCT_SORTS).default('shop'),
  ...pageQuery,
});

export function createProductListCalls(deps: AppDeps): Router {
  const router = Router();
  const canRead = requireOwner(deps, 'catalogue.read');

  router.get(ADMIN_PRODUCTS, canRead, async (req, res) => {
    const query = parseAdminInput(listQuery, req.query);
    const lowStock = lowStockThresholdOf(storeSettingsOf(await new SiteRepository(deps.store).websiteSettings()));
    const runningLowAt = query.stock === 'low' ? lowStock : undefined;
    const filter = {
      search: query.q, kind: query.type || undefined, category: query.category, runningLowAt, sort: query.sort,
      visible: query.visible === '' ? undefined : query.visible === 'visible',
    };
    const repository = new AdminProductRepository(deps.store);
    // One row past the page says whether another page follows.
    const products = await repository.list(filter, query.limit + 1, query.offset);
    res.json({ products: products.slice(0, query.limit), hasMore: products.length > query.limit, total: await repository.count(filter), lowStock });
  });

  router.get(ADMIN_PRODUCT_CATEGORIES, canRead, async (_req, res) => {
    res.json({ categories: await new AdminProductRepository(deps.store).categories() });
  });

  return router;
}
