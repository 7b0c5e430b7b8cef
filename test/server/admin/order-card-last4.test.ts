/**
 * The order screen names the card an order charged by the last four digits the checkout keeps
 * (migration 149), never the whole number; an order a gift card paid in full, or one placed before
 * the digits were kept, names none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { buyOneThroughCheckout } from '../helpers/checkout.ts';
import { productInput } from './admin-helpers.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;
let productId: string;

/** A shopper buys one of the variant `sku`; returns the order's id. */
const buy = (sku: string): Promise<string> => buyOneThroughCheckout(server.url, productId, sku);

const detail = async (orderId: string) => (await owner.get<{ order: Record<string, unknown> }>(`/api/admin/orders/${orderId}`)).body.order;

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
  const created = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput());
  expect(created.status, created.text).toBe(201);
  productId = created.body.product.id;
});
afterAll(async () => {
  await server.stop(true);
});

describe("an order's detail", () => {
  it('carries the last four digits of the card it charged (the test card 4242 4242 4242 4242), and no more of it', async () => {
    const orderId = await buy('HJ-M');
    const order = await detail(orderId);
    expect(order.paymentCardLast4).toBe('4242');
    expect(JSON.stringify(order)).not.toContain('42424242');
  });

  it('carries none for an order placed before the digits were kept', async () => {
    const orderId = await buy('HJ-S');
    await server.app.deps.store.run('UPDATE orders SET payment_card_last4 = NULL WHERE id = ?', [orderId]);
    expect((await detail(orderId)).paymentCardLast4).toBeNull();
  });
});
