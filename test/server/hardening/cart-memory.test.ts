/**
 * Issue 16, item 1: an anonymous visitor could fill memory through extra-field answers (any JSON,
 * on any product) rendered into the cart island and kept by caches bounded by count. Answers are
 * now read against the product's form, carts have caps, and the caches are bounded by size.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM } from '../../../client/lib/messages.ts';
import { islandCacheCharacters, ISLAND_CACHE_CHARACTERS, renderIsland } from '../../../client/server-render.ts';
import { CART_LIMITS } from '../../../server/commerce/cart-limits.ts';
import { fillMessage, serverMessages } from '../../../server/messages.ts';
import { contextKey, stringIdCharacters, STRING_ID_CHARACTERS } from '../../../server/pages/rendered-page-cache.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { createSiteUserAccount } from '../../../server/security/site-user-accounts.ts';
import { OWNER_PASSWORD, startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { expectRefused } from '../helpers/refusal.ts';
import { Visitor } from '../helpers/visitor.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const SUBSCRIPTION = '/api/3/commerce/cart/subscription';
const mug = seededProduct('stoneware-mug');
const coffee = seededProduct('coffee-club');
const napkins = seededProduct('monogram-napkins');
const napkinSku = napkins.variants[0]!.sku;

interface CartAnswer { entries: Array<{ id: string; additionalFields: string | null }> }

/** Answers to the napkins' form (initials, an optional gift note, a thread colour). */
function napkinAnswers(values: Record<string, unknown> = {}): string {
  return JSON.stringify({ 'text-monogram-initials': 'ABC', 'select-thread-colour': 'Rust', ...values });
}

let server: PlatformServer;
beforeAll(async () => {
  server = await startPlatformServer();
  // as many napkins as the tests add: only the caps may refuse them
  await server.app.deps.store.run('UPDATE variants SET unlimited = 1 WHERE product_id = ?', [napkins.id]);
});
afterAll(async () => {
  await server.stop(true);
});

const db = () => server.app.deps.store;
const visitor = () => new Visitor(server.url).start();

describe('extra-field answers', () => {
  it('are refused for a product without an extra-fields form, on add and on a subscription', async () => {
    const v = await visitor();
    const answers = JSON.stringify({ attack: '&'.repeat(90_000) });
    await expectRefused(db(), () => v.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1, additionalFields: answers }), {
      status: 400, message: serverMessages.extraFieldsNotAccepted,
    });
    await expectRefused(db(), () => v.post(SUBSCRIPTION, { itemId: coffee.id, sku: coffee.variants[0]!.sku, qty: 1, additionalFields: '{}' }), {
      status: 400, message: serverMessages.extraFieldsNotAccepted,
    });
  });

  it('keep only the form\'s fields: anything else sent is dropped, not stored', async () => {
    const v = await visitor();
    const added = await v.post<{ shoppingCart: CartAnswer }>(ENTRIES, {
      itemId: napkins.id, sku: napkinSku, quantity: 1,
      additionalFields: napkinAnswers({ junk: '&'.repeat(90_000), nested: { deep: [1, 2, 3] } }),
    });
    expect(added.status).toBe(200);
    const stored = added.body.shoppingCart.entries[0]!.additionalFields!;
    expect(JSON.parse(stored)).toEqual({ 'text-monogram-initials': 'ABC', 'select-thread-colour': 'Rust' });
  });

  it('are checked against the form: lengths, shapes, offered choices and required fields', async () => {
    const v = await visitor();
    const add = (additionalFields: string) => v.post(ENTRIES, { itemId: napkins.id, sku: napkinSku, quantity: 1, additionalFields });
    const cases: Array<[string, Record<string, string>]> = [
      [napkinAnswers({ 'text-monogram-initials': 'A'.repeat(CART_LIMITS.answerLength + 1) }), { 'text-monogram-initials': FORM.characterLimit }],
      [napkinAnswers({ 'textarea-monogram-note': 'n'.repeat(121) }), { 'textarea-monogram-note': FORM.characterLimit }],
      [napkinAnswers({ 'select-thread-colour': 'Purple' }), { 'select-thread-colour': FORM.cannotParseFields }],
      [napkinAnswers({ 'text-monogram-initials': ['A', 'B'] }), { 'text-monogram-initials': FORM.cannotParseFields }],
      [JSON.stringify({ 'select-thread-colour': 'Rust' }), { 'text-monogram-initials': FORM.required }],
    ];
    for (const [answers, errors] of cases) {
      const refused = await expectRefused(db(), () => add(answers), { status: 400, message: FORM.invalidFields });
      expect(refused.body.errors).toEqual(errors);
    }
    for (const notAnObject of ['[]', '"text"', '12', 'null']) {
      await expectRefused(db(), () => add(notAnObject), { status: 400, message: FORM.cannotParseFields });
    }
  });

  it('changed on an entry are checked the same way', async () => {
    const v = await visitor();
    const added = await v.post<{ newlyAdded: { id: string } }>(ENTRIES, { itemId: napkins.id, sku: napkinSku, quantity: 1, additionalFields: napkinAnswers() });
    const url = `${ENTRIES}/${added.body.newlyAdded.id}/additionalFields`;
    const change = (additionalFields: string) => v.put(url, { itemId: napkins.id, sku: napkinSku, additionalFields });
    await expectRefused(db(), () => change(napkinAnswers({ 'text-monogram-initials': '&'.repeat(5000) })), { status: 400, message: FORM.invalidFields });
    const changed = await change(napkinAnswers({ 'text-monogram-initials': 'XYZ', junk: 'x'.repeat(50_000) }));
    expect(changed.status).toBe(200);
    expect(JSON.parse((changed.body as { updatedEntry: { additionalFields: string } }).updatedEntry.additionalFields)).toEqual({
      'text-monogram-initials': 'XYZ', 'select-thread-colour': 'Rust',
    });
  });
});

