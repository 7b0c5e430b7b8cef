/**
 * Delivery of digital products: the owner attaches a file to a digital product (refused for
 * another type, over the cap, or without a file), a buyer's confirmation email and page carry a
 * download link, the link streams the file with its headers five times and then refuses (410),
 * as it does once expired or for a cancelled order, naming the order and the shop's contact page;
 * an unknown link is 404. The demo shop's guide comes seeded with its PDF, recorded as an upload is.
 * A digital product bought without a file gets no link: the buyer is told the shop sends it, and
 * the owner's new-order email says to send it by hand.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { DOWNLOADS } from '../../client/lib/messages.ts';
import { placeOrderThroughCheckout } from './helpers/checkout.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from './helpers/platform-server.ts';
import { Visitor } from './helpers/visitor.ts';
import { upload } from './admin/admin-helpers.ts';
import { CONTRIBUTOR_ROLES } from '../../server/security/owner-permissions.ts';
import { createSiteUserAccount } from '../../server/security/site-user-accounts.ts';
import { SiteUserVisitor } from './helpers/site-user-visitor.ts';

const FILE_CAP = 64 * 1024;
const GUIDE_BYTES = Buffer.from('%PDF-1.4\n% a small guide to natural dyes\n');
const DOWNLOAD_LINK = /\/downloads\/[A-Za-z0-9_-]{43}/;

let server: PlatformServer;
let owner: SiteUserVisitor;
let filesDir: string;
const guide = seededProduct('natural-dye-guide');
const mug = seededProduct('stoneware-mug');
const fileUrl = (productId: string) => `/api/admin/products/${encodeURIComponent(productId)}/file`;

beforeAll(async () => {
  filesDir = mkdtempSync(join(tmpdir(), 'product-files-'));
  server = await startPlatformServer({ productFilesDir: filesDir, maxProductFileBytes: FILE_CAP });
  owner = await server.signInOwner();
  const settings = (await owner.get<{ settings: Record<string, unknown> }>('/api/admin/settings')).body.settings;
  const saved = await owner.put('/api/admin/settings', { ...settings, orderNotificationEmail: 'owner-orders@example.com' });
  expect(saved.status, saved.text).toBe(200);
});
afterAll(async () => {
  await server.stop(true);
  rmSync(filesDir, { recursive: true, force: true });
});

/** A new shopper buys one of the seeded product; the confirmation page's path. */
function buy(product = guide): Promise<string> {
  return buyLines([{ product, quantity: 1 }]);
}

/** A new shopper buys these of the seeded products; the confirmation page's path. */
async function buyLines(lines: Array<{ product: typeof guide; quantity: number }>): Promise<string> {
  const shopper = await new Visitor(server.url).start();
  for (const { product, quantity } of lines) {
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: product.id, sku: product.variants[0]!.sku, quantity })).status).toBe(200);
  }
  const placed = await placeOrderThroughCheckout(shopper, undefined, { email: 'reader@example.com' });
  expect(placed.status, placed.text).toBe(201);
  return new URL(placed.body.confirmationUrl!, server.url).pathname + new URL(placed.body.confirmationUrl!, server.url).search;
}

const orderIdOf = (confirmationPath: string) => confirmationPath.split('/').at(-1)!.split('?')[0]!;

async function emailOf(orderId: string, kind: string): Promise<{ text: string; html: string }> {
  const row = await server.app.deps.store.get<{ text_body: string; html_body: string }>(
    'SELECT text_body, html_body FROM email_outbox WHERE subject_id = ? AND kind = ?', [orderId, kind],
  );
  expect(row, `${kind} email of ${orderId}`).toBeDefined();
  return { text: row!.text_body, html: row!.html_body };
}

const download = (path: string) => fetch(`${server.url}${path}`);

/** How a refusal names the order to quote to the shop ("order #1003"). */
async function orderToQuote(orderId: string): Promise<string> {
  const row = await server.app.deps.store.get<{ order_number: number | string }>('SELECT order_number FROM orders WHERE id = ?', [orderId]);
  return DOWNLOADS.orderToQuote(Number(row!.order_number));
}

