/**
 * A discount code's part shown wherever an order is: the shopper's confirmation page, the
 * confirmation email and the owner's new-order notice, the shipping notice, the admin's order
 * detail (with its use given back once cancelled), the orders CSV and the orders search. Orders
 * are placed through the checkout's calls with a code written into the store. Runs on SQLite, and
 * on PostgreSQL with TEST_ENGINE=postgres.
 */
import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { EmailOutboxRepository } from '../../server/db/email-outbox-repository.ts';
import { SHOPPER_DETAILS } from './helpers/checkout.ts';
import { insertDiscountCode } from './helpers/discount-codes.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from './helpers/platform-server.ts';
import type { SiteUserVisitor } from './helpers/site-user-visitor.ts';
import { Visitor } from './helpers/visitor.ts';

const shirt = seededProduct('linen-shirt');
const OWNER_NOTICES = 'orders@example.com';

interface Quote { totalCents: number; subtotalCents: number; shippingCents: number; discountCents: number; selectedShippingOptionId: string | null; discountError: string | null }
interface Detail { discountCents: number; grandTotalCents: number; discount: { code: string; amountCents: number; returned: boolean } | null }

let server: PlatformServer;
let owner: SiteUserVisitor;

/** A shopper buys one shirt with `discountCode` ('' for none), as the island places it: the order's id, page and the quote shown. */
async function buy(discountCode: string): Promise<{ orderId: string; confirmationUrl: string; shopper: Visitor; shown: Quote }> {
  const shopper = await new Visitor(server.url).start();
  const added = await shopper.post(API_PATHS.cartEntries, { itemId: shirt.id, sku: 'SQ-SHIRT-M-NAT', quantity: 1 });
  expect(added.status, added.text).toBe(200);
  const quoted = await shopper.post<{ quote: Quote }>(API_PATHS.checkoutQuote, { discountCode });
  expect(quoted.status, quoted.text).toBe(200);
  const shown = quoted.body.quote;
  expect(shown.discountError).toBeNull();
  const placed = await shopper.post<{ confirmationUrl?: string }>(API_PATHS.checkoutOrders, {
    ...SHOPPER_DETAILS, discountCode, shippingOptionId: shown.selectedShippingOptionId ?? 'none',
    idempotencyKey: randomBytes(16).toString('hex'), expectedTotalCents: shown.totalCents,
  });
  expect(placed.status, placed.text.slice(0, 300)).toBe(201);
  const confirmationUrl = placed.body.confirmationUrl!;
  return { orderId: new URL(confirmationUrl, server.url).pathname.split('/').pop()!, confirmationUrl, shopper, shown };
}

