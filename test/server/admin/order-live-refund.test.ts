/**
 * Refunding or cancelling a live order (a real payment provider, testMode false): the card's money
 * goes back through the provider first, then the order is marked refunded or cancelled; a provider that refuses or fails
 * leaves the order as it was and says so; a refund asked twice, even at the same moment or after
 * a stop between the provider's answer and the store's write, gives the money back once (the
 * provider is asked under a key of the order's). An order no card paid asks nothing of it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { refundKey, REFUND_CLAIM_MS } from '../../../server/admin/card-refund.ts';
import { CardRefundRepository } from '../../../server/db/card-refund-repository.ts';
import { EmailOutboxRepository } from '../../../server/db/email-outbox-repository.ts';
import { fillMessage } from '../../../server/messages.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { buyOneThroughCheckout } from '../helpers/checkout.ts';
import { livePayments, type LivePayments } from '../helpers/live-payments.ts';
import { productInput } from './admin-helpers.ts';

interface Order {
  status: string; testMode: boolean; grandTotalCents: number; paymentReference: string;
  cardRefund: { paidCents: number; startedOn: number | null; refundedOn: number | null } | null;
}

let server: PlatformServer;
let owner: SiteUserVisitor;
let payments: LivePayments;
let productId: string;

const buy = (): Promise<string> => buyOneThroughCheckout(server.url, productId, 'HJ-S');
const detail = async (orderId: string): Promise<Order> => (await owner.get<{ order: Order }>(`/api/admin/orders/${orderId}`)).body.order;
const refund = (orderId: string) => owner.post<{ order: Order; message?: string }>(`/api/admin/orders/${orderId}/refund`, {});
const stock = async (): Promise<number> => Number((await server.app.deps.store.get<{ qty: number }>("SELECT qty_in_stock AS qty FROM variants WHERE sku = 'HJ-S'"))!.qty);
const notices = async (orderId: string, kind = 'order-refunded') =>
  (await new EmailOutboxRepository(server.app.deps.store).ofSubject(orderId)).filter((email) => email.kind === kind);
/** The refunds the provider was asked for of `orderId`'s charge. */
const askedOf = (order: Order) => payments.asked.filter((call) => call.reference === order.paymentReference);

beforeAll(async () => {
  payments = livePayments();
  server = await startPlatformServer({ payments: payments.provider });
  owner = await server.signInOwner();
  const created = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput({
    variants: [{ sku: 'HJ-S', priceCents: 12000, qtyInStock: 50, attributes: { Size: 'S' }, weightGrams: 900 }],
  }));
  expect(created.status, created.text).toBe(201);
  productId = created.body.product.id;
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await server.stop(true);
});

