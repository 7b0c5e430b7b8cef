/**
 * The shipping notice lists what is in the parcel, and apart what the post does not bring: a
 * digital line (a PDF) is "a download, sent by email", never among the items on their way
 * (server/email/shipped-lines.ts). The cancellation and refund notices still list every line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../client/lib/api-paths.ts';
import { EmailOutboxRepository } from '../../../server/db/email-outbox-repository.ts';
import { placeOrderThroughCheckout } from '../helpers/checkout.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

/** An order of a mug and the field guide (a PDF), placed through the checkout; its id. */
async function buyMugAndGuide(): Promise<string> {
  const shopper = await new Visitor(server.url).start();
  for (const [urlId, sku] of [['stoneware-mug', 'SQ-MUG-OAT'], ['natural-dye-guide', 'SQ-DYE-GUIDE']] as const) {
    const added = await shopper.post(API_PATHS.cartEntries, { itemId: seededProduct(urlId).id, sku, quantity: 1 });
    expect(added.status, added.text).toBe(200);
  }
  const placed = await placeOrderThroughCheckout(shopper);
  expect(placed.status, placed.text.slice(0, 300)).toBe(201);
  return /order-confirmed\/([^?]+)/.exec(placed.body.confirmationUrl!)![1]!;
}

const noticeOf = async (orderId: string, kind: string) => (await new EmailOutboxRepository(server.app.deps.store).ofSubject(orderId)).find((email) => email.kind === kind)!;

describe('the shipping notice of an order with a digital line', () => {
  it('lists the parcel, and the PDF apart as a download sent by email', async () => {
    const orderId = await buyMugAndGuide();
    expect((await owner.post(`/api/admin/orders/${orderId}/fulfil`, {})).status).toBe(200);
    const { text, html } = await noticeOf(orderId, 'order-shipped');
    const [parcel, apart] = text.split('Not in the parcel:');
    expect(parcel).toContain('1 × Stoneware Mug');
    expect(parcel).not.toContain('Natural Dyeing Field Guide');
    expect(apart).toContain('1 × Natural Dyeing Field Guide (PDF): a download, sent by email: its link is in your order confirmation');
    const [htmlParcel, htmlApart] = html.split('Not in the parcel');
    expect(htmlParcel).toContain('Stoneware Mug');
    expect(htmlParcel).not.toContain('Natural Dyeing Field Guide');
    expect(htmlApart).toContain('Natural Dyeing Field Guide (PDF): a download, sent by email');
  });

  it('lists every line in a cancellation notice, and nothing apart', async () => {
    const orderId = await buyMugAndGuide();
    expect((await owner.post(`/api/admin/orders/${orderId}/cancel`, {})).status).toBe(200);
    const { text } = await noticeOf(orderId, 'order-cancelled');
    expect(text).toContain('1 × Stoneware Mug');
    expect(text).toContain('1 × Natural Dyeing Field Guide (PDF)');
    expect(text).not.toContain('Not in the parcel');
  });
});
