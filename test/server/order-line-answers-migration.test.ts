/**
 * Migration 162 gives an older order's lines their own extra-field answers from the bought cart's
 * entries: two lines of one variant each take the entry of their rank, and where the cart no
 * longer holds as many entries of a variant as the order has lines of it, no line takes any.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
import type { Store } from '../../server/db/store.ts';
import { TEST_ENGINES } from './helpers/test-database.ts';
import { closeStoresBeforeMigration, emptyStore, migrationsBefore } from './helpers/store-before-migration.ts';

const ANSWERS_MIGRATION = '162_order_line_answers.sql';
afterAll(closeStoresBeforeMigration);

/** An order an older build wrote from a cart of these entries (variant, answers), one line per variant listed in `lines`. */
async function olderOrder(store: Store, id: string, entries: Array<[string, string | null]>, lines: string[]): Promise<void> {
  await store.run('INSERT INTO carts (id, cookie_token, currency, is_purchased, created_on, updated_on) VALUES (?, ?, ?, 1, 1, 1)', [`cart-${id}`, `token-${id}`, 'USD']);
  // entries added in the same millisecond: the cart's order is then the order they were written in
  for (const [index, [variant, answers]] of entries.entries()) {
    await store.run(
      'INSERT INTO cart_entries (id, cart_id, product_id, variant_id, quantity, additional_fields_json, created_on) VALUES (?, ?, ?, ?, 1, ?, 5)',
      [`entry-${id}-${index}`, `cart-${id}`, 'napkins', variant, answers],
    );
  }
  await store.run(
    `INSERT INTO orders (id, purchased_cart_id, website_id, test_mode, currency, subtotal_cents, tax_cents, shipping_cents, discount_cents, grand_total_cents, view_token, created_on)
     VALUES (?, ?, 'site', 0, 'USD', 0, 0, 0, 0, 0, ?, 10)`,
    [id, `cart-${id}`, `view-${id}`],
  );
  for (const [index, variant] of lines.entries()) {
    await store.run(
      `INSERT INTO order_items (id, order_id, product_id, variant_id, sku, product_name, quantity, unit_price_cents, product_type)
       VALUES (?, ?, 'napkins', ?, ?, 'Napkins', 1, 100, 1)`,
      [`item-${id}-${index}`, id, variant, variant.toUpperCase()],
    );
  }
}

describe.each(TEST_ENGINES)('order lines’ answers on %s', (engine) => {
  it("gives each line of an older order its own entry's answers, and none where lines and entries no longer pair up", async () => {
    const store = await emptyStore(engine);
    await migrate(store, migrationsBefore(engine, ANSWERS_MIGRATION));
    await store.run("INSERT INTO collections (id, url_id, title, type_code) VALUES ('shop', 'shop', 'Shop', 13)");
    await store.run("INSERT INTO products (id, collection_id, url_id, title, product_type, created_on) VALUES ('napkins', 'shop', 'napkins', 'Napkins', 1, 1)");
    for (const variant of ['rust', 'sage']) await store.run('INSERT INTO variants (id, product_id, sku, price_cents) VALUES (?, ?, ?, 100)', [variant, 'napkins', variant.toUpperCase()]);
    await olderOrder(store, 'paired', [['rust', '{"text-initials":"AE"}'], ['sage', null], ['rust', '{"text-initials":"ZQ"}']], ['rust', 'sage', 'rust']);
    // one of two rust entries gone since: which line it was cannot be told
    await olderOrder(store, 'unpaired', [['rust', '{"text-initials":"XY"}']], ['rust', 'rust']);

    expect(await migrate(store)).toContain(ANSWERS_MIGRATION);
    const rows = await store.all<{ id: string; form_answers_json: string | null }>('SELECT id, form_answers_json FROM order_items ORDER BY id');
    expect(rows).toEqual([
      { id: 'item-paired-0', form_answers_json: '{"text-initials":"AE"}' },
      { id: 'item-paired-1', form_answers_json: null },
      { id: 'item-paired-2', form_answers_json: '{"text-initials":"ZQ"}' },
      { id: 'item-unpaired-0', form_answers_json: null },
      { id: 'item-unpaired-1', form_answers_json: null },
    ]);
  });
});
