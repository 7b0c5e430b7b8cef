/**
 * The Messages screen's count of account emails that never went out (staff invitations,
 * password-reset links, mailing-list confirmations refused by the mail server or given up as too
 * late) in the last 30 days, by kind: order emails and restock notices are shown where they
 * belong, and older, sent or kept emails are not counted.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES } from '../../../server/security/owner-permissions.ts';
import { createSiteUserAccount } from '../../../server/security/site-user-accounts.ts';
import { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';

const DAY = 24 * 60 * 60 * 1000;
const READER_PASSWORD = 'a reader of the messages';
let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer();
});
afterAll(async () => {
  await server.stop(true);
});

async function written(kind: string, status: string, agoMs: number): Promise<void> {
  await server.app.deps.store.run(
    `INSERT INTO email_outbox (id, kind, subject_id, recipient, subject, text_body, html_body, status, error, created_on)
     VALUES (?, ?, NULL, 'someone@example.com', 'S', 'T', '', ?, ?, ?)`,
    [randomUUID(), kind, status, status === 'failed' ? '550 no such mailbox' : null, Date.now() - agoMs],
  );
}

describe('GET /api/admin/messages/emails-not-sent', () => {
  it('counts the account emails not sent in the last 30 days, by kind', async () => {
    const owner = await server.signInOwner();
    expect((await owner.get('/api/admin/messages/emails-not-sent')).body).toEqual({ days: 30, byKind: {}, waiting: 0 });

    await written('staff-invitation', 'failed', DAY);
    await written('staff-invitation', 'failed', 29 * DAY);
    await written('password-reset', 'failed', 0);
    // not counted: too old, sent, kept, or shown elsewhere (an order's emails, restock notices)
    await written('staff-invitation', 'failed', 31 * DAY);
    await written('mailing-list-confirmation', 'sent', DAY);
    await written('password-reset', 'kept', DAY);
    await written('order-confirmation', 'failed', DAY);
    await written('restock-notice', 'failed', DAY);

    const answer = await owner.get<{ days: number; byKind: Record<string, number> }>('/api/admin/messages/emails-not-sent');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ days: 30, byKind: { 'staff-invitation': 2, 'password-reset': 1 }, waiting: 0 });
  });

  it('counts staff invitations only for those who manage the staff, the other kinds for every reader', async () => {
    await server.app.deps.store.run('DELETE FROM email_outbox');
    await written('staff-invitation', 'failed', DAY);
    await written('password-reset', 'failed', DAY);
    await written('mailing-list-confirmation', 'failed', DAY);
    const readers = [
      { email: 'store-manager@example.com', role: CONTRIBUTOR_ROLES.storeManager },
      { email: 'viewer@example.com', role: CONTRIBUTOR_ROLES.viewer },
    ];
    for (const reader of readers) {
      await createSiteUserAccount(server.app.deps, { email: reader.email, password: READER_PASSWORD, contributorRole: reader.role });
      const staff = await new SiteUserVisitor(server.url).signIn(reader.email, READER_PASSWORD);
      const answer = await staff.get<{ days: number; byKind: Record<string, number> }>('/api/admin/messages/emails-not-sent');
      expect(answer.status, reader.email).toBe(200);
      expect(answer.body, reader.email).toEqual({ days: 30, byKind: { 'password-reset': 1, 'mailing-list-confirmation': 1 }, waiting: 0 });
    }
    const admin = await server.signInOwner();
    expect((await admin.get('/api/admin/messages/emails-not-sent')).body)
      .toEqual({ days: 30, byKind: { 'staff-invitation': 1, 'password-reset': 1, 'mailing-list-confirmation': 1 }, waiting: 0 });
  });

  it('is for the owner and staff who read messages only', async () => {
    const visitor = await new Visitor(server.url).start();
    expect((await visitor.get('/api/admin/messages/emails-not-sent')).status).toBe(401);
  });

  it('counts the emails of any kind waiting to be tried again, the mail server having been unable to take them for now', async () => {
    const owner = await server.signInOwner();
    const before = (await owner.get<{ waiting: number }>('/api/admin/messages/emails-not-sent')).body.waiting;
    const waiting = async (kind: string, retryOn: number | null): Promise<void> => {
      await server.app.deps.store.run(
        `INSERT INTO email_outbox (id, kind, subject_id, recipient, subject, text_body, html_body, status, error, created_on, retry_on, tries)
         VALUES (?, ?, NULL, 'someone@example.com', 'S', 'T', '', 'pending', ?, ?, ?, ?)`,
        [randomUUID(), kind, retryOn === null ? null : 'Waiting to be sent again: …', Date.now(), retryOn, retryOn === null ? 0 : 1],
      );
    };
    await waiting('order-confirmation', Date.now() + 60_000);
    await waiting('restock-notice', Date.now() + 120_000);
    // one on its way for the first time: not waiting on the mail server
    await waiting('order-confirmation', null);
    const answer = await owner.get<{ waiting: number }>('/api/admin/messages/emails-not-sent');
    expect(answer.body.waiting - before).toBe(2);
  });
});
