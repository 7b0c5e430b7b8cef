import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_TO_CART, FORM, NEWSLETTER, PAYLOAD, REQUEST } from '../../../client/lib/messages.ts';
import { QUANTITY_MAX, QUANTITY_MIN } from '../../../client/lib/rules.ts';
import { serverMessages } from '../../../server/messages.ts';
import { seededProduct, seededVariant } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { expectRefused, HOSTILE_TEXT, NOT_AN_OBJECT, tenMegabyteJson } from '../helpers/refusal.ts';
import { Visitor } from '../helpers/visitor.ts';

const NEWSLETTER_PATH = '/api/newsletter/subscribe';
const SUBSCRIPTION = '/api/3/commerce/cart/subscription';
const STOCK = '/api/commerce/inventory/stock/';
const ENTRIES = '/api/commerce/shopping-cart/entries';
const ADDITIONAL_FIELDS = '/api/commerce/shopping-cart/entries/:entryId/additionalFields';

const coffee = seededProduct('coffee-club');
const wholeBeans = seededVariant('coffee-club', (variant) => variant.sku === 'SQ-COFFEE-WHOLE');
const shirt = seededProduct('linen-shirt');
const shirtInStock = seededVariant('linen-shirt', (variant) => variant.qtyInStock === 12);
const mug = seededProduct('stoneware-mug');
const mugVariant = seededVariant('stoneware-mug', (variant) => variant.qtyInStock > 0);
const napkins = seededProduct('monogram-napkins');
const napkinsVariant = napkins.variants[0]!;
/** Answers to the napkins' extra-fields form. */
const napkinAnswers = (initials: string) => JSON.stringify({ 'text-monogram-initials': initials, 'select-thread-colour': 'Rust' });

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

async function refusesUnreadableBodies(v: Visitor, method: string, url: string): Promise<void> {
  await expectRefused(app(), () => v.request(method, url, '{"email": '), { status: 400, message: serverMessages.malformedJson });
  await expectRefused(app(), () => v.request(method, url, tenMegabyteJson('additionalFields')), { status: 413, message: serverMessages.bodyTooLarge });
  for (const [, body] of NOT_AN_OBJECT) await expectRefused(app(), () => v.request(method, url, body), { status: 400 });
}

describe(`POST ${NEWSLETTER_PATH}`, () => {
  it('refuses unreadable bodies', async () => {
    await refusesUnreadableBodies(await visitor(), 'POST', NEWSLETTER_PATH);
  });

  it('answers the newsletter message alone (no field name) for a missing, mistyped or invalid email, SQL metacharacters and unicode included', async () => {
    const v = await visitor();
    for (const email of [undefined, 42, '', 'not-an-email', `a@example.com'); DROP TABLE mailing_list; --`, HOSTILE_TEXT.controlAndUnicode, `${'a'.repeat(400)}@example.com`]) {
      await expectRefused(app(), async () => v.post(NEWSLETTER_PATH, { email, captchaToken: await server.captchaToken('newsletter_block') }), { status: 400, message: NEWSLETTER.emailInvalid });
    }
  });

  it('answers the captcha message without a token or with a forged or mistyped one', async () => {
    const v = await visitor();
    await expectRefused(app(), () => v.post(NEWSLETTER_PATH, { email: 'ada@example.com' }), { status: 400, message: FORM.completeCaptcha });
    await expectRefused(app(), () => v.post(NEWSLETTER_PATH, { email: 'ada@example.com', captchaToken: 'a.b.c.d' }), { status: 400, message: FORM.completeCaptcha });
    await expectRefused(app(), () => v.post(NEWSLETTER_PATH, { email: 'ada@example.com', captchaToken: ['a'] }), { status: 400, message: REQUEST.tryAgain });
  });
});

