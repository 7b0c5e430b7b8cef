import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderThroughCheckout } from '../helpers/checkout.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { Visitor } from '../helpers/visitor.ts';
import { readableAnswers } from '../../../server/commerce/answers-in-words.ts';

const FIELDS = [
  { id: 'text-monogram-initials', title: 'Initials', type: 'text' },
  { id: 'select-thread-colour', title: 'Thread colour', type: 'select' },
  { id: 'name-recipient', title: 'Recipient', type: 'name' },
];

describe("an order's extra-field answers for the owner", () => {
  it("reads the cart's answers by field id as the form's titles and answers in words, in the form's order", () => {
    const answers = { 'select-thread-colour': 'Rust', 'text-monogram-initials': 'AB', 'name-recipient': ['Ana', 'Shopper'] };
    expect(readableAnswers(answers, FIELDS)).toEqual([
      { label: 'Initials', value: 'AB' },
      { label: 'Thread colour', value: 'Rust' },
      { label: 'Recipient', value: 'Ana Shopper' },
    ]);
  });

  it('leaves out fields not answered, and keeps by its id an answer to a field the form no longer has', () => {
    expect(readableAnswers({ 'text-monogram-initials': '', 'select-old-size': 'L' }, FIELDS)).toEqual([{ label: 'select-old-size', value: 'L' }]);
  });

  it('keeps answers already in words, and anything that is not an object of answers, as they are', () => {
    const listed = [{ label: 'Initials', value: 'AB' }];
    expect(readableAnswers(listed, FIELDS)).toBe(listed);
    expect(readableAnswers('AB', FIELDS)).toBe('AB');
  });
});

describe("the order screen's extra-field answers", () => {
  let server: PlatformServer;
  beforeAll(async () => {
    server = await startPlatformServer();
  });
  afterAll(async () => {
    await server.stop(true);
  });

  const napkins = seededProduct('monogram-napkins');

  /** A new shopper with the seed's monogrammed napkins in the cart, a line for each of these initials, each with Rust thread. */
  async function shopperWithNapkins(...initials: string[]): Promise<Visitor> {
    const shopper = await new Visitor(server.url).start();
    for (const each of initials) {
      const added = await shopper.post('/api/commerce/shopping-cart/entries', {
        itemId: napkins.id, sku: napkins.variants[0]!.sku, quantity: 1,
        additionalFields: JSON.stringify({ 'select-thread-colour': 'Rust', 'text-monogram-initials': each }),
      });
      expect(added.status, added.text).toBe(200);
    }
    return shopper;
  }

  type Detail = { order: { lines: Array<{ sku: string; answers: unknown }>; formAnswers?: unknown } };

  /** The order the shopper places, and its detail as the owner's order screen reads it. */
  async function orderScreenOf(shopper: Visitor): Promise<{ orderId: string; detail: () => Promise<Detail> }> {
    const placed = await placeOrderThroughCheckout(shopper);
    expect(placed.status, placed.text).toBe(201);
    const orderId = placed.body.confirmationUrl!.split('/').at(-1)!.split('?')[0]!;
    const owner = await server.signInOwner();
    return { orderId, detail: async () => (await owner.get<Detail>(`/api/admin/orders/${orderId}`)).body };
  }

  it("shows the shopper the napkins' answers in the checkout's summary, by the form's titles, to check before paying", async () => {
    const shopper = await shopperWithNapkins('AE');
    const checkout = await shopper.get('/checkout');
    expect(checkout.status).toBe(200);
    expect(checkout.text).toContain('<span class="checkout-line__answer">Initials: AE</span><span class="checkout-line__answer">Thread colour: Rust</span>');
  });

  it("shows the seed's monogrammed napkins' answers with their line, by the form's titles, not as the cart's JSON", async () => {
    const { detail } = await orderScreenOf(await shopperWithNapkins('AB'));
    const { order } = await detail();
    expect(order.lines.map((line) => line.answers)).toEqual([[{ label: 'Initials', value: 'AB' }, { label: 'Thread colour', value: 'Rust' }]]);
    expect(order.formAnswers).toBeUndefined();
  });

  it('gives two lines of one SKU each its own answers, from the order once the bought cart is gone', async () => {
    const { orderId, detail } = await orderScreenOf(await shopperWithNapkins('AE', 'ZQ'));
    // the bought cart's entries go (as when the owner deletes the product): the order keeps its own
    await server.app.deps.store.run('DELETE FROM cart_entries WHERE cart_id = (SELECT purchased_cart_id FROM orders WHERE id = ?)', [orderId]);
    const { order } = await detail();
    expect(order.lines.map((line) => [line.sku, line.answers])).toEqual([
      [napkins.variants[0]!.sku, [{ label: 'Initials', value: 'AE' }, { label: 'Thread colour', value: 'Rust' }]],
      [napkins.variants[0]!.sku, [{ label: 'Initials', value: 'ZQ' }, { label: 'Thread colour', value: 'Rust' }]],
    ]);
  });

  it("reads an older order's line answers, kept by field id, with the product's form now, and a line without any as none", async () => {
    const { orderId, detail } = await orderScreenOf(await shopperWithNapkins('AE', 'ZQ'));
    const items = await server.app.deps.store.all<{ id: string }>('SELECT id FROM order_items WHERE order_id = ? ORDER BY rowid', [orderId]);
    // as migration 162 left them: the cart's answers by field id, or none where lines and entries did not pair up
    await server.app.deps.store.run('UPDATE order_items SET form_answers_json = ? WHERE id = ?', [JSON.stringify({ 'text-monogram-initials': 'OL', 'select-gone': 'Blue' }), items[0]!.id]);
    await server.app.deps.store.run('UPDATE order_items SET form_answers_json = NULL WHERE id = ?', [items[1]!.id]);
    const { order } = await detail();
    expect(order.lines.map((line) => line.answers)).toEqual([[{ label: 'Initials', value: 'OL' }, { label: 'select-gone', value: 'Blue' }], []]);
  });
});
