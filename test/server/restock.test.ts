import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { RESTOCK } from '../../client/lib/messages.ts';
import type { Store } from '../../server/db/store.ts';
import { OWNER_EMAIL } from '../../server/security/owner-account.ts';
import { createSiteUserAccount } from '../../server/security/site-user-accounts.ts';
import { CONTRIBUTOR_ROLES } from '../../server/security/owner-permissions.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct, seededVariant } from './helpers/fixtures.ts';
import { Visitor } from './helpers/visitor.ts';
import { confirmationLinkFor, isOnMailingList } from './helpers/mailing-list-outbox.ts';
import { UNTHROTTLED } from './helpers/platform-server.ts';
import { startTestMailServer, type TestMailServer } from './helpers/test-mail-server.ts';

const RESTOCK_PATH = '/api/site-users/account/notifications/restock';
const OWNER_PASSWORD = 'owner password for tests';
const lamp = seededProduct('brass-lamp');
const lampVariant = lamp.variants[0]!;
const shirt = seededProduct('linen-shirt');
const shirtSoldOut = seededVariant('linen-shirt', (v) => v.qtyInStock === 0);
const shirtInStock = seededVariant('linen-shirt', (v) => v.qtyInStock === 12);

interface GroupsAnswer { signUpGroups: Array<{ productId: string; variantId: string; signUpCount: number; pendingCount: number }>; hasNextPage: boolean; nextPageCursor: string | null }
interface SignUpsAnswer { signUps: Array<{ siteVisitorEmail: string; notifiedOn: number | null }>; hasNextPage: boolean; nextPageCursor: string | null }

let server: RunningServer;
let mailServer: TestMailServer;
beforeAll(async () => {
  // this file checks what sign-ups do; their budgets are checked in hardening/
  mailServer = await startTestMailServer();
  server = await startServer({ ownerPassword: OWNER_PASSWORD, rateLimits: UNTHROTTLED, mail: { smtpUrl: mailServer.url } });
});
afterAll(async () => {
  await server.stop(true);
  await mailServer.stop();
});

function signUp(v: Visitor, email: string, variant = lampVariant.id, product = lamp.id, extra: Record<string, unknown> = {}) {
  return v.post<{ message: string }>(RESTOCK_PATH, { productId: product, variantId: variant, siteVisitorEmail: email, isJoinMailingList: false, ...extra });
}

async function signedIn(email: string, password: string, url = server.url): Promise<{ visitor: Visitor; xsrf: Record<string, string> }> {
  const visitor = await new Visitor(url).start();
  const session = await visitor.post<{ xsrfToken: string }>('/api/site-users/account/session', { email, password, rememberMe: false });
  expect(session.status).toBe(200);
  return { visitor, xsrf: { 'x-siteuser-xsrf-token': session.body.xsrfToken } };
}

