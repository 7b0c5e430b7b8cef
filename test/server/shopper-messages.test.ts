/**
 * What a shopper reads when a call is refused is a catalogue text alone (never
 * "quantity: …" or "siteVisitorEmail: …"), and emails: the newsletter and
 * accounts take any address zod's email rule accepts, trimmed and compared
 * without regard to case; the restock sign-up keeps the specification's pattern.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NEWSLETTER, PAYLOAD, RESTOCK } from '../../client/lib/messages.ts';
import { isShopperEmail } from '../../client/lib/rules.ts';
import { createSiteUserAccount } from '../../server/security/site-user-accounts.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct, seededVariant } from './helpers/fixtures.ts';
import { Visitor } from './helpers/visitor.ts';
import { confirmationLinkFor } from './helpers/mailing-list-outbox.ts';

const NEWSLETTER_PATH = '/api/newsletter/subscribe';
const RESTOCK_PATH = '/api/site-users/account/notifications/restock';
const ENTRIES = '/api/commerce/shopping-cart/entries';
const shirt = seededProduct('linen-shirt');
const soldOutShirt = seededVariant('linen-shirt', (variant) => variant.qtyInStock === 0);
const shirtInStock = seededVariant('linen-shirt', (variant) => variant.qtyInStock === 12);

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

const subscribers = async (): Promise<string[]> => (await server.app.deps.store.all<{ email: string }>('SELECT email FROM mailing_list ORDER BY email')).map((row) => row.email);

describe('refusals a shopper reads', () => {
  it('says what is wrong with a quantity without naming the field', async () => {
    const v = await new Visitor(server.url).start();
    const added = await v.post<{ newlyAdded: { id: string } }>(ENTRIES, { itemId: shirt.id, sku: shirtInStock.sku, quantity: 1 });
    expect(added.status).toBe(200);
    const refused = await v.put<{ message: string }>(`${ENTRIES}/${added.body.newlyAdded.id}/quantity`, { quantity: -1 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(PAYLOAD.quantityAtLeast(0));
    const zero = await v.post<{ message: string }>(ENTRIES, { itemId: shirt.id, sku: shirtInStock.sku, quantity: 0 });
    expect(zero.body.message).toBe(PAYLOAD.quantityAtLeast(1));
  });

  it('answers the restock form message alone for a bad email', async () => {
    const v = await new Visitor(server.url).start();
    const refused = await v.post<{ message: string }>(RESTOCK_PATH, { productId: shirt.id, variantId: soldOutShirt.id, siteVisitorEmail: 'nope' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(RESTOCK.emailInvalid);
  });
});

describe('shopper emails', () => {
  it('follows zod\'s email rule in the browser and on the server alike', () => {
    const addresses = ['jane@linen.studio', 'jane@x.com', 'a.b+c@sub.example.co.uk', 'nope', 'a@b', 'a@b.c', 'jane@@x.com', 'jane @x.com',
      'jane@x.photography', '.jane@x.com', 'jane.@x.com', 'j@x-y.com', 'j@-x.com', 'zoë@example.com', ''];
    for (const address of addresses) expect(isShopperEmail(address), address).toBe(z.email().safeParse(address).success);
  });

  it('subscribes jane@linen.studio, trimmed, once whatever the case', async () => {
    const v = await new Visitor(server.url).start();
    for (const email of ['jane@linen.studio', '  Jane@X.com ', 'jane@x.com', 'JANE@LINEN.STUDIO']) {
      const answer = await v.post<{ message: string }>(NEWSLETTER_PATH, { email });
      expect(answer.status, email).toBe(200);
      expect(answer.body.message).toBe(NEWSLETTER.success);
    }
    // Each address gets one confirmation (double opt-in) and joins the list once it is opened.
    expect(await subscribers()).toEqual([]);
    for (const email of ['jane@linen.studio', 'jane@x.com']) {
      const link = await confirmationLinkFor(server.app.deps.store, email);
      expect(link, email).not.toBeNull();
      expect((await v.get(link!)).status).toBe(200);
    }
    expect(await subscribers()).toEqual(['jane@linen.studio', 'jane@x.com']);
    const bad = await v.post<{ message: string }>(NEWSLETTER_PATH, { email: 'jane@linen' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(NEWSLETTER.emailInvalid);
  });

  it('keeps the specification\'s pattern for restock sign-ups, and one mailing-list entry per address', async () => {
    const v = await new Visitor(server.url).start();
    const studio = await v.post<{ message: string }>(RESTOCK_PATH, { productId: shirt.id, variantId: soldOutShirt.id, siteVisitorEmail: 'jane@linen.studio' });
    expect(studio.status).toBe(400);
    expect(studio.body.message).toBe(RESTOCK.emailInvalid);
    const joined = await v.post(RESTOCK_PATH, { productId: shirt.id, variantId: soldOutShirt.id, siteVisitorEmail: 'Jane@X.com', isJoinMailingList: true });
    expect(joined.status, joined.text).toBe(200);
    expect((await subscribers()).filter((email) => email.toLowerCase() === 'jane@x.com')).toEqual(['jane@x.com']);
  });

  it('signs an account in by its email in any case, with spaces around it', async () => {
    await createSiteUserAccount(server.app.deps, { email: 'Member@Linen.studio', password: 'member password' });
    const v = await new Visitor(server.url).start();
    const answer = await v.post(`/api/site-users/account/session`, { email: '  member@linen.STUDIO ', password: 'member password' });
    expect(answer.status, answer.text).toBe(200);
  });
});
