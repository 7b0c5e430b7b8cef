/**
 * Bad input on every admin call (/config's calls under /api/admin): wrong types, prices and stock
 * out of range, oversized text, files that are not images and an upload over 20 MB, each refused with
 * a 4xx naming the field, and nothing written (checked through the store, on either engine).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { MAX_IMAGE_BYTES } from '../../../client/lib/image-upload-limits.ts';
import { serverMessages } from '../../../server/messages.ts';
import { MAX_IMPORT_BYTES } from '../../../server/admin/product-import.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { HOSTILE_TEXT, NOT_AN_OBJECT, tenMegabyteJson } from '../helpers/refusal.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { adminSnapshot, productInput, TINY_PNG, upload } from '../admin/admin-helpers.ts';

const PRODUCTS = '/api/admin/products';
const PRODUCT = '/api/admin/products/:productId';
const IMAGES = '/api/admin/products/:productId/images';
const STOCK = '/api/admin/inventory/:variantId';
const HISTORY = '/api/admin/inventory/:variantId/history';
const ORDERS = '/api/admin/orders';
const ORDERS_CSV = '/api/admin/orders.csv';
const ORDER = '/api/admin/orders/:orderId';
const GIFT_CARDS = '/api/admin/gift-cards';
const GIFT_CARD = '/api/admin/gift-cards/:giftCardId';
const DISCOUNT_CODES = '/api/admin/discount-codes';
const DISCOUNT_CODE = '/api/admin/discount-codes/:discountCodeId';
const FORM = '/api/admin/messages/forms/:formId';
const FORM_CSV = '/api/admin/messages/forms/:formId/submissions.csv';
const SETTINGS = '/api/admin/settings';
const PASSWORD = '/api/admin/account/password';
const EMAIL = '/api/admin/account/email';

let server: PlatformServer;
let owner: SiteUserVisitor;
let uploads: string;
let product: { id: string; variants: Array<{ id: string; sku: string; priceCents: number; qtyInStock: number; attributes: Record<string, string> }> };
let settings: Record<string, unknown>;

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'admin-bad-uploads-'));
  server = await startPlatformServer({ uploadsDir: uploads });
  owner = await server.signInOwner();
  const created = await owner.post<{ product: typeof product }>(PRODUCTS, productInput());
  expect(created.status, created.text).toBe(201);
  product = created.body.product;
  settings = (await owner.get<{ settings: Record<string, unknown> }>(SETTINGS)).body.settings;
});
afterAll(async () => {
  await server.stop(true);
  rmSync(uploads, { recursive: true, force: true });
});

const productUrl = (id = product.id) => PRODUCT.replace(':productId', encodeURIComponent(id));
const imagesUrl = (id = product.id) => IMAGES.replace(':productId', encodeURIComponent(id));
const stockUrl = (id = product.variants[0]!.id) => STOCK.replace(':variantId', encodeURIComponent(id));

interface Refusal { status: number; body: { message?: unknown; fieldErrors?: Record<string, string> } }

/** Sends one bad call: a 4xx (never 500 or 429) with a message, the named field if given, and nothing written. */
async function refused(send: () => Promise<{ status: number; body: unknown }>, expected: { status?: number; field?: string } = {}): Promise<Refusal> {
  const before = await adminSnapshot(server.app.deps.store);
  const answer = (await send()) as Refusal;
  const shown = JSON.stringify(answer.body).slice(0, 300);
  expect(answer.status, shown).toBeGreaterThanOrEqual(400);
  expect(answer.status, shown).toBeLessThan(500);
  expect(answer.status, shown).not.toBe(429);
  if (expected.status !== undefined) expect(answer.status, shown).toBe(expected.status);
  expect(typeof answer.body.message, shown).toBe('string');
  if (expected.field !== undefined) expect(Object.keys(answer.body.fieldErrors ?? {}), shown).toContain(expected.field);
  expect(await adminSnapshot(server.app.deps.store)).toBe(before);
  return answer;
}

const withVariant = (change: Record<string, unknown>) => productInput({ variants: [{ ...productInput().variants[0], ...change }] });

