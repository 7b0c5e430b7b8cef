/**
 * Settings → Business address (optional): saved in the store settings, printed as the sender and
 * return address on packing slips and at the foot of the shopper's order emails, and given to the
 * pages as the website's location; none of them shows one before it is given. The web address
 * keeps its API name (storeAddress) under its new label.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { placeOrderThroughCheckout } from '../helpers/checkout.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';

interface SettingsAnswer { settings: Record<string, unknown> & { businessAddress: Record<string, string> }; revision: number }

const ADDRESS = { name: 'Linen & Loam <Studio>', line1: '12 Mill Lane', line2: 'Unit 4', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'United States' };
const LINES = ['Linen & Loam <Studio>', '12 Mill Lane', 'Unit 4', 'Hudson, NY 12534', 'United States'];

let server: PlatformServer;
let owner: SiteUserVisitor;
beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

async function buyMug(name: string): Promise<string> {
  const mug = seededProduct('stoneware-mug');
  const shopper = await new Visitor(server.url).start();
  expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 })).status).toBe(200);
  const placed = await placeOrderThroughCheckout(shopper, undefined, { name });
  expect(placed.status, placed.text).toBe(201);
  return placed.body.confirmationUrl!.split('/').at(-1)!.split('?')[0]!;
}

async function newestEmail(kind: string): Promise<{ text: string; html: string }> {
  const row = await server.app.deps.store.get<{ text: string; html: string }>('SELECT text_body AS text, html_body AS html FROM email_outbox WHERE kind = ? ORDER BY created_on DESC, rowid DESC LIMIT 1', [kind]);
  return row!;
}

describe('the business address', () => {
  it('is empty until given, and then nowhere printed', async () => {
    const loaded = (await owner.get<SettingsAnswer>('/api/admin/settings')).body;
    expect(loaded.settings.businessAddress).toEqual({ name: '', line1: '', line2: '', city: '', region: '', postalCode: '', country: '' });
    // an empty address saved by a store without one writes nothing (the first save of the seed's
    // settings writes their shipping rates in today's shape, so the second is the one measured)
    const first = await owner.put<SettingsAnswer>('/api/admin/settings', { ...loaded.settings, revisionWhenLoaded: loaded.revision });
    const saved = await owner.put<SettingsAnswer>('/api/admin/settings', { ...first.body.settings, revisionWhenLoaded: first.body.revision });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.revision).toBe(first.body.revision);
    expect(saved.body.settings.businessAddress.name).toBe('');
    const orderId = await buyMug('Before Address');
    expect((await owner.get<string>(`/config/packing-slips?order=${orderId}`)).text).not.toContain('From (return address)');
    expect((await newestEmail('order-confirmation')).text).not.toContain('\n-- \n');
  });

  it('is saved, refused where a part is too long, and kept by a caller that does not send it', async () => {
    const loaded = (await owner.get<SettingsAnswer>('/api/admin/settings')).body;
    const refused = await owner.put<{ fieldErrors: Record<string, string> }>('/api/admin/settings', { ...loaded.settings, businessAddress: { ...ADDRESS, postalCode: '1'.repeat(21) } });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fieldErrors)).toEqual(['businessAddress.postalCode']);
    const saved = await owner.put<SettingsAnswer>('/api/admin/settings', { ...loaded.settings, businessAddress: { ...ADDRESS, city: '  Hudson ' }, revisionWhenLoaded: loaded.revision });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings.businessAddress).toEqual(ADDRESS);
    const { businessAddress: _sent, ...withoutAddress } = saved.body.settings;
    const kept = await owner.put<SettingsAnswer>('/api/admin/settings', { ...withoutAddress, revisionWhenLoaded: saved.body.revision });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.settings.businessAddress).toEqual(ADDRESS);
  });

  it('and the other one-line fields refuse line breaks, control characters and text-direction overrides, each under its field', async () => {
    const loaded = (await owner.get<SettingsAnswer>('/api/admin/settings')).body;
    const rates = loaded.settings.shippingRates as Record<string, unknown>[];
    for (const bad of ['Mill\r\nBcc: x@example.com', 'a\tb', 'evil\u202Etxt.exe', 'x\u2066y', 'x\u0085y']) {
      for (const [change, field] of [
        [{ businessAddress: { ...ADDRESS, line1: bad } }, 'businessAddress.line1'],
        [{ businessAddress: { ...ADDRESS, name: bad } }, 'businessAddress.name'],
        [{ siteTitle: bad }, 'siteTitle'],
        [{ tagline: bad }, 'tagline'],
        [{ shippingRates: [{ ...rates[0], name: bad }, ...rates.slice(1)] }, 'shippingRates.0.name'],
      ] as const) {
        const refused = await owner.put<{ fieldErrors: Record<string, string> }>('/api/admin/settings', { ...loaded.settings, ...change });
        expect(refused.status, `${field} ${JSON.stringify(bad)} ${refused.text}`).toBe(400);
        expect(refused.body.fieldErrors, JSON.stringify(bad)).toEqual({ [field]: ADMIN.server.oneLine });
      }
    }
    expect((await owner.get<SettingsAnswer>('/api/admin/settings')).body.revision).toBe(loaded.revision);
  });

  it('is each packing slip\'s sender and return address, escaped', async () => {
    const orderId = await buyMug('Ada Lovelace');
    const page = (await owner.get<string>(`/config/packing-slips?order=${orderId}`)).text;
    expect(page).toContain('<h2>From (return address)</h2>\n  <address class="from">Linen &amp; Loam &lt;Studio&gt;<br>12 Mill Lane<br>Unit 4<br>Hudson, NY 12534<br>United States</address>');
    expect(page.indexOf('From (return address)')).toBeLessThan(page.indexOf('Ship to'));
  });

  it('is at the foot of the shopper\'s order emails: the confirmation and a cancellation', async () => {
    const orderId = await buyMug('Grace Hopper');
    const confirmation = await newestEmail('order-confirmation');
    expect(confirmation.text.endsWith(`\n-- \n${LINES.join('\n')}\n`)).toBe(true);
    expect(confirmation.html).toContain('Linen &amp; Loam &lt;Studio&gt;<br>12 Mill Lane<br>Unit 4<br>Hudson, NY 12534<br>United States</p>\n</body>');
    expect((await owner.post(`/api/admin/orders/${orderId}/cancel`, {})).status).toBe(200);
    const cancelled = await newestEmail('order-cancelled');
    expect(cancelled.text.endsWith(`\n-- \n${LINES.join('\n')}\n`)).toBe(true);
    expect(cancelled.html).toContain('Hudson, NY 12534<br>United States</p>\n</body>');
  });

  it('is the website\'s location in the pages\' context, as the platform gives it to templates', async () => {
    const context = await (await fetch(`${server.url}/shop?format=json`)).json() as { website: { location?: Record<string, string> } };
    expect(context.website.location).toMatchObject({
      addressTitle: 'Linen & Loam <Studio>', addressLine1: '12 Mill Lane, Unit 4', addressLine2: 'Hudson, NY 12534', addressCountry: 'United States',
    });
  });

  it('is labelled apart from the web address, which keeps its API name', () => {
    expect(ADMIN.storeAddress).toBe('Shop web address');
    expect(ADMIN.businessAddress).toBe('Business address');
  });
});
