import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../../server/messages.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { expectPageRefused, expectRefused, HOSTILE_TEXT, settleWrites, tenMegabyteJson } from '../helpers/refusal.ts';
import { API_PATHS } from '../../../client/lib/api-paths.ts';
import { databaseDigest } from '../helpers/database-digest.ts';
import { Visitor } from '../helpers/visitor.ts';

// Page routes answer browsers (form posts and links), so their refusals are HTML pages.
const CHECKOUT = '/checkout';
const SUBSCRIPTION_CHECKOUT = '/checkout/subscription';
const GIFT_CARD_CHECKOUT = '/checkout/gift-card';
const ORDER_CONFIRMED = '/checkout/order-confirmed/:orderId';
const PRODUCT_PAGE = '/shop/p/:urlId';
const LESSON_PAGE = '/lessons/:urlId';
const SEARCH = '/search';
const MAILING_LIST_CONFIRM = '/mailing-list/confirm';
const SHOP = '/shop';

const giftCard = seededProduct('gift-card');
const shirt = seededProduct('linen-shirt');

let server: PlatformServer;
beforeAll(async () => {
  server = await startPlatformServer();
});
afterAll(async () => {
  await server.stop(true);
});

const db = () => server.app.deps.store;
/** What a refusal leaves as it was: the store, once the app's background work is done (a wait for it, not a sleep). */
const app = () => server.app.deps;
const visitor = () => new Visitor(server.url).start();

