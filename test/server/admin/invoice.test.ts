/**
 * An order's invoice at /config/orders/{orderId}/invoice: in a German store it is a Rechnung, in
 * German words and the store's money format (1.234,56 €), with the seller's address and VAT
 * number, the buyer (escaped), each line, the discount and shipping, and the tax contained in
 * prices that include it, all the order's own figures; refunds after it are noted with their
 * amounts and days; without the seller's address it says so and links to Settings; for those
 * who may read orders only.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../client/lib/api-paths.ts';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { escapeHtml } from '../../../engine/plugins/core/html-escape.ts';
import { moneyTextIn } from '../../../server/commerce/money-format.ts';
import { CONTRIBUTOR_ROLES } from '../../../server/security/owner-permissions.ts';
import { SHOPPER_DETAILS } from '../helpers/checkout.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';

interface Order {
  orderNumber: string; createdOn: number; subtotalCents: number; discountCents: number; shippingCents: number; taxCents: number; grandTotalCents: number;
  lines: Array<{ itemId: string; sku: string; unitPriceCents: number; quantity: number }>;
}
interface SettingsAnswer { settings: Record<string, unknown>; revision: number }

const HOSTILE_NAME = 'Zoë <img src=x onerror=alert(1)> & Co';
const euros = moneyTextIn('EUR', 'de-DE');

let server: PlatformServer;
let owner: SiteUserVisitor;

async function settingsChanged(change: Record<string, unknown>): Promise<void> {
  const loaded = (await owner.get<SettingsAnswer>('/api/admin/settings')).body;
  const saved = await owner.put('/api/admin/settings', { ...loaded.settings, ...change, revisionWhenLoaded: loaded.revision });
  expect(saved.status, saved.text).toBe(200);
}

/** An order of `entries` placed through the checkout, with `discountCode` when given; its id. */
async function buy(entries: Array<[string, string, number]>, discountCode = ''): Promise<string> {
  const shopper = await new Visitor(server.url).start();
  for (const [urlId, sku, quantity] of entries) {
    const added = await shopper.post(API_PATHS.cartEntries, { itemId: seededProduct(urlId).id, sku, quantity });
    expect(added.status, added.text).toBe(200);
  }
  const quote = await shopper.post<{ quote: { totalCents: number; amountDueCents: number; selectedShippingOptionId: string | null } }>(API_PATHS.checkoutQuote, discountCode ? { discountCode } : {});
  const placed = await shopper.post<{ confirmationUrl: string }>(API_PATHS.checkoutOrders, {
    ...SHOPPER_DETAILS, name: HOSTILE_NAME, email: 'zoe@example.de', line1: 'Torstraße 1', city: 'Berlin', region: '', postalCode: '10119', countryCode: 'DE',
    ...(discountCode ? { discountCode } : {}), shippingOptionId: quote.body.quote.selectedShippingOptionId ?? 'none',
    idempotencyKey: randomBytes(16).toString('hex'), expectedTotalCents: quote.body.quote.totalCents, expectedAmountDueCents: quote.body.quote.amountDueCents,
  });
  expect(placed.status, placed.text).toBe(201);
  return /order-confirmed\/([^?]+)/.exec(placed.body.confirmationUrl)![1]!;
}

const orderOf = async (orderId: string) => (await owner.get<{ order: Order }>(`/api/admin/orders/${orderId}`)).body.order;

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

