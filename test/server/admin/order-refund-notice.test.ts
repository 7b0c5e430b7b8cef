/**
 * A refund tells the shopper, as a cancellation does: one notice in the outbox, written with the
 * move, saying what was refunded, how much, where the money goes (the card by its last four digits,
 * which the checkout keeps; of a test order, once, that nothing was charged, as its cancellation
 * says too) and whether the order will still come; a refund asked for twice, even at once, writes one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { buyOneThroughCheckout, SHOPPER_DETAILS } from '../helpers/checkout.ts';
import { EmailOutboxRepository } from '../../../server/db/email-outbox-repository.ts';
import { orderStatusEmail } from '../../../server/email/order-status-email.ts';
import { productInput } from './admin-helpers.ts';

/** What the notices of a test order say of its card, never charged. */
const TEST_ORDER_NOTE = 'This was a test order: nothing was charged, so nothing goes back to your card.';

let server: PlatformServer;
let owner: SiteUserVisitor;
let productId: string;

/** A shopper buys one of the variant `sku`; returns the order's id. */
const buy = (sku: string): Promise<string> => buyOneThroughCheckout(server.url, productId, sku);

async function refundNotices(orderId: string) {
  return (await new EmailOutboxRepository(server.app.deps.store).ofSubject(orderId)).filter((email) => email.kind === 'order-refunded');
}

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

describe('the refund notice', () => {
  it('is emailed once, however many times the refund is asked for', async () => {
    const orderId = await buy('HJ-M');
    const { order } = (await owner.get<{ order: { orderNumber: string; grandTotalCents: number } }>(`/api/admin/orders/${orderId}`)).body;
    // two at once (a double tap, two members of staff): one refunds, the other is refused
    const answers = await Promise.all([1, 2].map(() => owner.post(`/api/admin/orders/${orderId}/refund`, {})));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await owner.post(`/api/admin/orders/${orderId}/refund`, {})).status).toBe(409);
    const notices = await refundNotices(orderId);
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice!.recipient).toBe(SHOPPER_DETAILS.email);
    expect(notice!.subject).toMatch(new RegExp(`^Your order #${order.orderNumber} from .+ has been refunded$`));
    // what was refunded, how much, where the money goes, and that the order will not come
    const total = `$${(order.grandTotalCents / 100).toFixed(2)}`;
    expect(notice!.text).toContain('1 × Harbour Jacket (Size: M)');
    expect(notice!.text).toContain(`Refunded: ${total}`);
    // a test order charged nothing: said once, and no money said to go back to the card
    expect(notice!.text).not.toContain('goes back to your card ending');
    expect(notice!.text).not.toContain('Your bank may take');
    expect(notice!.text.split(TEST_ORDER_NOTE)).toHaveLength(2);
    expect(notice!.html.split(TEST_ORDER_NOTE)).toHaveLength(2);
    expect(notice!.text).toContain('The order had not been sent yet, so it will not be sent now.');
    expect(notice!.text).toMatch(/View your order: http:\/\/localhost:3000\/checkout\/order-confirmed\//);
    expect(notice!.html).toContain(`Refunded: <strong>${total}</strong>`);
    // the owner reads it among the order's emails
    const after = await owner.get<{ order: { emails: Array<{ kind: string }> } }>(`/api/admin/orders/${orderId}`);
    expect(after.body.order.emails.map((email) => email.kind)).toContain('order-refunded');
  });

  it('does not say that a fulfilled order will not be sent', async () => {
    const orderId = await buy('HJ-S');
    expect((await owner.post(`/api/admin/orders/${orderId}/fulfil`, {})).status).toBe(200);
    expect((await owner.post(`/api/admin/orders/${orderId}/refund`, {})).status).toBe(200);
    const [notice] = await refundNotices(orderId);
    expect(notice!.text).not.toContain('will not be sent');
  });

  it('of a live order says what goes back to the card, by its last four digits as it can', async () => {
    const store = server.app.deps.store;
    const orderId = await buy('HJ-S');
    expect((await owner.post(`/api/admin/orders/${orderId}/refund`, {})).status).toBe(200);
    // the same order as a live one (the admin refunds test orders only; the notice is written for both)
    await store.run('UPDATE orders SET test_mode = 0 WHERE id = ?', [orderId]);
    const { order } = (await owner.get<{ order: { grandTotalCents: number } }>(`/api/admin/orders/${orderId}`)).body;
    const total = `$${(order.grandTotalCents / 100).toFixed(2)}`;
    const live = (await orderStatusEmail(store, orderId, 'refunded', 'paid'))!;
    // the card by its last four digits, which the order kept (the test card 4242 4242 4242 4242)
    expect(live.text).toContain(`${total} goes back to your card ending 4242.`);
    expect(live.text).not.toContain('424242');
    expect(live.text).toContain('Your bank may take a few days to show it on your statement.');
    expect(live.text).not.toContain('test order');
    // an order placed before the card's last digits were kept
    await store.run('UPDATE orders SET payment_card_last4 = NULL WHERE id = ?', [orderId]);
    expect((await orderStatusEmail(store, orderId, 'refunded', 'paid'))!.text).toContain(`${total} goes back to the card you paid with.`);
  });
});

describe('the cancellation notice', () => {
  it('of a test order says once that nothing was charged, as the refund notice does', async () => {
    const orderId = await buy('HJ-M');
    expect((await owner.post(`/api/admin/orders/${orderId}/cancel`, {})).status).toBe(200);
    const [notice] = (await new EmailOutboxRepository(server.app.deps.store).ofSubject(orderId)).filter((email) => email.kind === 'order-cancelled');
    expect(notice!.text.split(TEST_ORDER_NOTE)).toHaveLength(2);
    expect(notice!.html.split(TEST_ORDER_NOTE)).toHaveLength(2);
  });
});

describe('a cancelled test-mode order', () => {
  it('is not refunded: 409 with the reason its screen greys Refund with, nothing written and no second email', async () => {
    const store = server.app.deps.store;
    const orderId = await buy('HJ-M');
    expect((await owner.post(`/api/admin/orders/${orderId}/cancel`, {})).status).toBe(200);
    const read = async () => ({
      order: await store.get('SELECT * FROM orders WHERE id = ?', [orderId]),
      emails: (await new EmailOutboxRepository(store).ofSubject(orderId)).map((email) => email.kind),
      stock: await store.all("SELECT qty_in_stock FROM variants WHERE sku = 'HJ-M'"),
      history: await store.all('SELECT * FROM stock_changes WHERE order_id = ?', [orderId]),
    });
    const before = await read();
    expect(before.emails).toEqual(expect.arrayContaining(['order-cancelled']));
    const refused = await owner.post<{ message: string }>(`/api/admin/orders/${orderId}/refund`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ADMIN.cancelledNothingToRefundTest);
    // nor a refund of part of it
    const part = await owner.post<{ message: string }>(`/api/admin/orders/${orderId}/refunds`, { lines: [], amountCents: 100, notifyCustomer: true });
    expect(part.status).toBe(409);
    expect(await read()).toEqual(before);
    expect(before.emails).not.toContain('order-refunded');
  });
});
