/**
 * Switches between Unlimited and a count in the stock history (migration 133): a store's history
 * written before the migration reads on as changes of the count, and a switch written after it
 * reads back as one, on each engine.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
import { StockHistoryRepository } from '../../server/db/stock-history-repository.ts';
import type { Store } from '../../server/db/store.ts';
import { TEST_ENGINES } from './helpers/test-database.ts';
import { closeStoresBeforeMigration, emptyStore, migrationsBefore } from './helpers/store-before-migration.ts';

const SWITCHES_MIGRATION = '133_stock_unlimited_switches.sql';
afterAll(closeStoresBeforeMigration);

describe.each(TEST_ENGINES)('the stock history on %s', (engine) => {
  it('reads rows written before migration 133 as changes of the count, and a switch after it as a switch', async () => {
    const store = await emptyStore(engine);
    await migrate(store, migrationsBefore(engine, SWITCHES_MIGRATION));
    // a restock an older build wrote: no column for switches yet
    await store.run(
      `INSERT INTO stock_changes (id, product_id, variant_id, delta, quantity_after, reason, actor, order_id, created_on)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ['old-restock', 'p1', 'v1', 4, 4, 'restock', 'owner@example.com', null, 1_000],
    );
    expect(await migrate(store)).toContain(SWITCHES_MIGRATION);

    const history = new StockHistoryRepository(store);
    await history.record({ productId: 'p1', variantId: 'v1', delta: 0, quantityAfter: 4, reason: 'owner-edit', actor: 'owner@example.com', orderId: null, unlimitedAfter: true }, 2_000);
    await history.record({ productId: 'p1', variantId: 'v1', delta: 0, quantityAfter: 4, reason: 'owner-edit', actor: 'manager@example.com', orderId: null, unlimitedAfter: false }, 3_000);
    await history.record({ productId: 'p1', variantId: 'v1', delta: -1, quantityAfter: 3, reason: 'owner-edit', actor: 'owner@example.com', orderId: null }, 4_000);
    expect(await history.history('v1')).toEqual([
      { variantId: 'v1', productId: 'p1', delta: -1, quantityAfter: 3, reason: 'owner-edit', actor: 'owner@example.com', orderId: null, orderNumber: null, unlimitedAfter: null, createdOn: 4_000 },
      { variantId: 'v1', productId: 'p1', delta: 0, quantityAfter: 4, reason: 'owner-edit', actor: 'manager@example.com', orderId: null, orderNumber: null, unlimitedAfter: false, createdOn: 3_000 },
      { variantId: 'v1', productId: 'p1', delta: 0, quantityAfter: 4, reason: 'owner-edit', actor: 'owner@example.com', orderId: null, orderNumber: null, unlimitedAfter: true, createdOn: 2_000 },
      { variantId: 'v1', productId: 'p1', delta: 4, quantityAfter: 4, reason: 'restock', actor: 'owner@example.com', orderId: null, orderNumber: null, unlimitedAfter: null, createdOn: 1_000 },
    ]);
  });

  it('refuses a switch value other than made unlimited (1) or counted again (0)', async () => {
    const store = await emptyStore(engine);
    await migrate(store);
    await expect(store.run(
      `INSERT INTO stock_changes (id, product_id, variant_id, delta, quantity_after, reason, actor, order_id, unlimited_after, created_on)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ['bad-switch', 'p1', 'v1', 0, 4, 'owner-edit', 'owner@example.com', null, 2, 1_000],
    )).rejects.toThrow();
  });
});
