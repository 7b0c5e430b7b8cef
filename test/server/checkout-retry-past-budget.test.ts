/**
 * A Place order sent again after its answer was lost is told its order even when the address has
 * used its checkout budget: the attempt whose order is written is answered before the budget is
 * counted (it got 429 though its order existed). A new attempt past the budget is still refused.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { SHOPPER_DETAILS, type PlacedAnswer } from './helpers/checkout.ts';
import { seededProduct, seededVariant } from './helpers/fixtures.ts';
import { startPlatformServer, UNTHROTTLED, type PlatformServer } from './helpers/platform-server.ts';
import { Visitor } from './helpers/visitor.ts';

let server: PlatformServer;
beforeAll(async () => {
  server = await startPlatformServer({ rateLimits: { ...UNTHROTTLED, checkout: 1 } });
});
afterAll(async () => {
  await server.stop(true);
});

async function shopperWithCart(): Promise<Visitor> {
  const shopper = await new Visitor(server.url).start();
  const inStock = seededVariant('linen-shirt', (variant) => variant.qtyInStock > 0);
  const added = await shopper.post('/api/commerce/shopping-cart/entries', { itemId: seededProduct('linen-shirt').id, sku: inStock.sku, quantity: 1, additionalFields: null });
  expect(added.status, added.text).toBe(200);
  return shopper;
}

async function attempt(shopper: Visitor, key: string) {
  const quote = await shopper.post<{ quote?: { totalCents: number; selectedShippingOptionId: string | null } }>(API_PATHS.checkoutQuote, {});
  return shopper.post<PlacedAnswer>(API_PATHS.checkoutOrders, {
    ...SHOPPER_DETAILS, shippingOptionId: quote.body.quote?.selectedShippingOptionId ?? 'none', idempotencyKey: key, expectedTotalCents: quote.body.quote?.totalCents ?? 0,
  });
}

describe('a lost answer to Place order, sent again past the budget', () => {
  it('is answered with its order; a new attempt past the budget is refused', async () => {
    const shopper = await shopperWithCart();
    const key = randomBytes(16).toString('hex');
    const placed = await attempt(shopper, key);
    expect(placed.status, placed.text).toBe(201);
    // the budget of one is spent: the same attempt again finds its order
    const again = await attempt(shopper, key);
    expect(again.status, again.text).toBe(200);
    expect(again.body.confirmationUrl).toBe(placed.body.confirmationUrl);
    expect(again.body.orderNumber).toBe(placed.body.orderNumber);
    // another attempt from the same address is over the budget
    const other = await shopperWithCart();
    const refused = await attempt(other, randomBytes(16).toString('hex'));
    expect(refused.status).toBe(429);
  });
});
