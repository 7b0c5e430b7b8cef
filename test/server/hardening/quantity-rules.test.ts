/**
 * Issue 16, item 10: quantities were read with Number(), so "0x10", "1e3" and "+3" passed as 16,
 * 1000 and 3, and adds merged into one entry past the maximum a quantity change refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_TO_CART, PAYLOAD } from '../../../client/lib/messages.ts';
import { parseQuantity, QUANTITY_MAX } from '../../../client/lib/rules.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { expectRefused } from '../helpers/refusal.ts';
import { Visitor } from '../helpers/visitor.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const SUBSCRIPTION = '/api/3/commerce/cart/subscription';
const tote = seededProduct('canvas-tote');
const toteSku = tote.variants[0]!.sku;
const coffee = seededProduct('coffee-club');
const NOT_DECIMAL = ['0x10', '1e3', '+3', '0b11', '0o7', '1_000', '3.', '.5', 'Infinity', '1,000', ''];

let server: PlatformServer;
beforeAll(async () => {
  server = await startPlatformServer();
});
afterAll(async () => {
  await server.stop(true);
});
const db = () => server.app.deps.store;
const visitor = () => new Visitor(server.url).start();

describe('quantities are decimal numbers', () => {
  it('the shared rule reads decimal digits only', () => {
    for (const text of NOT_DECIMAL) expect(parseQuantity(text), text).toEqual({ ok: false, message: ADD_TO_CART.quantityNotNumber });
    expect(parseQuantity(' 12 ')).toEqual({ ok: true, value: 12 });
    expect(parseQuantity('007')).toEqual({ ok: true, value: 7 });
    expect(parseQuantity('2.5')).toEqual({ ok: false, message: ADD_TO_CART.quantityNotWhole });
    expect(parseQuantity(3)).toEqual({ ok: true, value: 3 });
  });

  it('adds, quantity changes and subscriptions refuse "0x10", "1e3", "+3" and their kind', async () => {
    const v = await visitor();
    const added = await v.post<{ newlyAdded: { id: string } }>(ENTRIES, { itemId: tote.id, sku: toteSku, quantity: '2' });
    expect(added.status).toBe(200);
    const quantityUrl = `${ENTRIES}/${added.body.newlyAdded.id}/quantity`;
    for (const quantity of NOT_DECIMAL) {
      await expectRefused(db(), () => v.post(ENTRIES, { itemId: tote.id, sku: toteSku, quantity }), { status: 400, message: ADD_TO_CART.quantityNotNumber });
      await expectRefused(db(), () => v.put(quantityUrl, { quantity }), { status: 400, message: ADD_TO_CART.quantityNotNumber });
      await expectRefused(db(), () => v.post(SUBSCRIPTION, { itemId: coffee.id, sku: coffee.variants[0]!.sku, qty: quantity }), {
        status: 400, message: ADD_TO_CART.quantityNotNumber,
      });
    }
  });
});

describe('a merged quantity obeys the same maximum as a quantity change', () => {
  it(`three adds of ${QUANTITY_MAX} never make an entry of more than ${QUANTITY_MAX}`, async () => {
    const v = await visitor();
    const add = (quantity: number) => v.post<{ shoppingCart: { entries: Array<{ quantity: number }> } }>(ENTRIES, { itemId: tote.id, sku: toteSku, quantity });
    expect((await add(QUANTITY_MAX)).status).toBe(200);
    await expectRefused(db(), () => add(QUANTITY_MAX), { status: 400, message: PAYLOAD.quantityAtMost(QUANTITY_MAX) });
    await expectRefused(db(), () => add(1), { status: 400, message: PAYLOAD.quantityAtMost(QUANTITY_MAX) });
    const cart = await v.get<{ entries: Array<{ quantity: number }> }>('/api/commerce/shopping-cart');
    expect(cart.body.entries.map((entry) => entry.quantity)).toEqual([QUANTITY_MAX]);
  });

  it('an add that stays within the maximum still joins the entry', async () => {
    const v = await visitor();
    await v.post(ENTRIES, { itemId: tote.id, sku: toteSku, quantity: QUANTITY_MAX - 1 });
    const joined = await v.post<{ shoppingCart: { entries: Array<{ quantity: number }> } }>(ENTRIES, { itemId: tote.id, sku: toteSku, quantity: 1 });
    expect(joined.status).toBe(200);
    expect(joined.body.shoppingCart.entries.map((entry) => entry.quantity)).toEqual([QUANTITY_MAX]);
  });
});