describe(`POST ${PRODUCTS} and PUT ${PRODUCT}`, () => {
  const writes = () => [
    (body: unknown) => owner.post(PRODUCTS, body),
    (body: unknown) => owner.put(productUrl(), body),
  ];

  it('refuse unreadable bodies and bodies that are not an object', async () => {
    for (const send of [(body: string) => owner.request('POST', PRODUCTS, body), (body: string) => owner.request('PUT', productUrl(), body)]) {
      const malformed = await refused(() => send('{"title": '), { status: 400 });
      expect(malformed.body.message).toBe(serverMessages.malformedJson);
      expect((await refused(() => send(tenMegabyteJson()), { status: 413 })).body.message).toBe(serverMessages.bodyTooLarge);
      for (const [, body] of NOT_AN_OBJECT) await refused(() => send(body), { status: 400 });
    }
  });

  it('name each field of the wrong type', async () => {
    for (const send of writes()) {
      await refused(() => send(productInput({ title: 42 })), { status: 400, field: 'title' });
      await refused(() => send(productInput({ visible: 'yes' })), { status: 400, field: 'visible' });
      await refused(() => send(productInput({ productType: 'spaceship' })), { status: 400, field: 'productType' });
      // a type code the list does not read (5 is the platform's paywall), or one of another kind
      for (const productType of [5, 0, 1.5, true, null]) await refused(() => send(productInput({ productType })), { status: 400, field: 'productType' });
      await refused(() => send(productInput({ categories: 'Apparel' })), { status: 400, field: 'categories' });
      await refused(() => send(productInput({ variants: {} })), { status: 400, field: 'variants' });
      await refused(() => send(withVariant({ priceCents: '12.00' })), { status: 400, field: 'variants.0.priceCents' });
      await refused(() => send(withVariant({ priceCents: null })), { status: 400, field: 'variants.0.priceCents' });
      await refused(() => send(withVariant({ qtyInStock: 1.5 })), { status: 400, field: 'variants.0.qtyInStock' });
      await refused(() => send(withVariant({ unlimited: 1 })), { status: 400, field: 'variants.0.unlimited' });
      // the revision the editor loaded: a whole number from 1
      for (const revision of ['1', 0, -1, 1.5, null]) {
        await refused(() => send(productInput({ revisionWhenLoaded: revision })), { status: 400, field: 'revisionWhenLoaded' });
      }
    }
  });

  it('refuse prices and stock out of range', async () => {
    for (const send of writes()) {
      await refused(() => send(withVariant({ priceCents: -1 })), { status: 400, field: 'variants.0.priceCents' });
      await refused(() => send(withVariant({ priceCents: 100_000_001 })), { status: 400, field: 'variants.0.priceCents' });
      await refused(() => send(withVariant({ salePriceCents: -5 })), { status: 400, field: 'variants.0.salePriceCents' });
      await refused(() => send(withVariant({ onSale: true, salePriceCents: 13_000 })), { status: 400, field: 'variants.0.salePriceCents' });
      await refused(() => send(withVariant({ qtyInStock: -1 })), { status: 400, field: 'variants.0.qtyInStock' });
      await refused(() => send(withVariant({ qtyInStock: 1_000_001 })), { status: 400, field: 'variants.0.qtyInStock' });
      await refused(() => send(withVariant({ weightGrams: -3 })), { status: 400, field: 'variants.0.weightGrams' });
      await refused(() => send(productInput({ variants: [] })), { status: 400, field: 'variants' });
    }
  });

  it('refuse oversized and control-character text', async () => {
    for (const send of writes()) {
      await refused(() => send(productInput({ title: 'x'.repeat(201) })), { status: 400, field: 'title' });
      await refused(() => send(productInput({ title: '   ' })), { status: 400, field: 'title' });
      await refused(() => send(productInput({ description: 'x'.repeat(20_001) })), { status: 400, field: 'description' });
      await refused(() => send(productInput({ tags: Array.from({ length: 51 }, (_, index) => `t${index}`) })), { status: 400, field: 'tags' });
      await refused(() => send(productInput({ title: HOSTILE_TEXT.controlAndUnicode })), { status: 400, field: 'title' });
      await refused(() => send(productInput({ urlSlug: 'Not A Slug' })), { status: 400, field: 'urlSlug' });
      await refused(() => send(withVariant({ sku: HOSTILE_TEXT.sql })), { status: 400, field: 'variants.0.sku' });
    }
  });

  it('refuse variants that do not match the options, repeat, or take a SKU in use', async () => {
    for (const send of writes()) {
      await refused(() => send(withVariant({ attributes: {} })), { status: 400, field: 'variants.0.attributes' });
      await refused(() => send(productInput({ variants: [productInput().variants[0], { ...productInput().variants[1], attributes: { Size: 'S' } }] })), { status: 400, field: 'variants.1.attributes' });
      await refused(() => send(productInput({ variants: [productInput().variants[0], { ...productInput().variants[1], sku: 'HJ-S' }] })), { status: 400, field: 'variants.1.sku' });
      await refused(() => send(productInput({ additionalFieldsFormId: 'no-such-form' })), { status: 400, field: 'additionalFieldsFormId' });
    }
    // a SKU of another product
    await refused(() => owner.post(PRODUCTS, productInput({ title: 'Other', variants: [{ ...productInput().variants[0], sku: 'HJ-M' }] })), { status: 400, field: 'variants.0.sku' });
  });

  it('keep SQL metacharacters and markup as plain text', async () => {
    const saved = await owner.put<{ product: { title: string; description: string } }>(productUrl(), productInput({
      title: HOSTILE_TEXT.sql, description: '<script>alert(1)</script>', variants: product.variants,
    }));
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.product.title).toBe(HOSTILE_TEXT.sql);
    const page = await owner.get('/shop/p/harbour-jacket');
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe(`GET, PUT, DELETE ${PRODUCT}: the product id`, () => {
  it('refuses ids that are not ids and answers 404 for unknown ones', async () => {
    for (const id of ['a b', 'x'.repeat(65), HOSTILE_TEXT.sql, 'a\u0000b']) {
      await refused(() => owner.get(productUrl(id)), { status: 400 });
      await refused(() => owner.put(productUrl(id), productInput()), { status: 400 });
      await refused(() => owner.request('DELETE', productUrl(id)), { status: 400 });
      await refused(() => owner.get(HISTORY.replace(':variantId', encodeURIComponent(id))), { status: 400 });
      await refused(() => owner.get(ORDER.replace(':orderId', encodeURIComponent(id))), { status: 400 });
      await refused(() => owner.get(FORM.replace(':formId', encodeURIComponent(id))), { status: 400 });
      await refused(() => owner.get(FORM_CSV.replace(':formId', encodeURIComponent(id))), { status: 400 });
    }
    await refused(() => owner.request('DELETE', productUrl('unknown-product')), { status: 404 });
    await refused(() => owner.put(productUrl(), productInput({ variants: [{ ...product.variants[0], id: 'not-a-variant-of-it' }] })), { status: 404 });
    await refused(() => owner.put(productUrl(), productInput({ variants: product.variants, images: [{ id: 'not-an-image', altText: '' }] })), { status: 404 });
  });

  it('refuses a search query that is too long', async () => {
    await refused(() => owner.get(`${PRODUCTS}?q=${'x'.repeat(201)}`), { status: 400, field: 'q' });
  });
});

describe(`POST ${IMAGES}`, () => {
  it('refuses a file that is not an image, whatever its name and declared type, and stores nothing', async () => {
    for (const file of [
      { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'evil.svg', type: 'image/svg+xml' },
      { bytes: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), name: 'photo.png', type: 'image/png' },
      { bytes: Buffer.from('just text'), name: 'photo.jpg', type: 'image/jpeg' },
      { bytes: TINY_PNG.subarray(0, 20), name: 'cut.png', type: 'image/png' },
    ]) {
      const answer = await refused(() => upload(owner, imagesUrl(), file), { field: 'image' });
      expect([400, 415]).toContain(answer.status);
    }
    expect(readdirSync(uploads)).toEqual([]);
  });

  it('answers 413 to an upload over 20 MB and stores nothing', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(MAX_IMAGE_BYTES)]);
    await refused(() => upload(owner, imagesUrl(), { bytes: big, name: 'huge.png', type: 'image/png' }), { status: 413, field: 'image' });
    expect(readdirSync(uploads)).toEqual([]);
  });

  it('refuses an upload without a file, with another field name, an oversized alt text or for an unknown product', async () => {
    await refused(() => upload(owner, imagesUrl(), null), { status: 400, field: 'image' });
    await refused(() => upload(owner, imagesUrl(), { bytes: TINY_PNG, name: 'a.png', type: 'image/png' }, { altText: 'x'.repeat(501) }), { status: 400, field: 'altText' });
    await refused(() => upload(owner, imagesUrl('unknown-product'), { bytes: TINY_PNG, name: 'a.png', type: 'image/png' }), { status: 404 });
    await refused(() => upload(owner, imagesUrl('bad id'), { bytes: TINY_PNG, name: 'a.png', type: 'image/png' }), { status: 400 });
    expect(readdirSync(uploads)).toEqual([]);
  });
});

