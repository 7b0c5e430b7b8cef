/**
 * Restock notices that never reached the shopper leave nobody marked as notified: one the mail
 * server refuses, and one the outbox sweep gives up as too late (such as those migration 131 moved
 * in already two days old), make their request wait again, so the owner's list counts it and says
 * why, and the next Notify reaches it, while nobody who was emailed is emailed twice. Migration 136
 * does the same for the notices that failed or were left too late before.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../server/db/store.ts';
import { sweepOutbox } from '../../server/email/outbox-sweeper.ts';
import { serverMessages } from '../../server/messages.ts';
import { OWNER_EMAIL } from '../../server/security/owner-account.ts';
import { seededProduct, seededVariant } from './helpers/fixtures.ts';
import { UNTHROTTLED } from './helpers/platform-server.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { startTestMailServer, type TestMailServer } from './helpers/test-mail-server.ts';
import { Visitor } from './helpers/visitor.ts';

const RESTOCK_PATH = '/api/site-users/account/notifications/restock';
const OWNER_PASSWORD = 'owner password for tests';
const DAY = 24 * 60 * 60 * 1000;
const shirt = seededProduct('linen-shirt');
const shirtSoldOut = seededVariant('linen-shirt', (v) => v.qtyInStock === 0);

interface RestockList {
  groups: Array<{ variantId: string; pendingCount: number; undeliveredCount: number }>;
  undeliveredNotices: number;
}

let mailServer: TestMailServer;
beforeAll(async () => {
  mailServer = await startTestMailServer();
});
afterAll(async () => {
  await mailServer.stop();
});

async function startStore(databasePath?: string): Promise<RunningServer> {
  return startServer({ ownerPassword: OWNER_PASSWORD, rateLimits: UNTHROTTLED, mail: { smtpUrl: mailServer.url }, ...(databasePath ? { databasePath } : {}) });
}

async function signUpAll(store: RunningServer, emails: string[]): Promise<void> {
  const visitor = await new Visitor(store.url).start();
  for (const email of emails) {
    const answer = await visitor.post(RESTOCK_PATH, { productId: shirt.id, variantId: shirtSoldOut.id, siteVisitorEmail: email, isJoinMailingList: false });
    expect(answer.status).toBe(200);
  }
}

async function signedInOwner(store: RunningServer): Promise<{ owner: Visitor; headers: Record<string, string> }> {
  const owner = await new Visitor(store.url).start();
  const session = await owner.post<{ xsrfToken: string }>('/api/site-users/account/session', { email: OWNER_EMAIL, password: OWNER_PASSWORD, rememberMe: false });
  expect(session.status).toBe(200);
  return { owner, headers: { 'x-siteuser-xsrf-token': session.body.xsrfToken } };
}

async function notify(store: RunningServer): Promise<number> {
  const { owner, headers } = await signedInOwner(store);
  const answer = await owner.post<{ sent: number }>(`${RESTOCK_PATH}/send`, { productId: shirt.id, variantId: shirtSoldOut.id }, { headers });
  expect(answer.status).toBe(200);
  return answer.body.sent;
}

async function restockList(store: RunningServer): Promise<RestockList> {
  const { owner } = await signedInOwner(store);
  return (await owner.get<RestockList>('/api/admin/messages/restock')).body;
}

async function restockTheShirt(store: RunningServer): Promise<void> {
  const { owner, headers } = await signedInOwner(store);
  expect((await owner.request('PUT', `/api/admin/inventory/${shirtSoldOut.id}`, { qtyInStock: 3, reason: 'restock' }, { headers })).status).toBe(200);
}

const waiting = async (store: Store) =>
  (await store.all<{ email: string }>('SELECT email FROM restock_signups WHERE notified_on IS NULL ORDER BY email')).map((row) => row.email);

const mailTo = (address: string) => mailServer.received.filter((mail) => mail.to.includes(address)).length;

/** A restock notice as an older build left it: the request marked notified, its notice in the outbox as it stood. */
async function olderNotice(store: Store, email: string, notice: { status: 'pending' | 'sent' | 'failed'; at: number; attemptedAt?: number }): Promise<string> {
  const signUp = await store.get<{ id: string }>('SELECT id FROM restock_signups WHERE email = ?', [email]);
  await store.run('UPDATE restock_signups SET notified_on = ? WHERE id = ?', [notice.at, signUp!.id]);
  const id = randomUUID();
  await store.run(
    `INSERT INTO email_outbox (id, kind, subject_id, recipient, subject, text_body, html_body, status, error, created_on, sent_on, attempted_on)
     VALUES (?, 'restock-notice', ?, ?, 'Back in stock', 'It is back.', '', ?, ?, ?, ?, ?)`,
    [id, signUp!.id, email, notice.status, notice.status === 'failed' ? '550 mailbox unavailable' : null, notice.at, notice.status === 'sent' ? notice.at : null, notice.attemptedAt ?? null],
  );
  return id;
}