describe("an order's invoice", () => {
  it('says plainly that it needs the seller\'s name and address while Settings has none, linking there', async () => {
    const orderId = await buy([['stoneware-mug', 'SQ-MUG-OAT', 1]]);
    const page = await owner.get<string>(`/config/orders/${orderId}/invoice`);
    expect(page.status).toBe(409);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain(escapeHtml(ADMIN.invoiceNeedsSeller));
    expect(page.text).toContain(`<a href="/config/settings">${ADMIN.invoiceOpenSettings}</a>`);
    expect(page.text).not.toContain(`<main class="invoice"`);
  });

  it('in a German store with prices including VAT: German words, euros as Germany writes them, the seller and VAT number, the contained tax', async () => {
    await settingsChanged({
      language: 'de-DE', currency: 'EUR', taxRateBasisPoints: 1900, pricesIncludeTax: true, taxName: 'MwSt.', timeZone: 'Europe/Berlin',
      businessAddress: { name: 'Leinen & Lehm GmbH', line1: 'Kastanienallee 7', line2: '', city: 'Berlin', region: '', postalCode: '10435', country: 'Deutschland' },
      vatNumber: 'DE123456789',
      // shipping paid whatever the order's size, which the tax included in prices covers too
      shippingRates: [{ id: 'standard', name: 'Standard', kind: 'flat', priceCents: 490, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 }],
    });
    const orderId = await buy([['canvas-tote', 'SQ-TOTE', 30], ['stoneware-mug', 'SQ-MUG-OAT', 1]], 'WELCOME10');
    const order = await orderOf(orderId);
    expect(order.discountCents).toBeGreaterThan(0);
    expect(order.shippingCents).toBeGreaterThan(0);
    const page = await owner.get<string>(`/config/orders/${orderId}/invoice`);
    expect(page.status, page.text).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = page.text;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1>Rechnung</h1>');
    expect(html).toContain(`<dt>Rechnungsnummer</dt><dd>${order.orderNumber}</dd>`);
    const placed = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(order.createdOn);
    expect(html).toContain(`<dt>Rechnungsdatum</dt><dd>${placed}</dd>`);
    expect(html).toContain('Leistungsdatum entspricht Rechnungsdatum');
    expect(html).toMatch(/Leinen &amp; Lehm GmbH<br>Kastanienallee 7<br>10435 Berlin<br>Deutschland/);
    expect(html).toContain('USt-IdNr.: DE123456789');
    // the buyer, escaped, with the address the order has and the email
    expect(html).toContain(`${escapeHtml(HOSTILE_NAME)}<br>Torstraße 1<br>10119 Berlin<br>`);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('zoe@example.de');
    // each line: quantity, unit price, rate, amount
    const totes = order.lines.find((line) => line.sku === 'SQ-TOTE')!;
    expect(html).toMatch(new RegExp(`>30</td>\\s*<td[^>]*>${euros(totes.unitPriceCents)}</td>\\s*<td[^>]*>19\u00a0%</td>\\s*<td[^>]*>${euros(totes.unitPriceCents * 30)}</td>`));
    expect(euros(totes.unitPriceCents * 30)).toMatch(/^\d\.\d{3},\d{2}\u00a0€$/);
    // the order's own figures: the total holds the tax, the net amount is the total less it, the tax on the net amount it is charged on
    const net = order.grandTotalCents - order.taxCents;
    expect(html).toContain(`<th scope="row">Rabatt (WELCOME10)</th><td class="num">${euros(-order.discountCents)}</td>`);
    expect(html).toContain(`<th scope="row">Versand</th><td class="num">${euros(order.shippingCents)}</td>`);
    expect(html).toContain(`<th scope="row">Nettobetrag</th><td class="num">${euros(net)}</td>`);
    expect(html).toContain(`<th scope="row">MwSt. 19\u00a0% auf ${euros(net)}</th><td class="num">${euros(order.taxCents)}</td>`);
    expect(html).toContain(`<th scope="row">Gesamt`);
    expect(html).toMatch(new RegExp(`<tr class="total"><th scope="row">[^<]+</th><td class="num">${euros(order.grandTotalCents)}</td>`));
    expect(order.grandTotalCents).toBe(order.subtotalCents - order.discountCents + order.shippingCents);
    expect(html).toContain('<p class="muted">Preise inkl. MwSt.</p>');
    expect(html).not.toContain('Nicht steuerbar');
    // the print button's script runs under the page's nonce
    expect(html).toMatch(/<script nonce="[^"]+">document.getElementById\('print-invoice'\)/);
  });

  it('notes each refund after it, with its amount and day, and keeps the invoice as it was', async () => {
    const orderId = await buy([['stoneware-mug', 'SQ-MUG-OAT', 3]]);
    const order = await orderOf(orderId);
    const line = order.lines[0]!;
    const part = await owner.post(`/api/admin/orders/${orderId}/refunds`, { lines: [{ itemId: line.itemId, quantity: 1, restock: true }], amountCents: line.unitPriceCents, notifyCustomer: false });
    expect(part.status, part.text).toBe(200);
    const today = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(Date.now());
    let html = (await owner.get<string>(`/config/orders/${orderId}/invoice`)).text;
    expect(html).toContain('Diese Rechnung zeigt die Bestellung, wie sie aufgegeben wurde. Seitdem erstattet:');
    expect(html).toContain(`<li>${euros(line.unitPriceCents)} am ${today}</li>`);
    expect(html).toMatch(new RegExp(`<tr class="total"><th scope="row">[^<]+</th><td class="num">${euros(order.grandTotalCents)}</td>`));
    expect((await owner.post(`/api/admin/orders/${orderId}/refund`, {})).status).toBe(200);
    html = (await owner.get<string>(`/config/orders/${orderId}/invoice`)).text;
    expect(html).toContain(`<li>${euros(order.grandTotalCents - line.unitPriceCents)} am ${today}</li>`);
    expect(html.match(/<li>/g)).toHaveLength(2);
  });

  it('is for those who may read orders: a viewer reads it (a cancelled order\'s with the day it was cancelled), a shopper is refused, a visitor asked to sign in', async () => {
    const orderId = await buy([['stoneware-mug', 'SQ-MUG-OAT', 1]]);
    const added = await owner.post<{ password: string }>('/api/admin/staff', { email: 'viewer-invoice@example.com', role: CONTRIBUTOR_ROLES.viewer });
    expect(added.status, added.text).toBe(201);
    const viewer = await new SiteUserVisitor(server.url).signIn('viewer-invoice@example.com', added.body.password);
    expect((await viewer.get(`/config/orders/${orderId}/invoice`)).status).toBe(200);
    expect((await (await server.signInShopper()).get(`/config/orders/${orderId}/invoice`)).status).toBe(403);
    expect((await new Visitor(server.url).get(`/config/orders/${orderId}/invoice`)).status).toBe(401);
    expect((await owner.post(`/api/admin/orders/${orderId}/cancel`, {})).status).toBe(200);
    const today = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(Date.now());
    expect((await viewer.get<string>(`/config/orders/${orderId}/invoice`)).text).toContain(`<p>Diese Bestellung wurde am ${today} storniert.</p>`);
    expect((await owner.get('/config/orders/nosuchorder/invoice')).status).toBe(404);
    expect((await owner.get('/config/orders/no%20such%3Corder/invoice')).status).toBe(404);
  });
});
