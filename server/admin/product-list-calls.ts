/**
 * The admin's product list: a page of products found by title or SKU, kept to a type, a
 * visibility, a category or those running low, in the order asked, with how many there are in
 * all and the running-low figure (the filter's label); the categories its filter offers; and the
 * owner's moves of a product in the shop's order (server/db/product-order.ts).
 */
import { Router } from 'express';
import { z } from 'zod';
import { PRODUCT_SORTS } from '../../client/lib/product-list-choices.ts';
import type { AppDeps } from '../deps.ts';
import { AdminProductRepository } from '../db/admin-product-repository.ts';
import { moveProduct, PRODUCT_MOVES } from '../db/product-order.ts';
import { fillMessage } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { pageQuery, parseAdminInput, recordId } from './admin-validation.ts';
import { lowStockFigure, productListFilterFields, productListFilterOf } from './product-list-filter.ts';
import { ADMIN_PRODUCTS } from './product-calls.ts';
import { ADMIN } from '../../client/lib/admin-messages.ts';

export const ADMIN_PRODUCT_CATEGORIES = '/api/admin/product-categories';

const listQuery = z.object({
  ...productListFilterFields,
  sort: z.enum(PRODUCT_SORTS).default('shop'),
  ...pageQuery,
});

const moveParams = z.object({ productId: recordId });
/**
 * Where to, relative to the product's place now rather than "before that product": the server
 * works the move out on the order as it stands under its lock, so two staff moving at once each
 * move theirs one place of the order as it is then (never beside a neighbour a screen showed
 * before the other's move), and Up on a page's first row reaches the page before it, which the
 * screen does not hold.
 */
const moveBody = z.object({ to: z.enum(PRODUCT_MOVES, { error: ADMIN.server.productMoveTo }) });

export function createProductListCalls(deps: AppDeps): Router {
  const router = Router();
  const canRead = requireOwner(deps, 'catalogue.read');
  const canEdit = requireOwner(deps, 'catalogue.edit');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');

  router.get(ADMIN_PRODUCTS, canRead, async (req, res) => {
    const query = parseAdminInput(listQuery, req.query);
    const lowStock = await lowStockFigure(deps);
    const filter = { ...productListFilterOf(query, lowStock), sort: query.sort };
    const repository = new AdminProductRepository(deps.store);
    // One row past the page says whether another page follows.
    const products = await repository.list(filter, query.limit + 1, query.offset);
    res.json({ products: products.slice(0, query.limit), hasMore: products.length > query.limit, total: await repository.count(filter), lowStock });
  });

  router.get(ADMIN_PRODUCT_CATEGORIES, canRead, async (_req, res) => {
    res.json({ categories: await new AdminProductRepository(deps.store).categories() });
  });

  // A move past an end (Up on the first product, a second tap that got there first) answers 200
  // with `moved: false` and says so: nothing is wrong, the product is where the owner wants it.
  router.post(`${ADMIN_PRODUCTS}/:productId/move`, canEdit, ownerWrite, async (req, res) => {
    const { productId } = parseAdminInput(moveParams, req.params);
    const { to } = parseAdminInput(moveBody, req.body);
    const outcome = await deps.store.transaction((tx) => moveProduct(tx, productId, to));
    if (!outcome) throw new HttpError(404, ADMIN.server.productNotFound);
    const { title: product, moved, position, total } = outcome;
    const message = moved ? ADMIN.server.productMoved : to === 'top' || to === 'up' ? ADMIN.server.productFirstAlready : ADMIN.server.productLastAlready;
    res.json({ moved, position, total, message: fillMessage(message, { product, position: position.toLocaleString('en-US'), total: total.toLocaleString('en-US') }) });
  });

  return router;
}
