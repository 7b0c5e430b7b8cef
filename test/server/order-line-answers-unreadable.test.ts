/**
 * An order line (or cart entry) whose stored extra-field answers cannot be read (not JSON: a row
 * damaged, or kept by an early build that stored what the browser sent as it came) is shown
 * without them, and said in the log, rather than failing the page: the shopper's order page, the
 * owner's order screen and packing slip, the whole orders export and the checkout.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'csv-parse/sync';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { ADMIN_PATHS } from '../../client/lib/admin-paths.ts';
import { serverMessages } from '../../server/messages.ts';
import { lineAnswers } from '../../server/commerce/line-answers.ts';
import { placeOrderThroughCheckout } from './helpers/checkout.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from './helpers/platform-server.ts';
import { Visitor } from './helpers/visitor.ts';

const napkins = seededProduct('monogram-napkins');
const DAMAGED = '{"text-monogram-initials": "AB"';

let server: PlatformServer;
beforeAll(async () => {
  server = await startPlatformServer();
});
afterAll(async () => {
  await server.stop(true);
});

async function napkinsInCart(): Promise<Visitor> {
  const shopper = await new Visitor(server.url).start();
  const added = await shopper.post(API_PATHS.cartEntries, {
    itemId: napkins.id, sku: napkins.variants[0]!.sku, quantity: 1,
    additionalFields: JSON.stringify({ 'select-thread-colour': 'Rust', 'text-monogram-initials': 'AB' }),
  });
  expect(added.status, added.text).toBe(200);
  return shopper;
}

describe('lineAnswers', () => {
  it('reads text that is not JSON as no answers, and says so', () => {
    const said = vi.fn();
    expect(lineAnswers(DAMAGED, null, said)).toEqual([]);
    expect(said).toHaveBeenCalledTimes(1);
  });

  it("reads answers by their ids when the product's form cannot be read", () => {
    const said = vi.fn();
    expect(lineAnswers('{"initials":"AB"}', '{"fields": [', said)).toEqual([{ label: 'initials', value: 'AB' }]);
    expect(said).toHaveBeenCalledTimes(1);
  });
});

describe('an order line whose answers cannot be read', () => {
  it('is shown without them on every page that lists it, and the log says which', async () => {
    const shopper = await napkinsInCart();
    const placed = await placeOrderThroughCheckout(shopper);
    expect(placed.status, placed.text).toBe(201);
    const confirmation = placed.body.confirmationUrl!;
    const orderId = confirmation.split('/').at(-1)!.split('?')[0]!;
    await server.app.deps.store.run('UPDATE order_items SET form_answers_json = ? WHERE order_id = ?', [DAMAGED, orderId]);
    const warned = vi.spyOn(server.app.deps.log, 'warn');
    try {
      const page = await shopper.get<string>(confirmation);
      expect(page.status).toBe(200);
      expect(page.text).toContain(napkins.title);
      expect(page.text).not.toContain('order-line__answer');

      const owner = await server.signInOwner();
      const detail = await owner.get<{ order: { lines: Array<{ answers: unknown[] }> } }>(`/api/admin/orders/${orderId}`);
      expect(detail.status, detail.text).toBe(200);
      expect(detail.body.order.lines.map((line) => line.answers)).toEqual([[]]);

      const csv = await owner.get<string>('/api/admin/orders.csv');
      expect(csv.status, csv.text).toBe(200);
      const rows = (parse(csv.text) as string[][]).filter((row) => row[0] === orderId);
      expect(rows.map((row) => row.at(-1))).toEqual(['']);

      const slip = await owner.get<string>(ADMIN_PATHS.packingSlips(`order=${orderId}`));
      expect(slip.status, slip.text).toBe(200);
      expect(slip.text).toContain(napkins.title);

      const said = warned.mock.calls.filter(([, message]) => message === serverMessages.lineAnswersUnreadableLog);
      expect(said.length).toBeGreaterThan(0);
      expect(said.every(([details]) => (details as { orderId?: string }).orderId === orderId)).toBe(true);
    } finally {
      warned.mockRestore();
    }
  });
});

describe('a cart entry whose answers cannot be read', () => {
  it('leaves the cart page and the checkout working, and is bought without them', async () => {
    const shopper = await napkinsInCart();
    await server.app.deps.store.run(
      `UPDATE cart_entries SET additional_fields_json = ?
       WHERE cart_id = (SELECT cart_id FROM cart_entries ORDER BY created_on DESC, rowid DESC LIMIT 1)`,
      [DAMAGED],
    );
    expect((await shopper.get('/cart')).status).toBe(200);
    expect((await shopper.get('/checkout')).status).toBe(200);
    const placed = await placeOrderThroughCheckout(shopper);
    expect(placed.status, placed.text).toBe(201);
    const page = await shopper.get<string>(placed.body.confirmationUrl!);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('order-line__answer');
  });
});