describe(`PUT ${STOCK}`, () => {
  it('refuses wrong types, stock out of range, unknown reasons and unknown variants', async () => {
    await refused(() => owner.put(stockUrl(), { qtyInStock: '5' }), { status: 400, field: 'qtyInStock' });
    await refused(() => owner.put(stockUrl(), { qtyInStock: -1 }), { status: 400, field: 'qtyInStock' });
    await refused(() => owner.put(stockUrl(), { qtyInStock: 1_000_001 }), { status: 400, field: 'qtyInStock' });
    await refused(() => owner.put(stockUrl(), { qtyInStock: 2.5 }), { status: 400, field: 'qtyInStock' });
    await refused(() => owner.put(stockUrl(), { qtyInStock: 5, reason: 'order' }), { status: 400, field: 'reason' });
    await refused(() => owner.put(stockUrl(), { qtyInStock: 5, unlimited: 'no' }), { status: 400, field: 'unlimited' });
    await refused(() => owner.put(stockUrl('unknown-variant'), { qtyInStock: 5 }), { status: 404 });
    await refused(() => owner.put(stockUrl('bad id'), { qtyInStock: 5 }), { status: 400 });
    for (const [, body] of NOT_AN_OBJECT) await refused(() => owner.request('PUT', stockUrl(), body), { status: 400 });
  });
});

