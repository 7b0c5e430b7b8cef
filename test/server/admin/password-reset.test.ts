/**
 * "Forgot your password?" at /config: a link by email, at the store's own address, that works once
 * for an hour and signs the account out everywhere; the same answer whether or not an account has
 * the address; a store without a mail server says so instead of pretending to send. A new member
 * of staff on a store that can send email is invited to choose their own password the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { RESET_EMAIL_GAP_MS } from '../../../server/api/password-reset-routes.ts';
import { INVITATION_LINK_DAYS, resetTokenHash } from '../../../server/security/password-links.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../../server/admin/account-calls.ts';
import { AdminSettingsRepository } from '../../../server/db/admin-settings-repository.ts';
import { EmailOutboxRepository, type OutboxEmail } from '../../../server/db/email-outbox-repository.ts';
import { PASSWORD_RESET_EMAIL_KIND, STAFF_INVITATION_EMAIL_KIND } from '../../../server/email/password-reset-email.ts';
import { DELIVERY_CLAIM_MS } from '../../../server/email/mailer.ts';
import { sweepOutbox } from '../../../server/email/outbox-sweeper.ts';
import { fillMessage, serverMessages } from '../../../server/messages.ts';
import { CONTRIBUTOR_ROLES } from '../../../server/security/owner-permissions.ts';
import { OWNER_EMAIL } from '../../../server/security/owner-account.ts';
import { OWNER_PASSWORD, startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { startTestMailServer, type TestMailServer } from '../helpers/test-mail-server.ts';
import { Visitor } from '../helpers/visitor.ts';

const STORE_ADDRESS = 'https://shop.example.com';
const NEW_PASSWORD = 'a brand new passphrase';

let server: PlatformServer;
let mailServer: TestMailServer;

beforeAll(async () => {
  // a mail server that refuses every email (550): each is tried, marked failed and kept
  mailServer = await startTestMailServer(['*']);
  server = await startPlatformServer({ mail: { smtpUrl: mailServer.url } });
  const settings = new AdminSettingsRepository(server.app.deps.store);
  await settings.write('website', { ...(await settings.read('website')), baseUrl: STORE_ADDRESS });
});
afterAll(async () => {
  await server.stop(true);
  await mailServer.stop();
});

async function resetEmails(recipient: string): Promise<OutboxEmail[]> {
  return (await new EmailOutboxRepository(server.app.deps.store).list({ recipient })).filter((email) => email.kind === PASSWORD_RESET_EMAIL_KIND);
}

/** The account's reset emails once `count` of them are in the outbox (the link is made after the answer is sent). */
async function resetEmailsOnce(recipient: string, count: number): Promise<OutboxEmail[]> {
  await expect.poll(async () => (await resetEmails(recipient)).length, { timeout: 10_000 }).toBe(count);
  return resetEmails(recipient);
}

async function askForLink(email: string): Promise<{ status: number; message: string }> {
  const visitor = new Visitor(server.url);
  await visitor.start();
  const answer = await visitor.post<{ message: string }>('/api/site-users/account/password-reset', { email });
  return { status: answer.status, message: answer.body.message };
}

async function confirm(token: string, newPassword: string) {
  const visitor = new Visitor(server.url);
  await visitor.start();
  return visitor.post<{ message: string; fieldErrors?: Record<string, string> }>('/api/site-users/account/password-reset/confirm', { token, newPassword });
}

function tokenOf(email: OutboxEmail): string {
  const link = /https:\/\/shop\.example\.com\/config\/reset-password#token=([A-Za-z0-9_-]+)/.exec(email.text);
  expect(link, email.text).not.toBeNull();
  return link![1]!;
}

