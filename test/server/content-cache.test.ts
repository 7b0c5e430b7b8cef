import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeRepositories } from '../../server/api/cart-session.ts';
import { CatalogueRepository } from '../../server/db/catalogue-repository.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { Visitor } from './helpers/visitor.ts';
import { placeOrderThroughCheckout } from './helpers/checkout.ts';

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

async function storedStock(): Promise<number> {
  const row = await server.app.deps.store.get<{ qty_in_stock: number }>('SELECT qty_in_stock FROM variants WHERE id = ?', [mugVariant.id]);
  return row!.qty_in_stock;
}

describe('content kept in memory between requests', () => {
  it('shows the stock a checkout took on the very next render', async () => {
    const before = shownStock(await mugPage());
    expect(before).toBe(await storedStock());
    const v = await new Visitor(server.url).start();
    expect((await v.post(ENTRIES, { itemId: mug.id, sku: mugVariant.sku, quantity: 3 })).status).toBe(200);
    const placed = await placeOrderThroughCheckout(v);
    expect(placed.status).toBe(201);
    expect(shownStock(await mugPage())).toBe(before - 3);
  });

  it('shows stock set by the owner calls and by any other writer of the database', async () => {
    const { store } = server.app.deps;
    await storeRepositories(server.app.deps).catalogue.setQuantityInStock(mugVariant.id, 7);
    expect(shownStock(await mugPage())).toBe(7);
    await store.run('UPDATE variants SET qty_in_stock = ? WHERE id = ?', [4, mugVariant.id]);
    expect(shownStock(await mugPage())).toBe(4);
    const soldOutCard = `product-card--sold-out" data-item-id="${mug.id}"`;
    expect(await (await fetch(`${server.url}/shop`)).text()).not.toContain(soldOutCard);
    await store.run('UPDATE variants SET qty_in_stock = 0 WHERE product_id = ?', [mug.id]);
    expect((await mugPage()).item.soldOut).toBe(true);
    expect(await (await fetch(`${server.url}/shop`)).text()).toContain(soldOutCard);
  });

  it('shows a product edit on the very next render of the product and the shop', async () => {
    expect((await mugPage()).item.title).toBe(mug.title);
    await server.app.deps.store.run('UPDATE products SET title = ? WHERE id = ?', ['Renamed mug', mug.id]);
    expect((await mugPage()).item.title).toBe('Renamed mug');
    expect(await (await fetch(`${server.url}/shop`)).text()).toContain('Renamed mug');
  });

  it('shows a settings change on the very next render', async () => {
    const { store } = server.app.deps;
    const { site } = storeRepositories(server.app.deps);
    expect((await mugPage()).websiteSettings.cacheProbe).toBeUndefined();
    await site.writeSetting('websiteSettings', { ...(await site.websiteSettings()), cacheProbe: 'first' });
    expect((await mugPage()).websiteSettings.cacheProbe).toBe('first');
    const row = await store.get<{ value_json: string }>("SELECT value_json FROM site_settings WHERE key = 'websiteSettings'");
    const stored = JSON.parse(row!.value_json) as Record<string, unknown>;
    await store.run("UPDATE site_settings SET value_json = ? WHERE key = 'websiteSettings'", [JSON.stringify({ ...stored, cacheProbe: 'second' })]);
    expect((await mugPage()).websiteSettings.cacheProbe).toBe('second');

    const layout = await site.siteLayout();
    const renamed = JSON.parse(JSON.stringify(layout)) as { layout: Array<{ links: Array<{ title: string }> }> };
    renamed.layout[0]!.links[0]!.title = 'Renamed link';
    await site.writeSetting('siteLayout', renamed as unknown as Record<string, unknown>);
    expect((await mugPage()).navigation.main[0]!.title).toBe('Renamed link');
  });

  it('shows what another server process on the same database wrote on the very next render', async () => {
    const other = await startServer({ databasePath: server.databasePath, databaseUrl: server.app.deps.options.databaseUrl });
    try {
      // both processes have the page in memory before the other one writes
      const before = shownStock(await mugPage());
      expect((await fetch(`${other.url}/shop/p/${mug.urlId}`)).status).toBe(200);
      await other.app.deps.store.run('UPDATE variants SET qty_in_stock = ? WHERE id = ?', [before + 11, mugVariant.id]);
      expect(shownStock(await mugPage())).toBe(before + 11);
      await other.app.deps.store.run('UPDATE products SET title = ? WHERE id = ?', ['Mug from elsewhere', mug.id]);
      expect((await mugPage()).item.title).toBe('Mug from elsewhere');
    } finally {
      await other.stop();
    }
  });

  it('serves a rendered product page afresh after another process wrote, though it was kept', async () => {
    const path = `/shop/p/${mug.urlId}`;
    const page = async (): Promise<string> => {
      const response = await fetch(server.url + path);
      expect(response.status).toBe(200);
      return response.text();
    };
    // the second view is the kept page (each response has its own nonce)
    const withoutNonce = (html: string): string => html.replace(/nonce="[^"]*"/g, '');
    expect(withoutNonce(await page())).toBe(withoutNonce(await page()));
    const other = await startServer({ databasePath: server.databasePath, databaseUrl: server.app.deps.options.databaseUrl });
    try {
      await other.app.deps.store.run('UPDATE products SET title = ? WHERE id = ?', ['Mug written elsewhere', mug.id]);
      expect(await page()).toContain('<title>Mug written elsewhere');
    } finally {
      await other.stop();
    }
  });

  it('never keeps what a transaction read before it rolled back', async () => {
    const { store } = server.app.deps;
    const { catalogue } = storeRepositories(server.app.deps);
    await catalogue.setQuantityInStock(mugVariant.id, 9);
    expect((await catalogue.productById(mug.id))!.variants[0]!.qtyInStock).toBe(9);
    const rolledBack = store.transaction(async (tx) => {
      const inside = new CatalogueRepository(tx);
      await inside.setQuantityInStock(mugVariant.id, 1);
      expect((await inside.productById(mug.id))!.variants[0]!.qtyInStock).toBe(1);
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect((await catalogue.productById(mug.id))!.variants[0]!.qtyInStock).toBe(9);
    // Another write brings the counter back to the rolled-back transaction's number.
    await store.run('UPDATE variants SET qty_in_stock = ? WHERE id = ?', [9, mugVariant.id]);
    expect((await catalogue.productById(mug.id))!.variants[0]!.qtyInStock).toBe(9);
  });

  it('hands out shared copies nobody can change', async () => {
    const { catalogue, site } = storeRepositories(server.app.deps);
    const product = (await catalogue.productById(mug.id))!;
    expect(() => {
      (product.variants[0] as { qtyInStock: number }).qtyInStock = 1000;
    }).toThrow(TypeError);
    const settings = await site.websiteSettings();
    expect(() => {
      settings.injected = true;
    }).toThrow(TypeError);
    expect((await catalogue.productById(mug.id))!.variants[0]!.qtyInStock).not.toBe(1000);
  });
});