describe('the owner attaches a file to a digital product', () => {
  it("seeds the demo's guide with its PDF, recorded as an owner's upload is", async () => {
    const seeded = readFileSync(new URL('../../fixtures/seed/natural-dyeing-field-guide.pdf', import.meta.url));
    const stored = readdirSync(filesDir);
    expect(stored).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/)]);
    expect(readFileSync(join(filesDir, stored[0]!))).toEqual(seeded);
    const answer = await owner.get<{ product: { file: unknown } }>(`/api/admin/products/${guide.id}`);
    expect(answer.body.product.file).toMatchObject({ fileName: 'natural-dyeing-field-guide.pdf', byteSize: seeded.length });
    const row = await server.app.deps.store.get<{ stored_name: string; content_type: string; sha256: string }>(
      'SELECT stored_name, content_type, sha256 FROM product_files WHERE product_id = ?', [guide.id],
    );
    expect(row).toEqual({ stored_name: stored[0], content_type: 'application/pdf', sha256: createHash('sha256').update(seeded).digest('hex') });
  });

  it('gives a digital product without a file none in its editor answer', async () => {
    // the seeded PDF removed, as an owner's Remove does: the tests below start from no file
    expect((await owner.request('DELETE', fileUrl(guide.id))).status).toBe(200);
    const answer = await owner.get<{ product: { file: unknown } }>(`/api/admin/products/${guide.id}`);
    expect(answer.body.product.file).toBeNull();
  });

  it('refuses a product that is not digital (409), an unknown one (404), a missing file (400) and one over the cap (413)', async () => {
    const file = { bytes: GUIDE_BYTES, name: 'guide.pdf', type: 'application/pdf' };
    const physical = await upload(owner, fileUrl(mug.id), file, {}, 'file');
    expect(physical.status).toBe(409);
    expect(physical.body.message).toBe(ADMIN.server.productFileNotDigital);
    expect((await upload(owner, fileUrl('no-such-product'), file, {}, 'file')).status).toBe(404);
    expect((await upload(owner, fileUrl('bad id'), file, {}, 'file')).status).toBe(400);
    expect((await owner.request('DELETE', fileUrl('bad id'))).status).toBe(400);
    expect((await owner.request('DELETE', fileUrl('no-such-product'))).status).toBe(404);
    const missing = await upload(owner, fileUrl(guide.id), null, {}, 'file');
    expect(missing.status).toBe(400);
    const big = await upload(owner, fileUrl(guide.id), { bytes: Buffer.alloc(FILE_CAP + 1), name: 'big.pdf', type: 'application/pdf' }, {}, 'file');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The file is larger than 0.06 MB, the most a download may be.');
    expect(readdirSync(filesDir)).toEqual([]);
    expect((await owner.request('DELETE', fileUrl(guide.id))).status).toBe(404);
  });

  it('keeps one file per product: a new upload replaces the old one, and Remove takes it away', async () => {
    const first = await upload(owner, fileUrl(guide.id), { bytes: Buffer.from('old'), name: 'old.pdf', type: 'application/pdf' }, {}, 'file');
    expect(first.status).toBe(201);
    const second = await upload(owner, fileUrl(guide.id), { bytes: Buffer.from('newer'), name: 'newer.pdf', type: 'application/pdf' }, {}, 'file');
    expect(second.status).toBe(201);
    expect(second.body.file).toMatchObject({ fileName: 'newer.pdf', byteSize: 5 });
    expect(readdirSync(filesDir)).toHaveLength(1);
    expect((await owner.request('DELETE', fileUrl(guide.id))).status).toBe(200);
    expect(readdirSync(filesDir)).toEqual([]);
    expect((await owner.get<{ product: { file: unknown } }>(`/api/admin/products/${guide.id}`)).body.product.file).toBeNull();
  });
});

