/**
 * What the owner needs to ship an order: the variant bought in words (in the order detail and the
 * CSV export, with the shipping address), and an honest word about email on a store that cannot
 * send any (the shopper's confirmation page, the admin's "Send again").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';
import { placeOrderThroughCheckout, SHOPPER_DETAILS, type ShopperDetails } from '../helpers/checkout.ts';
import { fillMessage, serverMessages } from '../../../server/messages.ts';

interface Line { sku: string; productName: string; variantLabel: string; billingInterval: string; quantity: number; unitPriceCents: number }
interface Product { id: string; variants: Array<{ id: string; sku: string; attributes: Record<string, string> }> }

/** A shirt made in the admin with its SKUs left empty, so the store makes them (SQ and seven digits). */
const SHIRT = {
  title: 'Linen Shirt',
  description: 'Washed linen.',
  urlSlug: 'washed-linen-shirt',
  productType: 'physical',
  visible: true,
  variantOptions: ['Size', 'Color'],
  variants: [
    { sku: '', priceCents: 6800, qtyInStock: 20, attributes: { Size: 'L', Color: 'White' }, weightGrams: 300 },
    { sku: '', priceCents: 6800, qtyInStock: 20, attributes: { Size: 'M', Color: 'Natural' }, weightGrams: 280 },
  ],
};

async function makeShirt(owner: SiteUserVisitor): Promise<Product> {
  const created = await owner.post<{ product: Product }>('/api/admin/products', SHIRT);
  expect(created.status, created.text).toBe(201);
  return created.body.product;
}

/** A shopper buys `lines` (SKU and quantity) in one order; returns the order's id and its confirmation page's address. */
async function buy(server: PlatformServer, productId: string, lines: Array<[string, number]>, customer: ShopperDetails = {}): Promise<{ orderId: string; confirmationUrl: string; shopper: Visitor }> {
  const shopper = await new Visitor(server.url).start();
  for (const [sku, quantity] of lines) {
    const added = await shopper.post('/api/commerce/shopping-cart/entries', { itemId: productId, sku, quantity, additionalFields: null });
    expect(added.status, added.text).toBe(200);
  }
  const placed = await placeOrderThroughCheckout(shopper, undefined, customer);
  expect(placed.status, placed.text.slice(0, 200)).toBe(201);
  const confirmationUrl = placed.body.confirmationUrl!;
  return { orderId: /order-confirmed\/([^?]+)/.exec(confirmationUrl)![1]!, confirmationUrl, shopper };
}

/** The main part of the shopper's confirmation page. */
async function confirmationPage(shopper: Visitor, url: string): Promise<string> {
  const html = (await shopper.get(url)).text;
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
}

