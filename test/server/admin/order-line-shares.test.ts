/**
 * The order screen's lines carry their share of the order's discount and tax (order-line-shares.ts),
 * from which "Refund part of this order" suggests what the customer paid for the units chosen: an
 * order placed through the checkout with WELCOME10 (10% off the goods) and the store's tax,
 * worked out once on the whole discounted order. The shares add up to the order's own figures,
 * so refunding every unit suggests no more than it took. Runs on SQLite, and on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../client/lib/api-paths.ts';
import { SHOPPER_DETAILS } from '../helpers/checkout.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';

interface Line { sku: string; quantity: number; unitPriceCents: number; discountShareCents: number; taxShareCents: number }
interface Order { subtotalCents: number; discountCents: number; taxCents: number; shippingCents: number; grandTotalCents: number; lines: Line[] }

let server: PlatformServer;
let owner: SiteUserVisitor;

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

/** An order of `entries` placed through the checkout with `discountCode`; its id. */
async function buy(entries: Array<[string, string, number]>, discountCode: string): Promise<string> {
  const shopper = await new Visitor(server.url).start();
  for (const [urlId, sku, quantity] of entries) {
    const added = await shopper.post(API_PATHS.cartEntries, { itemId: seededProduct(urlId).id, sku, quantity });
    expect(added.status, added.text).toBe(200);
  }
  const quote = await shopper.post<{ quote: { totalCents: number; amountDueCents: number; selectedShippingOptionId: string | null; discountError: string | null } }>(API_PATHS.checkoutQuote, { discountCode });
  expect(quote.body.quote.discountError).toBeNull();
  const placed = await shopper.post<{ confirmationUrl: string }>(API_PATHS.checkoutOrders, {
    ...SHOPPER_DETAILS, discountCode, shippingOptionId: quote.body.quote.selectedShippingOptionId ?? 'none',
    idempotencyKey: randomBytes(16).toString('hex'), expectedTotalCents: quote.body.quote.totalCents, expectedAmountDueCents: quote.body.quote.amountDueCents,
  });
  expect(placed.status, placed.text).toBe(201);
  return /order-confirmed\/([^?]+)/.exec(placed.body.confirmationUrl)![1]!;
}

describe("an order's lines' shares of its discount and tax", () => {
  it('split the discount by price and the tax by what each line paid after it, adding up to the order\'s figures', async () => {
    const orderId = await buy([['stoneware-mug', 'SQ-MUG-OAT', 3], ['canvas-tote', 'SQ-TOTE', 1]], 'WELCOME10');
    const order = (await owner.get<{ order: Order }>(`/api/admin/orders/${orderId}`)).body.order;
    expect(order.discountCents).toBeGreaterThan(0);
    expect(order.taxCents).toBeGreaterThan(0);
    const mugs = order.lines.find((line) => line.sku === 'SQ-MUG-OAT')!;
    const tote = order.lines.find((line) => line.sku === 'SQ-TOTE')!;
    expect(mugs.discountShareCents + tote.discountShareCents).toBe(order.discountCents);
    expect(mugs.taxShareCents + tote.taxShareCents).toBe(order.taxCents);
    // 10% of each line's price; the tax in proportion to what each line paid after it, to the cent
    const mugsCents = mugs.unitPriceCents * 3;
    expect(mugs.discountShareCents).toBe(Math.round(mugsCents / 10));
    expect(tote.discountShareCents).toBe(Math.round(tote.unitPriceCents / 10));
    const taxable = order.subtotalCents - order.discountCents;
    expect(Math.abs(mugs.taxShareCents - (order.taxCents * (mugsCents - mugs.discountShareCents)) / taxable)).toBeLessThan(1);
    // what the lines paid together is the total less its shipping
    const paid = order.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity - line.discountShareCents + line.taxShareCents, 0);
    expect(paid).toBe(order.grandTotalCents - order.shippingCents);
  });
});