describe('a digital product bought without a file', () => {
  it('gets no link, the buyer is told the shop sends the file, and the owner is told to send it by hand', async () => {
    const confirmationPath = await buy();
    const orderId = orderIdOf(confirmationPath);
    const toFollow = DOWNLOADS.fileToFollow('Natural Dyeing Field Guide (PDF)');
    expect(toFollow).toBe('Natural Dyeing Field Guide (PDF): the shop will send you this file itself.');
    const confirmation = await emailOf(orderId, 'order-confirmation');
    expect(confirmation.text).not.toMatch(DOWNLOAD_LINK);
    expect(confirmation.text).toContain(`\n${toFollow}\n`);
    expect(confirmation.html).toContain(`<p>${toFollow}</p>`);
    const page = await new Visitor(server.url).get<string>(confirmationPath);
    expect(page.text).toContain(`<li class="order-download-to-follow">${toFollow}</li>`);
    const owners = await emailOf(orderId, 'new-order');
    expect(owners.text).toContain(`Natural Dyeing Field Guide (PDF): $`);
    expect(owners.text).toContain(`(${DOWNLOADS.noFileForOwner})`);
    const screen = await owner.get<{ order: { downloads: unknown[] } }>(`/api/admin/orders/${orderId}`);
    expect(screen.body.order.downloads).toEqual([expect.objectContaining({ delivered: false })]);
  });
});