describe('a store without a mail server', () => {
  let server: PlatformServer;
  let owner: SiteUserVisitor;
  let shirt: Product;
  const skuOf = (size: string) => shirt.variants.find((variant) => variant.attributes.Size === size)!.sku;

  beforeAll(async () => {
    server = await startPlatformServer();
    owner = await server.signInOwner();
    shirt = await makeShirt(owner);
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('names the variant of each line in the order detail, as the shopper bought it', async () => {
    expect(skuOf('L')).toMatch(/^SQ\d{7}$/);
    const { orderId } = await buy(server, shirt.id, [[skuOf('L'), 2], [skuOf('M'), 1]]);
    const detail = await owner.get<{ order: { lines: Line[] } }>(`/api/admin/orders/${orderId}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.order.lines).toEqual([
      expect.objectContaining({ productName: 'Linen Shirt', variantLabel: 'Size: L, Color: White', billingInterval: '', sku: skuOf('L'), quantity: 2, unitPriceCents: 6800 }),
      expect.objectContaining({ productName: 'Linen Shirt', variantLabel: 'Size: M, Color: Natural', sku: skuOf('M'), quantity: 1 }),
    ]);
  });

  it('exports one row per item bought with the variant and the shipping address; the money once per order', async () => {
    const { orderId } = await buy(server, shirt.id, [[skuOf('M'), 1], [skuOf('L'), 3]], {
      email: 'ada@example.org', name: 'Ada Lovelace', line1: '12 St James\'s Square', line2: 'Flat 2', city: 'London', region: '', postalCode: 'SW1Y 4LB', countryCode: 'GB',
    });
    const csv = await owner.get('/api/admin/orders.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('orders.csv');
    const [header, ...rows] = parse(csv.text) as string[][];
    expect(header).toEqual([
      'id', 'number', 'date', 'status', 'customer email', 'customer name',
      'address line 1', 'address line 2', 'city', 'region', 'postal code', 'country', 'shipping option',
      'item', 'variant', 'sku', 'quantity', 'unit price', 'line total',
      'subtotal', 'discount', 'shipping', 'tax', 'total', 'gift card', 'currency', 'test mode', 'payment reference',
      'carrier', 'tracking number', 'discount code', 'refunded', 'tax included', 'answers',
    ]);
    const records = rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]])));
    const mine = records.filter((record) => record.id === orderId);
    // newest order first, its lines in the order bought
    expect(records[0]!.id).toBe(orderId);
    expect(mine.map((record) => [record.item, record.variant, record.sku, record.quantity, record['unit price'], record['line total']])).toEqual([
      ['Linen Shirt', 'Size: M, Color: Natural', skuOf('M'), '1', '68.00', '68.00'],
      ['Linen Shirt', 'Size: L, Color: White', skuOf('L'), '3', '68.00', '204.00'],
    ]);
    for (const record of mine) {
      expect(record).toEqual(expect.objectContaining({
        status: 'paid', 'customer email': 'ada@example.org', 'customer name': 'Ada Lovelace',
        'address line 1': '12 St James\'s Square', 'address line 2': 'Flat 2', city: 'London', region: '', 'postal code': 'SW1Y 4LB', country: 'GB',
        currency: 'USD', 'test mode': 'yes',
      }));
      expect(record.number).toMatch(/^\d+$/);
      expect(record['shipping option']).not.toBe('');
    }
    // the order's money on its first row only, so a column's sum is what the orders took
    const detail = (await owner.get<{ order: { subtotalCents: number; grandTotalCents: number } }>(`/api/admin/orders/${orderId}`)).body.order;
    expect(mine[0]!.subtotal).toBe((detail.subtotalCents / 100).toFixed(2));
    expect(mine[0]!.total).toBe((detail.grandTotalCents / 100).toFixed(2));
    expect([mine[1]!.subtotal, mine[1]!.discount, mine[1]!.shipping, mine[1]!.tax, mine[1]!.total]).toEqual(['', '', '', '', '']);
  });

  it("does not promise the shopper an email, and the order's detail says the store cannot send one", async () => {
    const { orderId, confirmationUrl, shopper } = await buy(server, shirt.id, [[skuOf('L'), 1]]);
    const page = await confirmationPage(shopper, confirmationUrl);
    expect(page).not.toContain('A confirmation is on its way');
    expect(page).toContain(`<p class="order-email-note">${fillMessage(serverMessages.orderNoEmailNote, { email: SHOPPER_DETAILS.email })}</p>`);
    expect(page).toContain('The email on your order is jane@example.com.');
    // the variant in words there too, as before
    expect(page).toContain('<span class="variant">Size: L, Color: White</span>');
    const detail = await owner.get<{ order: { emails: Array<{ status: string }> }; canSendEmail: boolean }>(`/api/admin/orders/${orderId}`);
    expect(detail.body.canSendEmail).toBe(false);
    await expect.poll(async () => (await owner.get<{ order: { emails: Array<{ status: string }> } }>(`/api/admin/orders/${orderId}`)).body.order.emails.map((email) => email.status)).toEqual(['kept']);
  });
});

describe('a store with a mail server', () => {
  let server: PlatformServer;
  let owner: SiteUserVisitor;
  let shirt: Product;

  beforeAll(async () => {
    // nothing listens on port 9: the emails wait to be tried again, but the store does send them
    server = await startPlatformServer({ mail: { smtpUrl: 'smtp://127.0.0.1:9' } });
    owner = await server.signInOwner();
    shirt = await makeShirt(owner);
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it("tells the shopper a confirmation is on its way, and the owner's detail offers to send again", async () => {
    const { orderId, confirmationUrl, shopper } = await buy(server, shirt.id, [[shirt.variants[0]!.sku, 1]]);
    const page = await confirmationPage(shopper, confirmationUrl);
    expect(page).toContain(`<p class="order-email-note">A confirmation is on its way to <strong>${SHOPPER_DETAILS.email}</strong>.</p>`);
    expect(page).not.toContain('This store does not send confirmation emails');
    const detail = await owner.get<{ canSendEmail: boolean }>(`/api/admin/orders/${orderId}`);
    expect(detail.body.canSendEmail).toBe(true);
  });

  it('sends again on request an email waiting for a mail server that cannot be reached', async () => {
    const { orderId } = await buy(server, shirt.id, [[shirt.variants[0]!.sku, 1]]);
    type Emails = { order: { emails: Array<{ id: string; status: string; error: string | null }> } };
    const emails = async () => (await owner.get<Emails>(`/api/admin/orders/${orderId}`)).body.order.emails;
    // connections refused: the email waits to be tried again, saying why, rather than failing for good
    await expect.poll(async () => (await emails()).map((email) => [email.status, email.error?.startsWith('Waiting to be sent again:')])).toEqual([['pending', true]]);
    const [waiting] = await emails();
    const again = await owner.post<{ emails: Array<{ id: string; status: string; error: string | null }> }>(`/api/admin/orders/${orderId}/emails/${waiting!.id}/send`, {});
    expect(again.status, again.text).toBe(200);
    // tried again through the mail server at once, which still cannot be reached
    expect(again.body.emails).toEqual([expect.objectContaining({ id: waiting!.id, status: 'pending', error: expect.stringContaining('ECONNREFUSED') })]);
  });
});
