/**
 * Double opt-in on a store without a mail server: a sign-up is recorded without promising an
 * email, its confirmation waits in the outbox (nobody joins the list unconfirmed), the owner's
 * subscribers list says why and how to fix it, and once the store has a mail server the waiting
 * confirmations go out while their links still work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { NEWSLETTER } from '../../client/lib/messages.ts';
import { EmailOutboxRepository } from '../../server/db/email-outbox-repository.ts';
import { MailingListRepository, MAILING_LIST_CONFIRMATION_KIND } from '../../server/db/mailing-list-repository.ts';
import { sweepOutbox } from '../../server/email/outbox-sweeper.ts';
import { serverMessages } from '../../server/messages.ts';
import { seededProduct, seededVariant } from './helpers/fixtures.ts';
import { isOnMailingList } from './helpers/mailing-list-outbox.ts';
import { startPlatformServer, type PlatformServer } from './helpers/platform-server.ts';
import { startTestMailServer, type TestMailServer } from './helpers/test-mail-server.ts';
import { Visitor } from './helpers/visitor.ts';

const NEWSLETTER_PATH = '/api/newsletter/subscribe';
const RESTOCK_PATH = '/api/site-users/account/notifications/restock';
const SUBSCRIBERS_PATH = '/api/admin/messages/subscribers';
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
/** Nothing listens on port 9: a store with this mail server sends, and the server refuses. */
/** A mail server that refuses every email (550): each is handed to it and marked failed. */
let refusingMailServer: TestMailServer;

const shirt = seededProduct('linen-shirt');
const soldOut = seededVariant('linen-shirt', (variant) => variant.qtyInStock === 0);

interface SignUpAnswer { message: string; confirmation?: string }
interface SubscribersAnswer { subscribers: Array<{ email: string }>; canSendEmail: boolean; confirmationsWaiting: number }

async function newsletterSignUp(server: PlatformServer, email: string) {
  const visitor = await new Visitor(server.url).start();
  return visitor.post<SignUpAnswer>(NEWSLETTER_PATH, { email, captchaToken: await server.captchaToken('newsletter_block') });
}

async function restockSignUp(server: PlatformServer, email: string, isJoinMailingList: boolean) {
  const visitor = await new Visitor(server.url).start();
  return visitor.post<SignUpAnswer>(RESTOCK_PATH, {
    productId: shirt.id, variantId: soldOut.id, siteVisitorEmail: email, isJoinMailingList,
    captchaToken: await server.captchaToken('product_waitlist'),
  });
}

/** The statuses of the confirmations written to the address, oldest first. */
async function confirmationStatuses(server: PlatformServer, email: string): Promise<string[]> {
  const emails = await new EmailOutboxRepository(server.app.deps.store).list({ recipient: email });
  return emails.filter((sent) => sent.kind === MAILING_LIST_CONFIRMATION_KIND).reverse().map((sent) => sent.status);
}