describe('visitor sign-up', () => {
  it('signs up for a sold-out variant and answers the store success text', async () => {
    const v = await new Visitor(server.url).start();
    const answer = await signUp(v, 'ada@example.com', lampVariant.id, lamp.id, { isJoinMailingList: true, language: 'en' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Thanks! We will email you as soon as it is back.');
    const store = server.app.deps.store;
    expect(await store.get('SELECT COUNT(*) AS n FROM restock_signups WHERE email = ?', ['ada@example.com'])).toEqual({ n: 1 });
    // the mailing list waits for ada to open the link mailed to her
    expect(await isOnMailingList(store, 'ada@example.com')).toBe(false);
    expect((await v.get((await confirmationLinkFor(store, 'ada@example.com'))!)).status).toBe(200);
    expect(await store.get('SELECT source FROM mailing_list WHERE email = ?', ['ada@example.com'])).toEqual({ source: 'restock' });
  });

  it.each([
    ['', RESTOCK.emailBlank],
    ['   ', RESTOCK.emailBlank],
    ['not-an-email', RESTOCK.emailInvalid],
    ['a@b.toolong', RESTOCK.emailInvalid],
    [`${'x'.repeat(250)}@example.com`, RESTOCK.emailInvalid],
  ])('refuses the email %j', async (email, message) => {
    const v = await new Visitor(server.url).start();
    const answer = await signUp(v, email);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
  });

  it('refuses a variant that is in stock, an unknown variant, and a missing crumb', async () => {
    const v = await new Visitor(server.url).start();
    expect((await signUp(v, 'b@example.com', shirtInStock.id, shirt.id)).status).toBe(400);
    expect((await signUp(v, 'b@example.com', 'nope', shirt.id)).status).toBe(404);
    const noCrumb = await v.post<{ crumbFail: boolean }>(RESTOCK_PATH, { productId: lamp.id, variantId: lampVariant.id, siteVisitorEmail: 'c@example.com' }, { withoutCrumb: true });
    expect(noCrumb.status).toBe(403);
    expect(noCrumb.body.crumbFail).toBe(true);
  });

  it('requires a valid captcha token when a captcha is configured', async () => {
    const guarded = await startServer({ captcha: { siteKey: 'public-key', verify: (token) => token === 'good-token' } });
    try {
      const v = await new Visitor(guarded.url).start();
      const missing = await v.post<{ message: string }>(RESTOCK_PATH, { productId: lamp.id, variantId: lampVariant.id, siteVisitorEmail: 'd@example.com' });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(RESTOCK.completeCaptcha);
      const wrong = await v.post(RESTOCK_PATH, { productId: lamp.id, variantId: lampVariant.id, siteVisitorEmail: 'd@example.com', captchaToken: 'bad' });
      expect(wrong.status).toBe(400);
      const right = await v.post(RESTOCK_PATH, { productId: lamp.id, variantId: lampVariant.id, siteVisitorEmail: 'd@example.com', captchaToken: 'good-token' });
      expect(right.status).toBe(200);
    } finally {
      await guarded.stop(true);
    }
  });
});

describe('owner calls', () => {
  it('refuses anonymous callers (401) and roles without the permission (403)', async () => {
    const anonymous = await new Visitor(server.url).start();
    expect((await anonymous.get(`${RESTOCK_PATH}/groups`)).status).toBe(401);
    await createSiteUserAccount(server.app.deps, { email: 'editor@example.com', password: 'editor password', contributorRole: CONTRIBUTOR_ROLES.editor });
    const editor = await signedIn('editor@example.com', 'editor password');
    expect((await editor.visitor.get(`${RESTOCK_PATH}/groups`)).status).toBe(403);
    expect((await editor.visitor.post(`${RESTOCK_PATH}/send`, { productId: lamp.id, variantId: lampVariant.id }, { headers: editor.xsrf })).status).toBe(403);
  });

  it('tells a page size far past its bound the largest page, not the safe-integer range', async () => {
    const owner = await signedIn(OWNER_EMAIL, OWNER_PASSWORD);
    for (const list of [`${RESTOCK_PATH}/groups`, `${RESTOCK_PATH}?productId=${lamp.id}&variantId=${lampVariant.id}`]) {
      const refused = await owner.visitor.get<{ message: string }>(`${list}${list.includes('?') ? '&' : '?'}limit=1e20`);
      expect(refused.status, list).toBe(400);
      expect(refused.body.message, list).toBe('limit: Too big: expected number to be <=100');
    }
  });

  it('pages through groups and sign-ups with cursors, then sends and marks them notified', async () => {
    const v = await new Visitor(server.url).start();
    for (let i = 0; i < 5; i += 1) expect((await signUp(v, `page${i}@example.com`)).status).toBe(200);
    expect((await signUp(v, 'shirt@example.com', shirtSoldOut.id, shirt.id)).status).toBe(200);

    const owner = await signedIn(OWNER_EMAIL, OWNER_PASSWORD);
    const firstGroups = await owner.visitor.get<GroupsAnswer>(`${RESTOCK_PATH}/groups?limit=1`);
    expect(firstGroups.status).toBe(200);
    expect(firstGroups.body.signUpGroups).toHaveLength(1);
    expect(firstGroups.body.hasNextPage).toBe(true);
    const secondGroups = await owner.visitor.get<GroupsAnswer>(`${RESTOCK_PATH}/groups?limit=1&cursor=${firstGroups.body.nextPageCursor}`);
    expect(secondGroups.body.signUpGroups).toHaveLength(1);
    expect(secondGroups.body.hasNextPage).toBe(false);
    expect(secondGroups.body.nextPageCursor).toBeNull();
    const allGroups = [...firstGroups.body.signUpGroups, ...secondGroups.body.signUpGroups];
    expect(new Set(allGroups.map((group) => group.variantId))).toEqual(new Set([lampVariant.id, shirtSoldOut.id]));

    const emails: string[] = [];
    let cursor = '';
    let pages = 0;
    for (;;) {
      const page = await owner.visitor.get<SignUpsAnswer>(`${RESTOCK_PATH}?productId=${lamp.id}&variantId=${lampVariant.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      pages += 1;
      emails.push(...page.body.signUps.map((s) => s.siteVisitorEmail));
      if (!page.body.hasNextPage) break;
      cursor = page.body.nextPageCursor!;
    }
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails).toEqual(expect.arrayContaining(['ada@example.com', 'page0@example.com', 'page4@example.com']));

    const bad = await owner.visitor.get(`${RESTOCK_PATH}?productId=${lamp.id}&variantId=${lampVariant.id}&cursor=garbage`);
    expect(bad.status).toBe(400);

    // a variant still sold out is not announced: the send answers 0 until its stock is back
    const early = await owner.visitor.post<{ sent: number }>(`${RESTOCK_PATH}/send`, { productId: lamp.id, variantId: lampVariant.id }, { headers: owner.xsrf });
    expect(early.body.sent).toBe(0);
    for (const variant of [lampVariant, shirtSoldOut]) {
      const restocked = await owner.visitor.request('PUT', `/api/admin/inventory/${variant.id}`, { qtyInStock: 3, reason: 'restock' }, { headers: owner.xsrf });
      expect(restocked.status).toBe(200);
    }
    const noXsrf = await owner.visitor.post(`${RESTOCK_PATH}/send`, { productId: lamp.id, variantId: lampVariant.id });
    expect(noXsrf.status).toBe(403);
    const sent = await owner.visitor.post<{ sent: number }>(`${RESTOCK_PATH}/send`, { productId: lamp.id, variantId: lampVariant.id }, { headers: owner.xsrf });
    expect(sent.status).toBe(200);
    expect(sent.body.sent).toBe(emails.length);
    const store = server.app.deps.store;
    expect(await store.get("SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'restock-notice'")).toEqual({ n: emails.length });
    // each notice is delivered like every email: sent to the mail server
    await expect.poll(() => store.get("SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'restock-notice' AND status = 'sent'")).toEqual({ n: emails.length });
    const again = await owner.visitor.post<{ sent: number }>(`${RESTOCK_PATH}/send`, { productId: lamp.id, variantId: lampVariant.id }, { headers: owner.xsrf });
    expect(again.body.sent).toBe(0);

    const all = await owner.visitor.post<{ sent: number }>(`${RESTOCK_PATH}/send/all`, {
      sendRequests: [{ productId: shirt.id, variantId: shirtSoldOut.id }, { productId: lamp.id, variantId: lampVariant.id }],
    }, { headers: owner.xsrf });
    expect(all.status).toBe(200);
    expect(all.body.sent).toBe(1);
    const listed = await owner.visitor.get<SignUpsAnswer>(`${RESTOCK_PATH}?productId=${shirt.id}&variantId=${shirtSoldOut.id}`);
    expect(listed.body.signUps[0]!.notifiedOn).toEqual(expect.any(Number));
    const empty = await owner.visitor.post(`${RESTOCK_PATH}/send/all`, { sendRequests: [] }, { headers: owner.xsrf });
    expect(empty.status).toBe(400);
  });
});

describe('a store without a mail server', () => {
  it('refuses to notify, keeping every request waiting, and its list says it cannot send', async () => {
    const alone = await startServer({ ownerPassword: OWNER_PASSWORD, rateLimits: UNTHROTTLED });
    try {
      const v = await new Visitor(alone.url).start();
      for (const email of ['wait1@example.com', 'wait2@example.com']) expect((await signUp(v, email, shirtSoldOut.id, shirt.id)).status).toBe(200);
      const { visitor: owner, xsrf: headers } = await signedIn(OWNER_EMAIL, OWNER_PASSWORD, alone.url);
      expect((await owner.request('PUT', `/api/admin/inventory/${shirtSoldOut.id}`, { qtyInStock: 3, reason: 'restock' }, { headers })).status).toBe(200);

      const listed = await owner.get<{ groups: Array<{ pendingCount: number; notifiable: boolean }>; canSendEmail: boolean }>('/api/admin/messages/restock');
      expect(listed.body.canSendEmail).toBe(false);
      expect(listed.body.groups).toEqual([expect.objectContaining({ pendingCount: 2, notifiable: true })]);
      const one = await owner.post<{ message: string }>(`${RESTOCK_PATH}/send`, { productId: shirt.id, variantId: shirtSoldOut.id }, { headers });
      expect([one.status, one.body.message]).toEqual([409, ADMIN.server.restockNeedsMailServer]);
      const all = await owner.post<{ message: string }>(`${RESTOCK_PATH}/send/all`, { sendRequests: [{ productId: shirt.id, variantId: shirtSoldOut.id }] }, { headers });
      expect([all.status, all.body.message]).toEqual([409, ADMIN.server.restockNeedsMailServer]);
      // an unknown variant is still said as such
      expect((await owner.post(`${RESTOCK_PATH}/send`, { productId: shirt.id, variantId: 'no-such-variant' }, { headers })).status).toBe(404);

      const store = alone.app.deps.store;
      expect(await store.all("SELECT id FROM email_outbox WHERE kind = 'restock-notice'")).toEqual([]);
      expect(await store.all('SELECT email FROM restock_signups WHERE notified_on IS NOT NULL')).toEqual([]);
      expect((await owner.get<{ groups: Array<{ pendingCount: number }> }>('/api/admin/messages/restock')).body.groups[0]!.pendingCount).toBe(2);
    } finally {
      await alone.stop(true);
    }
  });
});

describe('a store upgraded with notices an older build kept', () => {
  const REARM_MIGRATION = '135_restock_kept_notices_rearmed.sql';

  /** A notice as an older build wrote it: the request marked notified, its notice in the outbox as it ended. */
  async function olderNotice(store: Store, email: string, status: 'kept' | 'sent', at: number): Promise<void> {
    const signUp = await store.get<{ id: string }>('SELECT id FROM restock_signups WHERE email = ?', [email]);
    await store.run('UPDATE restock_signups SET notified_on = ? WHERE id = ?', [at, signUp!.id]);
    await store.run(
      `INSERT INTO email_outbox (id, kind, subject_id, recipient, subject, text_body, html_body, status, created_on, sent_on)
       VALUES (?, 'restock-notice', ?, ?, 'Back in stock', 'It is back.', '', ?, ?, ?)`,
      [randomUUID(), signUp!.id, email, status, at, status === 'sent' ? at : null],
    );
  }

  it('makes the requests whose notice was only kept wait again, and sends them once the store has a mail server', async () => {
    const older = await startServer({ ownerPassword: OWNER_PASSWORD, rateLimits: UNTHROTTLED });
    const v = await new Visitor(older.url).start();
    const emails = ['only-kept@example.com', 'emailed@example.com', 'kept-then-emailed@example.com', 'emailed-then-kept@example.com', 'waiting@example.com'];
    for (const email of emails) expect((await signUp(v, email, shirtSoldOut.id, shirt.id)).status).toBe(200);
    const store = older.app.deps.store;
    await olderNotice(store, 'only-kept@example.com', 'kept', 1_000);
    await olderNotice(store, 'emailed@example.com', 'sent', 1_000);
    // signed up again between two restocks: the newest notice is the one that says what the shopper knows
    await olderNotice(store, 'kept-then-emailed@example.com', 'kept', 1_000);
    await olderNotice(store, 'kept-then-emailed@example.com', 'sent', 2_000);
    await olderNotice(store, 'emailed-then-kept@example.com', 'sent', 1_000);
    await olderNotice(store, 'emailed-then-kept@example.com', 'kept', 2_000);
    // the store as the older build left it: the migration not yet applied
    await store.run('DELETE FROM schema_migrations WHERE name = ?', [REARM_MIGRATION]);
    await older.stop();

    const upgraded = await startServer({ databasePath: older.databasePath, ownerPassword: OWNER_PASSWORD, rateLimits: UNTHROTTLED, mail: { smtpUrl: mailServer.url } });
    try {
      const upgradedStore = upgraded.app.deps.store;
      const waiting = async () => (await upgradedStore.all<{ email: string }>('SELECT email FROM restock_signups WHERE notified_on IS NULL ORDER BY email')).map((row) => row.email);
      expect(await waiting()).toEqual(['emailed-then-kept@example.com', 'only-kept@example.com', 'waiting@example.com']);

      const { visitor: owner, xsrf: headers } = await signedIn(OWNER_EMAIL, OWNER_PASSWORD, upgraded.url);
      expect((await owner.request('PUT', `/api/admin/inventory/${shirtSoldOut.id}`, { qtyInStock: 3, reason: 'restock' }, { headers })).status).toBe(200);
      const sent = await owner.post<{ sent: number }>(`${RESTOCK_PATH}/send`, { productId: shirt.id, variantId: shirtSoldOut.id }, { headers });
      expect([sent.status, sent.body.sent]).toEqual([200, 3]);
      // one new notice for each who waited, sent by the mail server; none for those emailed
      const newNotices = "SELECT recipient, status FROM email_outbox WHERE kind = 'restock-notice' AND created_on > 2000 ORDER BY recipient";
      await expect.poll(() => upgradedStore.all(newNotices)).toEqual([
        { recipient: 'emailed-then-kept@example.com', status: 'sent' },
        { recipient: 'only-kept@example.com', status: 'sent' },
        { recipient: 'waiting@example.com', status: 'sent' },
      ]);
      expect(await waiting()).toEqual([]);
      // the kept notices stay as the record of what the store held
      expect(await upgradedStore.get("SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'restock-notice' AND status = 'kept'")).toEqual({ n: 3 });
      const again = await owner.post<{ sent: number }>(`${RESTOCK_PATH}/send`, { productId: shirt.id, variantId: shirtSoldOut.id }, { headers });
      expect(again.body.sent).toBe(0);
    } finally {
      await upgraded.stop(true);
    }
  });
});

describe('restart', () => {
  it('keeps sign-ups', async () => {
    const first = await startServer();
    const v = await new Visitor(first.url).start();
    await signUp(v, 'kept@example.com');
    await first.stop();
    const second = await startServer({ databasePath: first.databasePath });
    try {
      const count = await second.app.deps.store.get('SELECT COUNT(*) AS n FROM restock_signups WHERE email = ?', ['kept@example.com']);
      expect(count).toEqual({ n: 1 });
    } finally {
      await second.stop(true);
    }
  });
});