describe('POST, PUT and DELETE /api/admin/staff', () => {
  it('names a bad email or role, refuses unknown fields and ids, and writes nothing', async () => {
    const before = await owner.get<{ staff: unknown[] }>('/api/admin/staff');
    await refused(() => owner.post('/api/admin/staff', { email: 'not an email', role: 8 }), { status: 400, field: 'email' });
    await refused(() => owner.post('/api/admin/staff', { email: 'new@example.com', role: 14 }), { status: 400, field: 'role' });
    await refused(() => owner.post('/api/admin/staff', { email: 'new@example.com', role: '8' }), { status: 400, field: 'role' });
    // a role's name the admin does not offer, in another spelling, or an object's own key
    for (const role of ['owner', 'none', 'Store Manager', 'storeManager', 'constructor', '__proto__', true, null]) {
      await refused(() => owner.post('/api/admin/staff', { email: 'new@example.com', role }), { status: 400, field: 'role' });
    }
    await refused(() => owner.post('/api/admin/staff', { email: 'new@example.com', role: 8, password: 'mine' }), { status: 400 });
    await refused(() => owner.post('/api/admin/staff', { email: `${'x'.repeat(300)}@example.com`, role: 8 }), { status: 400, field: 'email' });
    await refused(() => owner.put('/api/admin/staff/no-such-member', { role: 8 }), { status: 404 });
    await refused(() => owner.put("/api/admin/staff/'%20OR%201=1", { role: 8 }), { status: 400 });
    await refused(() => owner.delete('/api/admin/staff/no-such-member'), { status: 404 });
    expect((await owner.get<{ staff: unknown[] }>('/api/admin/staff')).body.staff).toEqual(before.body.staff);
  });
});

describe('POST /api/admin/product-import', () => {
  it('refuses a missing, oversized, binary or malformed file, and a file of the wrong field, writing nothing', async () => {
    const send = (bytes: Buffer, field = 'file') => upload(owner, '/api/admin/product-import', { bytes, name: 'products.csv', type: 'text/csv' }, {}, field);
    await refused(() => upload(owner, '/api/admin/product-import', null, {}, 'file'), { status: 400 });
    await refused(() => send(Buffer.from('Product,Price,Stock\nMug,1,1\n'), 'image'), { status: 400 });
    await refused(() => send(Buffer.alloc(MAX_IMPORT_BYTES + 1, 0x41)), { status: 413 });
    await refused(() => send(TINY_PNG), { status: 400 });
    await refused(() => send(Buffer.from('Product,Price,Stock\n"Mug,1,1\n')), { status: 400 });
    await refused(() => send(Buffer.from(`Product,Price,Stock\n${HOSTILE_TEXT.sql},1e9,1\n`)), { status: 400 });
    await refused(() => send(Buffer.from('Product,Price,Stock\nMug,1.00,99999999999\n')), { status: 400 });
  });
});

describe('GET /api/admin/messages lists', () => {
  it('names a bad page or an oversized search', async () => {
    const forms = (await owner.get<{ forms: Array<{ id: string }> }>('/api/admin/messages/forms')).body.forms;
    for (const list of ['/api/admin/messages/subscribers', '/api/admin/messages/restock', FORM.replace(':formId', forms[0]!.id)]) {
      await refused(() => owner.get(`${list}?limit=0`), { status: 400, field: 'limit' });
      await refused(() => owner.get(`${list}?limit=201`), { status: 400, field: 'limit' });
      await refused(() => owner.get(`${list}?offset=-1`), { status: 400, field: 'offset' });
      await refused(() => owner.get(`${list}?offset=many`), { status: 400, field: 'offset' });
    }
    await refused(() => owner.get(`/api/admin/messages/subscribers?q=${'x'.repeat(201)}`), { status: 400, field: 'q' });
  });
});

describe('GET /api/admin/inventory', () => {
  it('names a bad page, stock filter or oversized search', async () => {
    await refused(() => owner.get('/api/admin/inventory?limit=0'), { status: 400, field: 'limit' });
    await refused(() => owner.get('/api/admin/inventory?offset=-1'), { status: 400, field: 'offset' });
    await refused(() => owner.get('/api/admin/inventory?stock=none'), { status: 400, field: 'stock' });
    await refused(() => owner.get(`/api/admin/inventory?q=${'x'.repeat(201)}`), { status: 400, field: 'q' });
  });
});

