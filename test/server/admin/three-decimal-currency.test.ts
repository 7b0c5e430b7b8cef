/**
 * A shop that sells in Kuwaiti dinars, which have thousandths (1250 fils are 1.250 KWD): the
 * settings keep the currency and its shipping rates, a price imported as 1.250 is kept as 1250
 * and exported, shown, charged and listed in the order export as 1.250 again.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notAnAmountText } from '../../../client/lib/money-input.ts';
import { SiteRepository } from '../../../server/db/site-repository.ts';
import { placeOrderThroughCheckout } from '../helpers/checkout.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';
import { upload } from './admin-helpers.ts';

const SETTINGS = '/api/admin/settings';

interface Rate { id: string; name: string; kind: string; priceCents: number; perKilogramCents: number; freeOverCents: number; maxWeightGrams: number }
interface Settings { currency: string; shippingRates: Rate[] }

describe('a shop in dinars', () => {
  let server: PlatformServer;
  let owner: SiteUserVisitor;
  const importCsv = (csv: string) => upload(owner, '/api/admin/product-import', { bytes: Buffer.from(csv), name: 'products.csv', type: 'text/csv' }, {}, 'file');
  /** The cells of a CSV export under `column`, in row order. */
  const column = (csv: string, name: string): string[] => {
    const [header, ...rows] = parse(csv) as string[][];
    return rows.map((row) => row[header!.indexOf(name)]!);
  };

  beforeAll(async () => {
    server = await startPlatformServer();
    owner = await server.signInOwner();
    const site = new SiteRepository(server.app.deps.store);
    const settings = await site.websiteSettings();
    await site.writeSetting('websiteSettings', { ...settings, storeSettings: { ...(settings.storeSettings as Record<string, unknown>), currency: 'KWD' } });
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('keeps its currency in the settings, offered beside the list, with a shipping rate of 1.250 kept as 1250 fils', async () => {
    const read = await owner.get<{ settings: Settings; currencies: string[] }>(SETTINGS);
    expect(read.body.settings.currency).toBe('KWD');
    expect(read.body.currencies).toContain('KWD');
    expect(read.body.currencies).toContain('USD');
    const rate: Rate = { id: 'post', name: 'Post', kind: 'flat', priceCents: 1250, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0 };
    const saved = await owner.put<{ settings: Settings }>(SETTINGS, { ...read.body.settings, shippingRates: [rate] });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings.currency).toBe('KWD');
    expect(saved.body.settings.shippingRates[0]!.priceCents).toBe(1250);
    // another currency not on the list is still refused
    const other = await owner.put<{ fieldErrors: Record<string, string> }>(SETTINGS, { ...read.body.settings, currency: 'BHD' });
    expect(other.status).toBe(400);
    expect(Object.keys(other.body.fieldErrors)).toEqual(['currency']);
  });

  it('imports a price of 1.250 as 1250 fils, exports it as 1.250, and refuses "1,250", which could be either', async () => {
    const refused = await importCsv('Product,SKU,Price,Stock\nDate Box,DATES-1,"1,250",5\n');
    expect(refused.status).toBe(400);
    expect(refused.body.problems).toEqual([{ row: 2, column: 'Price', message: notAnAmountText('KWD') }]);
    expect(notAnAmountText('KWD')).toBe('Enter an amount, such as 12.500.');

    const made = await importCsv('Product,URL slug,SKU,Price,Sale price,Stock\nDate Box,date-box,DATES-1,1.250,1.125,5\n');
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const variant = await server.app.deps.store.get<{ price_cents: number | string; sale_price_cents: number | string }>("SELECT price_cents, sale_price_cents FROM variants WHERE sku = 'DATES-1'");
    expect([Number(variant!.price_cents), Number(variant!.sale_price_cents)]).toEqual([1250, 1125]);

    const exported = (await owner.get<string>('/api/admin/products.csv')).text;
    const skus = column(exported, 'SKU');
    const row = skus.indexOf('DATES-1');
    expect([column(exported, 'Price')[row], column(exported, 'Sale price')[row]]).toEqual(['1.250', '1.125']);
  });

  it('charges and lists an order in thousandths: the cart, the confirmation, its email and the order export', async () => {
    const product = await server.app.deps.store.get<{ id: string }>("SELECT id FROM products WHERE url_id = 'date-box'");
    const shopper = await new Visitor(server.url).start();
    const added = await shopper.post<{ shoppingCart: { subtotal: { value: string; currency: string }; subtotalCents: number } }>(
      '/api/commerce/shopping-cart/entries', { itemId: product!.id, sku: 'DATES-1', quantity: 2, additionalFields: null },
    );
    expect(added.status, added.text).toBe(200);
    expect(added.body.shoppingCart.subtotalCents).toBe(2250);
    expect(added.body.shoppingCart.subtotal).toMatchObject({ value: '2.250', currency: 'KWD' });

    const placed = await placeOrderThroughCheckout(shopper);
    expect(placed.status, placed.text.slice(0, 300)).toBe(201);
    const confirmation = (await shopper.get<string>(placed.body.confirmationUrl!)).text;
    expect(confirmation).toMatch(/<dd class="subtotal">KWD\s2\.250<\/dd>/);
    const email = await server.app.deps.store.get<{ text_body: string }>("SELECT text_body FROM email_outbox WHERE recipient = 'jane@example.com' ORDER BY created_on DESC");
    expect(email!.text_body).toMatch(/2 × Date Box: KWD\s2\.250/);
    const orders = (await owner.get<string>('/api/admin/orders.csv')).text;
    const line = column(orders, 'sku').indexOf('DATES-1');
    expect(column(orders, 'currency')[line]).toBe('KWD');
    expect(column(orders, 'unit price')[line]).toBe('1.125');
    expect(column(orders, 'line total')[line]).toBe('2.250');
    expect(column(orders, 'subtotal')[line]).toBe('2.250');
    expect(column(orders, 'shipping')[line]).toBe('1.250');
  });

  it('shows the product\'s price as 1.125 KWD on its page', async () => {
    const page = await new Visitor(server.url).start().then((visitor) => visitor.get<string>('/shop/p/date-box'));
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/KWD\s1\.125/);
    expect(page.text).toContain('"price":"1.125","priceCurrency":"KWD"');
    expect(page.text).not.toMatch(/11\.25|1,125/);
  });
});
