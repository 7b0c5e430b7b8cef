/**
 * The product list's search and filters as its address and its calls name them (`?q=oak&type=physical&
 * visible=hidden&category=Wood&stock=low`), and the repository's filter they stand for: the list
 * reads a page with them, and a bulk action (product-bulk-calls.ts) acts on every product they keep.
 */
import { z } from 'zod';
import { PRODUCT_LIST_KINDS } from '../../client/lib/product-list-choices.ts';
import type { AppDeps } from '../deps.ts';
import type { AdminProductListFilter } from '../db/admin-product-list.ts';
import { SiteRepository, storeSettingsOf } from '../db/site-repository.ts';
import { lowStockThresholdOf } from '../commerce/low-stock.ts';
import { ownerText } from './admin-validation.ts';

// an empty field, as the screen's address drops it, is no filter
export const productListFilterFields = {
  q: ownerText(200).default(''),
  type: z.enum(PRODUCT_LIST_KINDS).or(z.literal('')).default(''),
  visible: z.enum(['visible', 'hidden']).or(z.literal('')).default(''),
  category: ownerText(200).default(''),
  // low: only products with a variant at the owner's running-low figure or fewer (Settings)
  stock: z.enum(['low']).or(z.literal('')).default(''),
};

export const productListFilterSchema = z.object(productListFilterFields);
export type ProductListFilterFields = z.output<typeof productListFilterSchema>;

/** The owner's running-low figure (Settings), which the filter's label names too. */
export async function lowStockFigure(deps: AppDeps): Promise<number> {
  return lowStockThresholdOf(storeSettingsOf(await new SiteRepository(deps.store).websiteSettings()));
}

/** The repository's filter for the fields, `lowStock` being the owner's running-low figure. */
export function productListFilterOf(fields: ProductListFilterFields, lowStock: number): AdminProductListFilter {
  return {
    search: fields.q, kind: fields.type || undefined, category: fields.category,
    runningLowAt: fields.stock === 'low' ? lowStock : undefined,
    visible: fields.visible === '' ? undefined : fields.visible === 'visible',
  };
}