describe(`POST ${SUBSCRIPTION}`, () => {
  const valid = { itemId: coffee.id, sku: wholeBeans.sku, qty: 1 };

  it('refuses unreadable bodies', async () => {
    await refusesUnreadableBodies(await visitor(), 'POST', SUBSCRIPTION);
  });

  const cases: Array<[string, Record<string, unknown>, number, string | RegExp]> = [
    ['a missing itemId', { ...valid, itemId: undefined }, 400, serverMessages.itemIdRequired],
    ['a numeric itemId', { ...valid, itemId: 7 }, 400, serverMessages.itemIdRequired],
    ['an unknown itemId', { ...valid, itemId: 'no-such-item' }, 404, serverMessages.productNotFound],
    ['SQL metacharacters in the itemId', { ...valid, itemId: HOSTILE_TEXT.sql }, 404, serverMessages.productNotFound],
    ['control characters in the itemId', { ...valid, itemId: HOSTILE_TEXT.controlAndUnicode }, 404, serverMessages.productNotFound],
    ['a missing sku', { ...valid, sku: undefined }, 400, ADD_TO_CART.variantUnavailable],
    ['an unknown sku', { ...valid, sku: 'NO-SUCH-SKU' }, 400, ADD_TO_CART.variantUnavailable],
    ['a negative qty', { ...valid, qty: -2 }, 400, PAYLOAD.quantityAtLeast(QUANTITY_MIN)],
    ['a zero qty', { ...valid, qty: 0 }, 400, PAYLOAD.quantityAtLeast(QUANTITY_MIN)],
    ['a fractional qty', { ...valid, qty: 1.5 }, 400, ADD_TO_CART.quantityNotWhole],
    ['a huge qty', { ...valid, qty: 1e300 }, 400, PAYLOAD.quantityAtMost(QUANTITY_MAX)],
    ['a qty beyond safe integers', { ...valid, qty: '99999999999999999999' }, 400, PAYLOAD.quantityAtMost(QUANTITY_MAX)],
    ['a text qty', { ...valid, qty: 'lots' }, 400, ADD_TO_CART.quantityNotNumber],
    ['an object qty', { ...valid, qty: { $gt: 0 } }, 400, ADD_TO_CART.quantityNotNumber],
    ['additionalFields that are not JSON', { ...valid, additionalFields: '{oops' }, 400, PAYLOAD.additionalFieldsNotJson],
    ['a product that is not sold by subscription', { itemId: shirt.id, sku: shirtInStock.sku, qty: 1 }, 400, serverMessages.notSubscribable],
  ];
  for (const [label, body, status, message] of cases) {
    it(`refuses ${label}`, async () => {
      const v = await visitor();
      await expectRefused(app(), () => v.post(SUBSCRIPTION, body), { status, message });
    });
  }
});

describe(`GET ${STOCK}`, () => {
  it('names a missing or oversized item id list', async () => {
    const v = await visitor();
    await expectRefused(app(), () => v.get(STOCK), { status: 400, message: /^itemId\b/ });
    const many = Array.from({ length: 51 }, () => `itemId=${coffee.id}`).join('&');
    await expectRefused(app(), () => v.get(`${STOCK}?${many}`), { status: 400, message: /^itemId\b/ });
    await expectRefused(app(), () => v.get(`${STOCK}?itemId=${'x'.repeat(65)}`), { status: 400, message: /^itemId\b/ });
  });

  it('answers 404 for unknown item ids, SQL metacharacters included', async () => {
    const v = await visitor();
    for (const itemId of ['no-such-item', HOSTILE_TEXT.sqlTautology, HOSTILE_TEXT.controlAndUnicode]) {
      await expectRefused(app(), () => v.get(`${STOCK}?itemId=${encodeURIComponent(itemId)}`), { status: 404, message: serverMessages.productNotFound });
    }
  });
});

