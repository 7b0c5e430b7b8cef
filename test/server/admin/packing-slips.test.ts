/**
 * Packing slips at /config/packing-slips: a slip per order to send, with what goes in the parcel
 * (each line's extra-field answers, such as a monogram's initials), what does not (a download, a
 * gift card), and where it goes; one order's or those the Orders list shows, cancelled and refunded
 * ones left out, as are orders of a list with nothing left to send by post; each line at what
 * refunds of part of the order left to send; for the orders' readers only; written by the engine, escaped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderThroughCheckout } from '../helpers/checkout.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { EmailOutboxRepository } from '../../../server/db/email-outbox-repository.ts';

type OrderLines = { order: { lines: Array<{ itemId: string; productId: string; unitPriceCents: number }> } };

let server: PlatformServer;
let owner: SiteUserVisitor;
const orderIds: string[] = [];

async function buy(lines: Array<Record<string, unknown>>, name: string): Promise<string> {
  const shopper = await new Visitor(server.url).start();
  for (const line of lines) expect((await shopper.post('/api/commerce/shopping-cart/entries', line)).status).toBe(200);
  const placed = await placeOrderThroughCheckout(shopper, undefined, { name });
  expect(placed.status, placed.text).toBe(201);
  return placed.body.confirmationUrl!.split('/').at(-1)!.split('?')[0]!;
}

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
  const napkins = seededProduct('monogram-napkins');
  const guide = seededProduct('natural-dye-guide');
  const mug = seededProduct('stoneware-mug');
  orderIds.push(await buy([
    { itemId: napkins.id, sku: napkins.variants[0]!.sku, quantity: 2, additionalFields: JSON.stringify({ 'select-thread-colour': 'Rust', 'text-monogram-initials': 'A<B' }) },
    { itemId: guide.id, sku: guide.variants[0]!.sku, quantity: 1 },
  ], 'Zoë <Müller>'));
  orderIds.push(await buy([{ itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 }], 'Ada Lovelace'));
  orderIds.push(await buy([{ itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 3 }], 'Cancelled Customer'));
  expect((await owner.post(`/api/admin/orders/${orderIds[2]}/cancel`, {})).status).toBe(200);
  // nothing to post: a download alone, and a service
  const visit = seededProduct('studio-visit');
  orderIds.push(await buy([{ itemId: guide.id, sku: guide.variants[0]!.sku, quantity: 1 }], 'Digital Only'));
  orderIds.push(await buy([{ itemId: visit.id, sku: visit.variants[0]!.sku, quantity: 1 }], 'Service Buyer'));
  // 3 totes, one of them refunded and put back in stock, and a vase refunded whole
  const tote = seededProduct('canvas-tote');
  const vase = seededProduct('bud-vase');
  orderIds.push(await buy([
    { itemId: tote.id, sku: tote.variants[0]!.sku, quantity: 3 },
    { itemId: vase.id, sku: vase.variants[0]!.sku, quantity: 1 },
  ], 'Part Refunded'));
  const lines = (await owner.get<OrderLines>(`/api/admin/orders/${orderIds[5]}`)).body.order.lines;
  const toteLine = lines.find((line) => line.productId === tote.id)!;
  const vaseLine = lines.find((line) => line.productId === vase.id)!;
  const refunded = await owner.post(`/api/admin/orders/${orderIds[5]}/refunds`, {
    lines: [{ itemId: toteLine.itemId, quantity: 1, restock: true }, { itemId: vaseLine.itemId, quantity: 1, restock: true }],
    amountCents: toteLine.unitPriceCents + vaseLine.unitPriceCents, notifyCustomer: false,
  });
  expect(refunded.status, refunded.text).toBe(200);
  // the mug order refunded whole in parts: nothing left to pack
  orderIds.push(await buy([{ itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 2 }], 'Refunded In Parts'));
  const partsLines = (await owner.get<OrderLines>(`/api/admin/orders/${orderIds[6]}`)).body.order.lines;
  const whole = await owner.post(`/api/admin/orders/${orderIds[6]}/refunds`, {
    lines: [{ itemId: partsLines[0]!.itemId, quantity: 2, restock: true }], amountCents: partsLines[0]!.unitPriceCents, notifyCustomer: false,
  });
  expect(whole.status, whole.text).toBe(200);
});
afterAll(async () => {
  await server.stop(true);
});

describe('packing slips', () => {
  it("prints one order's slip: the parcel's lines with their answers, what is not in it, and the address, escaped", async () => {
    const page = await owner.get<string>(`/config/packing-slips?order=${orderIds[0]}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text.match(/<section class="slip"/g)).toHaveLength(1);
    expect(page.text).toContain('In the parcel (2 items)');
    expect(page.text).toContain('Initials: <strong>A&lt;B</strong>');
    expect(page.text).toContain('Thread colour: <strong>Rust</strong>');
    expect(page.text).toMatch(/1 × Natural Dyeing Field Guide \(PDF\): a digital product, nothing to send by post/);
    expect(page.text).toContain('Zoë &lt;Müller&gt;');
    expect(page.text).not.toContain('$');
  });

  it('lists each line at what refunds left to send, and a line refunded whole apart, the heading counting what is packed', async () => {
    const page = await owner.get<string>(`/config/packing-slips?order=${orderIds[5]}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('In the parcel (2 items, 1 refunded left out)');
    expect(page.text).toMatch(/Canvas Market Tote[\s\S]*3 bought, 1 refunded: pack 2<\/span>[\s\S]*<td class="qty">2<\/td>/);
    expect(page.text).not.toContain('<td class="qty">3</td>');
    expect(page.text).toMatch(/1 × [^<]*Vase[^<]*: refunded, do not send/);
  });

  it('prints the slips of the orders the Orders list shows, leaving out the cancelled and those with nothing to post, and says how many', async () => {
    const page = await owner.get<string>('/config/packing-slips');
    expect(page.status).toBe(200);
    expect(page.text.match(/<section class="slip"/g)).toHaveLength(3);
    expect(page.text).not.toContain('Cancelled Customer');
    for (const name of ['Digital Only', 'Service Buyer', 'Refunded In Parts']) expect(page.text).not.toContain(name);
    expect(page.text).toContain(ADMIN.packingSlipsLeftOut(3));
    const searched = await owner.get<string>(`/config/packing-slips?q=${encodeURIComponent('lovelace')}`);
    expect(searched.text.match(/<section class="slip"/g)).toHaveLength(1);
    expect(searched.text).toContain('Ada Lovelace');
  });

  it('gives two lines of one SKU each its own answers, not the first line\'s', async () => {
    const napkins = seededProduct('monogram-napkins');
    const answered = (initials: string) => ({
      itemId: napkins.id, sku: napkins.variants[0]!.sku, quantity: 1, additionalFields: JSON.stringify({ 'select-thread-colour': 'Rust', 'text-monogram-initials': initials }),
    });
    const orderId = await buy([answered('AE'), answered('Z&Q')], 'Two Monograms');
    const page = await owner.get<string>(`/config/packing-slips?order=${orderId}`);
    expect(page.status).toBe(200);
    const initials = [...page.text.matchAll(/Initials: <strong>([^<]*)<\/strong>/g)].map((match) => match[1]);
    expect(initials).toEqual(['AE', 'Z&amp;Q']);
  });

  it('is for those who may read orders: a visitor is asked to sign in, a shopper refused', async () => {
    expect((await new Visitor(server.url).get('/config/packing-slips')).status).toBe(401);
    expect((await (await server.signInShopper()).get('/config/packing-slips')).status).toBe(403);
    expect((await owner.get('/config/packing-slips?order=nosuchorder')).status).toBe(404);
    expect((await owner.get('/config/packing-slips?from=2026-02-30')).status).toBe(400);
  });

  it('writes an address as the post of its country does, on the slip and the order screen alike', async () => {
    const shopper = await new Visitor(server.url).start();
    const mug = seededProduct('stoneware-mug');
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 })).status).toBe(200);
    const placed = await placeOrderThroughCheckout(shopper, undefined, { name: 'Jana Schmidt', email: 'jana@example.de', line1: 'Torstraße 1', city: 'Berlin', region: '', postalCode: '10119', countryCode: 'DE' });
    expect(placed.status, placed.text).toBe(201);
    const orderId = placed.body.confirmationUrl!.split('/').at(-1)!.split('?')[0]!;
    const detail = (await owner.get<{ order: { shippingAddressLines: string[] } }>(`/api/admin/orders/${orderId}`)).body.order;
    expect(detail.shippingAddressLines).toEqual(['Torstraße 1', '10119 Berlin', 'Germany']);
    const slip = (await owner.get<string>(`/config/packing-slips?order=${orderId}`)).text;
    expect(slip).toMatch(/Torstraße 1[\s\S]*10119 Berlin[\s\S]*Germany/);
    // the shopper's email names the addressee first, as a label does
    const [email] = await new EmailOutboxRepository(server.app.deps.store).list({ recipient: 'jana@example.de' });
    expect(email!.text).toContain('Shipping to:\nJana Schmidt\nTorstraße 1\n10119 Berlin\nGermany\n');
    expect(email!.html).toContain('<p>Jana Schmidt<br>Torstraße 1<br>10119 Berlin<br>Germany</p>');
  });
});
