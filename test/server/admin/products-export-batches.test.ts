/**
 * The products export of a large catalogue: written as it is read, a batch of products at a
 * time, in the shop's order, each product once however the batches fall among products of the
 * same place and date, with as many option columns as the product with the most options needs,
 * wherever it comes in the file.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminProductRepository } from '../../../server/db/admin-product-repository.ts';
import { EXPORT_BATCH } from '../../../server/admin/product-export.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;
const PRODUCTS = EXPORT_BATCH * 2 + 100;
const ADDED = Date.UTC(2026, 0, 5);

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
  await server.app.deps.store.transaction(async (tx) => {
    const products = new AdminProductRepository(tx);
    const collectionId = (await products.shopCollectionId())!;
    for (let index = 0; index < PRODUCTS; index++) {
      // the last product of the shop's order has three options, the others none or one
      const options = index === 0 ? ['Size', 'Colour', 'Fit'] : index % 2 === 0 ? ['Size'] : [];
      const attributes = Object.fromEntries(options.map((name) => [name, `${name} ${index}`]));
      const { id } = await products.create(collectionId, {
        urlId: `bulk-${index}`, title: `Bulk ${index}`, body: '', excerpt: '', productType: 1, visible: true, additionalFieldsFormId: null,
        data: { variantOptionOrdering: options },
        variants: [{ sku: `BULK-${index}`, priceCents: 1000 + index, salePriceCents: 0, onSale: false, qtyInStock: 3, unlimited: false, weightGrams: 0, attributes }],
      }, ADDED);
      // three products share each place in the shop, so a batch ends among products of one place and date
      await tx.run('UPDATE products SET display_order = ?, created_on = ? WHERE id = ?', [-Math.floor(index / 3), ADDED, id]);
    }
  });
});
afterAll(async () => {
  await server.stop(true);
});

describe('the products export of a large catalogue', () => {
  it('is sent as it is read, every product once, in the shop\'s order, with the columns of the most options', async () => {
    const answer = await owner.get<string>('/api/admin/products.csv', { headers: { 'accept-encoding': 'identity' } });
    expect(answer.status).toBe(200);
    // streamed: no length known before the last batch is read
    expect(answer.headers.get('content-length')).toBeNull();
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="products.csv"');
    const [header, ...rows] = parse(answer.text) as string[][];
    expect(header!.slice(-6)).toEqual(['Option 1 name', 'Option 1 value', 'Option 2 name', 'Option 2 value', 'Option 3 name', 'Option 3 value']);
    expect(rows.every((row) => row.length === header!.length)).toBe(true);
    // a row per variant: a product's rows follow one another
    const slugs = rows.map((row) => row[header!.indexOf('URL slug')]!).filter((slug, index, all) => slug !== all[index - 1]);
    const shopOrder = (await new AdminProductRepository(server.app.deps.store).all()).map((product) => product.urlId);
    expect(slugs).toEqual(shopOrder);
    expect(slugs.filter((slug) => slug.startsWith('bulk-'))).toHaveLength(PRODUCTS);
    const last = rows.find((row) => row[header!.indexOf('URL slug')] === 'bulk-0')!;
    expect(last.slice(-6)).toEqual(['Size', 'Size 0', 'Colour', 'Colour 0', 'Fit', 'Fit 0']);
  });
});
