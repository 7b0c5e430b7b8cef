/**
 * Packing slips at /config/packing-slips: a slip per order to send, with what goes in the parcel
 * (each line's extra-field answers, such as a monogram's initials), what does not (a download, a
 * gift card), and where it goes; one order's or those the Orders list shows, cancelled and refunded
 * ones left out; for the orders' readers only; written by the engine, escaped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderThroughCheckout } from '../helpers/checkout.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';

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

  it('prints the slips of the orders the Orders list shows, leaving out the cancelled', async () => {
    const page = await owner.get<string>('/config/packing-slips');
    expect(page.status).toBe(200);
    expect(page.text.match(/<section class="slip"/g)).toHaveLength(2);
    expect(page.text).not.toContain('Cancelled Customer');
    const searched = await owner.get<string>(`/config/packing-slips?q=${encodeURIComponent('lovelace')}`);
    expect(searched.text.match(/<section class="slip"/g)).toHaveLength(1);
    expect(searched.text).toContain('Ada Lovelace');
  });

  it('is for those who may read orders: a visitor is asked to sign in, a shopper refused', async () => {
    expect((await new Visitor(server.url).get('/config/packing-slips')).status).toBe(401);
    expect((await (await server.signInShopper()).get('/config/packing-slips')).status).toBe(403);
    expect((await owner.get('/config/packing-slips?order=nosuchorder')).status).toBe(404);
    expect((await owner.get('/config/packing-slips?from=2026-02-30')).status).toBe(400);
  });
});
