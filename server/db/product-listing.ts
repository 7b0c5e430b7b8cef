/**
 * What browsing a collection reads of each of its products: enough to filter by category or tag,
 * sort and page, without the description, variants or images. A shop of thousands of products
 * keeps this small list (about a hundred characters a product) and hydrates only the products a
 * page shows, where the whole products would outgrow the catalogue's cache and be read again on
 * every request.
 */
import { unitPriceCents } from '../commerce/pricing.ts';
import { parseObjectColumn, stringsOf } from './json-column.ts';
import { placeholders, type StoreSession } from './store.ts';
import { shopOrder } from './shop-order.ts';

export interface ProductListing {
  id: string;
  urlId: string;
  createdOn: number;
  categories: string[];
  tags: string[];
  /** The owner marked it featured (what a featured query of the platform tags keeps). */
  featured: boolean;
  /** The cheapest unit price the product sells at (what "price" sorts by); 0 without variants. */
  lowestPriceCents: number;
}

interface ListingRow {
  id: string;
  url_id: string;
  product_type: number;
  created_on: number;
  data_json: string;
}

interface PriceRow {
  product_id: string;
  price_cents: number;
  sale_price_cents: number;
  on_sale: number;
}

/**
 * The collection's visible products in the shop's order (display order, then id): two queries
 * however many. With `only` (a few hundred ids at most: one statement's parameters), those of
 * these ids alone, in no order.
 */
export async function readProductListings(session: StoreSession, collectionId: string, only?: readonly string[]): Promise<ProductListing[]> {
  if (only?.length === 0) return [];
  const ids = only === undefined ? '' : ` AND p.id IN (${placeholders(only.length)})`;
  const rows = await session.all<ListingRow>(
    `SELECT id, url_id, product_type, created_on, data_json FROM products p
     WHERE collection_id = ? AND visible = 1${ids}${only === undefined ? ` ORDER BY ${shopOrder()}` : ''}`,
    [collectionId, ...(only ?? [])],
  );
  const prices = await session.all<PriceRow>(
    `SELECT v.product_id, v.price_cents, v.sale_price_cents, v.on_sale FROM variants v
     JOIN products p ON p.id = v.product_id WHERE p.collection_id = ? AND p.visible = 1${ids}`,
    [collectionId, ...(only ?? [])],
  );
  const pricesOf = new Map<string, PriceRow[]>();
  for (const price of prices) {
    const own = pricesOf.get(price.product_id);
    if (own) own.push(price);
    else pricesOf.set(price.product_id, [price]);
  }
  return rows.map((row) => {
    const data = parseObjectColumn(row.data_json);
    const product = { productType: Number(row.product_type), data };
    const unitPrices = (pricesOf.get(row.id) ?? []).map((price) => unitPriceCents(product, {
      priceCents: Number(price.price_cents),
      salePriceCents: Number(price.sale_price_cents),
      onSale: Number(price.on_sale) === 1,
    }));
    return {
      id: row.id,
      urlId: row.url_id,
      createdOn: Number(row.created_on),
      categories: stringsOf(data.categories),
      tags: stringsOf(data.tags),
      featured: data.featured === true,
      lowestPriceCents: unitPrices.length > 0 ? Math.min(...unitPrices) : 0,
    };
  });
}