const noticeOf = (store: Store, id: string) => store.get<{ status: string; error: string | null }>('SELECT status, error FROM email_outbox WHERE id = ?', [id]);

describe('a notice the mail server refuses', () => {
  it('makes its request wait again, says so to the owner, and the next Notify reaches only that shopper', async () => {
    const store = await startStore();
    try {
      mailServer.refused.add('refused@example.com');
      await signUpAll(store, ['delivered@example.com', 'refused@example.com']);
      await restockTheShirt(store);
      expect(await notify(store)).toBe(2);
      const notices = "SELECT recipient, status FROM email_outbox WHERE kind = 'restock-notice' ORDER BY recipient, created_on";
      await expect.poll(() => store.app.deps.store.all(notices)).toEqual([
        { recipient: 'delivered@example.com', status: 'sent' },
        { recipient: 'refused@example.com', status: 'failed' },
      ]);
      expect(await waiting(store.app.deps.store)).toEqual(['refused@example.com']);
      const listed = await restockList(store);
      expect(listed.groups).toEqual([expect.objectContaining({ variantId: shirtSoldOut.id, pendingCount: 1, undeliveredCount: 1 })]);
      expect(listed.undeliveredNotices).toBe(1);

      // the mail server takes the address again: Notify sends a new notice to that shopper alone
      mailServer.refused.delete('refused@example.com');
      expect(await notify(store)).toBe(1);
      await expect.poll(() => mailTo('refused@example.com')).toBe(1);
      expect(await waiting(store.app.deps.store)).toEqual([]);
      expect(mailTo('delivered@example.com')).toBe(1);
      expect((await restockList(store)).undeliveredNotices).toBe(0);
    } finally {
      mailServer.refused.clear();
      await store.stop(true);
    }
  });
});

describe('the outbox sweep', () => {
  it('gives up restock notices never tried in two days and makes their requests wait again, leaving those that may have gone out', async () => {
    const store = await startStore();
    try {
      const emails = ['late@example.com', 'taken@example.com', 'recent@example.com', 'late-then-sent@example.com'];
      await signUpAll(store, emails);
      const db = store.app.deps.store;
      const now = Date.now();
      // as migration 131 moved them in: pending, never tried, written three days ago
      const late = await olderNotice(db, 'late@example.com', { status: 'pending', at: now - 3 * DAY });
      // taken by a process that stopped while sending: it may have reached the mail server
      const taken = await olderNotice(db, 'taken@example.com', { status: 'pending', at: now - 3 * DAY, attemptedAt: now - 3 * DAY });
      const recent = await olderNotice(db, 'recent@example.com', { status: 'pending', at: now - 5 * 60 * 1000 });
      // notified again since: the old notice is given up, but the newer one was sent
      const superseded = await olderNotice(db, 'late-then-sent@example.com', { status: 'pending', at: now - 4 * DAY });
      await olderNotice(db, 'late-then-sent@example.com', { status: 'sent', at: now - 3 * DAY });

      await sweepOutbox(store.app.deps, now);
      expect(await noticeOf(db, late)).toEqual({ status: 'failed', error: serverMessages.restockNoticeTooLate });
      expect(await noticeOf(db, superseded)).toEqual({ status: 'failed', error: serverMessages.restockNoticeTooLate });
      // said to be perhaps sent, not left pending for good; its request keeps its mark
      expect(await noticeOf(db, taken)).toEqual({ status: 'failed', error: serverMessages.emailPerhapsSent });
      expect(await noticeOf(db, recent)).toEqual({ status: 'sent', error: null });
      expect(await waiting(db)).toEqual(['late@example.com']);
      expect((await restockList(store)).undeliveredNotices).toBe(1);

      await restockTheShirt(store);
      expect(await notify(store)).toBe(1);
      await expect.poll(() => mailTo('late@example.com')).toBe(1);
      expect(await waiting(db)).toEqual([]);
    } finally {
      await store.stop(true);
    }
  });
});

