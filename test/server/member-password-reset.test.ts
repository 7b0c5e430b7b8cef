/**
 * "Forgot your password?" on the members' sign-in, in plain forms that work without scripts: a
 * link by email (the admin's machinery: one per account, an hour, the outbox) that opens a page
 * to choose the new password, then the sign-in with the page the member wanted kept; the same
 * answer whatever the address; a store without a mail server says to contact the shop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSettingsRepository } from '../../server/db/admin-settings-repository.ts';
import { EmailOutboxRepository, type OutboxEmail } from '../../server/db/email-outbox-repository.ts';
import { PasswordResetRepository } from '../../server/db/password-reset-repository.ts';
import { SiteUserRepository } from '../../server/db/site-user-repository.ts';
import { PASSWORD_RESET_EMAIL_KIND } from '../../server/email/password-reset-email.ts';
import { RESET_EMAIL_GAP_MS } from '../../server/email/password-link-sender.ts';
import { fillMessage, serverMessages } from '../../server/messages.ts';
import { platformMessages } from '../../server/platform-messages.ts';
import { resetTokenHash } from '../../server/security/password-links.ts';
import { createSiteUserAccount } from '../../server/security/site-user-accounts.ts';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { MIN_PASSWORD_LENGTH } from '../../server/admin/account-calls.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { Visitor } from './helpers/visitor.ts';
import { startTestMailServer, type TestMailServer } from './helpers/test-mail-server.ts';

const STORE_ADDRESS = 'https://shop.example.com';
const LOCKED_LESSON = '/lessons/glazing-at-home';
const NEW_PASSWORD = 'a brand new passphrase';

function attribute(html: string, pattern: RegExp): string {
  const found = pattern.exec(html);
  if (!found) throw new Error(`no match for ${pattern} in the page`);
  return found[1]!.replaceAll('&amp;', '&');
}

function hidden(html: string, name: string): string {
  return attribute(html, new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`));
}

/** Posts a page's form as a browser does: form-encoded, to the form's action, its hidden fields included. */
async function postForm(visitor: Visitor, page: string, fields: Record<string, string>) {
  const action = attribute(page, /<form method="post" action="([^"]*)"/);
  const hiddenFields = Object.fromEntries([...page.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replaceAll('&amp;', '&')]));
  return visitor.post<string>(action, undefined, { withoutCrumb: true, form: { ...hiddenFields, ...fields } });
}