describe(`GET ${ORDERS}, ${ORDERS_CSV} and the order moves of ${ORDER}`, () => {
  it('refuses list parameters out of range', async () => {
    await refused(() => owner.get(`${ORDERS}?limit=0`), { status: 400, field: 'limit' });
    await refused(() => owner.get(`${ORDERS}?limit=1000`), { status: 400, field: 'limit' });
    await refused(() => owner.get(`${ORDERS}?offset=-1`), { status: 400, field: 'offset' });
    await refused(() => owner.get(`${ORDERS}?status=lost`), { status: 400, field: 'status' });
  });

  it('refuses a period it does not know, a day that does not exist, days out of order, and a period with days, on the list and the export', async () => {
    for (const path of [ORDERS, ORDERS_CSV]) {
      await refused(() => owner.get(`${path}?period=yesterday`), { status: 400, field: 'period' });
      expect((await refused(() => owner.get(`${path}?from=2026-02-30`), { status: 400, field: 'from' })).body.message).toBe(ADMIN.server.fromNotADay);
      expect((await refused(() => owner.get(`${path}?to=27/11/2026`), { status: 400, field: 'to' })).body.message).toBe(ADMIN.server.toNotADay);
      expect((await refused(() => owner.get(`${path}?from=2026-11-27&to=2026-11-01`), { status: 400, field: 'to' })).body.message).toBe(ADMIN.server.periodBackwards);
      expect((await refused(() => owner.get(`${path}?period=today&from=2026-11-01`), { status: 400, field: 'period' })).body.message).toBe(ADMIN.server.periodAndDays);
      await refused(() => owner.get(`${path}?from=2026-11-01&from=2026-11-02`), { status: 400, field: 'from' });
    }
  });

  it('refuses a body with fields, a bad id and an unknown order on fulfil, cancel and refund', async () => {
    for (const move of ['/fulfil', '/cancel', '/refund']) {
      const url = (id: string) => `${ORDER.replace(':orderId', encodeURIComponent(id))}${move}`;
      await refused(() => owner.post(url('unknown-order'), { status: 'fulfilled' }), { status: 400 });
      await refused(() => owner.post(url('bad id'), {}), { status: 400 });
      await refused(() => owner.post(url('unknown-order'), {}), { status: 404 });
    }
  });

  it('refuses a refund of part of an order with unknown or missing fields, bad amounts, quantities and ids, hostile reasons, and an unknown order', async () => {
    const refunds = (id: string) => `${ORDER.replace(':orderId', encodeURIComponent(id))}/refunds`;
    const valid = { lines: [], amountCents: 100, notifyCustomer: false };
    await refused(() => owner.post(refunds('unknown-order'), { ...valid, status: 'refunded' }), { status: 400 });
    await refused(() => owner.post(refunds('unknown-order'), { lines: [], notifyCustomer: false }), { status: 400, field: 'amountCents' });
    for (const amountCents of [0, -1, 1.5, '100', null]) await refused(() => owner.post(refunds('unknown-order'), { ...valid, amountCents }), { status: 400, field: 'amountCents' });
    await refused(() => owner.post(refunds('unknown-order'), { ...valid, notifyCustomer: 'yes' }), { status: 400, field: 'notifyCustomer' });
    await refused(() => owner.post(refunds('unknown-order'), { ...valid, lines: [{ itemId: 'i1', quantity: 0, restock: false }] }), { status: 400, field: 'lines.0.quantity' });
    await refused(() => owner.post(refunds('unknown-order'), { ...valid, lines: [{ itemId: 'bad id', quantity: 1, restock: false }] }), { status: 400, field: 'lines.0.itemId' });
    await refused(() => owner.post(refunds('unknown-order'), { ...valid, lines: [{ itemId: 'i1', quantity: 1 }] }), { status: 400, field: 'lines.0.restock' });
    await refused(() => owner.post(refunds('unknown-order'), { ...valid, reason: 'x'.repeat(501) }), { status: 400, field: 'reason' });
    await refused(() => owner.post(refunds('unknown-order'), { ...valid, reason: 'a\u0000b' }), { status: 400, field: 'reason' });
    for (const [, body] of NOT_AN_OBJECT) await refused(() => owner.post(refunds('unknown-order'), body), { status: 400 });
    await refused(() => owner.post(refunds('bad id'), valid), { status: 400 });
    await refused(() => owner.post(refunds('unknown-order'), valid), { status: 404 });
  });

  it('refuses a tracking link that is not http or https, a number with other characters, an unknown carrier and other fields, on fulfil and on the tracking correction', async () => {
    const fulfil = (id: string) => `${ORDER.replace(':orderId', encodeURIComponent(id))}/fulfil`;
    const tracking = (id: string) => `${ORDER.replace(':orderId', encodeURIComponent(id))}/tracking`;
    for (const send of [(id: string, body: unknown) => owner.post(fulfil(id), body), (id: string, body: unknown) => owner.put(tracking(id), body)]) {
      expect((await refused(() => send('unknown-order', { trackingUrl: 'javascript:alert(1)' }), { status: 400, field: 'trackingUrl' })).body.fieldErrors!.trackingUrl).toBe(ADMIN.server.trackingUrlInvalid);
      await refused(() => send('unknown-order', { trackingUrl: 'data:text/html,hi' }), { status: 400, field: 'trackingUrl' });
      await refused(() => send('unknown-order', { trackingUrl: `https://example.com/${'x'.repeat(2000)}` }), { status: 400, field: 'trackingUrl' });
      for (const text of Object.values(HOSTILE_TEXT)) await refused(() => send('unknown-order', { trackingNumber: text }), { status: 400, field: 'trackingNumber' });
      await refused(() => send('unknown-order', { trackingNumber: 42 }), { status: 400, field: 'trackingNumber' });
      await refused(() => send('unknown-order', { carrier: 'Pigeon post' }), { status: 400, field: 'carrier' });
      for (const [, body] of NOT_AN_OBJECT) await refused(() => send('unknown-order', body), { status: 400 });
      await refused(() => send('bad id', {}), { status: 400 });
    }
    await refused(() => owner.put(tracking('unknown-order'), { sendNotice: 'yes' }), { status: 400, field: 'sendNotice' });
    await refused(() => owner.put(tracking('unknown-order'), {}), { status: 404 });
  });

  it('refuses a bad order or email id, a body with fields and an email the order does not have on send again and send a copy', async () => {
    for (const action of ['/send', '/resend']) {
      const url = (orderId: string, emailId: string) => `${ORDER.replace(':orderId', encodeURIComponent(orderId))}/emails/${encodeURIComponent(emailId)}${action}`;
      const unknownEmail = '00000000-0000-4000-8000-000000000000';
      await refused(() => owner.post(url('bad id', unknownEmail), {}), { status: 400 });
      await refused(() => owner.post(url('unknown-order', 'not-a-uuid'), {}), { status: 400 });
      await refused(() => owner.post(url('unknown-order', unknownEmail), { to: 'someone@example.com' }), { status: 400 });
      await refused(() => owner.post(url('unknown-order', unknownEmail), {}), { status: 404 });
    }
  });
});

