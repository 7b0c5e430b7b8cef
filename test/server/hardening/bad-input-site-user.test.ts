import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../../server/messages.ts';
import { platformMessages } from '../../../server/platform-messages.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { expectRefused, HOSTILE_TEXT, NOT_AN_OBJECT, tenMegabyteJson } from '../helpers/refusal.ts';
import { Visitor } from '../helpers/visitor.ts';

const SESSION = '/api/site-users/account/session';
const LOCALE = '/api/site-users/account/locale';

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

describe(`POST ${SESSION}`, () => {
  const good = { email: 'owner@example.com', password: 'a password' };
  const badBodies: Array<[string, unknown, RegExp]> = [
    ['a missing email', { password: good.password }, /^email: /],
    ['a numeric email', { ...good, email: 12345 }, /^email: /],
    ['an object password', { ...good, password: { $ne: '' } }, /^password: /],
    ['an empty password', { ...good, password: '' }, /^password: /],
    ['a password longer than any allowed', { ...good, password: 'p'.repeat(5000) }, /^password: /],
    ['a text rememberMe', { ...good, rememberMe: 'yes' }, /^rememberMe: /],
  ];

  it('refuses malformed JSON, a 10 MB body and bodies that are not an object', async () => {
    const v = await new Visitor(server.url).start();
    await expectRefused(app(), () => v.post(SESSION, '{"email": '), { status: 400, message: serverMessages.malformedJson });
    await expectRefused(app(), () => v.post(SESSION, tenMegabyteJson('password')), { status: 413, message: serverMessages.bodyTooLarge });
    for (const [, body] of NOT_AN_OBJECT) await expectRefused(app(), () => v.post(SESSION, body), { status: 400 });
  });

  for (const [label, body, message] of badBodies) {
    it(`names the field for ${label}`, async () => {
      const v = await new Visitor(server.url).start();
      await expectRefused(app(), () => v.post(SESSION, body), { status: 400, message });
      expect(v.cookies.has('SiteUserSession')).toBe(false);
    });
  }

  it('answers 401 with the credentials message for unknown accounts, SQL metacharacters and unicode included', async () => {
    const v = await new Visitor(server.url).start();
    for (const email of [HOSTILE_TEXT.sqlTautology, `owner@example.com${HOSTILE_TEXT.sql}`, `${HOSTILE_TEXT.controlAndUnicode}@example.com`]) {
      await expectRefused(app(), () => v.post(SESSION, { email, password: "' OR '1'='1" }), { status: 401, message: platformMessages.invalidCredentials });
    }
  });
});

describe(`DELETE ${SESSION}`, () => {
  it('names a cloneCart that is not true or false and keeps the session', async () => {
    const shopper = await server.signInShopper();
    for (const query of ['cloneCart=maybe', 'cloneCart=true&cloneCart=false', "cloneCart='%3B%20DROP%20TABLE%20carts%3B--"]) {
      await expectRefused(app(), () => shopper.delete(`${SESSION}?${query}`), { status: 400, message: /^cloneCart: / });
    }
    expect((await shopper.post(LOCALE, { language: 'fr' })).status).toBe(200);
  });

  it('refuses malformed JSON and a 10 MB body', async () => {
    const shopper = await server.signInShopper();
    await expectRefused(app(), () => shopper.request('DELETE', SESSION, '{"x": '), { status: 400, message: serverMessages.malformedJson });
    await expectRefused(app(), () => shopper.request('DELETE', SESSION, tenMegabyteJson()), { status: 413, message: serverMessages.bodyTooLarge });
  });
});

describe(`POST ${LOCALE}`, () => {
  it('answers 401 to a visitor who is not signed in, even with a valid language', async () => {
    const v = await new Visitor(server.url).start();
    await expectRefused(app(), () => v.post(LOCALE, { language: 'fr' }), { status: 401, message: platformMessages.signInRequired });
  });

  it('refuses malformed JSON, a 10 MB body and bodies that are not an object', async () => {
    const shopper = await server.signInShopper();
    await expectRefused(app(), () => shopper.post(LOCALE, '{"language": '), { status: 400, message: serverMessages.malformedJson });
    await expectRefused(app(), () => shopper.post(LOCALE, tenMegabyteJson('language')), { status: 413, message: serverMessages.bodyTooLarge });
    for (const [, body] of NOT_AN_OBJECT) await expectRefused(app(), () => shopper.post(LOCALE, body), { status: 400 });
  });

  it('names a missing, mistyped or malformed language and leaves the stored one alone', async () => {
    const shopper = await server.signInShopper();
    for (const language of [undefined, 42, ['fr'], '', 'f', 'english please', HOSTILE_TEXT.sql, 'fr\u0000', 'fr-\u202eCA', 'x'.repeat(5000)]) {
      await expectRefused(app(), () => shopper.post(LOCALE, { language }), { status: 400, message: /^language: / });
    }
  });
});
