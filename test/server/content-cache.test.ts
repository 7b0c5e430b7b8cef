import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeRepositories } from '../../server/api/cart-session.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { Visitor } from './helpers/visitor.ts';

// Settings, collections and products are kept in memory between requests; these prove that every
// kind of write is seen by the very next page.

const ENTRIES = '/api/commerce/shopping-cart/entries';
const mug = seededProduct('stoneware-mug');
const mugVariant = mug.variants[0]!;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

interface ProductPageContext {
  item: { title: string; soldOut: boolean; structuredContent: { variants: Array<{ id: string; qtyInStock: number }> } };
  websiteSettings: Record<string, unknown>;
  navigation: { main: Array<{ title: string }> };
}

async function mugPage(): Promise<ProductPageContext> {
  const response = await fetch(`${server.url}/shop/p/${mug.urlId}?format=json`);
  expect(response.status).toBe(200);
  return (await response.json()) as ProductPageContext;
}

function shownStock(page: ProductPageContext): number {
  return page.item.structuredContent.variants.find((variant) => variant.id === mugVariant.id)!.qtyInStock;
}

function storedStock(): number {
  return server.app.deps.db.prepare('SELECT qty_in_stock FROM variants WHERE id = ?').pluck().get(mugVariant.id) as number;
}

describe('content kept in memory between requests', () => {
  it('shows the stock a checkout took on the very next render', async () => {
    const before = shownStock(await mugPage());
    expect(before).toBe(storedStock());
    const v = await new Visitor(server.url).start();
    expect((await v.post(ENTRIES, { itemId: mug.id, sku: mugVariant.sku, quantity: 3 })).status).toBe(200);
    const placed = await v.post('/checkout', undefined, { withoutCrumb: true, form: { crumb: decodeURIComponent(v.crumb) } });
    expect(placed.status).toBe(303);
    expect(shownStock(await mugPage())).toBe(before - 3);
  });

  it('shows stock set by the owner calls and by any other writer of the database', async () => {
    storeRepositories(server.app.deps).catalogue.setQuantityInStock(mugVariant.id, 7);
    expect(shownStock(await mugPage())).toBe(7);
    server.app.deps.db.prepare('UPDATE variants SET qty_in_stock = ? WHERE id = ?').run(4, mugVariant.id);
    expect(shownStock(await mugPage())).toBe(4);
    const soldOutCard = `product-card--sold-out" data-item-id="${mug.id}"`;
    expect(await (await fetch(`${server.url}/shop`)).text()).not.toContain(soldOutCard);
    server.app.deps.db.prepare('UPDATE variants SET qty_in_stock = 0 WHERE product_id = ?').run(mug.id);
    expect((await mugPage()).item.soldOut).toBe(true);
    expect(await (await fetch(`${server.url}/shop`)).text()).toContain(soldOutCard);
  });

  it('shows a product edit on the very next render of the product and the shop', async () => {
    expect((await mugPage()).item.title).toBe(mug.title);
    server.app.deps.db.prepare('UPDATE products SET title = ? WHERE id = ?').run('Renamed mug', mug.id);
    expect((await mugPage()).item.title).toBe('Renamed mug');
    expect(await (await fetch(`${server.url}/shop`)).text()).toContain('Renamed mug');
  });

  it('shows a settings change on the very next render', async () => {
    const { site } = storeRepositories(server.app.deps);
    expect((await mugPage()).websiteSettings.cacheProbe).toBeUndefined();
    site.writeSetting('websiteSettings', { ...site.websiteSettings(), cacheProbe: 'first' });
    expect((await mugPage()).websiteSettings.cacheProbe).toBe('first');
    const stored = JSON.parse(server.app.deps.db.prepare("SELECT value_json FROM site_settings WHERE key = 'websiteSettings'").pluck().get() as string) as Record<string, unknown>;
    server.app.deps.db.prepare("UPDATE site_settings SET value_json = ? WHERE key = 'websiteSettings'").run(JSON.stringify({ ...stored, cacheProbe: 'second' }));
    expect((await mugPage()).websiteSettings.cacheProbe).toBe('second');

    const layout = site.siteLayout();
    const renamed = JSON.parse(JSON.stringify(layout)) as { layout: Array<{ links: Array<{ title: string }> }> };
    renamed.layout[0]!.links[0]!.title = 'Renamed link';
    site.writeSetting('siteLayout', renamed as unknown as Record<string, unknown>);
    expect((await mugPage()).navigation.main[0]!.title).toBe('Renamed link');
  });

  it('never keeps what a transaction read before it rolled back', () => {
    const { db } = server.app.deps;
    const { catalogue } = storeRepositories(server.app.deps);
    catalogue.setQuantityInStock(mugVariant.id, 9);
    expect(catalogue.productById(mug.id)!.variants[0]!.qtyInStock).toBe(9);
    const rolledBack = db.transaction(() => {
      catalogue.setQuantityInStock(mugVariant.id, 1);
      expect(catalogue.productById(mug.id)!.variants[0]!.qtyInStock).toBe(1);
      throw new Error('roll back');
    });
    expect(() => rolledBack()).toThrow('roll back');
    expect(catalogue.productById(mug.id)!.variants[0]!.qtyInStock).toBe(9);
    // Another write brings the counter back to the rolled-back transaction's number.
    db.prepare('UPDATE variants SET qty_in_stock = ? WHERE id = ?').run(9, mugVariant.id);
    expect(catalogue.productById(mug.id)!.variants[0]!.qtyInStock).toBe(9);
  });

  it('hands out shared copies nobody can change', () => {
    const { catalogue, site } = storeRepositories(server.app.deps);
    const product = catalogue.productById(mug.id)!;
    expect(() => {
      (product.variants[0] as { qtyInStock: number }).qtyInStock = 1000;
    }).toThrow(TypeError);
    expect(() => {
      site.websiteSettings().injected = true;
    }).toThrow(TypeError);
    expect(catalogue.productById(mug.id)!.variants[0]!.qtyInStock).not.toBe(1000);
  });
});
