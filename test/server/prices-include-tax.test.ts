/**
 * A shop whose prices include the tax (VAT): the owner ticks it in Settings, and from then on the
 * cart, the checkout, the order, its confirmation page, its email and the owner's order screen
 * tell the tax as the part of the total it is (shipping's included), never added on top; an order placed before the
 * change keeps the way it was taxed. Runs on SQLite, and on PostgreSQL with TEST_ENGINE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { EmailOutboxRepository } from '../../server/db/email-outbox-repository.ts';
import { startPlatformServer, type PlatformServer } from './helpers/platform-server.ts';
import { placeOrderThroughCheckout } from './helpers/checkout.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { Visitor } from './helpers/visitor.ts';
import type { SiteUserVisitor } from './helpers/site-user-visitor.ts';

const shirt = seededProduct('linen-shirt');

interface Totals { subtotalCents: number; taxCents: number; taxIncluded: boolean; shippingCostCents: number; grandTotalCents: number; taxRateTenths: number }
interface Quote { subtotalCents: number; taxCents: number; taxIncluded: boolean; shippingCents: number; totalCents: number }
interface OrderDetail { taxCents: number; taxIncluded: boolean; grandTotalCents: number; lines: Array<{ taxShareCents: number }> }

let server: PlatformServer;
let owner: SiteUserVisitor;

async function saveSettings(changes: Record<string, unknown>): Promise<Record<string, unknown>> {
  const current = await owner.get<{ settings: Record<string, unknown> }>('/api/admin/settings');
  const saved = await owner.put<{ settings: Record<string, unknown> }>('/api/admin/settings', { ...current.body.settings, ...changes });
  expect(saved.status, saved.text).toBe(200);
  return (await owner.get<{ settings: Record<string, unknown> }>('/api/admin/settings')).body.settings;
}

/** A new shopper with one $68.00 shirt in the cart. */
async function shopperWithShirt(): Promise<Visitor> {
  const shopper = await new Visitor(server.url).start();
  const added = await shopper.post(API_PATHS.cartEntries, { itemId: shirt.id, sku: 'SQ-SHIRT-L-NAT', quantity: 1 });
  expect(added.status, added.text).toBe(200);
  return shopper;
}

async function placedOrderId(shopper: Visitor, email: string): Promise<{ id: string; confirmationUrl: string }> {
  const placed = await placeOrderThroughCheckout(shopper, undefined, { email });
  expect(placed.status, placed.text).toBe(201);
  const confirmationUrl = placed.body.confirmationUrl!;
  return { id: /order-confirmed\/([^?]+)/.exec(confirmationUrl)![1]!, confirmationUrl };
}

/** The confirmation page's totals as written, a line each (a line whose instructions write nothing keeps its indentation). */
function totalsOf(page: string): string[] {
  return /<dl class="checkout-totals">\n([\s\S]*?)\n {2}<\/dl>/.exec(page)![1]!.split('\n');
}

const PAGE_SUBTOTAL_AND_SHIPPING = ['    <dt>Subtotal</dt><dd class="subtotal">$68.00</dd>', '    ', '    <dt>Shipping (Standard)</dt><dd class="shipping">$6.00</dd>'];

/** The page's totals with the tax said under the total, the prices including it. */
function includedTotals(words: string): string[] {
  return [...PAGE_SUBTOTAL_AND_SHIPPING, '    ', '    <dt>Total</dt><dd class="grand-total">$74.00</dd>', `    <dt>${words}</dt><dd class="tax">$12.33</dd>`, '    ', '    '];
}

/** The page's totals with the tax added above the total. */
function addedTotals(words: string, tax: string, total: string): string[] {
  return [...PAGE_SUBTOTAL_AND_SHIPPING, `    <dt>${words}</dt><dd class="tax">${tax}</dd>`, `    <dt>Total</dt><dd class="grand-total">${total}</dd>`, '    ', '    ', '    '];
}

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});

afterAll(async () => {
  await server.stop(true);
});