describe('a member who forgot their password, on a store that sends email', () => {
  let server: RunningServer;
  const member = { email: 'forgetful@example.com', password: 'the old password' };

  let mailServer: TestMailServer;

  beforeAll(async () => {
    // a mail server that refuses every email (550): each is tried, marked failed and kept
    mailServer = await startTestMailServer(['*']);
    server = await startServer({ mail: { smtpUrl: mailServer.url }, rateLimits: { passwordReset: 100 } });
    const settings = new AdminSettingsRepository(server.app.deps.store);
    await settings.write('website', { ...(await settings.read('website')), baseUrl: STORE_ADDRESS });
    await createSiteUserAccount(server.app.deps, member);
  });
  afterAll(async () => {
    await server.stop(true);
    await mailServer.stop();
  });

  async function resetEmails(recipient: string): Promise<OutboxEmail[]> {
    return (await new EmailOutboxRepository(server.app.deps.store).list({ recipient })).filter((email) => email.kind === PASSWORD_RESET_EMAIL_KIND);
  }

  /** Asks for a link from the sign-in page of `returnTo`, as a member without scripts would. */
  async function askForLink(email: string, returnTo = LOCKED_LESSON) {
    const visitor = new Visitor(server.url);
    const signIn = await visitor.get<string>(`/account/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
    const forgotUrl = attribute(signIn.text, /<p class="member-sign-in-forgot"><a href="([^"]*)">Forgot your password\?<\/a>/);
    const forgot = await visitor.get<string>(forgotUrl);
    expect(forgot.status).toBe(200);
    expect(forgot.text).toMatch(/<meta name="robots" content="noindex/);
    return postForm(visitor, forgot.text, { email });
  }

  it('answers an unknown address exactly as a known one, and sends nothing to it', async () => {
    const unknown = await askForLink('nobody@example.com');
    const known = await askForLink(member.email);
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.text).toContain(serverMessages.memberResetLinkSent);
    const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)![0].replace(/name="crumb" value="[^"]*"/g, '');
    expect(main(unknown.text)).toBe(main(known.text));
    await expect.poll(async () => (await resetEmails(member.email)).length, { timeout: 10_000 }).toBe(1);
    expect(await resetEmails('nobody@example.com')).toEqual([]);
  });

  it("links to the members' page, which sets the password once and leads to the sign-in with the page wanted", async () => {
    const [email] = await resetEmails(member.email);
    const link = /https:\/\/shop\.example\.com\/account\/reset-password\?token=([A-Za-z0-9_-]+)&returnTo=([^\s"&]+)/.exec(email!.text);
    expect(link, email!.text).not.toBeNull();
    expect(decodeURIComponent(link![2]!)).toBe(LOCKED_LESSON);
    const path = new URL(link![0]).pathname + new URL(link![0]).search;
    const visitor = new Visitor(server.url);
    const page = await visitor.get<string>(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(hidden(page.text, 'token')).toBe(link![1]);
    // the account's address beside the new password, so a password manager saves it for the right account
    const usernameField = `<input id="member-reset-username" type="email" value="${member.email}" autocomplete="username" hidden readonly>`;
    expect(page.text).toContain(usernameField);
    expect(page.text).toContain('name="newPassword" autocomplete="new-password"');

    const short = await postForm(visitor, page.text, { newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.text).toContain(usernameField);
    expect(short.text).toContain(`role="alert" tabindex="-1" autofocus>${fillMessage(ADMIN.server.passwordTooShort, { min: MIN_PASSWORD_LENGTH })}</p>`);

    const done = await postForm(visitor, short.text, { newPassword: NEW_PASSWORD });
    expect(done.status).toBe(303);
    const signInUrl = done.headers.get('location')!;
    expect(signInUrl).toBe(`/account/sign-in?returnTo=${encodeURIComponent(LOCKED_LESSON)}&passwordChanged=1`);
    const signIn = await visitor.get<string>(signInUrl);
    expect(signIn.text).toContain(serverMessages.memberPasswordChanged);

    const old = await postForm(visitor, signIn.text, { email: member.email, password: member.password });
    expect(old.status).toBe(401);
    expect(old.text).toContain(platformMessages.invalidCredentials);
    const signedIn = await postForm(visitor, old.text, { email: member.email, password: NEW_PASSWORD });
    expect([signedIn.status, signedIn.headers.get('location')]).toEqual([303, LOCKED_LESSON]);

    // the link works once: afterwards it says so and offers a new one, keeping the way back
    const again = await new Visitor(server.url).get<string>(path);
    expect(again.status).toBe(400);
    expect(again.text).toContain(serverMessages.memberResetLinkInvalid);
    expect(again.text).not.toContain('name="newPassword"');
    expect(attribute(again.text, /<a href="([^"]*)">Ask for a new link<\/a>/)).toBe(`/account/forgot-password?returnTo=${encodeURIComponent(LOCKED_LESSON)}`);
  });

  it('refuses a link that is unknown or past its hour, and a post of one, changing nothing', async () => {
    const account = (await new SiteUserRepository(server.app.deps.store).findByEmail(member.email))!;
    const token = 'an-expired-token';
    await new PasswordResetRepository(server.app.deps.store).replace(account.id, resetTokenHash(token), Date.now() - 2 * 3600_000, Date.now() - 3600_000);
    for (const query of [`token=${token}`, 'token=never-issued', '']) {
      const page = await new Visitor(server.url).get<string>(`/account/reset-password?${query}`);
      expect(page.status, query).toBe(400);
      expect(page.text, query).toContain(serverMessages.memberResetLinkInvalid);
    }
    const visitor = new Visitor(server.url);
    const forgot = await visitor.get<string>('/account/forgot-password');
    const posted = await visitor.post<string>('/account/reset-password', undefined, {
      withoutCrumb: true, form: { crumb: hidden(forgot.text, 'crumb'), token, newPassword: 'yet another passphrase' },
    });
    expect(posted.status).toBe(400);
    expect(posted.text).toContain(serverMessages.memberResetLinkInvalid);
    const signIn = await visitor.get<string>('/account/sign-in');
    expect((await postForm(visitor, signIn.text, { email: member.email, password: NEW_PASSWORD })).status).toBe(303);
  });

  it('says a dead link posted with a too-short password is dead, and never names its account', async () => {
    const account = (await new SiteUserRepository(server.app.deps.store).findByEmail(member.email))!;
    const resets = new PasswordResetRepository(server.app.deps.store);
    const expired = 'a-dead-token-past-its-hour';
    await resets.replace(account.id, resetTokenHash(expired), Date.now() - 2 * 3600_000, Date.now() - 3600_000);
    const replaced = 'a-dead-token-replaced';
    await resets.replace(account.id, resetTokenHash(replaced), Date.now(), Date.now() + 3600_000);
    await resets.replace(account.id, resetTokenHash('a-newer-token'), Date.now(), Date.now() + 3600_000);
    const visitor = new Visitor(server.url);
    const forgot = await visitor.get<string>('/account/forgot-password');
    for (const [token, message] of [[expired, serverMessages.memberResetLinkInvalid], [replaced, serverMessages.memberResetLinkReplaced]] as const) {
      const posted = await visitor.post<string>('/account/reset-password', undefined, {
        withoutCrumb: true, form: { crumb: hidden(forgot.text, 'crumb'), token, newPassword: 'short' },
      });
      expect(posted.status, token).toBe(400);
      expect(posted.text, token).toContain(message);
      expect(posted.text, token).not.toContain('name="newPassword"');
      expect(posted.text, token).not.toContain(member.email);
    }
    await server.app.deps.store.run('DELETE FROM password_resets');
  });

  it('says on the page of a link a newer one replaced that a newer link was sent, and never sends the older one late', async () => {
    const { store } = server.app.deps;
    const outbox = new EmailOutboxRepository(store);
    await store.run('DELETE FROM password_resets');
    await store.run('DELETE FROM email_outbox');
    const linkPath = (email: OutboxEmail) => {
      const link = /https:\/\/shop\.example\.com(\/account\/reset-password\?[^\s"]+)/.exec(email.text);
      expect(link, email.text).not.toBeNull();
      return link![1]!.replaceAll('&amp;', '&');
    };
    await askForLink(member.email);
    await expect.poll(async () => (await resetEmails(member.email)).length, { timeout: 10_000 }).toBe(1);
    const [older] = await resetEmails(member.email);
    await expect.poll(async () => (await outbox.findById(older!.id))!.status, { timeout: 10_000 }).toBe('failed');
    // as a process that stopped before sending it leaves it
    await store.run("UPDATE email_outbox SET status = 'pending', error = NULL, attempted_on = NULL WHERE id = ?", [older!.id]);
    await store.run('UPDATE password_resets SET created_on = created_on - ?', [RESET_EMAIL_GAP_MS]);

    await askForLink(member.email);
    await expect.poll(async () => (await resetEmails(member.email)).length, { timeout: 10_000 }).toBe(2);
    const [newer] = await resetEmails(member.email);
    expect(await outbox.findById(older!.id)).toMatchObject({ status: 'failed', error: serverMessages.passwordLinkReplaced });

    const visitor = new Visitor(server.url);
    const replaced = await visitor.get<string>(linkPath(older!));
    expect(replaced.status).toBe(400);
    expect(replaced.text).toContain(serverMessages.memberResetLinkReplaced);
    expect(replaced.text).not.toContain(serverMessages.memberResetLinkInvalid);
    expect(replaced.text).not.toContain('name="newPassword"');
    expect(attribute(replaced.text, /<a href="([^"]*)">Ask for a new link<\/a>/)).toContain('/account/forgot-password');
    const current = await visitor.get<string>(linkPath(newer!));
    expect(current.status).toBe(200);
    // the older link posted (a page kept open from before) says the same, and changes nothing
    const posted = await postForm(visitor, current.text, { token: new URL(linkPath(older!), 'http://x').searchParams.get('token')!, newPassword: 'yet another passphrase' });
    expect(posted.status).toBe(400);
    expect(posted.text).toContain(serverMessages.memberResetLinkReplaced);
    expect((await visitor.get<string>(linkPath(newer!))).status).toBe(200);
  });

  it('never puts another site in the link, and says when the typed email is not one', async () => {
    const other = { email: 'elsewhere@example.com', password: 'some password' };
    await createSiteUserAccount(server.app.deps, other);
    expect((await askForLink(other.email, 'https://evil.example/x')).status).toBe(200);
    await expect.poll(async () => (await resetEmails(other.email)).length, { timeout: 10_000 }).toBe(1);
    const [email] = await resetEmails(other.email);
    expect(email!.text).toMatch(/https:\/\/shop\.example\.com\/account\/reset-password\?token=[A-Za-z0-9_-]+\n/);
    expect(email!.text).not.toContain('evil');

    const typo = await askForLink('not an email');
    expect(typo.status).toBe(400);
    expect(typo.text).toContain(serverMessages.memberForgotPasswordNotAnEmail);
    expect(typo.text).toContain('value="not an email"');
    // the page comes back with the focus on what went wrong, not at its top
    expect(typo.text).toContain(`role="alert" tabindex="-1" autofocus>${serverMessages.memberForgotPasswordNotAnEmail}</p>`);
  });
});

describe('a member who forgot their password, on a store without a mail server', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
    await createSiteUserAccount(server.app.deps, { email: 'member@example.com', password: 'a member password' });
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('says to contact the shop instead of offering a link, and sends nothing', async () => {
    const visitor = new Visitor(server.url);
    const page = await visitor.get<string>('/account/forgot-password?returnTo=%2Flessons');
    expect(page.status).toBe(200);
    expect(page.text).toContain(serverMessages.memberResetNeedsContact);
    // and how: the shop's contact page, whose messages the shop keeps without a mail server
    expect(page.text).toContain(`<p class="member-sign-in-contact"><a href="/contact">${serverMessages.memberResetContactLink}</a></p>`);
    expect(page.text).not.toContain('<form method="post"');
    expect(attribute(page.text, /<a href="([^"]*)">Back to sign in<\/a>/)).toBe('/account/sign-in?returnTo=%2Flessons');

    const signIn = await visitor.get<string>('/account/sign-in');
    const posted = await visitor.post<string>('/account/forgot-password', undefined, {
      withoutCrumb: true, form: { crumb: hidden(signIn.text, 'crumb'), email: 'member@example.com' },
    });
    expect(posted.status).toBe(409);
    expect(posted.text).toContain(serverMessages.memberResetNeedsContact);
    expect(posted.text).toContain('<a href="/contact">');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await new EmailOutboxRepository(server.app.deps.store).list({ recipient: 'member@example.com' })).toEqual([]);
  });

  it('offers no contact link when the shop has no contact page to open', async () => {
    const store = server.app.deps.store;
    await store.run("UPDATE collections SET url_id = 'contact-hidden' WHERE url_id = 'contact'");
    try {
      expect((await fetch(`${server.url}/contact`)).status).toBe(404);
      const page = await (await fetch(`${server.url}/account/forgot-password`)).text();
      expect(page).toContain(serverMessages.memberResetNeedsContact);
      expect(page).not.toContain('member-sign-in-contact');
    } finally {
      await store.run("UPDATE collections SET url_id = 'contact' WHERE url_id = 'contact-hidden'");
    }
  });
});