describe(`PUT ${ADDITIONAL_FIELDS}`, () => {
  async function visitorWithEntry(): Promise<{ v: Visitor; url: (entryId?: string) => string }> {
    const v = await visitor();
    const added = await v.post<{ newlyAdded: { id: string } }>(ENTRIES, { itemId: napkins.id, sku: napkinsVariant.sku, quantity: 1, additionalFields: napkinAnswers('AB') });
    expect(added.status, added.text).toBe(200);
    const url = (entryId = added.body.newlyAdded.id) => ADDITIONAL_FIELDS.replace(':entryId', encodeURIComponent(entryId));
    return { v, url };
  }
  const valid = { itemId: napkins.id, sku: napkinsVariant.sku, additionalFields: napkinAnswers('CD') };

  it('refuses unreadable bodies', async () => {
    const { v, url } = await visitorWithEntry();
    await refusesUnreadableBodies(v, 'PUT', url());
  });

  it('refuses missing, mistyped or non-JSON fields with a catalogue message (no field name) and keeps the stored answers', async () => {
    const { v, url } = await visitorWithEntry();
    for (const [body, message] of [
      [{ ...valid, itemId: undefined }, REQUEST.tryAgain], [{ ...valid, sku: 5 }, REQUEST.tryAgain], [{ ...valid, additionalFields: { b: 2 } }, REQUEST.tryAgain],
      [{ ...valid, additionalFields: "{'b': 2}" }, PAYLOAD.additionalFieldsNotJson], [{ ...valid, additionalFields: 'x'.repeat(100_001) }, REQUEST.tryAgain],
    ] as const) {
      await expectRefused(app(), () => v.put(url(), body), { status: 400, message });
    }
  });

  it('answers 404 for an unknown entry or product and 400 for another product than the entry holds', async () => {
    const { v, url } = await visitorWithEntry();
    for (const entryId of ['no-such-entry', HOSTILE_TEXT.sql, 'x'.repeat(65)]) {
      await expectRefused(app(), () => v.put(url(entryId), valid), { status: 404, message: serverMessages.cartEntryNotFound });
    }
    await expectRefused(app(), () => v.put(url(), { ...valid, itemId: 'no-such-item' }), { status: 404, message: serverMessages.productNotFound });
    await expectRefused(app(), () => v.put(url(), { ...valid, itemId: shirt.id, sku: shirtInStock.sku }), { status: 400, message: ADD_TO_CART.variantUnavailable });
  });

  it('an entry of another visitor is unknown to this one', async () => {
    const { url } = await visitorWithEntry();
    const stranger = await visitor();
    await expectRefused(app(), () => stranger.put(url(), valid), { status: 404, message: serverMessages.cartEntryNotFound });
  });
});

describe(`POST ${ENTRIES} and PUT …/quantity: the quantity message says what is wrong`, () => {
  const valid = { itemId: mug.id, sku: mugVariant.sku, quantity: 1 };

  it('calls a huge whole number too large and a negative one too small, not "not whole" or "not a number"', async () => {
    const v = await visitor();
    for (const quantity of [1e300, 2 ** 60, '99999999999999999999']) {
      await expectRefused(app(), () => v.post(ENTRIES, { ...valid, quantity }), { status: 400, message: PAYLOAD.quantityAtMost(QUANTITY_MAX) });
    }
    const added = await v.post<{ newlyAdded: { id: string } }>(ENTRIES, valid);
    expect(added.status).toBe(200);
    const quantityUrl = `${ENTRIES}/${added.body.newlyAdded.id}/quantity`;
    await expectRefused(app(), () => v.put(quantityUrl, { quantity: 1e300 }), { status: 400, message: PAYLOAD.quantityAtMost(QUANTITY_MAX) });
    await expectRefused(app(), () => v.put(quantityUrl, { quantity: -1 }), { status: 400, message: PAYLOAD.quantityAtLeast(0) });
    await expectRefused(app(), () => v.put(quantityUrl, { quantity: 2.5 }), { status: 400, message: ADD_TO_CART.quantityNotWhole });
  });
});