describe('a forgotten password', () => {
  it('answers an address no account has exactly as one an account has, and sends nothing to it', async () => {
    const unknown = await askForLink('nobody@example.com');
    expect(unknown).toEqual({ status: 200, message: ADMIN.resetLinkSent });
    expect(await resetEmails('nobody@example.com')).toEqual([]);
  });

  it('emails a link at the store address that works once, sets the password and signs the account out everywhere', async () => {
    const signedIn = await server.signInOwner();
    expect((await signedIn.get('/api/admin/orders')).status).toBe(200);

    expect(await askForLink(OWNER_EMAIL.toUpperCase())).toEqual({ status: 200, message: ADMIN.resetLinkSent });
    const [email] = await resetEmailsOnce(OWNER_EMAIL, 1);
    expect(email!.subject).toContain('Choose a new password');
    expect(email!.html).toContain(`${STORE_ADDRESS}/config/reset-password#token=`);
    const token = tokenOf(email!);
    // the store keeps only the token's hash
    const kept = await server.app.deps.store.all<{ token_hash: string }>('SELECT token_hash FROM password_resets');
    expect(kept.map((row) => row.token_hash)).toEqual([resetTokenHash(token)]);

    const short = await confirm(token, 'short');
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors).toEqual({ newPassword: expect.stringContaining('12') });

    const done = await confirm(token, NEW_PASSWORD);
    expect(done.status, done.text).toBe(200);
    expect(done.body.message).toBe(ADMIN.passwordResetDone);
    expect((await signedIn.get('/api/admin/orders')).status).toBe(401);
    const again = await new SiteUserVisitor(server.url).signIn(OWNER_EMAIL, NEW_PASSWORD);
    expect((await again.get('/api/admin/orders')).status).toBe(200);

    const reused = await confirm(token, 'yet another passphrase');
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(ADMIN.server.resetLinkInvalid);
    // put the password back for the other tests
    await server.app.deps.store.run('DELETE FROM password_resets');
    await server.app.deps.store.run('DELETE FROM email_outbox');
    expect(await askForLink(OWNER_EMAIL)).toEqual({ status: 200, message: ADMIN.resetLinkSent });
    const [back] = await resetEmailsOnce(OWNER_EMAIL, 1);
    expect((await confirm(tokenOf(back!), OWNER_PASSWORD)).status).toBe(200);
  });

  it('sends one email per account every few minutes, however often it is asked for', async () => {
    await server.app.deps.store.run('DELETE FROM email_outbox');
    // asked twice at once: one link, one email
    await Promise.all([askForLink(OWNER_EMAIL), askForLink(OWNER_EMAIL)]);
    await resetEmailsOnce(OWNER_EMAIL, 1);
    await askForLink(OWNER_EMAIL);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await resetEmails(OWNER_EMAIL)).toHaveLength(1);
    // once the pause is over, a new link replaces the first
    await server.app.deps.store.run('UPDATE password_resets SET created_on = created_on - ?', [RESET_EMAIL_GAP_MS]);
    await askForLink(OWNER_EMAIL);
    const emails = await resetEmailsOnce(OWNER_EMAIL, 2);
    // the list is newest first: the older link no longer works, and says a newer one was sent, each time it is used
    for (let use = 0; use < 2; use += 1) {
      const older = await confirm(tokenOf(emails[1]!), NEW_PASSWORD);
      expect([older.status, older.body.message]).toEqual([400, ADMIN.server.resetLinkReplaced]);
    }
    expect(await server.app.deps.store.all('SELECT site_user_id FROM password_resets WHERE replaced_on IS NULL')).toHaveLength(1);
    await new SiteUserVisitor(server.url).signIn(OWNER_EMAIL, OWNER_PASSWORD);
  });

  it('gives up an earlier link email still waiting to be sent once a newer link replaces it, and the owner is not asked to act on it', async () => {
    const { store } = server.app.deps;
    const outbox = new EmailOutboxRepository(store);
    await store.run('DELETE FROM password_resets');
    await store.run('DELETE FROM email_outbox');
    /** The account's newest reset email once the mail server has refused it; `waiting` puts it back as a process left it. */
    const newLink = async (count: number, waiting: { takenAgoMs: number | null }): Promise<OutboxEmail> => {
      await store.run('UPDATE password_resets SET created_on = created_on - ?', [RESET_EMAIL_GAP_MS]);
      await askForLink(OWNER_EMAIL);
      const [newest] = await resetEmailsOnce(OWNER_EMAIL, count);
      await expect.poll(async () => (await outbox.findById(newest!.id))!.status, { timeout: 10_000 }).toBe('failed');
      await store.run("UPDATE email_outbox SET status = 'pending', error = NULL, attempted_on = ? WHERE id = ?",
        [waiting.takenAgoMs === null ? null : Date.now() - waiting.takenAgoMs, newest!.id]);
      return newest!;
    };
    const neverTaken = await newLink(1, { takenAgoMs: null });
    const takenByAStoppedProcess = await newLink(2, { takenAgoMs: DELIVERY_CLAIM_MS + 60_000 });
    expect(await outbox.findById(neverTaken.id)).toMatchObject({ status: 'failed', error: serverMessages.passwordLinkReplaced });
    const beingSent = await newLink(3, { takenAgoMs: 1000 });
    expect(await outbox.findById(takenByAStoppedProcess.id)).toMatchObject({ status: 'failed', error: serverMessages.passwordLinkReplaced });
    const newest = await newLink(4, { takenAgoMs: null });
    // one a process is sending at that moment is left to it: its link's page says a newer one was sent
    expect(await outbox.findById(beingSent.id)).toMatchObject({ status: 'pending', error: null });
    expect((await confirm(tokenOf(beingSent), NEW_PASSWORD)).body.message).toBe(ADMIN.server.resetLinkReplaced);

    // the sweep sends the newest alone (here refused by the mail server), never those given up
    await store.run("UPDATE email_outbox SET status = 'failed', error = '421 try later' WHERE id = ?", [beingSent.id]);
    await sweepOutbox(server.app.deps, Date.now() + 2 * 60_000);
    expect((await outbox.findById(newest.id))!.status).toBe('failed');
    expect((await outbox.findById(neverTaken.id))!.error).toBe(serverMessages.passwordLinkReplaced);
    // Messages counts the two the mail server refused, not the two a newer link replaced
    const owner = await server.signInOwner();
    expect((await owner.get<{ byKind: Record<string, number> }>('/api/admin/messages/emails-not-sent')).body.byKind).toEqual({ 'password-reset': 2 });
    expect((await confirm(tokenOf(newest), OWNER_PASSWORD)).status).toBe(200);
  });

  it('refuses a link past its hour', async () => {
    await server.app.deps.store.run('DELETE FROM password_resets');
    await server.app.deps.store.run('DELETE FROM email_outbox');
    await askForLink(OWNER_EMAIL);
    const [email] = await resetEmailsOnce(OWNER_EMAIL, 1);
    await server.app.deps.store.run('UPDATE password_resets SET expires_on = ?', [Date.now() - 1]);
    const late = await confirm(tokenOf(email!), NEW_PASSWORD);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(ADMIN.server.resetLinkInvalid);
    await new SiteUserVisitor(server.url).signIn(OWNER_EMAIL, OWNER_PASSWORD);
  });

  it('ends a link asked for before the account changed its password or its sign-in email', async () => {
    const linkNow = async (): Promise<string> => {
      await server.app.deps.store.run('DELETE FROM password_resets');
      await server.app.deps.store.run('DELETE FROM email_outbox');
      await askForLink(OWNER_EMAIL);
      const [email] = await resetEmailsOnce(OWNER_EMAIL, 1);
      return tokenOf(email!);
    };
    const owner = await server.signInOwner();

    const beforePassword = await linkNow();
    const changed = await owner.put(ADMIN_PASSWORD, { currentPassword: OWNER_PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.status, changed.text).toBe(200);
    expect((await confirm(beforePassword, 'the attacker chose this')).body.message).toBe(ADMIN.server.resetLinkInvalid);
    const back = await owner.put(ADMIN_PASSWORD, { currentPassword: NEW_PASSWORD, newPassword: OWNER_PASSWORD });
    expect(back.status, back.text).toBe(200);

    const beforeEmail = await linkNow();
    const moved = await owner.put(ADMIN_EMAIL, { currentPassword: OWNER_PASSWORD, newEmail: 'owner.elsewhere@example.com' });
    expect(moved.status, moved.text).toBe(200);
    expect((await confirm(beforeEmail, 'the attacker chose this')).body.message).toBe(ADMIN.server.resetLinkInvalid);
    expect((await owner.put(ADMIN_EMAIL, { currentPassword: OWNER_PASSWORD, newEmail: OWNER_EMAIL })).status).toBe(200);
    await new SiteUserVisitor(server.url).signIn(OWNER_EMAIL, OWNER_PASSWORD);
  });
});