describe(`GET ${GIFT_CARDS}, ${GIFT_CARD} and its stop, start, email and code`, () => {
  it('refuses list parameters out of range and oversized search words', async () => {
    await refused(() => owner.get(`${GIFT_CARDS}?limit=0`), { status: 400, field: 'limit' });
    await refused(() => owner.get(`${GIFT_CARDS}?offset=-1`), { status: 400, field: 'offset' });
    await refused(() => owner.get(`${GIFT_CARDS}?q=${'x'.repeat(201)}`), { status: 400, field: 'q' });
  });

  it('refuses a bad card id, a body with fields and an unknown card', async () => {
    const url = (id: string, action = '') => `${GIFT_CARD.replace(':giftCardId', encodeURIComponent(id))}${action}`;
    await refused(() => owner.get(url('bad id')), { status: 400 });
    await refused(() => owner.get(url('unknown-card')), { status: 404 });
    for (const action of ['/stop', '/start', '/email', '/code']) {
      await refused(() => owner.post(url('bad id', action), {}), { status: 400 });
      await refused(() => owner.post(url('unknown-card', action), { to: 'someone@example.com' }), { status: 400 });
    }
    await refused(() => owner.post(url('unknown-card', '/stop'), {}), { status: 404 });
    await refused(() => owner.post(url('unknown-card', '/start'), {}), { status: 404 });
    await refused(() => owner.post(url('unknown-card', '/code'), {}), { status: 404 });
  });
});

