/**
 * Fulfilling an order with the parcel's tracking: the carrier, the number and a link (the owner's
 * own, or the carrier's page made from the number) are stored on the order and shown in the
 * shipping notice (text and HTML), the order's detail, the shopper's order page and the CSV
 * export; an unsafe link is refused; the tracking is corrected after without a second notice
 * unless asked. Managing orders is the right to give it; without the session's token nothing
 * changes. Runs on SQLite, and on PostgreSQL with TEST_ENGINE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { carrierTrackingUrl } from '../../../client/lib/parcel-carriers.ts';
import { EmailOutboxRepository } from '../../../server/db/email-outbox-repository.ts';
import { CONTRIBUTOR_ROLES } from '../../../server/security/owner-permissions.ts';
import { createSiteUserAccount } from '../../../server/security/site-user-accounts.ts';
import { SITE_USER_XSRF_HEADER } from '../../../server/security/site-user.ts';
import { placeOrderThroughCheckout } from '../helpers/checkout.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';
import { adminSnapshot } from './admin-helpers.ts';

interface Tracking { carrier: string | null; number: string | null; url: string | null }

let server: PlatformServer;
let owner: SiteUserVisitor;
let product: { id: string; variants: Array<{ sku: string }> };

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
  const created = await owner.post<{ product: typeof product }>('/api/admin/products', {
    title: 'Tracked Mug', description: 'Stoneware.', urlSlug: 'tracked-mug', productType: 'physical', visible: true,
    variantOptions: [], variants: [{ sku: 'TRACK-MUG', priceCents: 2400, qtyInStock: 50, attributes: {}, weightGrams: 400 }],
  });
  expect(created.status, created.text).toBe(201);
  product = created.body.product;
});
afterAll(async () => {
  await server.stop(true);
});

/** A shopper buys a mug; the order's id, its page's address and the shopper. */
async function buy(): Promise<{ orderId: string; pageUrl: string; shopper: Visitor }> {
  const shopper = await new Visitor(server.url).start();
  const added = await shopper.post('/api/commerce/shopping-cart/entries', { itemId: product.id, sku: 'TRACK-MUG', quantity: 1, additionalFields: null });
  expect(added.status, added.text).toBe(200);
  const placed = await placeOrderThroughCheckout(shopper);
  expect(placed.status, placed.text.slice(0, 200)).toBe(201);
  const pageUrl = placed.body.confirmationUrl!;
  // the confirmation is sent after the order answers: tests that compare the store before and after a call start once it is
  await server.app.deps.background.settled();
  return { orderId: /order-confirmed\/([^?]+)/.exec(pageUrl)![1]!, pageUrl, shopper };
}