describe('a digital product bought with a file', () => {
  let confirmationPath: string;
  let orderId: string;
  let link: string;

  beforeAll(async () => {
    const uploaded = await upload(owner, fileUrl(guide.id), { bytes: GUIDE_BYTES, name: 'Färberei "Guide".pdf', type: 'application/pdf' }, {}, 'file');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.file).toMatchObject({ fileName: 'Färberei Guide.pdf', byteSize: GUIDE_BYTES.length });
    confirmationPath = await buy();
    orderId = orderIdOf(confirmationPath);
  });

  it('emails the link with how often and how long it works, in the text and the HTML', async () => {
    const email = await emailOf(orderId, 'order-confirmation');
    expect(email.text).toContain('Download Natural Dyeing Field Guide (PDF) (works 5 times until ');
    link = DOWNLOAD_LINK.exec(email.text)![0];
    expect(email.html).toContain(link);
    expect(email.html).toContain('Download Natural Dyeing Field Guide (PDF)</a>');
    expect((await emailOf(orderId, 'new-order')).text).not.toContain(DOWNLOADS.noFileForOwner);
  });

  it("shows the order's emails in the admin without the link, to the owner and to staff who only read orders", async () => {
    await createSiteUserAccount(server.app.deps, { email: 'download-viewer@example.com', password: 'a viewer passphrase', contributorRole: CONTRIBUTOR_ROLES.viewer });
    const viewer = await new SiteUserVisitor(server.url).signIn('download-viewer@example.com', 'a viewer passphrase');
    for (const reader of [owner, viewer]) {
      const screen = await reader.get<{ order: { emails: Array<{ kind: string; text: string }> } }>(`/api/admin/orders/${orderId}`);
      expect(screen.status).toBe(200);
      const confirmation = screen.body.order.emails.find((email) => email.kind === 'order-confirmation')!;
      expect(confirmation.text).toContain('Download Natural Dyeing Field Guide (PDF) (works 5 times until ');
      expect(confirmation.text).toContain('/downloads/…');
      for (const email of screen.body.order.emails) expect(email.text).not.toMatch(/\/downloads\/[A-Za-z0-9_-]/);
    }
    // the outbox keeps the working link, for the buyer
    expect((await emailOf(orderId, 'order-confirmation')).text).toMatch(DOWNLOAD_LINK);
  });

  it('shows the same link on the confirmation page', async () => {
    const page = await new Visitor(server.url).get<string>(confirmationPath);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`href="${link}"`);
    expect(page.text).toContain('Download Natural Dyeing Field Guide (PDF)');
  });

  it('streams the file with its name, type and headers, five times, then refuses with 410', async () => {
    for (let time = 1; time <= 5; time += 1) {
      const answer = await download(link);
      expect(answer.status).toBe(200);
      expect(Buffer.from(await answer.arrayBuffer())).toEqual(GUIDE_BYTES);
      // never the declared type: as bytes to save, sandboxed, a file cannot run on the shop's pages
      expect(answer.headers.get('content-type')).toBe('application/octet-stream');
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="F_rberei Guide.pdf"; filename*=UTF-8''F%C3%A4rberei%20Guide.pdf`);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      if (time === 3) expect((await new Visitor(server.url).get<string>(confirmationPath)).text).toContain('(works 2 more times until ');
    }
    const sixth = await download(link);
    expect(sixth.status).toBe(410);
    // the refusal is still a page of the shop
    expect(sixth.headers.get('content-type')).toMatch(/^text\/html/);
    const refusal = await sixth.text();
    expect(refusal).toContain(DOWNLOADS.usedUp(5, await orderToQuote(orderId)));
    expect(DOWNLOADS.usedUp(5, 'order #1001')).toBe('This download link has been used 5 times, as many as it allows. Please contact the shop, quoting order #1001, for a new one.');
    // a way to reach the shop: the demo's contact page
    expect(refusal).toContain(`<a class="button" href="/contact">${DOWNLOADS.contactShop}</a>`);
    // the used-up link is named as text, no longer as a link that only refuses
    const spentPage = (await new Visitor(server.url).get<string>(confirmationPath)).text;
    expect(spentPage).toContain(`<span class="order-download order-download--spent">Download Natural Dyeing Field Guide (PDF)</span> <span class="order-download__terms">(${DOWNLOADS.linkTermsUsedUp(5)})`);
    expect(spentPage).not.toContain(`href="${link}"`);
    const screen = await owner.get<{ order: { downloads: unknown[] } }>(`/api/admin/orders/${orderId}`);
    expect(screen.body.order.downloads).toEqual([expect.objectContaining({ delivered: true, downloadsLeft: 0 })]);
  });

  it('refuses an expired link with 410 and says to contact the shop', async () => {
    const otherPage = await buy();
    const other = orderIdOf(otherPage);
    const otherLink = DOWNLOAD_LINK.exec((await emailOf(other, 'order-confirmation')).text)![0];
    expect((await download(otherLink)).status).toBe(200);
    await server.app.deps.store.run('UPDATE download_grants SET expires_on = ? WHERE order_id = ?', [Date.now() - 1000, other]);
    const expired = await download(otherLink);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain(DOWNLOADS.expired(await orderToQuote(other)));
    const expiredPage = (await new Visitor(server.url).get<string>(otherPage)).text;
    expect(expiredPage).not.toContain(`href="${otherLink}"`);
  });

  it("refuses a cancelled order's link with 410, and its page no longer lists it", async () => {
    const otherPage = await buy();
    const other = orderIdOf(otherPage);
    const otherLink = DOWNLOAD_LINK.exec((await emailOf(other, 'order-confirmation')).text)![0];
    expect((await owner.post(`/api/admin/orders/${other}/cancel`, {})).status).toBe(200);
    const refused = await download(otherLink);
    expect(refused.status).toBe(410);
    expect(await refused.text()).toContain(DOWNLOADS.orderClosed(await orderToQuote(other)));
    const page = await new Visitor(server.url).get<string>(otherPage);
    expect(page.text).toContain('Order cancelled');
    expect(page.text).not.toContain(otherLink);
    // and the order's screen says the link stopped, not how many downloads it has left
    const detail = await owner.get<{ order: { downloads: Array<{ orderClosed: string | null }> } }>(`/api/admin/orders/${other}`);
    expect(detail.body.order.downloads).toEqual([expect.objectContaining({ orderClosed: 'cancelled' })]);
  });

  it("stops a line's link once refunds of part of the order give back all of it, as a whole refund does", async () => {
    const otherPage = await buyLines([{ product: guide, quantity: 1 }, { product: mug, quantity: 1 }]);
    const other = orderIdOf(otherPage);
    const otherLink = DOWNLOAD_LINK.exec((await emailOf(other, 'order-confirmation')).text)![0];
    type Detail = { order: { lines: Array<{ itemId: string; productId: string; unitPriceCents: number }>; downloads: Array<{ refunded: boolean }> } };
    const detail = (await owner.get<Detail>(`/api/admin/orders/${other}`)).body.order;
    const line = detail.lines.find((candidate) => candidate.productId === guide.id)!;
    expect(detail.downloads).toEqual([expect.objectContaining({ delivered: true, refunded: false })]);
    const refunded = await owner.post(`/api/admin/orders/${other}/refunds`, { lines: [{ itemId: line.itemId, quantity: 1, restock: false }], amountCents: line.unitPriceCents, notifyCustomer: false });
    expect(refunded.status, refunded.text).toBe(200);
    const refused = await download(otherLink);
    expect(refused.status).toBe(410);
    expect(await refused.text()).toContain(DOWNLOADS.lineRefunded(await orderToQuote(other)));
    // the order itself goes on (the mug is still bought), but its page no longer offers the link
    const page = await new Visitor(server.url).get<string>(otherPage);
    expect(page.text).not.toContain(otherLink);
    expect((await owner.get<Detail>(`/api/admin/orders/${other}`)).body.order.downloads).toEqual([expect.objectContaining({ refunded: true })]);
  });

  it('gives a line of two copies 5 downloads for each: its link works 10 times', async () => {
    const twoPage = await buyLines([{ product: guide, quantity: 2 }]);
    const two = orderIdOf(twoPage);
    const email = await emailOf(two, 'order-confirmation');
    expect(email.text).toContain('Download Natural Dyeing Field Guide (PDF) (works 10 times until ');
    const twoLink = DOWNLOAD_LINK.exec(email.text)![0];
    for (let time = 1; time <= 10; time++) expect((await download(twoLink)).status, `download ${time}`).toBe(200);
    const eleventh = await download(twoLink);
    expect(eleventh.status).toBe(410);
    expect(await eleventh.text()).toContain(DOWNLOADS.usedUp(10, await orderToQuote(two)));
    const screen = await owner.get<{ order: { downloads: unknown[] } }>(`/api/admin/orders/${two}`);
    expect(screen.body.order.downloads).toEqual([expect.objectContaining({ downloadsLeft: 0, downloadsAllowed: 10 })]);
  });

  it('serves a file uploaded as text/javascript as bytes to save, which no page can run as a script', async () => {
    const script = Buffer.from('document.title = "ran";\n');
    expect((await upload(owner, fileUrl(guide.id), { bytes: script, name: 'x.js', type: 'text/javascript' }, {}, 'file')).status).toBe(201);
    try {
      const other = orderIdOf(await buy());
      const otherLink = DOWNLOAD_LINK.exec((await emailOf(other, 'order-confirmation')).text)![0];
      const answer = await download(otherLink);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/octet-stream');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="x.js"; filename*=UTF-8''x.js`);
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(Buffer.from(await answer.arrayBuffer())).toEqual(script);
    } finally {
      expect((await upload(owner, fileUrl(guide.id), { bytes: GUIDE_BYTES, name: 'Färberei "Guide".pdf', type: 'application/pdf' }, {}, 'file')).status).toBe(201);
    }
  });

  it('answers a HEAD with the headers and spends no download', async () => {
    const other = orderIdOf(await buy());
    const otherLink = DOWNLOAD_LINK.exec((await emailOf(other, 'order-confirmation')).text)![0];
    const head = await fetch(`${server.url}${otherLink}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(GUIDE_BYTES.length));
    const left = await server.app.deps.store.get<{ downloads_left: number | string }>('SELECT downloads_left FROM download_grants WHERE order_id = ?', [other]);
    expect(Number(left!.downloads_left)).toBe(5);
  });

  it('answers 404 to an unknown or malformed token', async () => {
    const unknown = await download(`/downloads/${createHash('sha256').update('guess').digest('base64url')}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(DOWNLOADS.unknown);
    expect((await download('/downloads/short')).status).toBe(404);
  });
});
