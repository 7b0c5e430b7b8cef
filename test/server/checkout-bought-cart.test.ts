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
import { SiteUserVisitor } from './helpers/site-user-visitor.ts';
import { createSiteUserAccount } from '../../server/security/site-user-accounts.ts';
import { CartRepository } from '../../server/db/cart-repository.ts';
import { OrderRepository } from '../../server/db/order-repository.ts';
import { BOUGHT_CART_REDIRECT_WINDOW_MS } from '../../server/pages/bought-cart-order.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const mug = seededProduct('stoneware-mug');
const giftCard = seededProduct('gift-card');
const coffee = seededProduct('coffee-club');

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

  it('leads no one else to a signed-in member\'s order by its cart\'s token: a signed-out stranger and another member see an empty checkout', async () => {
    await createSiteUserAccount(server.app.deps, { email: 'member-a@example.com', password: 'member a passphrase' });
    await createSiteUserAccount(server.app.deps, { email: 'member-b@example.com', password: 'member b passphrase' });
    const member = await new SiteUserVisitor(server.url).signIn('member-a@example.com', 'member a passphrase');
    await member.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 });
    const placed = await placeOrderThroughCheckout(member);
    expect(placed.status).toBe(201);
    const token = await cartTokenOf(placed.body.confirmationUrl!);
    const path = `/checkout?cartToken=${encodeURIComponent(token)}`;
    const confirmation = placed.body.confirmationUrl!.split('?')[0]!;
    for (const stranger of [await new Visitor(server.url).start(), await new SiteUserVisitor(server.url).signIn('member-b@example.com', 'member b passphrase')]) {
      const page = await stranger.get<string>(path);
      expect(page.status).toBe(200);
      expect(page.headers.get('location')).toBeNull();
      expect(page.text).not.toContain(confirmation);
    }
    // the member's own token still leads the member to the order
    const own = await member.get(path);
    expect(own.status).toBe(303);
    expect(own.headers.get('location')).toBe(placed.body.confirmationUrl);
  });

  it('leads a bought subscription\'s token to its order from its own checkout only, as the cookie leads only a cart', async () => {
    const v = await new Visitor(server.url).start();
    const token = (await v.post<{ cartToken: string }>('/api/3/commerce/cart/subscription', { itemId: coffee.id, sku: coffee.variants[0]!.sku, qty: 1 })).body.cartToken;
    const placed = await placeOrderThroughCheckout(v, token);
    expect(placed.status).toBe(201);
    const page = await v.get<string>(`/checkout?cartToken=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(placed.body.confirmationUrl!.split('?')[0]!);
    const own = await v.get(`/checkout/subscription?cartToken=${encodeURIComponent(token)}`);
    expect(own.status).toBe(303);
    expect(own.headers.get('location')).toBe(placed.body.confirmationUrl);
  });

  it('leads to the order only within the hour after it was placed: later, on a shared browser, the checkout is the empty cart again', async () => {
    const { shopper, confirmationUrl } = await shopperWhoBought();
    // a reload near the end of the hour still finds the order
    await placedAgo(confirmationUrl, BOUGHT_CART_REDIRECT_WINDOW_MS - 60_000);
    const retry = await shopper.get('/checkout');
    expect(retry.status).toBe(303);
    expect(retry.headers.get('location')).toBe(confirmationUrl);
    await placedAgo(confirmationUrl, BOUGHT_CART_REDIRECT_WINDOW_MS + 1000);
    const later = await shopper.get<string>('/checkout');
    expect(later.status).toBe(200);
    expect(later.headers.get('location')).toBeNull();
    expect(later.text).toContain('Your cart is empty');
    expect(later.text).not.toContain(confirmationUrl.split('?')[0]!);
  });

  it('leads a gift card\'s token to its order only within the hour too', async () => {
    const v = await new Visitor(server.url).start();
    const chosen = await v.post<string>('/checkout/gift-card', undefined, { withoutCrumb: true, form: { crumb: decodeURIComponent(v.crumb), itemId: giftCard.id, sku: 'SQ-GIFT-50' } });
    const token = decodeURIComponent(/cartToken=([^&]+)/.exec(chosen.headers.get('location')!)![1]!);
    const placed = await placeOrderThroughCheckout(v, token, { recipientEmail: 'friend@example.com' });
    expect(placed.status).toBe(201);
    await placedAgo(placed.body.confirmationUrl!, BOUGHT_CART_REDIRECT_WINDOW_MS + 1000);
    const later = await v.get<string>(`/checkout?cartToken=${encodeURIComponent(token)}`);
    expect(later.status).toBe(200);
    expect(later.text).not.toContain(placed.body.confirmationUrl!.split('?')[0]!);
  });
});

function orderIdOf(confirmationUrl: string): string {
  return /order-confirmed\/([^?]+)/.exec(confirmationUrl)![1]!;
}

/** The token of the cart the order was bought from. */
async function cartTokenOf(confirmationUrl: string): Promise<string> {
  const order = await new OrderRepository(server.app.deps.store).findById(orderIdOf(confirmationUrl));
  return (await new CartRepository(server.app.deps.store).findById(order!.purchasedCartId))!.token;
}

/** Dates the order as placed `ms` ago. */
async function placedAgo(confirmationUrl: string, ms: number): Promise<void> {
  await server.app.deps.store.run('UPDATE orders SET created_on = ? WHERE id = ?', [Date.now() - ms, orderIdOf(confirmationUrl)]);
}