describe('cart caps', () => {
  it(`a cart holds at most ${CART_LIMITS.entries} entries`, async () => {
    const v = await visitor();
    for (let i = 0; i < CART_LIMITS.entries; i++) {
      const added = await v.post(ENTRIES, { itemId: napkins.id, sku: napkinSku, quantity: 1, additionalFields: napkinAnswers({ 'text-monogram-initials': `N${i}` }) });
      expect(added.status, `entry ${i}`).toBe(200);
    }
    const full = fillMessage(serverMessages.cartFull, { max: CART_LIMITS.entries });
    await expectRefused(db(), () => v.post(ENTRIES, { itemId: napkins.id, sku: napkinSku, quantity: 1, additionalFields: napkinAnswers() }), { status: 400, message: full });
    await expectRefused(db(), () => v.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 }), { status: 400, message: full });
    const cart = await v.get<CartAnswer>('/api/commerce/shopping-cart');
    expect(cart.body.entries).toHaveLength(CART_LIMITS.entries);
  });

  it(`the answers of one cart take at most ${CART_LIMITS.cartAnswerBytes} bytes, on add and on change`, async () => {
    const v = await visitor();
    const long = (i: number) => napkinAnswers({ 'text-monogram-initials': `${i}`.padEnd(CART_LIMITS.answerLength, '&'), 'textarea-monogram-note': 'n'.repeat(120) });
    const perEntry = Buffer.byteLength(long(0));
    const fitting = Math.floor(CART_LIMITS.cartAnswerBytes / perEntry);
    expect(fitting).toBeLessThan(CART_LIMITS.entries);
    const ids: string[] = [];
    for (let i = 0; i < fitting; i++) {
      const added = await v.post<{ newlyAdded: { id: string } }>(ENTRIES, { itemId: napkins.id, sku: napkinSku, quantity: 1, additionalFields: long(i) });
      expect(added.status, `entry ${i}`).toBe(200);
      ids.push(added.body.newlyAdded.id);
    }
    await expectRefused(db(), () => v.post(ENTRIES, { itemId: napkins.id, sku: napkinSku, quantity: 1, additionalFields: long(fitting) }), {
      status: 400, message: serverMessages.cartAnswersTooLong,
    });
    // shrinking one entry's answers makes room for a short entry; then only one of the two can grow back
    const fieldsUrl = (id: string) => `${ENTRIES}/${id}/additionalFields`;
    const change = (id: string, additionalFields: string) => v.put(fieldsUrl(id), { itemId: napkins.id, sku: napkinSku, additionalFields });
    expect((await change(ids[0]!, napkinAnswers())).status).toBe(200);
    const short = await v.post<{ newlyAdded: { id: string } }>(ENTRIES, { itemId: napkins.id, sku: napkinSku, quantity: 1, additionalFields: napkinAnswers() });
    expect(short.status).toBe(200);
    expect((await change(ids[0]!, long(0))).status).toBe(200);
    await expectRefused(db(), () => change(short.body.newlyAdded.id, long(fitting)), { status: 400, message: serverMessages.cartAnswersTooLong });
  });
});

describe('cart caps when a visitor cart joins an account cart at sign-in', () => {
  it(`the joined cart keeps at most ${CART_LIMITS.entries} entries; the rest stay in the old visitor cart`, async () => {
    const email = 'cart-caps@example.com';
    await createSiteUserAccount(server.app.deps, { email, password: OWNER_PASSWORD });
    const shopper = await new SiteUserVisitor(server.url).signIn(email, OWNER_PASSWORD);
    const addSome = async (count: number, label: string) => {
      for (let i = 0; i < count; i++) {
        const added = await shopper.post(ENTRIES, { itemId: napkins.id, sku: napkinSku, quantity: 1, additionalFields: napkinAnswers({ 'text-monogram-initials': `${label}${i}` }) });
        expect(added.status).toBe(200);
      }
    };
    await addSome(60, 'A');
    expect((await shopper.delete('/api/site-users/account/session?cloneCart=false')).status).toBe(200);
    shopper.xsrfToken = '';
    await addSome(60, 'V');
    await shopper.signIn(email, OWNER_PASSWORD);
    const joined = await shopper.get<CartAnswer>('/api/commerce/shopping-cart');
    expect(joined.body.entries).toHaveLength(CART_LIMITS.entries);
    const entries = await server.app.deps.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM cart_entries WHERE product_id = ?', [napkins.id]);
    expect(entries!.n).toBeGreaterThanOrEqual(120);
  });
});

describe('caches are bounded by size, not count', () => {
  const distinctLongTexts = (count: number, length: number) =>
    Array.from({ length: count }, (_, i) => `${i}:`.padEnd(length, 'x'));

  it('rendered islands keep at most ISLAND_CACHE_CHARACTERS of props and HTML', () => {
    for (const text of distinctLongTexts(300, 50_000)) {
      renderIsland('CartPill', { count: 1, label: text } as never);
    }
    expect(islandCacheCharacters()).toBeGreaterThan(0);
    expect(islandCacheCharacters()).toBeLessThanOrEqual(ISLAND_CACHE_CHARACTERS);
  });

  it('page-cache keys number long strings within STRING_ID_CHARACTERS', () => {
    for (const text of distinctLongTexts(200, 100_000)) contextKey({ island: text });
    expect(stringIdCharacters()).toBeGreaterThan(0);
    expect(stringIdCharacters()).toBeLessThanOrEqual(STRING_ID_CHARACTERS);
  });
});
