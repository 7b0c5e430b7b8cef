// @vitest-environment jsdom
/**
 * A new visitor's adds sent at once each made a cart of their own on the server (no cart cookie
 * yet) and only the last cart's cookie survived: the page now sends its adds one at a time, each
 * after the one before is answered, and one that fails does not hold up the next.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCartEntry, removeEntry } from '../../client/lib/store-calls.ts';

interface Pending {
  url: string;
  answer: (status: number) => void;
}

function fakeServer(): Pending[] {
  const pending: Pending[] = [];
  vi.stubGlobal('fetch', (url: string) => new Promise<Response>((resolve) => {
    pending.push({
      url,
      answer: (status) => resolve(new Response(JSON.stringify({ shoppingCart: { id: 'c1', entries: [] } }), { status, headers: { 'Content-Type': 'application/json' } })),
    });
  }));
  return pending;
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
const payload = { itemId: 'p1', sku: 'SKU-1', quantity: 1, additionalFields: 'null' };

describe('the page\'s adds to the cart', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('go to the server one at a time, the next once the one before is answered', async () => {
    const pending = fakeServer();
    const first = addCartEntry(payload);
    const second = addCartEntry({ ...payload, itemId: 'p2' });
    await settle();
    expect(pending).toHaveLength(1);
    pending[0]!.answer(200);
    expect((await first).ok).toBe(true);
    await settle();
    expect(pending).toHaveLength(2);
    pending[1]!.answer(200);
    expect((await second).ok).toBe(true);
  });

  it('do not hold up a change to a line of the cart, which has its cookie already', async () => {
    const pending = fakeServer();
    const adding = addCartEntry(payload);
    const removing = removeEntry('e1');
    await settle();
    expect(pending.map((request) => request.url).sort()).toEqual(['/api/commerce/shopping-cart/entries', '/api/commerce/shopping-cart/entries/e1']);
    for (const request of pending) request.answer(200);
    await Promise.all([adding, removing]);
  });

  it('go on after one that fails', async () => {
    const pending = fakeServer();
    const failing = addCartEntry(payload);
    const next = addCartEntry(payload);
    await settle();
    pending[0]!.answer(409);
    expect((await failing).ok).toBe(false);
    await settle();
    expect(pending).toHaveLength(2);
    pending[1]!.answer(200);
    expect((await next).ok).toBe(true);
  });
});