/** The confirmation page's totals, term by term. */
async function pageTotals(shopper: Visitor, url: string): Promise<string[][]> {
  const html = (await shopper.get<string>(url)).text;
  const totals = /<dl class="checkout-totals">([\s\S]*?)<\/dl>/.exec(html)![1]!;
  return [...totals.matchAll(/<dt>([\s\S]*?)<\/dt><dd class="[^"]*">([\s\S]*?)<\/dd>/g)].map((match) => [match[1]!.replace(/<[^>]*>/g, '').trim(), match[2]!.trim()]);
}

async function detailOf(orderId: string): Promise<Detail> {
  const answer = await owner.get<{ order: Detail }>(`/api/admin/orders/${orderId}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.order;
}

async function emailOf(orderId: string, kind: string) {
  return (await new EmailOutboxRepository(server.app.deps.store).ofSubject(orderId)).find((email) => email.kind === kind)!;
}

const usd = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
  const store = server.app.deps.store;
  const row = await store.get<{ value_json: string }>("SELECT value_json FROM site_settings WHERE key = 'websiteSettings'");
  const settings = JSON.parse(row!.value_json) as { storeSettings: Record<string, unknown> };
  settings.storeSettings.orderNotificationEmail = OWNER_NOTICES;
  await store.run("UPDATE site_settings SET value_json = ? WHERE key = 'websiteSettings'", [JSON.stringify(settings)]);
  await insertDiscountCode(store, { code: 'SAVE-25', kind: 'percent', percentBasisPoints: 2500 });
  await insertDiscountCode(store, { code: 'SHIP-FREE', kind: 'free-shipping' });
});

afterAll(async () => {
  await server.stop(true);
});

describe('an order with a discount code', () => {
  it("shows the code and what it took off, as a deduction under the subtotal, on the shopper's page and in both order emails", async () => {
    const { orderId, confirmationUrl, shopper, shown } = await buy('save-25');
    expect(shown.discountCents).toBe(shown.subtotalCents / 4);
    const line = CHECKOUT.discountLine('SAVE-25');
    const off = `-${usd(shown.discountCents)}`;
    const totals = await pageTotals(shopper, confirmationUrl);
    expect(totals.slice(0, 3).map(([term]) => term)).toEqual(['Subtotal', line, expect.stringMatching(/^Shipping/)]);
    expect(totals[1]![1]).toBe(off);
    expect(totals.find(([term]) => term === 'Total')![1]).toBe(usd(shown.totalCents));
    for (const kind of ['order-confirmation', 'new-order']) {
      const email = await emailOf(orderId, kind);
      expect(email.text, kind).toContain(`Subtotal: ${usd(shown.subtotalCents)}\n${line}: ${off}\nShipping`);
      expect(email.text, kind).toContain(`Total: ${usd(shown.totalCents)}`);
      expect(email.html, kind).toContain(`<tr><td>${line}</td><td align="right">${off}</td></tr>`);
    }
    expect((await emailOf(orderId, 'new-order')).recipient).toBe(OWNER_NOTICES);
  });

  it('shows a free-shipping code as the shipping free with that code, as the checkout did, the order keeping what it took off', async () => {
    const { orderId, confirmationUrl, shopper, shown } = await buy('SHIP-FREE');
    expect(shown.shippingCents).toBeGreaterThan(0);
    expect(shown.discountCents).toBe(shown.shippingCents);
    // the shipping free with the code named, as a code taking money off is, not its cost and the same amount off again
    const free = 'Free with code SHIP-FREE';
    const totals = await pageTotals(shopper, confirmationUrl);
    expect(totals.map(([term]) => term)).toEqual(['Subtotal', expect.stringMatching(/^Shipping/), expect.stringMatching(/^Tax \(\d+%\)$/), 'Total']);
    expect(totals[1]![1]).toBe(free);
    expect(totals[3]![1]).toBe(usd(shown.totalCents));
    for (const kind of ['order-confirmation', 'new-order']) {
      const email = await emailOf(orderId, kind);
      expect(email.text, kind).toMatch(new RegExp(`Subtotal: \\${usd(shown.subtotalCents)}\nShipping \\([^)]*\\): ${free}\n`));
      expect(email.text, kind).not.toContain('Discount');
      expect(email.text, kind).toContain(`Total: ${usd(shown.totalCents)}`);
      expect(email.html, kind).toMatch(new RegExp(`<td>Shipping \\([^)]*\\)</td><td align="right">${free}</td>`));
    }
    // the order's record is unchanged: the code took the shipping's cost off
    expect(await detailOf(orderId)).toMatchObject({ discountCents: shown.shippingCents, grandTotalCents: shown.totalCents, discount: { code: 'SHIP-FREE', amountCents: shown.shippingCents } });
  });

  it('shows no discount line for an order without a code', async () => {
    const { orderId, confirmationUrl, shopper } = await buy('');
    expect((await pageTotals(shopper, confirmationUrl)).map(([term]) => term)).not.toContain(expect.stringMatching(/^Discount/));
    expect((await emailOf(orderId, 'order-confirmation')).text).not.toContain('Discount');
    expect((await detailOf(orderId)).discount).toBeNull();
  });

  it("gives the owner's order detail the code, what it took off and whether its use was given back", async () => {
    const { orderId, shown } = await buy('SAVE-25');
    expect(await detailOf(orderId)).toMatchObject({ discountCents: shown.discountCents, discount: { code: 'SAVE-25', amountCents: shown.discountCents, returned: false } });
    const cancelled = await owner.post<{ order: Detail }>(`/api/admin/orders/${orderId}/cancel`, {});
    expect(cancelled.status, cancelled.text).toBe(200);
    // the move's answer is the detail too
    expect(cancelled.body.order.discount).toEqual({ code: 'SAVE-25', amountCents: shown.discountCents, returned: true });
    expect((await detailOf(orderId)).discount!.returned).toBe(true);
  });

  it('says in the shipping notice what the code took off, with the total, as the confirmation did', async () => {
    const { orderId, shown } = await buy('SAVE-25');
    expect((await owner.post(`/api/admin/orders/${orderId}/fulfil`, {})).status).toBe(200);
    const shipped = await emailOf(orderId, 'order-shipped');
    const line = `${CHECKOUT.discountLine('SAVE-25')}: -${usd(shown.discountCents)}`;
    expect(shipped.text).toContain(`${line}\nTotal: ${usd(shown.totalCents)}`);
    expect(shipped.html).toContain(CHECKOUT.discountLine('SAVE-25'));
    // a free-shipping code took the shipping: no deduction here either, the shipping free with the code named, as the confirmation said
    const free = await buy('SHIP-FREE');
    expect((await owner.post(`/api/admin/orders/${free.orderId}/fulfil`, {})).status).toBe(200);
    const freeShipped = await emailOf(free.orderId, 'order-shipped');
    expect(freeShipped.text).not.toContain('Discount');
    expect(freeShipped.text).toContain(`Shipping: Free with code SHIP-FREE\nTotal: ${usd(free.shown.totalCents)}`);
    expect(freeShipped.html).toContain('<tr><td>Shipping</td><td align="right">Free with code SHIP-FREE</td></tr>');
  });

  it("exports the code in a last column on each of the order's rows, and finds its orders by code in either case", async () => {
    const coded = await buy('SAVE-25');
    const plain = await buy('');
    const csv = await owner.get('/api/admin/orders.csv');
    expect(csv.status).toBe(200);
    const [header, ...rows] = parse(csv.text) as string[][];
    // only what was refunded, whether the tax was included and the answers, added later still, come after it
    expect(header!.slice(-4)).toEqual(['discount code', 'refunded', 'tax included', 'answers']);
    expect(header!.slice(-7, -4)).toEqual(['payment reference', 'carrier', 'tracking number']);
    const records = rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]])));
    const mine = records.find((record) => record.id === coded.orderId)!;
    expect([mine['discount code'], mine.discount]).toEqual(['SAVE-25', (coded.shown.discountCents / 100).toFixed(2)]);
    expect(records.find((record) => record.id === plain.orderId)!['discount code']).toBe('');
    const found = await owner.get<{ orders: Array<{ id: string }> }>('/api/admin/orders?q=save-25');
    expect(found.status, found.text).toBe(200);
    expect(found.body.orders.map((order) => order.id)).toContain(coded.orderId);
    expect(found.body.orders.map((order) => order.id)).not.toContain(plain.orderId);
    const freeShipping = await owner.get<{ orders: Array<{ id: string }> }>('/api/admin/orders?q=SHIP-FREE');
    expect(freeShipping.body.orders.map((order) => order.id)).not.toContain(coded.orderId);
  });
});
