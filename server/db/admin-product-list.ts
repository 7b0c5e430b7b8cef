/**
 * The admin's product list as SQL: which products a filter keeps and the order a sort gives
 * them, for a page of the list and its count alike. The table goes unaliased as `products`, as
 * the category test (inJsonList) names it so. Every order ends with the shop's own, so a page
 * never repeats or skips a product that ties.
 */
import type { ProductListKind, ProductSort } from '../../client/lib/product-list-choices.ts';
import { STOCKLESS_TYPE_CODES } from '../../client/lib/product-stock.ts';
import { inJsonList } from './catalogue-repository.ts';
import { containsPattern, exactPattern, LIKE_ESCAPE, lowered } from './like-pattern.ts';
import { shopOrder } from './shop-order.ts';
import { placeholders, type SqlValue, type StoreDialect } from './store.ts';

export interface AdminProductListFilter {
  /** Words in the title or a SKU. */
  search?: string;
  kind?: ProductListKind;
  visible?: boolean;
  /** One of the product's categories, whatever its case. */
  category?: string;
  /** Only products with a limited variant at this many or fewer (the inventory's running-low rule). */
  runningLowAt?: number;
  sort?: ProductSort;
}

const TYPE_CODE_OF_KIND: Record<Exclude<ProductListKind, 'subscription'>, number> = { physical: 1, digital: 2, service: 3, giftCard: 4 };

/** A product with a plan (the editor's subscription), read from its JSON only where its text names one. */
function subscribable(dialect: StoreDialect): string {
  const flag = dialect === 'postgres'
    ? `(NULLIF(products.data_json, '')::json ->> 'isSubscribable') = 'true'`
    : `json_extract(NULLIF(products.data_json, ''), '$.isSubscribable') = 1`;
  return `(products.data_json LIKE '%isSubscribable%' AND ${flag})`;
}

/** What is sold for the least (a sale price where the sale is on), as the list shows it. */
const LOWEST_PRICE = '(SELECT MIN(CASE WHEN v.on_sale = 1 THEN v.sale_price_cents ELSE v.price_cents END) FROM variants v WHERE v.product_id = products.id)';
/** Units over the limited variants (none for a product that takes no stock: see the sort). */
const UNITS = '(SELECT SUM(v.qty_in_stock) FROM variants v WHERE v.product_id = products.id AND v.unlimited = 0)';
/** The shop's own order (shop-order.ts): the default sort, and every other sort's last key. */
const SHOP_ORDER = shopOrder('products');

/** The filter's condition (`1 = 1` when none) and its parameters. */
export function productListWhere(filter: AdminProductListFilter, dialect: StoreDialect): { where: string; params: SqlValue[] } {
  const where: string[] = [];
  const params: SqlValue[] = [];
  const words = (filter.search ?? '').trim();
  if (words !== '') {
    where.push(`(${lowered(dialect, 'products.title')} LIKE ? ${LIKE_ESCAPE}`
      + ` OR EXISTS (SELECT 1 FROM variants v WHERE v.product_id = products.id AND lower(v.sku) LIKE ? ${LIKE_ESCAPE}))`);
    const pattern = containsPattern(words);
    params.push(pattern, pattern);
  }
  if (filter.kind === 'subscription') {
    where.push(`(products.product_type = 5 OR ${subscribable(dialect)})`);
  } else if (filter.kind !== undefined) {
    where.push(`products.product_type = ? AND NOT ${subscribable(dialect)}`);
    params.push(TYPE_CODE_OF_KIND[filter.kind]);
  }
  if (filter.visible !== undefined) {
    where.push('products.visible = ?');
    params.push(filter.visible ? 1 : 0);
  }
  const category = (filter.category ?? '').trim();
  if (category !== '') {
    // the stored text (categories and tags, a line each) rules out most rows before any JSON is read
    where.push(`(products.category_tag_search_text IS NULL OR products.category_tag_search_text LIKE ? ${LIKE_ESCAPE})`
      + ` AND ${inJsonList(dialect, 'categories')}`);
    params.push(containsPattern(category), exactPattern(category));
  }
  if (filter.runningLowAt !== undefined) {
    // digital products and gift cards are never out of stock, whatever count they hold
    where.push(`products.product_type NOT IN (${placeholders(STOCKLESS_TYPE_CODES.length)})`
      + ' AND EXISTS (SELECT 1 FROM variants v WHERE v.product_id = products.id AND v.unlimited = 0 AND v.qty_in_stock <= ?)');
    params.push(...STOCKLESS_TYPE_CODES, filter.runningLowAt);
  }
  return { where: where.length === 0 ? '1 = 1' : where.join(' AND '), params };
}

/** Past any price or count: what puts a product without one last. */
const LAST = 9_000_000_000_000;

/**
 * The sort's ORDER BY, and the key it reads that is not a column: selected as `sort_key`, so it
 * is worked out once a product the filter keeps (a join of every variant's sums cost PostgreSQL
 * more than these lookups once filtered, and a key in ORDER BY alone was worked out twice).
 * Products without a price or a count come last.
 */
export function productListOrder(sort: ProductSort = 'shop'): { key: string | null; order: string } {
  switch (sort) {
    // as the indexes of migration 158 hold them, so a page is read from the index, not sorted
    case 'title': return { key: null, order: 'lower(products.title), products.id' };
    case 'newest': return { key: null, order: 'products.created_on DESC, products.id DESC' };
    case 'price-low': return { key: `COALESCE(${LOWEST_PRICE}, ${LAST})`, order: `sort_key, ${SHOP_ORDER}` };
    case 'price-high': return { key: `COALESCE(${LOWEST_PRICE}, -1)`, order: `sort_key DESC, ${SHOP_ORDER}` };
    // a digital product or gift card takes no stock, whatever its variants hold
    case 'stock-low': return {
      key: `CASE WHEN products.product_type IN (${STOCKLESS_TYPE_CODES.join(', ')}) THEN ${LAST} ELSE COALESCE(${UNITS}, ${LAST}) END`,
      order: `sort_key, ${SHOP_ORDER}`,
    };
    case 'shop': return { key: null, order: SHOP_ORDER };
  }
}