describe('a store upgraded with notices that failed or were left too late', () => {
  const MIGRATION = '136_restock_undelivered_notices_rearmed.sql';

  it('makes their requests wait again (migration 136), and Notify emails only those', async () => {
    const older = await startStore();
    const emails = ['failed@example.com', 'too-late@example.com', 'taken@example.com', 'recent@example.com', 'sent@example.com', 'failed-then-sent@example.com'];
    await signUpAll(older, emails);
    const db = older.app.deps.store;
    const now = Date.now();
    const failed = await olderNotice(db, 'failed@example.com', { status: 'failed', at: now - 5 * DAY });
    const tooLate = await olderNotice(db, 'too-late@example.com', { status: 'pending', at: now - 3 * DAY });
    const taken = await olderNotice(db, 'taken@example.com', { status: 'pending', at: now - 3 * DAY, attemptedAt: now - 3 * DAY });
    const recent = await olderNotice(db, 'recent@example.com', { status: 'pending', at: now - DAY });
    await olderNotice(db, 'sent@example.com', { status: 'sent', at: now - 5 * DAY });
    await olderNotice(db, 'failed-then-sent@example.com', { status: 'failed', at: now - 5 * DAY });
    await olderNotice(db, 'failed-then-sent@example.com', { status: 'sent', at: now - 4 * DAY });
    // the store as the older build left it: the migration not yet applied
    await db.run('DELETE FROM schema_migrations WHERE name = ?', [MIGRATION]);
    await db.run('DROP INDEX email_outbox_by_subject');
    await older.stop();

    const upgraded = await startStore(older.databasePath);
    try {
      const upgradedDb = upgraded.app.deps.store;
      expect(await waiting(upgradedDb)).toEqual(['failed@example.com', 'too-late@example.com']);
      expect(await noticeOf(upgradedDb, failed)).toEqual({ status: 'failed', error: '550 mailbox unavailable' });
      // the words the sweep writes for the same case
      expect(await noticeOf(upgradedDb, tooLate)).toEqual({ status: 'failed', error: serverMessages.restockNoticeTooLate });
      expect(await noticeOf(upgradedDb, taken)).toEqual({ status: 'pending', error: null });
      expect(await noticeOf(upgradedDb, recent)).toEqual({ status: 'pending', error: null });
      const listed = await restockList(upgraded);
      expect(listed.undeliveredNotices).toBe(2);
      expect(listed.groups).toEqual([expect.objectContaining({ pendingCount: 2, undeliveredCount: 2 })]);

      await restockTheShirt(upgraded);
      expect(await notify(upgraded)).toBe(2);
      await expect.poll(() => mailTo('too-late@example.com')).toBe(1);
      await expect.poll(() => mailTo('failed@example.com')).toBe(1);
      for (const email of ['sent@example.com', 'failed-then-sent@example.com', 'taken@example.com']) expect(mailTo(email)).toBe(0);
      expect(await waiting(upgradedDb)).toEqual([]);
    } finally {
      await upgraded.stop(true);
    }
  });
});
