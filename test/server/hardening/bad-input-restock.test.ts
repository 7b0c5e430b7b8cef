import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST, RESTOCK } from '../../../client/lib/messages.ts';
import { encodeCursor } from '../../../server/api/restock.ts';
import { serverMessages } from '../../../server/messages.ts';
import { seededProduct, seededVariant } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { expectRefused, HOSTILE_TEXT, NOT_AN_OBJECT, tenMegabyteJson } from '../helpers/refusal.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';

const SIGN_UP = '/api/site-users/account/notifications/restock';
const GROUPS = '/api/site-users/account/notifications/restock/groups';
const SEND = '/api/site-users/account/notifications/restock/send';
const SEND_ALL = '/api/site-users/account/notifications/restock/send/all';

const lamp = seededProduct('brass-lamp');
const soldOutLamp = seededVariant('brass-lamp', (variant) => variant.qtyInStock === 0);
const shirt = seededProduct('linen-shirt');
const shirtInStock = seededVariant('linen-shirt', (variant) => variant.qtyInStock > 0);

let server: PlatformServer;
let owner: SiteUserVisitor;
beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

const db = () => server.app.deps.store;
const signUp = async (overrides: Record<string, unknown> = {}) => ({
  productId: lamp.id, variantId: soldOutLamp.id, siteVisitorEmail: 'ada@example.com',
  captchaToken: await server.captchaToken('product_waitlist'), ...overrides,
});

/** Malformed JSON, a 10 MB body and the bodies that are not an object. */
async function refusesUnreadableBodies(v: Visitor, url: string): Promise<void> {
  await expectRefused(db(), () => v.post(url, '{"productId": '), { status: 400, message: serverMessages.malformedJson });
  await expectRefused(db(), () => v.post(url, tenMegabyteJson('siteVisitorEmail')), { status: 413, message: serverMessages.bodyTooLarge });
  for (const [, body] of NOT_AN_OBJECT) await expectRefused(db(), () => v.post(url, body), { status: 400 });
}

describe(`POST ${SIGN_UP}`, () => {
  it('refuses unreadable bodies', async () => {
    await refusesUnreadableBodies(await new Visitor(server.url).start(), SIGN_UP);
  });

  it('refuses missing, mistyped and oversized fields with a catalogue message, never a field name', async () => {
    const v = await new Visitor(server.url).start();
    for (const overrides of [
      { productId: undefined }, { variantId: 42 }, { productId: 'x'.repeat(65) },
      { isJoinMailingList: 'yes' }, { language: 'x'.repeat(17) }, { captchaToken: { token: 'x' } },
    ]) {
      await expectRefused(db(), async () => v.post(SIGN_UP, await signUp(overrides)), { status: 400, message: REQUEST.tryAgain });
    }
  });

  it('answers the restock form messages for a blank or invalid email, SQL metacharacters included', async () => {
    const v = await new Visitor(server.url).start();
    for (const [email, message] of [
      [undefined, RESTOCK.emailBlank], [42, RESTOCK.emailBlank], ['   ', RESTOCK.emailBlank], ['not-an-email', RESTOCK.emailInvalid],
      [`a@example.com'); DROP TABLE restock_signups; --`, RESTOCK.emailInvalid], [`${HOSTILE_TEXT.controlAndUnicode}`, RESTOCK.emailInvalid],
    ] as const) {
      await expectRefused(db(), async () => v.post(SIGN_UP, await signUp({ siteVisitorEmail: email })), { status: 400, message });
    }
  });

  it('answers the captcha message without a token or with a forged one', async () => {
    const v = await new Visitor(server.url).start();
    for (const captchaToken of [undefined, '', 'forged.token.value.signature']) {
      await expectRefused(db(), async () => v.post(SIGN_UP, await signUp({ captchaToken })), { status: 400, message: RESTOCK.completeCaptcha });
    }
  });

  it('answers 404 for an unknown product or variant id, SQL metacharacters included', async () => {
    const v = await new Visitor(server.url).start();
    for (const ids of [{ productId: 'no-such-product' }, { variantId: 'no-such-variant' }, { productId: HOSTILE_TEXT.sqlTautology }, { variantId: shirtInStock.id }]) {
      await expectRefused(db(), async () => v.post(SIGN_UP, await signUp(ids)), { status: 404, message: serverMessages.productNotFound });
    }
  });

  it('refuses a variant that is in stock', async () => {
    const v = await new Visitor(server.url).start();
    await expectRefused(db(), async () => v.post(SIGN_UP, await signUp({ productId: shirt.id, variantId: shirtInStock.id })), {
      status: 400, message: serverMessages.restockVariantNotSoldOut,
    });
  });

  it('stores a unicode email and a control-character language verbatim', async () => {
    const v = await new Visitor(server.url).start();
    const email = 'zoë.o\'brien@example.com';
    const answer = await v.post(SIGN_UP, await signUp({ siteVisitorEmail: email, language: 'fr\u0007\u202e' }));
    expect(answer.status, answer.text).toBe(200);
    expect((await db().get<{ language: string }>('SELECT language FROM restock_signups WHERE email = ?', [email]))?.language).toBe('fr\u0007\u202e');
  });
});