describe('a store without a mail server', () => {
  let server: PlatformServer;

  beforeAll(async () => {
    server = await startPlatformServer();
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('records a newsletter sign-up without promising an email, and keeps its confirmation waiting', async () => {
    const email = 'held@example.com';
    const answer = await newsletterSignUp(server, email);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ message: NEWSLETTER.success, confirmation: NEWSLETTER.confirmationNotSentYet });
    // waiting for a mail server, not kept for the owner to read: nobody joins before confirming
    expect(await confirmationStatuses(server, email)).toEqual(['pending']);
    expect(await sweepOutbox(server.app.deps, Date.now() + 5 * MINUTE)).toBe(0);
    expect(await confirmationStatuses(server, email)).toEqual(['pending']);
    expect(await isOnMailingList(server.app.deps.store, email)).toBe(false);
  });

  it('writes no second confirmation for an address signed up again days later while the first waits', async () => {
    const email = 'every-day@example.com';
    expect((await newsletterSignUp(server, email)).status).toBe(200);
    await server.app.deps.store.run('UPDATE email_outbox SET created_on = created_on - ? WHERE recipient = ?', [3 * DAY, email]);
    const again = await newsletterSignUp(server, email);
    expect(again.status).toBe(200);
    expect(again.body.confirmation).toBe(NEWSLETTER.confirmationNotSentYet);
    expect(await confirmationStatuses(server, email)).toEqual(['pending']);
  });

  it('says the same after a restock sign-up that asks for the mailing list, and nothing without one', async () => {
    const joining = await restockSignUp(server, 'restock-held@example.com', true);
    expect(joining.status, joining.text).toBe(200);
    // the message is the store's own success text, as before; only the confirmation's line changes
    expect(joining.body).toEqual({ message: expect.any(String), confirmation: NEWSLETTER.confirmationNotSentYet });
    expect(await confirmationStatuses(server, 'restock-held@example.com')).toEqual(['pending']);
    const notJoining = await restockSignUp(server, 'restock-only@example.com', false);
    expect(notJoining.status, notJoining.text).toBe(200);
    expect(notJoining.body).toEqual({ message: joining.body.message });
  });

  it("tells the owner's subscribers list that confirmations cannot go out, and how many wait", async () => {
    const owner = await server.signInOwner();
    const before = await owner.get<SubscribersAnswer>(SUBSCRIBERS_PATH);
    expect(before.status, before.text).toBe(200);
    expect(before.body.canSendEmail).toBe(false);
    expect((await newsletterSignUp(server, 'one-more@example.com')).status).toBe(200);
    const after = await owner.get<SubscribersAnswer>(SUBSCRIBERS_PATH);
    expect(after.body.confirmationsWaiting).toBe(before.body.confirmationsWaiting + 1);
    expect(after.body.subscribers.map((row) => row.email)).not.toContain('one-more@example.com');
    // the screen's words name the setting to make
    expect(ADMIN.subscribersNeedMailServer(after.body.confirmationsWaiting)).toContain('SMTP_URL');
  });
});

describe('the same store once it has a mail server', () => {
  let server: PlatformServer;

  beforeAll(async () => {
    refusingMailServer = await startTestMailServer(['*']);
  });
  afterAll(async () => {
    await server.stop(true);
    await refusingMailServer.stop();
  });

  it('sends the confirmations that waited while their links still work, and promises email again', async () => {
    const withoutMail = await startPlatformServer();
    expect((await newsletterSignUp(withoutMail, 'waited@example.com')).status).toBe(200);
    const list = new MailingListRepository(withoutMail.app.deps.store);
    const message = (recipient: string) => ({ recipient, subject: 'Please confirm', body: 'Open the link.' });
    // three days old: older than the sweep's two days for other emails, yet its link works four more
    await list.queueConfirmation(message('three-days@example.com'), Date.now() - 3 * DAY);
    // its link works less than a day more: sending it now would help nobody
    await list.queueConfirmation(message('lapsed@example.com'), Date.now() - 6.5 * DAY);
    await withoutMail.stop();

    // the owner sets SMTP_URL and restarts the store on the same database
    server = await startPlatformServer({ databasePath: withoutMail.databasePath, mail: { smtpUrl: refusingMailServer.url } });
    await sweepOutbox(server.app.deps, Date.now() + 2 * MINUTE);
    // each was handed to the mail server (which refused it): "failed", no longer waiting
    expect(await confirmationStatuses(server, 'waited@example.com')).toEqual(['failed']);
    expect(await confirmationStatuses(server, 'three-days@example.com')).toEqual(['failed']);
    // given up, not left waiting for good: the address joins only if it signs up again
    expect(await server.app.deps.store.get('SELECT status, error FROM email_outbox WHERE recipient = ?', ['lapsed@example.com']))
      .toEqual({ status: 'failed', error: serverMessages.mailingListConfirmationTooLate });

    const answer = await newsletterSignUp(server, 'new-reader@example.com');
    expect(answer.body).toEqual({ message: NEWSLETTER.success, confirmation: NEWSLETTER.checkEmail });
    const owner = await server.signInOwner();
    expect((await owner.get<SubscribersAnswer>(SUBSCRIBERS_PATH)).body).toEqual(expect.objectContaining({ canSendEmail: true, confirmationsWaiting: 0 }));
  });
});