describe(`POST ${CHECKOUT}, ${SUBSCRIPTION_CHECKOUT} and ${GIFT_CARD_CHECKOUT}`, () => {
  it('refuse malformed JSON and a 10 MB body with a page', async () => {
    const v = await visitor();
    for (const url of [CHECKOUT, SUBSCRIPTION_CHECKOUT, GIFT_CARD_CHECKOUT]) {
      await expectPageRefused(app(), () => v.post(url, '{"cartToken": '), 400);
      await expectPageRefused(app(), () => v.post(url, tenMegabyteJson('cartToken')), 413);
    }
  });

  it('an empty cart places no order and says so', async () => {
    const v = await visitor();
    // a bare form post buys nothing: it goes back to the form, which has nothing to buy
    await settleWrites(app().background);
    const before = await databaseDigest(db());
    const posted = await v.post(CHECKOUT, {});
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`${CHECKOUT}?notPlaced=1`);
    await settleWrites(app().background);
    expect(await databaseDigest(db())).toEqual(before);
    await expectRefused(app(), () => v.post(API_PATHS.checkoutQuote, {}), { status: 400, message: serverMessages.cartEmpty });
  });

  it('a missing, mistyped, forged or hostile cart token finds no subscription cart', async () => {
    const v = await visitor();
    for (const cartToken of [undefined, '', ['a', 'b'], 'no-such-token', HOSTILE_TEXT.sqlTautology, 'x'.repeat(129)]) {
      await expectPageRefused(app(), () => v.post(SUBSCRIPTION_CHECKOUT, { cartToken }), 404);
    }
    await expectPageRefused(app(), () => v.request('POST', SUBSCRIPTION_CHECKOUT, undefined, { form: { cartToken: HOSTILE_TEXT.sql } }), 404);
  });

  it('a gift-card purchase needs a gift card: unknown, hostile or other items are not found', async () => {
    const v = await visitor();
    for (const itemId of [undefined, 7, 'no-such-item', HOSTILE_TEXT.sql, shirt.id]) {
      await expectPageRefused(app(), () => v.post(GIFT_CARD_CHECKOUT, { itemId, sku: 'SQ-GIFT-25' }), 404);
    }
  });

  it('a gift card without a known denomination goes back to the choice and buys nothing', async () => {
    const v = await visitor();
    await settleWrites(app().background);
    const before = await databaseDigest(db());
    const answer = await v.post(GIFT_CARD_CHECKOUT, { itemId: giftCard.id, sku: HOSTILE_TEXT.sql });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${GIFT_CARD_CHECKOUT}?itemId=${encodeURIComponent(giftCard.id)}`);
    expect(await databaseDigest(db())).toEqual(before);
  });
});

describe(`GET ${PRODUCT_PAGE}, ${LESSON_PAGE}, ${ORDER_CONFIRMED}, ${SUBSCRIPTION_CHECKOUT} and ${GIFT_CARD_CHECKOUT}`, () => {
  it('answer the not-found page for unknown or hostile ids', async () => {
    const v = await visitor();
    for (const id of ['no-such-thing', HOSTILE_TEXT.sql, HOSTILE_TEXT.controlAndUnicode, 'x'.repeat(5000)]) {
      const encoded = encodeURIComponent(id);
      await expectPageRefused(app(), () => v.get(PRODUCT_PAGE.replace(':urlId', encoded)), 404);
      await expectPageRefused(app(), () => v.get(LESSON_PAGE.replace(':urlId', encoded)), 404);
      await expectPageRefused(app(), () => v.get(`${ORDER_CONFIRMED.replace(':orderId', encoded)}?token=${encoded}`), 404);
      await expectPageRefused(app(), () => v.get(`${SUBSCRIPTION_CHECKOUT}?cartToken=${encoded}`), 404);
      await expectPageRefused(app(), () => v.get(`${GIFT_CARD_CHECKOUT}?itemId=${encoded}`), 404);
    }
    await expectPageRefused(app(), () => v.get(`${SUBSCRIPTION_CHECKOUT}?cartToken=a&cartToken=b`), 404);
    await expectPageRefused(app(), () => v.get(`${ORDER_CONFIRMED.replace(':orderId', 'x')}?token=a&token=b`), 404);
  });

  it('answer 400 saying the address is not valid when its %-escapes do not decode, pages and calls alike', async () => {
    const v = await visitor();
    for (const broken of ['%E0%A4%A', '%ZZ', 'caf%C3']) {
      const text = await expectPageRefused(app(), () => v.get(PRODUCT_PAGE.replace(':urlId', broken)), 400);
      expect(text, broken).toContain(serverMessages.addressNotValid);
      // trying again will not mend the address, so the page does not say to
      expect(text, broken).not.toContain('Please try again');
      await expectPageRefused(app(), () => v.get(ORDER_CONFIRMED.replace(':orderId', broken)), 400);
      await expectRefused(app(), () => v.delete(`${API_PATHS.cartEntries}/${broken}`), { status: 400, message: serverMessages.addressNotValid });
    }
  });
});

describe(`GET ${SHOP}`, () => {
  it('answers 400 with the catalogue message for a sort or filter that cannot be, reads a page number that is not one as the first page, and lists hostile filters as plain text', async () => {
    const v = await visitor();
    for (const query of ['sort=%27%3B%20DROP%20TABLE%20products%3B--', 'category=a&category=b', `tag=${'x'.repeat(10_000)}`]) {
      const text = await expectPageRefused(app(), () => v.get(`${SHOP}?${query}`), 400);
      expect(text, query).toContain(serverMessages.shopBrowseInvalid);
    }
    for (const query of ['page=-1', 'page=1e400', `page=${encodeURIComponent(HOSTILE_TEXT.sql)}`, `page=${'x'.repeat(10_000)}`]) {
      const answer = await v.get(`${SHOP}?${query}`);
      expect(answer.status, query).toBe(200);
      expect(answer.text, query).toContain('Page 1 of');
    }
    for (const query of [`category=${encodeURIComponent(HOSTILE_TEXT.sql)}`, `tag=${encodeURIComponent(HOSTILE_TEXT.controlAndUnicode)}`]) {
      const answer = await v.get(`${SHOP}?${query}`);
      expect(answer.status, query).toBe(200);
      expect(answer.text).toContain('<div class="shop-unknown-filter">');
    }
  });
});

describe(`GET ${SEARCH}`, () => {
  it('searches for SQL metacharacters, unicode and repeated terms as plain text', async () => {
    const v = await visitor();
    for (const query of [`q=${encodeURIComponent(HOSTILE_TEXT.sql)}`, `q=${encodeURIComponent(HOSTILE_TEXT.controlAndUnicode)}`, 'q=%25&q=_', `q=${'x'.repeat(10_000)}`, 'q=%22*%20OR%20NEAR(']) {
      const answer = await v.get(`${SEARCH}?${query}`);
      expect(answer.status, query).toBe(200);
      expect(answer.text).not.toMatch(/SQLITE_|\bat .+\.(ts|js):\d+/);
    }
    await expect(db().get('SELECT COUNT(*) AS n FROM site_users'), 'the table survived').resolves.toBeDefined();
  });
});

describe(`GET ${MAILING_LIST_CONFIRM}`, () => {
  it('answers a page saying the link is not valid for a missing, repeated, forged or hostile token, and joins nobody', async () => {
    const v = await visitor();
    const tokens = ['', 'no-dot', 'a.b', 'a.b.c', `${Buffer.from('{"e":"x@example.com","s":"newsletter","x":9e15}').toString('base64url')}.forged`,
      encodeURIComponent(HOSTILE_TEXT.sql), encodeURIComponent(HOSTILE_TEXT.controlAndUnicode), 'x'.repeat(5000)];
    for (const token of tokens) {
      const page = await expectPageRefused(app(), () => v.get(`${MAILING_LIST_CONFIRM}?token=${token}`), 400);
      expect(page).toContain(serverMessages.mailingListLinkInvalid);
    }
    await expectPageRefused(app(), () => v.get(MAILING_LIST_CONFIRM), 400);
    await expectPageRefused(app(), () => v.get(`${MAILING_LIST_CONFIRM}?token=a&token=b`), 400);
  });
});
