/**
 * The shopper's extra-field answers on the order confirmation page and in its email, and in the
 * owner's new-order notice: each line its own (two napkins of one variant with different
 * initials), in words, escaped, from the order itself once the bought cart's entries are gone.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailOutboxRepository } from '../../server/db/email-outbox-repository.ts';
import { placeOrderThroughCheckout, SHOPPER_DETAILS } from './helpers/checkout.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from './helpers/platform-server.ts';
import { Visitor } from './helpers/visitor.ts';

describe("the order confirmation's extra-field answers", () => {
  let server: PlatformServer;
  beforeAll(async () => {
    server = await startPlatformServer();
  });
  afterAll(async () => {
    await server.stop(true);
  });

  const napkins = seededProduct('monogram-napkins');

  /** Places one order of two napkins of the same variant, answered with these initials each; its confirmation's address. */
  async function twoNapkinsOrdered(shopper: Visitor, first: string, second: string, email: string = SHOPPER_DETAILS.email): Promise<string> {
    for (const initials of [first, second]) {
      const added = await shopper.post('/api/commerce/shopping-cart/entries', {
        itemId: napkins.id, sku: napkins.variants[0]!.sku, quantity: 1,
        additionalFields: JSON.stringify({ 'select-thread-colour': 'Rust', 'text-monogram-initials': initials }),
      });
      expect(added.status, added.text).toBe(200);
    }
    const placed = await placeOrderThroughCheckout(shopper, undefined, { email });
    expect(placed.status, placed.text).toBe(201);
    return placed.body.confirmationUrl!;
  }

  it('shows each line its own answers in words, escaped, from the order once the cart is gone', async () => {
    const shopper = await new Visitor(server.url).start();
    const confirmation = await twoNapkinsOrdered(shopper, 'AE', '<b>Z&Q</b>');
    // the bought cart's entries go (as when the owner deletes the product): the order keeps its own
    const orderId = confirmation.split('/').at(-1)!.split('?')[0]!;
    await server.app.deps.store.run('DELETE FROM cart_entries WHERE cart_id = (SELECT purchased_cart_id FROM orders WHERE id = ?)', [orderId]);

    const page = await shopper.get<string>(confirmation);
    expect(page.status).toBe(200);
    const answers = [...page.text.matchAll(/<span class="order-line__answer">([^<]*)<\/span>/g)].map((match) => match[1]);
    expect(answers).toEqual(['Initials: AE', 'Thread colour: Rust', 'Initials: &lt;b&gt;Z&amp;Q&lt;/b&gt;', 'Thread colour: Rust']);
    expect(page.text).not.toContain('<b>Z&Q</b>');
  });

  it('lists them under each line of the confirmation email, escaped in its HTML, one to a line in its text', async () => {
    const email = 'initials@linen.studio';
    const shopper = await new Visitor(server.url).start();
    // a line break in an answer stays on the answer's line in the text
    await twoNapkinsOrdered(shopper, 'AE', '<b>Z&Q</b>\r\n and more', email);
    const [sent] = await new EmailOutboxRepository(server.app.deps.store).list({ recipient: email });
    const line = `1 × ${napkins.title}: $52.00`;
    expect(sent!.text).toContain(`${line}\n    Initials: AE\n    Thread colour: Rust\n${line}\n    Initials: <b>Z&Q</b> and more\n    Thread colour: Rust\n`);
    expect(sent!.html).toContain('Initials: AE</small>');
    expect(sent!.html).toContain('Initials: &lt;b&gt;Z&amp;Q&lt;/b&gt; and more</small>');
    expect(sent!.html).not.toContain('<b>Z&Q</b>');
  });

  it("lists them under each line of the owner's new-order notice too, escaped in its HTML, one to a line in its text", async () => {
    const owner = await server.signInOwner();
    const settings = (await owner.get<{ settings: Record<string, unknown> }>('/api/admin/settings')).body.settings;
    const saved = await owner.put('/api/admin/settings', { ...settings, orderNotificationEmail: 'owner-answers@linen.studio' });
    expect(saved.status, saved.text).toBe(200);
    const shopper = await new Visitor(server.url).start();
    await twoNapkinsOrdered(shopper, 'AE', '<b>Z&Q</b>\r\n and more', 'notice@linen.studio');
    const [sent] = await new EmailOutboxRepository(server.app.deps.store).list({ recipient: 'owner-answers@linen.studio' });
    expect(sent!.kind).toBe('new-order');
    const line = `1 × ${napkins.title}: $52.00`;
    expect(sent!.text).toContain(`${line}\n    Initials: AE\n    Thread colour: Rust\n${line}\n    Initials: <b>Z&Q</b> and more\n    Thread colour: Rust\n`);
    const answers = [...sent!.html.matchAll(/<small style="color: #5d5a52;">([^<]*)<\/small>/g)].map((match) => match[1]);
    expect(answers).toEqual(['Initials: AE', 'Thread colour: Rust', 'Initials: &lt;b&gt;Z&amp;Q&lt;/b&gt; and more', 'Thread colour: Rust']);
    expect(sent!.html).not.toContain('<b>Z&Q</b>');
  });

  it("gives each line its own answers in the owner's orders export, one line of the spreadsheet each", async () => {
    const shopper = await new Visitor(server.url).start();
    const confirmation = await twoNapkinsOrdered(shopper, 'GH', 'J, K', 'export@linen.studio');
    const orderId = confirmation.split('/').at(-1)!.split('?')[0]!;
    const owner = await server.signInOwner();
    const csv = await owner.get<string>('/api/admin/orders.csv');
    const [header, ...rows] = parse(csv.text) as string[][];
    expect(header!.at(-1)).toBe('answers');
    const answers = rows.filter((row) => row[0] === orderId).map((row) => row.at(-1));
    expect(answers).toEqual(['Initials: GH; Thread colour: Rust', 'Initials: J, K; Thread colour: Rust']);
  });
});
