import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../client/lib/api-paths.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { expectRefused, HOSTILE_TEXT, NOT_AN_OBJECT, tenMegabyteJson } from '../helpers/refusal.ts';
import { Visitor } from '../helpers/visitor.ts';

// The checkout island's two calls, as the route table names them.
const QUOTE = '/api/commerce/checkout/quote';
const ORDERS = '/api/commerce/checkout/orders';

const vase = seededProduct('bud-vase');

let server: PlatformServer;
beforeAll(async () => {
  server = await startPlatformServer();
});
afterAll(async () => {
  await server.stop(true);
});

const db = () => server.app.deps.store;

/** A shopper with one vase in the cart, so only the input decides the refusal. */
async function shopper(): Promise<Visitor> {
  const v = await new Visitor(server.url).start();
  const added = await v.post(API_PATHS.cartEntries, { itemId: vase.id, sku: vase.variants[0]!.sku, quantity: 1 });
  expect(added.status, added.text).toBe(200);
  return v;
}

function order(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: 'jane@linen.studio', name: 'Jane Doe', line1: '12 Mercer Street', line2: '', city: 'New York', region: 'NY',
    postalCode: '10013', countryCode: 'US', shippingOptionId: 'standard', recipientEmail: '',
    cardNumber: '4242 4242 4242 4242', cardExpiry: '12/39', cardCvc: '123', idempotencyKey: 'bad-input-attempt-0001',
    expectedTotalCents: 1, ...overrides,
  };
}

describe(`POST ${QUOTE} and POST ${ORDERS}`, () => {
  it('refuse malformed JSON, bodies that are not an object and a 10 MB body', async () => {
    const v = await shopper();
    for (const url of [QUOTE, ORDERS]) {
      await expectRefused(db(), () => v.post(url, '{"shippingOptionId": '), { status: 400 });
      await expectRefused(db(), () => v.post(url, tenMegabyteJson('shippingOptionId')), { status: 413 });
      for (const [, body] of NOT_AN_OBJECT) await expectRefused(db(), () => v.post(url, body), { status: 400 });
    }
  });

  it('refuse mistyped, oversized and hostile fields of an order, naming no field path, and place nothing', async () => {
    const v = await shopper();
    const bad: Array<Record<string, unknown>> = [
      { email: 42 }, { email: 'not an email' }, { name: ['Jane'] }, { name: 'x'.repeat(10_000) }, { line1: '' },
      { countryCode: HOSTILE_TEXT.sqlTautology }, { shippingOptionId: { $ne: null } }, { cardNumber: 4242 },
      { cardExpiry: '13/99' }, { idempotencyKey: 'x'.repeat(1000) }, { expectedTotalCents: 'free' }, { expectedTotalCents: -1 },
      { cartToken: HOSTILE_TEXT.sqlTautology },
    ];
    for (const overrides of bad) {
      const refused = await expectRefused(db(), () => v.post(ORDERS, order(overrides)));
      expect(refused.message, JSON.stringify(overrides)).not.toMatch(/\b(email|name|line1|countryCode|shippingOptionId|cardNumber|cardExpiry|idempotencyKey|expectedTotalCents|cartToken)\b/);
    }
  });

  it('refuse a mistyped or hostile shipping choice or cart token in a quote', async () => {
    const v = await shopper();
    for (const body of [{ shippingOptionId: 7 }, { shippingOptionId: 'x'.repeat(1000) }, { cartToken: ['a'] }, { cartToken: HOSTILE_TEXT.sqlTautology }]) {
      await expectRefused(db(), () => v.post(QUOTE, body));
    }
  });
});