describe('refunding a live order', () => {
  it('gives the card its money back through the provider, then marks the order refunded and tells the shopper how much goes back to which card', async () => {
    const orderId = await buy();
    const before = await detail(orderId);
    expect(before.testMode).toBe(false);
    expect(before.cardRefund).toEqual({ paidCents: before.grandTotalCents, givenBackCents: 0, startedOn: null, refundedOn: null });
    expect(before).not.toHaveProperty('cardRefundState'); // the screen's own part, sent once as cardRefund
    const left = await stock();
    const answer = await refund(orderId);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.order.status).toBe('refunded');
    expect(answer.body.order.cardRefund!.refundedOn).toEqual(expect.any(Number));
    expect(answer.body.order.cardRefund!.startedOn).toBeNull();
    expect(askedOf(before)).toEqual([{ reference: before.paymentReference, idempotencyKey: refundKey(orderId) }]);
    expect(payments.givenBack.get(before.paymentReference)).toBe(1);
    // not sent yet: its item is back in stock
    expect(await stock()).toBe(left + 1);
    const [notice] = await notices(orderId);
    expect(notice!.text).toContain(`$${(before.grandTotalCents / 100).toFixed(2)} goes back to your card ending 4242.`);
    expect(notice!.text).not.toContain('test order');
  });

  it('gives the money back once when asked twice at the same moment, and refuses a third', async () => {
    const orderId = await buy();
    const order = await detail(orderId);
    const held = payments.holdNext();
    const first = refund(orderId);
    await held.arrived;
    // the first is with the provider: the second is told so, and asks nothing of it
    const second = await refund(orderId);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(ADMIN.server.refundBeingMade);
    held.release();
    expect((await first).status).toBe(200);
    const third = await refund(orderId);
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(fillMessage(ADMIN.server.orderStateRefused, { status: 'refunded' }));
    expect(askedOf(order)).toHaveLength(1);
    expect(payments.givenBack.get(order.paymentReference)).toBe(1);
    expect(await notices(orderId)).toHaveLength(1);
  });

  it('leaves the order as it was when the provider refuses, saying so with its reason, and may be asked again', async () => {
    const orderId = await buy();
    const left = await stock();
    payments.refuseNext('the charge is disputed');
    const refused = await refund(orderId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(fillMessage(ADMIN.server.refundRefusedBecause, { reason: 'the charge is disputed' }));
    payments.refuseNext();
    expect((await refund(orderId)).body.message).toBe(ADMIN.server.refundRefused);
    const after = await detail(orderId);
    expect(after.status).toBe('paid');
    expect(after.cardRefund).toMatchObject({ startedOn: null, refundedOn: null });
    expect(await stock()).toBe(left);
    expect(await notices(orderId)).toHaveLength(0);
    expect(payments.givenBack.has(after.paymentReference)).toBe(false);
    // nothing kept it taken: asked again, it is made
    expect((await refund(orderId)).status).toBe(200);
  });

  it('leaves the order as it was when the provider cannot be reached, and asked again uses the same key', async () => {
    const orderId = await buy();
    const order = await detail(orderId);
    payments.failNext();
    const failed = await refund(orderId);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe(ADMIN.server.refundFailed);
    expect((await detail(orderId)).status).toBe('paid');
    expect(await notices(orderId)).toHaveLength(0);
    expect((await refund(orderId)).status).toBe(200);
    expect(askedOf(order).map((call) => call.idempotencyKey)).toEqual([refundKey(orderId), refundKey(orderId)]);
    expect(payments.givenBack.get(order.paymentReference)).toBe(1);
  });

  it('after the money went back but the store could not record it, keeps the refund begun, refuses to send the order, and records it when asked again, the card refunded once', async () => {
    const orderId = await buy();
    const order = await detail(orderId);
    vi.spyOn(CardRefundRepository.prototype, 'done').mockRejectedValueOnce(new Error('the store went away'));
    const lost = await refund(orderId);
    expect(lost.status).toBe(500);
    expect(lost.body.message).toBe(ADMIN.server.refundNotRecorded);
    const after = await detail(orderId);
    expect(after.status).toBe('paid');
    expect(after.cardRefund!.startedOn).toEqual(expect.any(Number));
    expect(await notices(orderId)).toHaveLength(0);
    // the money may be back: the order is not sent meanwhile
    const fulfil = await owner.post<{ message: string }>(`/api/admin/orders/${orderId}/fulfil`, {});
    expect(fulfil.status).toBe(409);
    expect(fulfil.body.message).toBe(ADMIN.server.refundUnfinished);
    // asked again: the provider answers with the refund it made (same key), and the order records it
    const again = await refund(orderId);
    expect(again.status, again.text).toBe(200);
    expect(again.body.order.status).toBe('refunded');
    expect(askedOf(order)).toHaveLength(2);
    expect(payments.givenBack.get(order.paymentReference)).toBe(1);
    expect(await notices(orderId)).toHaveLength(1);
  });

  it("of a process that stopped with the provider's answer, may be asked again once its time is past, the card refunded once", async () => {
    const orderId = await buy();
    const order = await detail(orderId);
    const store = server.app.deps.store;
    // the stopped process: it took the refund and the provider gave the money back, then nothing was written
    expect(await new CardRefundRepository(store).begin(orderId, ['paid'], Date.now(), REFUND_CLAIM_MS)).toBe(true);
    await payments.provider.refund(order.paymentReference, { amountCents: order.cardRefund!.paidCents, idempotencyKey: refundKey(orderId) });
    expect((await refund(orderId)).body.message).toBe(ADMIN.server.refundBeingMade);
    await store.run('UPDATE orders SET card_refund_started_on = card_refund_started_on - ? WHERE id = ?', [REFUND_CLAIM_MS + 1000, orderId]);
    const answer = await refund(orderId);
    expect(answer.status, answer.text).toBe(200);
    expect(payments.givenBack.get(order.paymentReference)).toBe(1);
  });

  it('asked again while a slow provider is still answering, past the time a refund stays its own, records it once and tells the slow one so', async () => {
    const orderId = await buy();
    const order = await detail(orderId);
    const held = payments.holdNext();
    const slow = refund(orderId);
    await held.arrived;
    await server.app.deps.store.run('UPDATE orders SET card_refund_started_on = card_refund_started_on - ? WHERE id = ?', [REFUND_CLAIM_MS + 1000, orderId]);
    const again = await refund(orderId);
    expect(again.status, again.text).toBe(200);
    held.release();
    const late = await slow;
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(fillMessage(ADMIN.server.orderStateRefused, { status: 'refunded' }));
    expect(payments.givenBack.get(order.paymentReference)).toBe(1);
    expect(await notices(orderId)).toHaveLength(1);
  });

  it('of an order cancelled before cancelling gave the money back, gives it back now, its items not put back twice', async () => {
    const orderId = await buy();
    const order = await detail(orderId);
    // cancelled as it was then: the card kept its money
    await server.app.deps.store.run("UPDATE orders SET status = 'cancelled', cancelled_on = ? WHERE id = ?", [Date.now(), orderId]);
    const left = await stock();
    const answer = await refund(orderId);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.order.status).toBe('refunded');
    expect(payments.givenBack.get(order.paymentReference)).toBe(1);
    expect(await stock()).toBe(left);
    expect((await notices(orderId))[0]!.text).toContain('goes back to your card ending 4242.');
  });

  it('asks nothing of the provider for an order no card paid (a gift card paid it all), nor for a test-mode order', async () => {
    const store = server.app.deps.store;
    for (const change of ["payment_reference = 'gift-card'", 'test_mode = 1']) {
      const orderId = await buy();
      const order = await detail(orderId);
      await store.run(`UPDATE orders SET ${change} WHERE id = ?`, [orderId]);
      const answer = await refund(orderId);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.order.status).toBe('refunded');
      expect(askedOf(order)).toHaveLength(0);
      expect(answer.body.order.cardRefund!.refundedOn).toBeNull();
    }
  });

  it('is refused for an order another provider charged, which this store cannot refund', async () => {
    const orderId = await buy();
    const order = await detail(orderId);
    await server.app.deps.store.run("UPDATE orders SET payment_provider = 'other-provider' WHERE id = ?", [orderId]);
    const answer = await refund(orderId);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(fillMessage(ADMIN.server.refundProviderMissing, { provider: 'other-provider' }));
    expect((await detail(orderId)).status).toBe('paid');
    expect(askedOf(order)).toHaveLength(0);
  });
});