describe(`GET and POST ${DISCOUNT_CODES}, and ${DISCOUNT_CODE} read, changed, stopped, started and deleted`, () => {
  const good = { code: 'BAD-INPUT', kind: 'percent', percentBasisPoints: 2500, minimumSubtotalCents: 0, startsOn: '', endsOn: '', usageLimit: null };
  const url = (id: string, action = '') => `${DISCOUNT_CODE.replace(':discountCodeId', encodeURIComponent(id))}${action}`;

  it('refuses list parameters out of range and oversized search words', async () => {
    await refused(() => owner.get(`${DISCOUNT_CODES}?limit=0`), { status: 400, field: 'limit' });
    await refused(() => owner.get(`${DISCOUNT_CODES}?offset=-1`), { status: 400, field: 'offset' });
    await refused(() => owner.get(`${DISCOUNT_CODES}?q=${'x'.repeat(201)}`), { status: 400, field: 'q' });
  });

  it('refuses unreadable bodies, wrong types and values out of range, naming the field', async () => {
    const made = await owner.post<{ discountCode: { id: string } }>(DISCOUNT_CODES, { ...good, code: 'BAD-INPUT-KEPT' });
    expect(made.status, made.text).toBe(201);
    for (const send of [(body: string) => owner.request('POST', DISCOUNT_CODES, body), (body: string) => owner.request('PUT', url(made.body.discountCode.id), body)]) {
      expect((await refused(() => send('{"code": '), { status: 400 })).body.message).toBe(serverMessages.malformedJson);
      expect((await refused(() => send(tenMegabyteJson()), { status: 413 })).body.message).toBe(serverMessages.bodyTooLarge);
      for (const [, body] of NOT_AN_OBJECT) await refused(() => send(body), { status: 400 });
    }
    for (const write of [(body: unknown) => owner.post(DISCOUNT_CODES, body), (body: unknown) => owner.put(url(made.body.discountCode.id), body)]) {
      await refused(() => write({ ...good, code: 7 }), { status: 400, field: 'code' });
      await refused(() => write({ ...good, code: HOSTILE_TEXT }), { status: 400, field: 'code' });
      await refused(() => write({ ...good, code: 'x'.repeat(10_000) }), { status: 400, field: 'code' });
      await refused(() => write({ ...good, kind: ['percent'] }), { status: 400, field: 'kind' });
      await refused(() => write({ ...good, percentBasisPoints: '2500' }), { status: 400, field: 'percentBasisPoints' });
      await refused(() => write({ ...good, percentBasisPoints: Number.MAX_VALUE }), { status: 400, field: 'percentBasisPoints' });
      await refused(() => write({ ...good, kind: 'amount', amountCents: 1e20 }), { status: 400, field: 'amountCents' });
      await refused(() => write({ ...good, minimumSubtotalCents: -1 }), { status: 400, field: 'minimumSubtotalCents' });
      await refused(() => write({ ...good, startsOn: 20250115 }), { status: 400, field: 'startsOn' });
      await refused(() => write({ ...good, endsOn: '2025-13-01' }), { status: 400, field: 'endsOn' });
      await refused(() => write({ ...good, usageLimit: '10' }), { status: 400, field: 'usageLimit' });
      await refused(() => write({ ...good, usageLimit: -3 }), { status: 400, field: 'usageLimit' });
      await refused(() => write({ ...good, appliesTo: 'everything' }), { status: 400, field: 'appliesTo' });
      await refused(() => write({ ...good, appliesTo: 'categories', targets: 'Ceramics' }), { status: 400, field: 'targets' });
      await refused(() => write({ ...good, appliesTo: 'categories', targets: [7] }), { status: 400, field: 'targets.0' });
      await refused(() => write({ ...good, appliesTo: 'categories', targets: ['x'.repeat(10_000)] }), { status: 400, field: 'targets.0' });
      await refused(() => write({ ...good, appliesTo: 'categories', targets: Array.from({ length: 501 }, (_, index) => `C${index}`) }), { status: 400, field: 'targets' });
    }
  });

  it('refuses a bad code id, a body with fields on a move, and an unknown code', async () => {
    await refused(() => owner.get(url('bad id')), { status: 400 });
    await refused(() => owner.get(url('unknown-code')), { status: 404 });
    await refused(() => owner.put(url('bad id'), good), { status: 400 });
    await refused(() => owner.put(url('unknown-code'), good), { status: 404 });
    await refused(() => owner.delete(url('bad id')), { status: 400 });
    await refused(() => owner.delete(url('unknown-code')), { status: 404 });
    for (const action of ['/stop', '/start']) {
      await refused(() => owner.post(url('bad id', action), {}), { status: 400 });
      await refused(() => owner.post(url('unknown-code', action), { now: 1 }), { status: 400 });
      await refused(() => owner.post(url('unknown-code', action), {}), { status: 404 });
    }
  });
});

describe(`PUT ${SETTINGS}`, () => {
  it('names wrong types, out-of-range tax and rates, unknown currencies and oversized text', async () => {
    await refused(() => owner.put(SETTINGS, { ...settings, siteTitle: 7 }), { status: 400, field: 'siteTitle' });
    await refused(() => owner.put(SETTINGS, { ...settings, siteTitle: 'x'.repeat(121) }), { status: 400, field: 'siteTitle' });
    await refused(() => owner.put(SETTINGS, { ...settings, tagline: 'x'.repeat(201) }), { status: 400, field: 'tagline' });
    await refused(() => owner.put(SETTINGS, { ...settings, storeAddress: 7 }), { status: 400, field: 'storeAddress' });
    await refused(() => owner.put(SETTINGS, { ...settings, storeAddress: `https://${'x'.repeat(200)}.com` }), { status: 400, field: 'storeAddress' });
    await refused(() => owner.put(SETTINGS, { ...settings, storeAddress: 'javascript:alert(1)//' }), { status: 400, field: 'storeAddress' });
    await refused(() => owner.put(SETTINGS, { ...settings, currency: 'XYZ' }), { status: 400, field: 'currency' });
    for (const lowStockThreshold of [-1, 1.5, '5', 100_001]) {
      await refused(() => owner.put(SETTINGS, { ...settings, lowStockThreshold }), { status: 400, field: 'lowStockThreshold' });
    }
    await refused(() => owner.put(SETTINGS, { ...settings, taxRateBasisPoints: -1 }), { status: 400, field: 'taxRateBasisPoints' });
    await refused(() => owner.put(SETTINGS, { ...settings, taxRateBasisPoints: 5_001 }), { status: 400, field: 'taxRateBasisPoints' });
    await refused(() => owner.put(SETTINGS, { ...settings, taxRateBasisPoints: null }), { status: 400, field: 'taxRateBasisPoints' });
    // tenths of a basis point at finest (887.5 is 8.875 %), as the screen sends them
    for (const taxRateBasisPoints of [887.55, 5_000.5, '887.5', Number.MAX_VALUE]) {
      await refused(() => owner.put(SETTINGS, { ...settings, taxRateBasisPoints }), { status: 400, field: 'taxRateBasisPoints' });
    }
    await refused(() => owner.put(SETTINGS, { ...settings, storeOpen: 'yes' }), { status: 400, field: 'storeOpen' });
    // the revision the screen loaded: a whole number (0 for a store that never had its settings)
    for (const revisionWhenLoaded of ['2', -1, 1.5, null]) {
      await refused(() => owner.put(SETTINGS, { ...settings, revisionWhenLoaded }), { status: 400, field: 'revisionWhenLoaded' });
    }
    await refused(() => owner.put(SETTINGS, { ...settings, shippingRates: [] }), { status: 400, field: 'shippingRates' });
    const rate = { id: 'standard', name: 'Standard', kind: 'flat', priceCents: 600, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 };
    await refused(() => owner.put(SETTINGS, { ...settings, shippingRates: [{ ...rate, priceCents: -1 }] }), { status: 400, field: 'shippingRates.0.priceCents' });
    await refused(() => owner.put(SETTINGS, { ...settings, shippingRates: [{ ...rate, kind: 'drone' }] }), { status: 400, field: 'shippingRates.0.kind' });
    await refused(() => owner.put(SETTINGS, { ...settings, shippingRates: [rate, rate] }), { status: 400, field: 'shippingRates' });
    for (const [, body] of NOT_AN_OBJECT) await refused(() => owner.request('PUT', SETTINGS, body), { status: 400 });
  });
});