describe(`GET ${GROUPS} and GET ${SIGN_UP}`, () => {
  it('answers the cursor message for a cursor that is not one of ours', async () => {
    for (const cursor of ['not-base64-json', encodeCursor({ productId: 1 }), encodeCursor([HOSTILE_TEXT.sql]), Buffer.from('{"a":').toString('base64url')]) {
      await expectRefused(db(), () => owner.get(`${GROUPS}?cursor=${encodeURIComponent(cursor)}`), { status: 400, message: serverMessages.invalidCursor });
      await expectRefused(db(), () => owner.get(`${SIGN_UP}?productId=${lamp.id}&variantId=${soldOutLamp.id}&cursor=${encodeURIComponent(cursor)}`), {
        status: 400, message: serverMessages.invalidCursor,
      });
    }
  });

  it('names a page size that is negative, zero, fractional, huge or not a number', async () => {
    for (const limit of ['-1', '0', '1.5', '1e300', '99999999999999999999', 'NaN', 'ten', '']) {
      await expectRefused(db(), () => owner.get(`${GROUPS}?limit=${encodeURIComponent(limit)}`), { status: 400, message: /^limit: / });
    }
  });

  it('names missing ids and an oversized cursor', async () => {
    await expectRefused(db(), () => owner.get(SIGN_UP), { status: 400, message: /^productId: / });
    await expectRefused(db(), () => owner.get(`${SIGN_UP}?productId=${lamp.id}`), { status: 400, message: /^variantId: / });
    await expectRefused(db(), () => owner.get(`${GROUPS}?cursor=${'a'.repeat(513)}`), { status: 400, message: /^cursor: / });
  });
});

describe(`POST ${SEND} and ${SEND_ALL}`, () => {
  it('refuses unreadable bodies', async () => {
    await refusesUnreadableBodies(owner, SEND);
    await refusesUnreadableBodies(owner, SEND_ALL);
  });

  it('names missing or mistyped ids', async () => {
    for (const body of [{}, { productId: lamp.id }, { productId: 1, variantId: soldOutLamp.id }]) {
      await expectRefused(db(), () => owner.post(SEND, body), { status: 400, message: /^(productId|variantId): / });
    }
    const tooMany = Array.from({ length: 501 }, () => ({ productId: lamp.id, variantId: soldOutLamp.id }));
    for (const sendRequests of [undefined, [], 'all', [{ productId: lamp.id }], tooMany]) {
      await expectRefused(db(), () => owner.post(SEND_ALL, { sendRequests }), { status: 400, message: /^sendRequests\b/ });
    }
  });

  it('answers 404 for unknown ids, SQL metacharacters included', async () => {
    for (const ids of [{ productId: 'no-such-product', variantId: soldOutLamp.id }, { productId: lamp.id, variantId: HOSTILE_TEXT.sql }]) {
      await expectRefused(db(), () => owner.post(SEND, ids), { status: 404, message: serverMessages.productNotFound });
    }
  });

  it('sends nothing at all when one request of a batch names an unknown variant', async () => {
    const v = await new Visitor(server.url).start();
    expect((await v.post(SIGN_UP, await signUp({ siteVisitorEmail: 'waiting@example.com' }))).status).toBe(200);
    const sendRequests = [{ productId: lamp.id, variantId: soldOutLamp.id }, { productId: lamp.id, variantId: 'no-such-variant' }];
    await expectRefused(db(), () => owner.post(SEND_ALL, { sendRequests }), { status: 404, message: serverMessages.productNotFound });
    expect((await db().get<{ notified_on: number | null }>('SELECT notified_on FROM restock_signups WHERE email = ?', ['waiting@example.com']))?.notified_on).toBeNull();
  });
});