describe('a new member of staff on a store with a mail server', () => {
  it('is invited by email to choose their own password: no password is shown to the admin', async () => {
    const owner = await server.signInOwner();
    const added = await owner.post<{ member: { id: string }; password?: string; message: string }>('/api/admin/staff', { email: 'packer@example.com', role: CONTRIBUTOR_ROLES.storeManager });
    expect(added.status, added.text).toBe(201);
    expect(added.body.password).toBeUndefined();
    expect(added.body.message).toBe(fillMessage(ADMIN.staffInvited, { email: 'packer@example.com', days: INVITATION_LINK_DAYS }));
    const invitation = (await new EmailOutboxRepository(server.app.deps.store).list({ recipient: 'packer@example.com' }))
      .find((email) => email.kind === STAFF_INVITATION_EMAIL_KIND)!;
    expect(invitation.subject).toContain('added to the staff');
    expect(invitation.text).toContain(ADMIN.roleNames[CONTRIBUTOR_ROLES.storeManager]!);
    expect(invitation.text).toContain(`${STORE_ADDRESS}/config`);
    const expires = await server.app.deps.store.get<{ expires_on: number | string }>('SELECT expires_on FROM password_resets WHERE site_user_id = ?', [added.body.member.id]);
    expect(Number(expires!.expires_on) - Date.now()).toBeGreaterThan((INVITATION_LINK_DAYS - 1) * 24 * 60 * 60_000);

    const chosen = await confirm(tokenOf(invitation), 'the packer chose this');
    expect(chosen.status, chosen.text).toBe(200);
    const packer = await new SiteUserVisitor(server.url).signIn('packer@example.com', 'the packer chose this');
    expect((await packer.get('/api/admin/orders')).status).toBe(200);
  });
});