describe(`PUT ${PASSWORD}`, () => {
  it('refuses a short or mistyped new password and a wrong current one, changing nothing', async () => {
    await refused(() => owner.put(PASSWORD, { currentPassword: 'x', newPassword: 'short' }), { status: 400, field: 'newPassword' });
    await refused(() => owner.put(PASSWORD, { currentPassword: 'x', newPassword: 12345678901234 }), { status: 400, field: 'newPassword' });
    await refused(() => owner.put(PASSWORD, { currentPassword: 'not the password', newPassword: 'a long enough password' }), { status: 400, field: 'currentPassword' });
    await refused(() => owner.put(PASSWORD, { newPassword: 'a long enough password' }), { status: 400, field: 'currentPassword' });
  });
});

describe('POST /api/site-users/account/password-reset and …/confirm', () => {
  it('refuses an address that is not one, a short password, a missing, oversized or unknown token, changing nothing', async () => {
    await refused(() => owner.post('/api/site-users/account/password-reset', { email: 'not an address' }), { status: 400, field: 'email' });
    await refused(() => owner.post('/api/site-users/account/password-reset', { email: ['owner@example.com'] }), { status: 400, field: 'email' });
    // this store has no mail server: a well-formed request is refused, saying so
    await refused(() => owner.post('/api/site-users/account/password-reset', { email: 'owner@example.com' }), { status: 409 });
    const confirm = '/api/site-users/account/password-reset/confirm';
    await refused(() => owner.post(confirm, { token: 'x', newPassword: 'short' }), { status: 400, field: 'newPassword' });
    await refused(() => owner.post(confirm, { newPassword: 'a long enough password' }), { status: 400, field: 'token' });
    await refused(() => owner.post(confirm, { token: 'x'.repeat(201), newPassword: 'a long enough password' }), { status: 400, field: 'token' });
    await refused(() => owner.post(confirm, { token: 'no-such-link', newPassword: 'a long enough password' }), { status: 400 });
  });
});

describe('POST /api/admin/staff/:memberId/password', () => {
  it('refuses an unknown or malformed member and the admin themselves, changing nothing', async () => {
    await refused(() => owner.post('/api/admin/staff/no-such-member/password', {}), { status: 404 });
    await refused(() => owner.post("/api/admin/staff/'%20OR%201=1/password", {}), { status: 400 });
    const me = (await owner.get<{ staff: Array<{ id: string; you: boolean }> }>('/api/admin/staff')).body.staff.find((member) => member.you)!;
    await refused(() => owner.post(`/api/admin/staff/${me.id}/password`, {}), { status: 409 });
  });
});

describe(`PUT ${EMAIL}`, () => {
  it('refuses an address that is not one, a wrong or missing current password, changing nothing', async () => {
    await refused(() => owner.put(EMAIL, { currentPassword: 'x', newEmail: 'not an address' }), { status: 400, field: 'newEmail' });
    await refused(() => owner.put(EMAIL, { currentPassword: 'x', newEmail: 7 }), { status: 400, field: 'newEmail' });
    await refused(() => owner.put(EMAIL, { currentPassword: 'not the password', newEmail: 'me@linen.studio' }), { status: 400, field: 'currentPassword' });
    await refused(() => owner.put(EMAIL, { newEmail: 'me@linen.studio' }), { status: 400, field: 'currentPassword' });
  });
});