const orderUrl = (orderId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}`;
const shippingNotices = async (orderId: string) => (await new EmailOutboxRepository(server.app.deps.store).ofSubject(orderId)).filter((email) => email.kind === 'order-shipped');
const detailTracking = async (orderId: string) => (await owner.get<{ order: { tracking: Tracking | null } }>(orderUrl(orderId))).body.order.tracking;

/** The main part of the shopper's order page. */
async function orderPage(shopper: Visitor, url: string): Promise<string> {
  const html = (await shopper.get(url)).text;
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
}

describe('fulfilling with tracking', () => {
  it("stores the carrier, number and carrier's link, and shows them in the notice, the detail, the shopper's page and the export", async () => {
    const { orderId, pageUrl, shopper } = await buy();
    const fulfilled = await owner.post<{ order: { status: string; tracking: Tracking } }>(`${orderUrl(orderId)}/fulfil`, { carrier: 'Royal Mail', trackingNumber: 'AB 1234 5678 9GB' });
    expect(fulfilled.status, fulfilled.text).toBe(200);
    const link = 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB';
    expect(carrierTrackingUrl('Royal Mail', 'AB 1234 5678 9GB')).toBe(link);
    expect(fulfilled.body.order).toEqual(expect.objectContaining({ status: 'fulfilled', tracking: { carrier: 'Royal Mail', number: 'AB 1234 5678 9GB', url: link } }));
    expect(await detailTracking(orderId)).toEqual({ carrier: 'Royal Mail', number: 'AB 1234 5678 9GB', url: link });

    const [notice, ...more] = await shippingNotices(orderId);
    expect(more).toHaveLength(0);
    expect(notice!.text).toContain(`Carrier: Royal Mail\nTracking number: AB 1234 5678 9GB\nTrack your parcel: ${link}\n`);
    expect(notice!.html).toContain('Carrier: Royal Mail<br>Tracking number: <strong>AB 1234 5678 9GB</strong>');
    expect(notice!.html).toContain(`<a href="${link}">Track your parcel</a>`);

    const page = await orderPage(shopper, pageUrl);
    expect(page).toContain('<dt>Carrier</dt><dd class="tracking-carrier">Royal Mail</dd><dt>Tracking number</dt><dd class="tracking-number">AB 1234 5678 9GB</dd>');
    expect(page).toContain(`<a href="${link}" rel="noopener noreferrer">Track your parcel</a>`);

    const [header, ...rows] = parse((await owner.get('/api/admin/orders.csv')).text) as string[][];
    // after them only the discount code, what was refunded, whether the tax was included and the answers, added later
    expect(header!.slice(-6, -4)).toEqual(['carrier', 'tracking number']);
    const row = rows.find((cells) => cells[0] === orderId)!;
    expect(row.slice(-6, -4)).toEqual(['Royal Mail', 'AB 1234 5678 9GB']);
  });

  it("keeps the owner's own link (escaped), and leaves out 'Other' as a carrier's name for the shopper", async () => {
    const { orderId, pageUrl, shopper } = await buy();
    const own = 'https://parcels.example.com/track?id=X1&lang=en';
    const fulfilled = await owner.post(`${orderUrl(orderId)}/fulfil`, { carrier: 'Other', trackingNumber: 'X1', trackingUrl: own });
    expect(fulfilled.status, fulfilled.text).toBe(200);
    expect(await detailTracking(orderId)).toEqual({ carrier: 'Other', number: 'X1', url: own });
    const [notice] = await shippingNotices(orderId);
    expect(notice!.html).toContain('<a href="https://parcels.example.com/track?id=X1&amp;lang=en">Track your parcel</a>');
    expect(notice!.text).not.toContain('Carrier:');
    const page = await orderPage(shopper, pageUrl);
    expect(page).toContain('<dd class="tracking-number">X1</dd>');
    expect(page).not.toContain('tracking-carrier');
    expect(page).toContain('href="https://parcels.example.com/track?id=X1&amp;lang=en"');
  });

  it('shows a link given alone without an empty list of carrier and number', async () => {
    const { orderId, pageUrl, shopper } = await buy();
    expect((await owner.post(`${orderUrl(orderId)}/fulfil`, { trackingUrl: 'https://parcels.example.com/t/9' })).status).toBe(200);
    const page = await orderPage(shopper, pageUrl);
    expect(page).toContain('<a href="https://parcels.example.com/t/9" rel="noopener noreferrer">Track your parcel</a>');
    expect(page).not.toContain('<dl class="order-tracking">');
  });

  it('fulfils without tracking as before: nothing about a parcel to follow, empty export columns', async () => {
    const { orderId, pageUrl, shopper } = await buy();
    expect((await owner.post(`${orderUrl(orderId)}/fulfil`, {})).status).toBe(200);
    expect(await detailTracking(orderId)).toBeNull();
    const [notice] = await shippingNotices(orderId);
    expect(notice!.text).not.toContain('Track your parcel');
    expect(await orderPage(shopper, pageUrl)).not.toContain('order-tracking');
    const [, ...rows] = parse((await owner.get('/api/admin/orders.csv')).text) as string[][];
    expect(rows.find((cells) => cells[0] === orderId)!.slice(-6, -4)).toEqual(['', '']);
  });

  it('refuses an unsafe or relative link, an unknown carrier and a number with other characters, and changes nothing', async () => {
    const { orderId } = await buy();
    const before = await adminSnapshot(server.app.deps.store);
    for (const [body, field, message] of [
      [{ carrier: 'UPS', trackingUrl: 'javascript:alert(1)' }, 'trackingUrl', ADMIN.server.trackingUrlInvalid],
      [{ trackingUrl: 'java\tscript:alert(1)' }, 'trackingUrl', ADMIN.server.trackingUrlInvalid],
      [{ trackingUrl: '/track/1' }, 'trackingUrl', ADMIN.server.trackingUrlInvalid],
      [{ trackingUrl: 'mailto:parcels@example.com' }, 'trackingUrl', ADMIN.server.trackingUrlInvalid],
      [{ carrier: 'Pigeon' }, 'carrier', ADMIN.server.notAnOption],
      [{ trackingNumber: '1Z<script>' }, 'trackingNumber', ADMIN.server.trackingNumberInvalid],
      [{ trackingNumber: '1'.repeat(65) }, 'trackingNumber', ADMIN.server.trackingNumberInvalid],
    ] as const) {
      const refused = await owner.post<{ fieldErrors: Record<string, string> }>(`${orderUrl(orderId)}/fulfil`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.fieldErrors[field]).toBe(message);
    }
    expect(await adminSnapshot(server.app.deps.store)).toBe(before);
    expect(await shippingNotices(orderId)).toHaveLength(0);
  });
});

describe('correcting the tracking', () => {
  it('changes it without a second notice, sends the notice again only when asked, and clears it', async () => {
    const { orderId, pageUrl, shopper } = await buy();
    expect((await owner.post(`${orderUrl(orderId)}/fulfil`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).status).toBe(200);
    const corrected = await owner.put<{ order: { tracking: Tracking } }>(`${orderUrl(orderId)}/tracking`, { carrier: 'FedEx', trackingNumber: '449044304137821' });
    expect(corrected.status, corrected.text).toBe(200);
    const fedex = 'https://www.fedex.com/fedextrack/?trknbr=449044304137821';
    expect(corrected.body.order.tracking).toEqual({ carrier: 'FedEx', number: '449044304137821', url: fedex });
    expect(await shippingNotices(orderId)).toHaveLength(1);
    expect(await orderPage(shopper, pageUrl)).toContain(`<a href="${fedex}"`);

    expect((await owner.put(`${orderUrl(orderId)}/tracking`, { carrier: 'FedEx', trackingNumber: '449044304137822', sendNotice: true })).status).toBe(200);
    const notices = await shippingNotices(orderId);
    expect(notices).toHaveLength(2);
    expect(notices.some((notice) => notice.text.includes('Tracking number: 449044304137822'))).toBe(true);

    expect((await owner.put(`${orderUrl(orderId)}/tracking`, { carrier: '', trackingNumber: '', trackingUrl: '' })).status).toBe(200);
    expect(await detailTracking(orderId)).toBeNull();

    // each correction is in the order's History, with who made it and whether the shopper was told:
    // the shopper may hold the number of an earlier notice
    const { history } = (await owner.get<{ order: { history: Array<{ status: string; by: string | null; tracking?: Tracking | null; noticeSent?: boolean }> } }>(orderUrl(orderId))).body.order;
    expect(history.map((step) => [step.status, step.tracking?.number ?? null, step.noticeSent ?? null])).toEqual([
      ['paid', null, null],
      ['fulfilled', null, null],
      ['tracking-changed', '449044304137821', false],
      ['tracking-changed', '449044304137822', true],
      ['tracking-changed', null, false],
    ]);
    expect(history.at(-1)!.by).toBe('owner@example.com');
  });

  it('refuses an order not fulfilled (409), an unknown one (404), an unsafe link and extra fields (400)', async () => {
    const { orderId } = await buy();
    const paid = await owner.put<{ message: string }>(`${orderUrl(orderId)}/tracking`, { trackingNumber: '1' });
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe(ADMIN.server.trackingNotFulfilled);
    expect((await owner.put(`${orderUrl('unknown-order')}/tracking`, { trackingNumber: '1' })).status).toBe(404);
    expect((await owner.post(`${orderUrl(orderId)}/fulfil`, {})).status).toBe(200);
    expect((await owner.put(`${orderUrl(orderId)}/tracking`, { trackingUrl: 'javascript:alert(1)' })).status).toBe(400);
    expect((await owner.put(`${orderUrl(orderId)}/tracking`, { status: 'paid' })).status).toBe(400);
    expect(await detailTracking(orderId)).toBeNull();
  });
});

describe('who may', () => {
  it('refuses a role that only reads orders, a stranger and a request without the session token', async () => {
    const { orderId } = await buy();
    await createSiteUserAccount(server.app.deps, { email: 'tracking-bookkeeper@example.com', password: 'a bookkeeper passphrase', contributorRole: CONTRIBUTOR_ROLES.billing });
    const bookkeeper = await new SiteUserVisitor(server.url).signIn('tracking-bookkeeper@example.com', 'a bookkeeper passphrase');
    const stranger = await new Visitor(server.url).start();
    const forged = { headers: { [SITE_USER_XSRF_HEADER]: 'not-the-token' } };
    const body = { carrier: 'DHL', trackingNumber: '1234567890' };
    const before = await adminSnapshot(server.app.deps.store);
    expect((await bookkeeper.post(`${orderUrl(orderId)}/fulfil`, body)).status).toBe(403);
    expect((await stranger.post(`${orderUrl(orderId)}/fulfil`, body)).status).toBe(401);
    expect((await owner.post(`${orderUrl(orderId)}/fulfil`, body, forged)).status).toBe(403);
    expect(await adminSnapshot(server.app.deps.store)).toBe(before);

    expect((await owner.post(`${orderUrl(orderId)}/fulfil`, body)).status).toBe(200);
    const fixed = { carrier: 'DHL', trackingNumber: '0987654321' };
    expect((await bookkeeper.put(`${orderUrl(orderId)}/tracking`, fixed)).status).toBe(403);
    expect((await stranger.put(`${orderUrl(orderId)}/tracking`, fixed)).status).toBe(401);
    expect((await owner.put(`${orderUrl(orderId)}/tracking`, fixed, forged)).status).toBe(403);
    expect((await detailTracking(orderId))?.number).toBe('1234567890');
  });
});
