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

  /** A new shopper with the seed's monogrammed napkins in the cart, answered with these initials and Rust thread. */
  async function shopperWithNapkins(initials: string): Promise<Visitor> {
    const shopper = await new Visitor(server.url).start();
    const added = await shopper.post('/api/commerce/shopping-cart/entries', {
      itemId: napkins.id, sku: napkins.variants[0]!.sku, quantity: 1,
      additionalFields: JSON.stringify({ 'select-thread-colour': 'Rust', 'text-monogram-initials': initials }),
    });
    expect(added.status, added.text).toBe(200);
    return shopper;
  }

  it("shows the shopper the napkins' answers in the checkout's summary, by the form's titles, to check before paying", async () => {
    const shopper = await shopperWithNapkins('AE');
    const checkout = await shopper.get('/checkout');
    expect(checkout.status).toBe(200);
    expect(checkout.text).toContain('<span class="checkout-line__answer">Initials: AE</span><span class="checkout-line__answer">Thread colour: Rust</span>');
  });

  it("shows the seed's monogrammed napkins' answers by the form's titles, not as the cart's JSON", async () => {
    const shopper = await shopperWithNapkins('AB');
    const placed = await placeOrderThroughCheckout(shopper);
    expect(placed.status).toBe(201);
    const orderId = placed.body.confirmationUrl!.split('/').at(-1)!.split('?')[0]!;
    const owner = await server.signInOwner();
    const detail = await owner.get<{ order: { formAnswers: Array<{ sku: string; answers: unknown }> } }>(`/api/admin/orders/${orderId}`);
    expect(detail.body.order.formAnswers).toEqual([
      { sku: napkins.variants[0]!.sku, answers: [{ label: 'Initials', value: 'AB' }, { label: 'Thread colour', value: 'Rust' }] },
    ]);
  });
});
