import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartRepository } from '../../server/db/cart-repository.ts';
import { createFormSubmissionRepository } from '../../server/db/form-submission-repository.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openStore } from '../../server/db/open-store.ts';
import { OrderRepository, type OrderRecord } from '../../server/db/order-repository.ts';
import { RestockRepository } from '../../server/db/restock-repository.ts';
import { isUniqueViolation, type Store } from '../../server/db/store.ts';
import { takeFromStock } from '../../server/commerce/place-order.ts';
import { temporaryDatabasePath } from './helpers/start-server.ts';
import { freshPostgresUrl, TEST_ENGINES } from './helpers/test-database.ts';

/**
 * The commerce writes many requests make at once, straight on the store of each engine: on
 * PostgreSQL they run on separate connections, as requests of separate processes would.
 */
const RACERS = 24;

async function openTestStore(engine: 'sqlite' | 'postgres'): Promise<{ store: Store; remove: () => void }> {
  if (engine === 'postgres') {
    const { store } = openStore({ databasePath: '', databaseUrl: await freshPostgresUrl() });
    return { store, remove: () => undefined };
  }
  const path = temporaryDatabasePath();
  const { store } = openStore({ databasePath: path });
  return { store, remove: () => rmSync(dirname(path), { recursive: true, force: true }) };
}

function order(id: string, cartId: string): OrderRecord {
  return {
    id, purchasedCartId: cartId, websiteId: 'w', testMode: true, currency: 'USD', subtotalCents: 100, taxCents: 0, taxIncluded: false, taxRateTenths: null, taxName: null,
    shippingCents: 0, discountCents: 0, grandTotalCents: 100, viewToken: `token-${id}`, createdOn: Date.now(), items: [],
  };
}

describe.each(TEST_ENGINES)('concurrent commerce writes on %s', (engine) => {
  let store: Store;
  let remove: () => void;

  beforeAll(async () => {
    ({ store, remove } = await openTestStore(engine));
    await migrate(store);
    await store.run("INSERT INTO collections (id, url_id, title, type_code) VALUES ('c1', 'shop', 'Shop', 13)");
    await store.run("INSERT INTO products (id, collection_id, url_id, title, product_type, created_on) VALUES ('p1', 'c1', 'lamp', 'Lamp', 1, 0)");
    await store.run("INSERT INTO variants (id, product_id, sku, price_cents, qty_in_stock) VALUES ('v1', 'p1', 'LAMP', 1000, 5)");
    await store.run("INSERT INTO forms (id, name, definition_json) VALUES ('f1', 'Contact', '{}')");
  });
  afterAll(async () => {
    await store.close();
    remove();
  });

  it('adds of the same variant to one cart all count: one entry holding every unit', async () => {
    const carts = new CartRepository(store);
    const cart = await carts.create('cart', 'USD', null);
    await Promise.all(Array.from({ length: RACERS }, () => carts.addEntry(cart.id, 'p1', 'v1', 1, null)));
    const entries = await carts.entries(cart.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.quantity).toBe(RACERS);
    expect(await carts.quantityHeld(cart.id, 'p1', 'v1')).toBe(RACERS);
  });

  it('takes stock by conditional updates: racing takes sell exactly what there is', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: RACERS }, () => store.transaction((tx) => takeFromStock(tx, 'v1', 1))),
    );
    // each sale says how many it left: 4, 3, 2, 1, 0 in some order; the others find too few (null)
    expect(outcomes.filter((left) => left !== null).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(await store.get('SELECT qty_in_stock FROM variants WHERE id = ?', ['v1'])).toEqual({ qty_in_stock: 0 });
  });

  it('lets a cart be bought once: racing checkouts of one cart give one order', async () => {
    const cart = await new CartRepository(store).create('cart', 'USD', null);
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => store.transaction(async (tx) => {
      const carts = new CartRepository(tx);
      const locked = await carts.lock(cart.id);
      if (!locked || locked.isPurchased) return 'already bought';
      await new OrderRepository(tx).insert(order(`o${i}`, cart.id), () => `item-${i}`);
      return (await carts.markPurchased(cart.id, `o${i}`)) ? 'bought' : 'already bought';
    })));
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'failed')).sort())
      .toEqual(['already bought', 'already bought', 'already bought', 'already bought', 'already bought', 'bought']);
    expect(await store.get('SELECT COUNT(*) AS n FROM orders WHERE purchased_cart_id = ?', [cart.id])).toEqual({ n: 1 });
    // and should two orders ever be written for one cart, the UNIQUE purchased_cart_id refuses the second
    const second = await new OrderRepository(store).insert(order('again', cart.id), () => 'item-again').catch((error: unknown) => error);
    expect(isUniqueViolation(second)).toBe(true);
  });

  it('sends a restock notice once however many sends race', async () => {
    const restock = new RestockRepository(store);
    await store.run('UPDATE variants SET qty_in_stock = 0 WHERE id = ?', ['v1']);
    await restock.signUp({ productId: 'p1', variantId: 'v1', email: 'ada@example.com', joinMailingList: false, language: null });
    const [signUp] = await restock.pendingSignUps('p1', 'v1');
    const sent = await Promise.all(Array.from({ length: 8 }, () => restock.recordNotice(signUp!, 'Back', 'It is back')));
    expect(sent.filter(Boolean)).toHaveLength(1);
    expect(await store.get("SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'restock-notice'")).toEqual({ n: 1 });
    expect(await restock.pendingSignUps('p1', 'v1')).toEqual([]);
  });

  it('stores one submission per form key however many saves race', async () => {
    const forms = createFormSubmissionRepository(store);
    const now = Date.now();
    await forms.issueKey('key-1', now, now - 60_000);
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => forms.redeemKeyAndStore({
      id: `s${i}`, formId: 'f1', key: 'key-1', valuesJson: '{}', pageTitle: null, pageId: null, contentSource: null,
      pagePath: null, pagePermissionTypeValue: null, siteUserId: null, createdOn: now,
    }, now - 60_000)));
    expect(outcomes.filter((outcome) => outcome === 'redeemed')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== 'redeemed').every((outcome) => outcome === 'used')).toBe(true);
    expect(await forms.submissionsOf('f1')).toHaveLength(1);
  });
});