describe('cancelling a live order', () => {
  const cancel = (orderId: string) => owner.post<{ order: Order; message?: string }>(`/api/admin/orders/${orderId}/cancel`, {});

  it('gives the card its money back through the provider first, tells the shopper how much goes back to which card, and leaves nothing to refund', async () => {
    const orderId = await buy();
    const order = await detail(orderId);
    const left = await stock();
    const answer = await cancel(orderId);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.order.status).toBe('cancelled');
    expect(answer.body.order.cardRefund!.refundedOn).toEqual(expect.any(Number));
    expect(askedOf(order)).toEqual([{ reference: order.paymentReference, idempotencyKey: refundKey(orderId) }]);
    expect(payments.givenBack.get(order.paymentReference)).toBe(1);
    expect(await stock()).toBe(left + 1);
    const [notice] = await notices(orderId, 'order-cancelled');
    const total = `$${(order.grandTotalCents / 100).toFixed(2)}`;
    expect(notice!.text).toContain(`${total} goes back to your card ending 4242.\nYour bank may take a few days to show it on your statement.`);
    expect(notice!.html).toContain(`${total} goes back to your card ending 4242. Your bank may take a few days`);
    // the money is back already: a refund after would tell the shopper a second time
    const refunded = await refund(orderId);
    expect(refunded.status).toBe(409);
    expect(refunded.body.message).toBe(ADMIN.server.refundGivenBackOnCancel);
    expect(askedOf(order)).toHaveLength(1);
    expect(await notices(orderId)).toHaveLength(0);
  });

  it('leaves the order as it was when the provider refuses, its stock and the shopper untouched', async () => {
    const orderId = await buy();
    const left = await stock();
    payments.refuseNext('the charge is disputed');
    const refused = await cancel(orderId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(fillMessage(ADMIN.server.refundRefusedBecause, { reason: 'the charge is disputed' }));
    expect((await detail(orderId)).status).toBe('paid');
    expect(await stock()).toBe(left);
    expect(await notices(orderId, 'order-cancelled')).toHaveLength(0);
  });

  it('gives the money back once when cancelled and refunded at the same moment, and the order is not sent meanwhile', async () => {
    const orderId = await buy();
    const order = await detail(orderId);
    const held = payments.holdNext();
    const cancelling = cancel(orderId);
    await held.arrived;
    const refunding = await refund(orderId);
    expect(refunding.status).toBe(409);
    expect(refunding.body.message).toBe(ADMIN.server.refundBeingMade);
    const fulfil = await owner.post<{ message: string }>(`/api/admin/orders/${orderId}/fulfil`, {});
    expect(fulfil.status).toBe(409);
    expect(fulfil.body.message).toBe(ADMIN.server.refundUnfinished);
    held.release();
    expect((await cancelling).status).toBe(200);
    expect(askedOf(order)).toHaveLength(1);
    expect(payments.givenBack.get(order.paymentReference)).toBe(1);
  });

  it('of a test-mode order asks nothing of the provider', async () => {
    const orderId = await buy();
    const order = await detail(orderId);
    await server.app.deps.store.run('UPDATE orders SET test_mode = 1 WHERE id = ?', [orderId]);
    expect((await cancel(orderId)).status).toBe(200);
    expect(askedOf(order)).toHaveLength(0);
    const [notice] = await notices(orderId, 'order-cancelled');
    expect(notice!.text).not.toContain('goes back to your card ending');
  });
});

