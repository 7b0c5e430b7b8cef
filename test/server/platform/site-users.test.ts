import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { CART_COOKIE, HAS_CART_COOKIE } from '../../../client/lib/cart.ts';
import { CartRepository } from '../../../server/db/cart-repository.ts';
import { serverMessages } from '../../../server/messages.ts';
import { platformMessages } from '../../../server/platform-messages.ts';
import { CONTRIBUTOR_ROLES } from '../../../server/security/owner-permissions.ts';
import { OWNER_EMAIL } from '../../../server/security/owner-account.ts';
import { SIGN_IN_POLICY } from '../../../server/security/sign-in-throttle.ts';
import { SITE_USER_INFO_COOKIE, SITE_USER_SESSION_COOKIE } from '../../../server/security/site-user.ts';
import { addAccount, field, OWNER_PASSWORD, startServer, tempDatabasePath, Visitor, type RunningServer } from './harness.ts';

describe('site-user session calls', () => {
  let db: ReturnType<typeof tempDatabasePath>;
  let server: RunningServer;
  /** Each case's own reader account: its sign-ins, failures, carts and language are its own. */
  let readerEmail: string;
  let readers = 0;

  // one server for the file (a fresh store costs its migrations and the owner's password hash);
  // the cases share no account but the owner's, whose sessions each case opens for itself
  beforeAll(async () => {
    db = tempDatabasePath();
    server = await startServer(db.path);
  });
  afterAll(async () => {
    await server.stop();
    db.remove();
  });
  beforeEach(async () => {
    readers += 1;
    readerEmail = `reader-${readers}@example.com`;
    await addAccount(server, readerEmail, 'reader password 1');
  });

  it('signs in with email and password and returns an xsrfToken and the two cookies', async () => {
    const visitor = new Visitor(server);
    const result = await visitor.signIn(readerEmail, 'reader password 1');
    expect(result.status).toBe(200);
    expect(typeof field(result.body, 'xsrfToken')).toBe('string');
    const info = JSON.parse(visitor.cookies.get(SITE_USER_INFO_COOKIE) ?? '{}');
    expect(info).toEqual({ authenticated: true, siteUserId: field(result.body, 'siteUserId') });
    expect(visitor.cookies.get(SITE_USER_SESSION_COOKIE)).toBeTruthy();
    const setCookies = result.headers.getSetCookie().join('\n');
    expect(setCookies).toMatch(new RegExp(`${SITE_USER_SESSION_COOKIE}=[^;]+;.*HttpOnly`, 'i'));
    expect(setCookies).toMatch(/SameSite=Lax/i);
  });

  it('keeps the session across browser restarts only with rememberMe', async () => {
    const remembered = await new Visitor(server).signIn(readerEmail, 'reader password 1', true);
    expect(remembered.headers.getSetCookie().some((line) => line.startsWith(SITE_USER_SESSION_COOKIE) && /Max-Age=\d+/i.test(line))).toBe(true);
    const browserSession = await new Visitor(server).signIn(readerEmail, 'reader password 1', false);
    expect(browserSession.headers.getSetCookie().some((line) => line.startsWith(SITE_USER_SESSION_COOKIE) && /Max-Age/i.test(line))).toBe(false);
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const wrong = await new Visitor(server).signIn(readerEmail, 'not it');
    const unknown = await new Visitor(server).signIn('nobody@example.com', 'reader password 1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(field(wrong.body, 'message')).toBe(platformMessages.invalidCredentials);
    expect(field(unknown.body, 'message')).toBe(platformMessages.invalidCredentials);
  });

  it('makes an account and address wait after repeated failures, while correct ones never count', async () => {
    const visitor = new Visitor(server);
    for (let i = 0; i < 5; i += 1) expect((await visitor.signIn(readerEmail, 'reader password 1')).status).toBe(200);
    for (let i = 0; i < SIGN_IN_POLICY.backOffFromFailure; i += 1) expect((await visitor.signIn(readerEmail, `wrong ${i}`)).status).toBe(401);
    const limited = await visitor.signIn(readerEmail, 'reader password 1');
    expect(limited.status).toBe(429);
    expect(field(limited.body, 'message')).toBe(platformMessages.tooManySignInAttempts);
    expect(limited.headers.get('retry-after')).toBe(String(SIGN_IN_POLICY.firstBackOffMs / 1000));
    await new Promise((resolve) => setTimeout(resolve, SIGN_IN_POLICY.firstBackOffMs + 100));
    expect((await visitor.signIn(readerEmail, 'reader password 1')).status).toBe(200);
  });

  it('answers 400 naming the field when the payload is malformed', async () => {
    const result = await new Visitor(server).call('/api/site-users/account/session', { json: { email: readerEmail } });
    expect(result.status).toBe(400);
    expect(String(field(result.body, 'message'))).toContain('password');
    // an empty field in words a person reads, not the validation library's
    const empty = await new Visitor(server).call('/api/site-users/account/session', { json: { email: '', password: '' } });
    expect(empty.status).toBe(400);
    expect(String(field(empty.body, 'message'))).toContain(ADMIN.enterEmail);
    expect(String(field(empty.body, 'message'))).toContain(ADMIN.enterPassword);
    expect(String(field(empty.body, 'message'))).not.toContain('Too small');
  });

  it('answers crumbFail on sign-in and sign-out without a crumb and changes nothing', async () => {
    const visitor = new Visitor(server);
    await visitor.ensureCrumb();
    const signIn = await visitor.call('/api/site-users/account/session', {
      json: { email: readerEmail, password: 'reader password 1' }, withoutCrumb: true,
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toEqual({ crumbFail: true, message: serverMessages.crumbFail });
    expect(visitor.cookies.has(SITE_USER_SESSION_COOKIE)).toBe(false);

    await visitor.signIn(readerEmail, 'reader password 1');
    const signOut = await visitor.call('/api/site-users/account/session?cloneCart=true', { method: 'DELETE', withoutCrumb: true });
    expect(signOut.status).toBe(403);
    expect(field(signOut.body, 'crumbFail')).toBe(true);
    // still signed in: the retry with the crumb signs out
    const retry = await visitor.call('/api/site-users/account/session?cloneCart=true', { method: 'DELETE' });
    expect(retry.status).toBe(200);
    expect(field(retry.body, 'signedOut')).toBe(true);
  });

  it('signs out: the old session cookie no longer authenticates', async () => {
    const visitor = new Visitor(server);
    await visitor.signIn(readerEmail, 'reader password 1');
    const staleCookies = new Map(visitor.cookies);
    const staleXsrf = visitor.xsrfToken;
    const out = await visitor.call('/api/site-users/account/session', { method: 'DELETE' });
    expect(out.status).toBe(200);
    expect(visitor.cookies.has(SITE_USER_SESSION_COOKIE)).toBe(false);

    const replay = new Visitor(server);
    for (const [name, value] of staleCookies) replay.cookies.set(name, value);
    replay.xsrfToken = staleXsrf;
    const locale = await replay.call('/api/site-users/account/locale', { json: { language: 'fr' } });
    expect(locale.status).toBe(401);
  });

  describe('cloneCart on sign-out', () => {
    async function signedInWithCart(): Promise<{ visitor: Visitor; siteUserId: string }> {
      const visitor = new Visitor(server);
      const signIn = await visitor.signIn(readerEmail, 'reader password 1');
      const siteUserId = field(signIn.body, 'siteUserId') as string;
      const carts = new CartRepository(server.app.deps.store);
      const variant = (await server.app.deps.store.get<{ id: string; product_id: string }>('SELECT id, product_id FROM variants ORDER BY rowid LIMIT 1'))!;
      const cart = await carts.create('cart', 'USD', siteUserId);
      await carts.addEntry(cart.id, variant.product_id, variant.id, 2, null);
      visitor.cookies.set(CART_COOKIE, cart.token);
      return { visitor, siteUserId };
    }

    it('with cloneCart=true the visitor keeps a copy of the cart and the account keeps its own', async () => {
      const { visitor, siteUserId } = await signedInWithCart();
      const userCartToken = visitor.cookies.get(CART_COOKIE);
      const out = await visitor.call('/api/site-users/account/session?cloneCart=true', { method: 'DELETE' });
      expect(field(out.body, 'clonedEntries')).toBe(1);
      const carts = new CartRepository(server.app.deps.store);
      const copy = await carts.findByToken(visitor.cookies.get(CART_COOKIE) ?? '');
      expect(visitor.cookies.get(CART_COOKIE)).not.toBe(userCartToken);
      expect(copy?.siteUserId).toBeNull();
      expect((await carts.entries(copy!.id)).map((entry) => entry.quantity)).toEqual([2]);
      expect(await carts.entries((await carts.findOpenCartOfUser(siteUserId))!.id)).toHaveLength(1);
      expect(visitor.cookies.get(HAS_CART_COOKIE)).toBe('true');
    });

    it('without cloneCart the cart cookies are cleared', async () => {
      const { visitor } = await signedInWithCart();
      const out = await visitor.call('/api/site-users/account/session?cloneCart=false', { method: 'DELETE' });
      expect(field(out.body, 'clonedEntries')).toBe(0);
      expect(visitor.cookies.has(CART_COOKIE)).toBe(false);
    });
  });

  it('rejects a bad cloneCart value', async () => {
    const result = await new Visitor(server).call('/api/site-users/account/session?cloneCart=maybe', { method: 'DELETE' });
    expect(result.status).toBe(400);
    expect(String(field(result.body, 'message'))).toContain('cloneCart');
  });

  it('saves the language of a signed-in user who sends the X-SiteUser-XSRF-Token', async () => {
    const visitor = new Visitor(server);
    await visitor.signIn(readerEmail, 'reader password 1');
    const saved = await visitor.call('/api/site-users/account/locale', { json: { language: 'fr-CA' } });
    expect(saved.status).toBe(200);
    const row = (await server.app.deps.store.get<{ locale: string }>('SELECT locale FROM site_users WHERE email = ?', [readerEmail]))!;
    expect(row.locale).toBe('fr-CA');

    const noToken = await visitor.call('/api/site-users/account/locale', {
      json: { language: 'de' }, headers: { 'x-siteuser-xsrf-token': 'wrong' },
    });
    expect(noToken.status).toBe(403);
    expect(field(noToken.body, 'message')).toBe(platformMessages.xsrfMismatch);

    const badTag = await visitor.call('/api/site-users/account/locale', { json: { language: 'not a language!' } });
    expect(badTag.status).toBe(400);
  });

  it('answers 401 to an anonymous language change', async () => {
    const result = await new Visitor(server).call('/api/site-users/account/locale', { json: { language: 'fr' } });
    expect(result.status).toBe(401);
  });

  describe('cookie tampering gives no access', () => {
    it('an info cookie alone (no session) is no user', async () => {
      const owner = new Visitor(server);
      const signedIn = await owner.signIn(OWNER_EMAIL, OWNER_PASSWORD);
      const forger = new Visitor(server);
      forger.cookies.set(SITE_USER_INFO_COOKIE, JSON.stringify({ authenticated: true, siteUserId: field(signedIn.body, 'siteUserId') }));
      const result = await forger.call('/api/commondata/GetSiteLayout');
      expect(result.status).toBe(401);
    });

    it("an info cookie naming another user with one's own session is no user", async () => {
      const owner = new Visitor(server);
      const ownerSignIn = await owner.signIn(OWNER_EMAIL, OWNER_PASSWORD);
      const reader = new Visitor(server);
      await reader.signIn(readerEmail, 'reader password 1');
      // the reader keeps its own session token but claims to be the owner
      reader.cookies.set(SITE_USER_INFO_COOKIE, JSON.stringify({ authenticated: true, siteUserId: field(ownerSignIn.body, 'siteUserId') }));
      const result = await reader.call('/api/commondata/GetSiteLayout');
      expect(result.status).toBe(401);
    });

    it('a forged session token is no user', async () => {
      const owner = new Visitor(server);
      await owner.signIn(OWNER_EMAIL, OWNER_PASSWORD);
      owner.cookies.set(SITE_USER_SESSION_COOKIE, 'forged-token-value');
      expect((await owner.call('/api/commondata/GetSiteLayout')).status).toBe(401);
    });

    it('an unparseable info cookie is treated as no user', async () => {
      const owner = new Visitor(server);
      await owner.signIn(OWNER_EMAIL, OWNER_PASSWORD);
      owner.cookies.set(SITE_USER_INFO_COOKIE, '{not json');
      expect((await owner.call('/api/commondata/GetSiteLayout')).status).toBe(401);
      owner.cookies.set(SITE_USER_INFO_COOKIE, JSON.stringify({ authenticated: 'yes' }));
      expect((await owner.call('/api/commondata/GetSiteLayout')).status).toBe(401);
    });
  });

  it('stores scrypt hashes, never the password', async () => {
    const row = (await server.app.deps.store.get<{ password_hash: string }>('SELECT password_hash FROM site_users WHERE email = ?', [readerEmail]))!;
    expect(row.password_hash.startsWith('scrypt$')).toBe(true);
    expect(row.password_hash).not.toContain('reader password 1');
  });

  it('gives owner accounts their contributor role', async () => {
    const row = (await server.app.deps.store.get<{ contributor_role: number }>('SELECT contributor_role FROM site_users WHERE email = ?', [OWNER_EMAIL]))!;
    expect(row.contributor_role).toBe(CONTRIBUTOR_ROLES.admin);
  });
});