describe('a new member of staff whose invitation has not gone out yet', () => {
  it('is sent only the reset link they ask for: the invitation waiting in the outbox is given up', async () => {
    const { store } = server.app.deps;
    const outbox = new EmailOutboxRepository(store);
    const owner = await server.signInOwner();
    const added = await owner.post<{ member: { id: string } }>('/api/admin/staff', { email: 'picker@example.com', role: CONTRIBUTOR_ROLES.viewer });
    expect(added.status, added.text).toBe(201);
    const invitation = async () => (await outbox.list({ recipient: 'picker@example.com' })).find((email) => email.kind === STAFF_INVITATION_EMAIL_KIND)!;
    await expect.poll(async () => (await invitation()).status, { timeout: 10_000 }).toBe('failed');
    // as a process that stopped before sending it leaves it
    await store.run("UPDATE email_outbox SET status = 'pending', error = NULL, attempted_on = NULL WHERE id = ?", [(await invitation()).id]);
    await store.run('UPDATE password_resets SET created_on = created_on - ? WHERE site_user_id = ?', [RESET_EMAIL_GAP_MS, added.body.member.id]);

    await askForLink('picker@example.com');
    const [reset] = await resetEmailsOnce('picker@example.com', 1);
    expect(await invitation()).toMatchObject({ status: 'failed', error: serverMessages.passwordLinkReplaced });
    expect((await confirm(tokenOf(await invitation()), 'the picker chose this')).body.message).toBe(ADMIN.server.resetLinkReplaced);
    expect((await confirm(tokenOf(reset!), 'the picker chose this')).status).toBe(200);
  });
});

describe('a store without a mail server', () => {
  let plain: PlatformServer;
  beforeAll(async () => {
    plain = await startPlatformServer();
  });
  afterAll(async () => {
    await plain.stop(true);
  });

  it('says it cannot send the link, and the sign-in page knows before anyone asks', async () => {
    const visitor = new Visitor(plain.url);
    await visitor.start();
    const answer = await visitor.post<{ message: string }>('/api/site-users/account/password-reset', { email: OWNER_EMAIL });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(ADMIN.server.resetNeedsMail);
    expect(await plain.app.deps.store.all('SELECT token_hash FROM password_resets')).toEqual([]);
    const page = await visitor.get<string>('/config');
    expect(page.text).toContain('&quot;canEmailResetLinks&quot;:false');
    const withMail = await new Visitor(server.url).get<string>('/config');
    expect(withMail.text).toContain('&quot;canEmailResetLinks&quot;:true');
  });
});
