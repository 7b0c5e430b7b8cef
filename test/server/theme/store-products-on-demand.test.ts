/**
 * A template folder's platform tags on a large shop: after a content change (an order, an edit)
 * a page reads the products it shows (a query's, related items, an item's neighbours), not the
 * whole catalogue, and shows the same items as when every product was read.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newAdminId } from '../../../server/db/admin-product-repository.ts';
import { SHOP_PAGE_SIZE } from '../../../server/pages/shop-browsing.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { writeTemplateFolder } from '../helpers/template-folder-on-disk.ts';

const writeFolder = (files: Record<string, string>): string => writeTemplateFolder('template-folder-', files);

// more than the 100 results a query gives at most
const ADDED = 120;

function found(html: string, className: string): string[] {
  return [...html.matchAll(new RegExp(`<b class="${className}">([^<]+)</b>`, 'g'))].map((match) => match[1]!);
}

describe('platform tags on a large shop', () => {
  let server: RunningServer;
  let dir: string;
  let shopOrder: string[];
  let shopIds: string[];
  beforeAll(async () => {
    dir = writeFolder({
      'template.conf': JSON.stringify({ name: 'Plain', layouts: { default: { name: 'Default', regions: ['site'] } }, navigations: [{ name: 'primary' }] }),
      'site.region': '<html><head>{squarespace-headers}</head><body>{squarespace.main-content}'
        + '<squarespace:category collection="shop">{.repeated section categories}<b class="category">{name}</b>{.end}</squarespace:category>'
        + '{squarespace-footers}</body></html>',
      'collections/products.list': '<squarespace:query collection="shop" limit="3">{.repeated section items}<b class="first">{urlId}</b>{.end}</squarespace:query>'
        + '<squarespace:query collection="shop" featured>{.repeated section items}<b class="featured">{urlId} {title}</b>{.end}</squarespace:query>',
      'pages/home.page': '<squarespace:query collection="shop">{.repeated section items}<b class="all">{urlId}</b>{.end}</squarespace:query>',
      'pages/contact.page': '<squarespace:query collection="shop" category="None, Bulk" skip="3" limit="2">{.repeated section items}<b class="window">{urlId}</b>{.end}</squarespace:query>',
      'collections/products.item': '<h1>{item.title}</h1>'
        + '{.section pagination}{.section prevItem}<b class="prev">{urlId}</b>{.end}{.section nextItem}<b class="next">{urlId}</b>{.end}{.end}'
        + '<squarespace:related collectionId="{collection.id}" itemId="{item.id}" limit="2">{.repeated section items}<b class="related">{urlId}</b>{.end}</squarespace:related>',
    });
    server = await startServer({ templateDir: dir });
    const { store } = server.app.deps;
    const shop = await store.get<{ id: string }>("SELECT id FROM collections WHERE url_id = 'shop'");
    await store.transaction(async (tx) => {
      for (let index = 0; index < ADDED; index++) {
        const id = newAdminId();
        const data = index === 40 ? { featured: true, categories: ['Bulk'] } : { categories: ['Bulk'] };
        await tx.run(
          `INSERT INTO products (id, collection_id, url_id, title, body, product_type, display_order, created_on, data_json, visible)
           VALUES (?, ?, ?, ?, '<p>Plain.</p>', 1, ?, ?, ?, 1)`,
          [id, shop!.id, `bulk-${index}`, `Bulk ${index}`, 1000 + index, Date.now(), JSON.stringify(data)],
        );
        await tx.run('INSERT INTO variants (id, product_id, sku, price_cents, qty_in_stock) VALUES (?, ?, ?, 1000, 5)', [newAdminId(), id, `BULK-${index}`]);
      }
    });
    const rows = await store.all<{ id: string; url_id: string }>(
      'SELECT id, url_id FROM products WHERE collection_id = ? AND visible = 1 ORDER BY display_order, id', [shop!.id],
    );
    shopOrder = rows.map((row) => row.url_id);
    shopIds = rows.map((row) => row.id);
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  /** The page's HTML and the whole-product reads it made, just after a content change. */
  async function afterContentChange(path: string): Promise<{ html: string; productReads: unknown[][] }> {
    const { store } = server.app.deps;
    await store.run("UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'");
    const reads = vi.spyOn(store, 'all');
    try {
      const response = await fetch(server.url + path);
      expect(response.status).toBe(200);
      const html = await response.text();
      const productReads = reads.mock.calls.filter(([sql]) => /SELECT \* FROM products\b/.test(sql));
      return { html, productReads };
    } finally {
      reads.mockRestore();
    }
  }

  it('reads only an item page\'s neighbours and related items, and shows them in the shop\'s order', async () => {
    const { html, productReads } = await afterContentChange('/shop/p/bulk-30');
    expect(html).toContain('<h1>Bulk 30</h1>');
    expect(found(html, 'prev')).toEqual(['bulk-29']);
    expect(found(html, 'next')).toEqual(['bulk-31']);
    expect(found(html, 'related')).toEqual(shopOrder.slice(0, 2));
    expect(found(html, 'category')).toContain('Bulk');
    expect(productReads.length).toBeGreaterThan(0);
    for (const [sql, params] of productReads) {
      expect(sql).toMatch(/WHERE id IN/);
      expect((params as unknown[] | undefined)?.length ?? 0).toBeLessThanOrEqual(3);
    }
  });

  it('reads only the products a query keeps, filtering the featured ones without reading the others', async () => {
    const { html, productReads } = await afterContentChange('/shop');
    expect(found(html, 'first')).toEqual(shopOrder.slice(0, 3));
    expect(found(html, 'featured')).toEqual(['bulk-40 Bulk 40']);
    expect(productReads.length).toBeGreaterThan(0);
    // the shop page's own dozen, and the query's few
    for (const [sql, params] of productReads) {
      expect(sql).toMatch(/WHERE id IN/);
      expect((params as unknown[] | undefined)?.length ?? 0).toBeLessThanOrEqual(SHOP_PAGE_SIZE);
    }
  });

  it('gives a query without a limit the first 100 products it keeps, reading those alone', async () => {
    const { html, productReads } = await afterContentChange('/');
    expect(found(html, 'all')).toEqual(shopOrder.slice(0, 100));
    // those and the home page's own few featured products, none past the hundredth
    const read = new Set(productReads.flatMap(([, params]) => (params as unknown[] | undefined) ?? []));
    expect(shopIds.slice(0, 100).filter((id) => !read.has(id))).toEqual([]);
    expect(shopIds.slice(100).filter((id) => read.has(id))).toEqual([]);
  });

  it('skips the products a query asks to after its filters, reading only those it shows', async () => {
    const { html, productReads } = await afterContentChange('/contact');
    expect(found(html, 'window')).toEqual(shopOrder.filter((urlId) => urlId.startsWith('bulk-')).slice(3, 5));
    expect(productReads.flatMap(([, params]) => (params as unknown[] | undefined) ?? [])).toHaveLength(2);
  });

  it('composes the first and last items of the shop with one neighbour each', async () => {
    const first = (await afterContentChange(`/shop/p/${shopOrder[0]}`)).html;
    expect(found(first, 'prev')).toEqual([]);
    expect(found(first, 'next')).toEqual([shopOrder[1]]);
    expect(found(first, 'related')).toEqual(shopOrder.slice(1, 3));
    const last = (await afterContentChange(`/shop/p/${shopOrder.at(-1)}`)).html;
    expect(found(last, 'prev')).toEqual([shopOrder.at(-2)]);
    expect(found(last, 'next')).toEqual([]);
  });
});