describe('prices that include tax', () => {
  it('is off as seeded, and an order then adds its tax to the total', async () => {
    expect((await owner.get<{ settings: Record<string, unknown> }>('/api/admin/settings')).body.settings.pricesIncludeTax).toBe(false);
    const shopper = await shopperWithShirt();
    const cart = (await shopper.get<Totals>(API_PATHS.cart)).body;
    // 8 % on top of $68.00
    expect(cart).toMatchObject({ subtotalCents: 6800, taxCents: 544, taxIncluded: false });
    expect(cart.grandTotalCents).toBe(6800 + 544 + cart.shippingCostCents);
  });

  it('tells the tax inside the prices everywhere once ticked, and keeps each order as it was taxed', async () => {
    const before = await placedOrderId(await shopperWithShirt(), 'before@example.com');

    const settings = await saveSettings({ taxRateBasisPoints: 2000, pricesIncludeTax: true });
    expect(settings).toMatchObject({ taxRateBasisPoints: 2000, pricesIncludeTax: true });
    // a save that leaves the field out (a screen from before the setting) keeps it
    const { pricesIncludeTax: _left, ...withoutIt } = settings;
    const kept = await owner.put<{ settings: Record<string, unknown> }>('/api/admin/settings', withoutIt);
    expect(kept.status, kept.text).toBe(200);
    expect((await owner.get<{ settings: Record<string, unknown> }>('/api/admin/settings')).body.settings.pricesIncludeTax).toBe(true);

    // the product page says so under the price; a shop adding tax says nothing there
    expect((await new Visitor(server.url).get<string>('/shop/p/linen-shirt')).text).toContain('<p class="product-tax-note">Prices include tax; shipping is added at checkout.</p>');
    // a download or a service is not shipped; a gift card is not taxed
    expect((await new Visitor(server.url).get<string>('/shop/p/natural-dye-guide')).text).toContain('<p class="product-tax-note">Prices include tax.</p>');
    expect((await new Visitor(server.url).get<string>('/shop/p/studio-visit')).text).toContain('<p class="product-tax-note">Prices include tax.</p>');
    expect((await new Visitor(server.url).get<string>('/shop/p/gift-card')).text).not.toContain('product-tax-note');
    const shopper = await shopperWithShirt();
    // 20 % inside $68.00 and the $6.00 of shipping: 74 × 20 / 120 = $12.33
    const cart = (await shopper.get<Totals>(API_PATHS.cart)).body;
    expect(cart).toMatchObject({ subtotalCents: 6800, shippingCostCents: 600, taxCents: 1233, taxIncluded: true, grandTotalCents: 7400, taxRateTenths: 20000 });
    expect(cart).not.toHaveProperty('taxableGoodsCents');
    const quote = (await shopper.post<{ quote: Quote }>(API_PATHS.checkoutQuote, {})).body.quote;
    expect(quote).toMatchObject({ subtotalCents: 6800, shippingCents: 600, taxCents: 1233, taxIncluded: true, totalCents: 7400 });

    const after = await placedOrderId(shopper, 'after@example.com');
    const page = await shopper.get<string>(after.confirmationUrl);
    expect(page.status).toBe(200);
    expect(totalsOf(page.text)).toEqual(includedTotals('Includes tax (20%)'));
    expect(page.text).not.toContain('<dt>Tax');
    const [email] = await new EmailOutboxRepository(server.app.deps.store).list({ recipient: 'after@example.com' });
    expect(email!.text).toContain('Includes tax (20%): $12.33');
    expect(email!.text).not.toMatch(/^Tax:/m);
    expect(email!.html).toContain('<td>Includes tax (20%)</td>');

    const detailOf = async (id: string) => (await owner.get<{ order: OrderDetail }>(`/api/admin/orders/${id}`)).body.order;
    const placed = await detailOf(after.id);
    expect(placed).toMatchObject({ taxCents: 1233, taxIncluded: true, grandTotalCents: 7400 });
    // the shirt's share of the tax, for a refund of it: the shipping keeps its own ($1.00 of $6.00)
    expect(placed.lines.map((line) => line.taxShareCents)).toEqual([1133]);
    // the order placed before the change still added its 8 %
    expect(await detailOf(before.id)).toMatchObject({ taxCents: 544, taxIncluded: false });
    const beforePage = await new Visitor(server.url).get<string>(before.confirmationUrl);
    expect(totalsOf(beforePage.text)).toEqual(addedTotals('Tax (8%)', '$5.44', '$79.44'));

    const csv = await owner.get<string>('/api/admin/orders.csv');
    expect(csv.status, csv.text.slice(0, 200)).toBe(200);
    const header = csv.text.split(/\r?\n/)[0]!.split(',');
    expect(header.slice(-2)).toEqual(['tax included', 'answers']);
    const rowOf = (id: string) => csv.text.split(/\r?\n/).find((row) => row.startsWith(id))!.split(',');
    expect(rowOf(after.id).at(-2)).toBe('yes');
    expect(rowOf(before.id).at(-2)).toBe('no');
  });

  it("calls the tax by the shop's name for it, escaped, inside the prices or added to them", async () => {
    expect((await saveSettings({ taxName: ' VAT ' })).taxName).toBe('VAT');
    const shopper = await shopperWithShirt();
    expect((await shopper.get<Totals & { taxName: string }>(API_PATHS.cart)).body.taxName).toBe('VAT');
    expect((await shopper.post<{ quote: Quote & { taxName: string } }>(API_PATHS.checkoutQuote, {})).body.quote.taxName).toBe('VAT');
    expect((await new Visitor(server.url).get<string>('/shop/p/linen-shirt')).text).toContain('Prices include VAT; shipping is added at checkout.');
    const included = await placedOrderId(shopper, 'vat@example.com');
    expect(totalsOf((await shopper.get<string>(included.confirmationUrl)).text)).toEqual(includedTotals('Includes VAT (20%)'));
    const [email] = await new EmailOutboxRepository(server.app.deps.store).list({ recipient: 'vat@example.com' });
    expect(email!.text).toContain('Includes VAT (20%): $12.33');
    expect(email!.html).toContain('<td>Includes VAT (20%)</td>');
    // the owner's order screen calls it the same
    expect((await owner.get<{ order: { taxName: string; taxRateTenths: number } }>(`/api/admin/orders/${included.id}`)).body.order).toMatchObject({ taxName: 'VAT', taxRateTenths: 20000 });

    await saveSettings({ taxName: 'G<b>ST', pricesIncludeTax: false, taxRateBasisPoints: 1000 });
    expect((await new Visitor(server.url).get<string>('/shop/p/linen-shirt')).text).not.toContain('product-tax-note');
    const added = await placedOrderId(await shopperWithShirt(), 'gst@example.com');
    expect(totalsOf((await new Visitor(server.url).get<string>(added.confirmationUrl)).text)).toEqual(addedTotals('G&lt;b&gt;ST (10%)', '$6.80', '$80.80'));
    const [gstEmail] = await new EmailOutboxRepository(server.app.deps.store).list({ recipient: 'gst@example.com' });
    expect(gstEmail!.text).toContain('G<b>ST (10%): $6.80');
    expect(gstEmail!.html).toContain('<td>G&lt;b&gt;ST (10%)</td>');
    // the order placed under VAT still says VAT after the rename, on its page and the owner's screen
    expect(totalsOf((await shopper.get<string>(included.confirmationUrl)).text)).toEqual(includedTotals('Includes VAT (20%)'));
    const screenOf = async (id: string) => (await owner.get<{ order: { taxName: string } }>(`/api/admin/orders/${id}`)).body.order;
    expect(await screenOf(included.id)).toMatchObject({ taxName: 'VAT' });
    // one placed before the name was kept says the shop's name now
    await server.app.deps.store.run('UPDATE orders SET tax_name = NULL WHERE id = ?', [included.id]);
    expect(await screenOf(included.id)).toMatchObject({ taxName: 'G<b>ST' });
    expect(totalsOf((await shopper.get<string>(included.confirmationUrl)).text)).toEqual(includedTotals('Includes G&lt;b&gt;ST (20%)'));

    // emptied, the platform's words again
    await saveSettings({ taxName: '' });
    expect((await (await shopperWithShirt()).get<Totals & { taxName: string }>(API_PATHS.cart)).body.taxName).toBe('');
  });
});
