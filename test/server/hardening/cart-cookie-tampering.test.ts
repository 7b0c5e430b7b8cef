import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { seededProduct, seededVariant } from '../helpers/fixtures.ts';
import { Visitor } from '../helpers/visitor.ts';

const shirt = seededProduct('linen-shirt');
const variant = seededVariant('linen-shirt', (v) => v.qtyInStock === 12);

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

describe('a forged cart cookie', () => {
  it('naming another visitor\'s cart by its record id shows and changes nothing of it', async () => {
    const owner = await new Visitor(server.url).start();
    const added = await owner.post<{ shoppingCart: { id: string } }>('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: variant.sku, quantity: 1 });
    expect(added.status).toBe(200);
    expect(owner.cookies.get('CART')).toBeTruthy();
    const cartId = added.body.shoppingCart.id;
    for (const forged of [cartId, `${owner.cookies.get('CART') ?? ''}x`, "' OR 1=1 --"]) {
      const intruder = await new Visitor(server.url).start();
      intruder.cookies.set('CART', encodeURIComponent(forged));
      const seen = await intruder.get<{ entries: unknown[] }>('/api/commerce/shopping-cart');
      expect(seen.status).toBe(200);
      expect(seen.body.entries).toEqual([]);
    }
    const stored = await server.app.deps.store.get<{ held: number }>('SELECT SUM(quantity) AS held FROM cart_entries WHERE cart_id = ?', [cartId]);
    expect(Number(stored?.held)).toBe(1);
  });
});
