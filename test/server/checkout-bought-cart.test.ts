/**
 * The checkout opened again for a cart already bought (the answer to Place order was lost, then
 * the shopper reloaded or came Back): it leads to that order's confirmation rather than saying
 * the cart is empty, and only for the browser whose cart it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { Visitor } from './helpers/visitor.ts';
import { placeOrderThroughCheckout } from './helpers/checkout.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const mug = seededProduct('stoneware-mug');
const giftCard = seededProduct('gift-card');

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

/** A shopper whose order went through (its answer is taken here, as the server sent it, for the test to compare). */
async function shopperWhoBought(): Promise<{ shopper: Visitor; confirmationUrl: string }> {
  const shopper = await new Visitor(server.url).start();
  await shopper.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 });
  const placed = await placeOrderThroughCheckout(shopper);
  expect(placed.status).toBe(201);
  return { shopper, confirmationUrl: placed.body.confirmationUrl! };
}

describe('the checkout of a cart already bought', () => {
  it('leads the browser that bought it to its order\'s confirmation, not to an empty cart', async () => {
    const { shopper, confirmationUrl } = await shopperWhoBought();
    const again = await shopper.get<string>('/checkout');
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(confirmationUrl);
    expect(again.text).not.toContain('Your cart is empty');
    expect((await shopper.get(confirmationUrl)).status).toBe(200);
  });

  it('shows no one else that order: a new visitor and another shopper with a cart of their own see their own checkout', async () => {
    const { confirmationUrl } = await shopperWhoBought();
    const newcomer = await new Visitor(server.url).start();
    const empty = await newcomer.get<string>('/checkout');
    expect(empty.status).toBe(200);
    expect(empty.text).not.toContain(confirmationUrl.split('?')[0]!);
    const other = await new Visitor(server.url).start();
    await other.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 });
    const form = await other.get<string>('/checkout');
    expect(form.status).toBe(200);
    expect(form.text).toContain('data-island="Checkout"');
  });

  it('leads to the new cart\'s checkout once the shopper started one after buying', async () => {
    const { shopper } = await shopperWhoBought();
    await shopper.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 2 });
    const form = await shopper.get<string>('/checkout');
    expect(form.status).toBe(200);
    expect(form.text).toContain('data-island="Checkout"');
  });

  it('leads a gift card\'s own cart, by its token, to its order', async () => {
    const v = await new Visitor(server.url).start();
    const chosen = await v.post<string>('/checkout/gift-card', undefined, { withoutCrumb: true, form: { crumb: decodeURIComponent(v.crumb), itemId: giftCard.id, sku: 'SQ-GIFT-50' } });
    const token = decodeURIComponent(/cartToken=([^&]+)/.exec(chosen.headers.get('location')!)![1]!);
    const placed = await placeOrderThroughCheckout(v, token, { recipientEmail: 'friend@example.com' });
    expect(placed.status).toBe(201);
    const again = await v.get(`/checkout?cartToken=${encodeURIComponent(token)}`);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(placed.body.confirmationUrl);
  });
});
