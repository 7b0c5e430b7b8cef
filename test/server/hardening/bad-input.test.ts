import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { seededProduct, seededVariant } from '../helpers/fixtures.ts';
import { Visitor } from '../helpers/visitor.ts';
import { rowCounts } from './database-snapshot.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const shirt = seededProduct('linen-shirt');
const shirtInStock = seededVariant('linen-shirt', (v) => v.qtyInStock === 12);

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

interface Refusal { message?: unknown }

/** The call is refused with a 4xx JSON message and the database is unchanged. */
async function expectRefused(send: (v: Visitor) => Promise<{ status: number; body: unknown; headers: Headers }>, visitor?: Visitor): Promise<{ status: number; message: string }> {
  const v = visitor ?? await new Visitor(server.url).start();
  const before = await rowCounts(server.app.deps.store);
  const answer = await send(v);
  expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  expect(answer.headers.get('content-type') ?? '').toContain('application/json');
  const message = (answer.body as Refusal).message;
  expect(typeof message).toBe('string');
  expect((message as string).length).toBeGreaterThan(0);
  expect(message).not.toMatch(/\bat .+\.(ts|js):\d+/);
  expect(await rowCounts(server.app.deps.store)).toEqual(before);
  return { status: answer.status, message: message as string };
}

const valid = { itemId: shirt.id, sku: shirtInStock.sku, quantity: 1, additionalFields: null };

describe('add-to-cart refuses bad input with a 4xx JSON message and writes nothing', () => {
  const hostileBodies: Array<[string, unknown]> = [
    ['malformed JSON', '{"itemId": "x", "quantity": '],
    ['a JSON array', '[1,2,3]'],
    ['a bare string', '"hello"'],
    ['a missing itemId', { sku: shirtInStock.sku, quantity: 1 }],
    ['a numeric itemId', { ...valid, itemId: 12345 }],
    ['an object quantity', { ...valid, quantity: { $gt: 0 } }],
    ['a negative quantity', { ...valid, quantity: -3 }],
    ['a zero quantity', { ...valid, quantity: 0 }],
    ['a fractional quantity', { ...valid, quantity: 1.5 }],
    ['a huge quantity', { ...valid, quantity: 1e300 }],
    ['a quantity beyond safe integers', { ...valid, quantity: '99999999999999999999' }],
    ['a NaN-like quantity', { ...valid, quantity: 'NaN' }],
    ['an unknown item id', { ...valid, itemId: 'no-such-item' }],
    ['an unknown sku', { ...valid, sku: 'NO-SUCH-SKU' }],
    ['SQL metacharacters in the id', { ...valid, itemId: "x' OR '1'='1'; DROP TABLE carts; --" }],
    ['control characters and unicode in the id', { ...valid, itemId: '\u0000\u0007\u202e𝒳\uFFFF' }],
    ['a prototype-polluting body', JSON.parse('{"__proto__": {"quantity": 1}, "itemId": "x"}') as unknown],
  ];
  for (const [label, body] of hostileBodies) {
    it(`refuses ${label}`, async () => {
      await expectRefused((v) => v.post(ENTRIES, body));
    });
  }

  it('refuses a 10 MB body with 413 before reading it whole', async () => {
    const huge = JSON.stringify({ ...valid, additionalFields: 'x'.repeat(10 * 1024 * 1024) });
    const { status } = await expectRefused((v) => v.post(ENTRIES, huge));
    expect(status).toBe(413);
  });

  it('still works for a valid body afterwards (the refusals did not poison the instance)', async () => {
    const v = await new Visitor(server.url).start();
    const answer = await v.post(ENTRIES, valid);
    expect(answer.status).toBe(200);
  });
});

describe('cart entry updates refuse bad input', () => {
  async function visitorWithEntry(): Promise<{ v: Visitor; entryId: string }> {
    const v = await new Visitor(server.url).start();
    const answer = await v.post<{ newlyAdded: { id: string } }>(ENTRIES, valid);
    expect(answer.status).toBe(200);
    return { v, entryId: answer.body.newlyAdded.id };
  }

  for (const [label, quantity] of [['negative', -1], ['fractional', 0.25], ['huge', 1e12], ['a string', 'lots'], ['null', null]] as const) {
    it(`refuses a ${label} quantity update`, async () => {
      const { v, entryId } = await visitorWithEntry();
      await expectRefused((visitor) => visitor.put(`${ENTRIES}/${entryId}/quantity`, { quantity }), v);
      const stored = (await server.app.deps.store.get<{ quantity: number }>('SELECT quantity FROM cart_entries WHERE id = ?', [entryId]))?.quantity;
      expect(stored).toBe(1);
    });
  }

  it('refuses to update or delete an unknown entry', async () => {
    const { v } = await visitorWithEntry();
    await expectRefused((visitor) => visitor.put(`${ENTRIES}/no-such-entry/quantity`, { quantity: 2 }), v);
    await expectRefused((visitor) => visitor.delete(`${ENTRIES}/no-such-entry`), v);
  });
});
