/**
 * "Send again" on an order's email takes it first, the way the outbox sweep takes an email, so
 * two clicks at once (or two staff members, or two processes) send it once: the other is told
 * the email is already being sent. One that a process is sending now is left to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { fillMessage } from '../../../server/messages.ts';
import { EmailOutboxRepository } from '../../../server/db/email-outbox-repository.ts';
import type { Store } from '../../../server/db/store.ts';
import { placeOrderThroughCheckout } from '../helpers/checkout.ts';
import { seededProduct, seededVariant } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { startTestMailServer, type TestMailServer } from '../helpers/test-mail-server.ts';
import { Visitor } from '../helpers/visitor.ts';

let mailServer: TestMailServer;
let server: PlatformServer;
let owner: SiteUserVisitor;
let db: Store;

beforeAll(async () => {
  mailServer = await startTestMailServer();
  server = await startPlatformServer({ mail: { smtpUrl: mailServer.url } });
  owner = await server.signInOwner();
  db = server.app.deps.store;
});
afterAll(async () => {
  await server.stop(true);
  await mailServer.stop();
});

const mailTo = (address: string) => mailServer.received.filter((mail) => mail.to.includes(address)).length;

/** An order by `email`, once its confirmation went out; returns the order's and the confirmation's ids. */
async function orderConfirmedTo(email: string): Promise<{ orderId: string; emailId: string }> {
  const shopper = await new Visitor(server.url).start();
  const inStock = seededVariant('linen-shirt', (variant) => variant.qtyInStock > 0);
  // each case buys one: the seeded stock would run out over the file's cases
  await db.run('UPDATE variants SET qty_in_stock = 50 WHERE sku = ?', [inStock.sku]);
  const added = await shopper.post('/api/commerce/shopping-cart/entries', { itemId: seededProduct('linen-shirt').id, sku: inStock.sku, quantity: 1, additionalFields: null });
  expect(added.status, added.text).toBe(200);
  const placed = await placeOrderThroughCheckout(shopper, undefined, { email });
  expect(placed.status, placed.text.slice(0, 200)).toBe(201);
  const orderId = /order-confirmed\/([^?]+)/.exec(placed.body.confirmationUrl!)![1]!;
  const confirmation = async () => (await new EmailOutboxRepository(db).ofSubject(orderId)).find((one) => one.kind === 'order-confirmation');
  await expect.poll(async () => (await confirmation())?.status).toBe('sent');
  return { orderId, emailId: (await confirmation())!.id };
}

const sendAgain = (orderId: string, emailId: string) => owner.post<{ message?: string; emails?: Array<{ id: string; status: string }> }>(`/api/admin/orders/${orderId}/emails/${emailId}/send`, {});

describe('Send again', () => {
  it('sends a failed email once when asked twice at the same moment; the other is told it is being sent', async () => {
    const { orderId, emailId } = await orderConfirmedTo('twice-at-once@example.com');
    expect(mailTo('twice-at-once@example.com')).toBe(1);
    await new EmailOutboxRepository(db).settle(emailId, 'failed', '421 try again later');

    const answers = await Promise.all([sendAgain(orderId, emailId), sendAgain(orderId, emailId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    // told as it stood when it lost: still being sent, or sent already
    expect([ADMIN.server.emailBeingSent, ADMIN.server.emailAlreadySent]).toContain(refused.body.message);
    const sent = answers.find((answer) => answer.status === 200)!;
    expect(sent.body.emails).toEqual([expect.objectContaining({ id: emailId, status: 'sent' })]);
    // the mail server got the confirmation and one copy sent again, not two
    expect(mailTo('twice-at-once@example.com')).toBe(2);
  });

  it('leaves an email a process is sending now to it, saying so', async () => {
    const { orderId, emailId } = await orderConfirmedTo('being-sent@example.com');
    // as a process that has just taken it leaves it: pending, marked now
    await db.run("UPDATE email_outbox SET status = 'pending', attempted_on = ? WHERE id = ?", [Date.now(), emailId]);
    const answer = await sendAgain(orderId, emailId);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(ADMIN.server.emailBeingSent);
    expect(mailTo('being-sent@example.com')).toBe(1);
  });

  it('sends again an email the sweep gave up as too late, once', async () => {
    const { orderId, emailId } = await orderConfirmedTo('given-up@example.com');
    await db.run("UPDATE email_outbox SET status = 'failed', error = ? WHERE id = ?", ['Not sent: too late.', emailId]);
    const answers = await Promise.all([sendAgain(orderId, emailId), sendAgain(orderId, emailId), sendAgain(orderId, emailId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(mailTo('given-up@example.com')).toBe(2);
    expect(await db.get('SELECT status, error FROM email_outbox WHERE id = ?', [emailId])).toEqual({ status: 'sent', error: null });
  });
});

const sendCopy = (orderId: string, emailId: string) => owner.post<{ message?: string; copyId?: string; emails?: Array<{ id: string; status: string; kind: string }> }>(`/api/admin/orders/${orderId}/emails/${emailId}/resend`, {});

describe('Send a copy', () => {
  it('sends a copy of a sent confirmation, listed beside it; a second ask within the minute is refused, at once or later', async () => {
    const { orderId, emailId } = await orderConfirmedTo('lost-it@example.com');
    // the confirmation was sent just now: a copy waits for the minute to pass (moved back here)
    const early = await sendCopy(orderId, emailId);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(fillMessage(ADMIN.server.emailSentMomentAgo, { perDay: 5 }));
    await db.run('UPDATE email_outbox SET created_on = created_on - 120000, attempted_on = attempted_on - 120000 WHERE subject_id = ?', [orderId]);

    const answers = await Promise.all([sendCopy(orderId, emailId), sendCopy(orderId, emailId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const sent = answers.find((answer) => answer.status === 200)!;
    expect(sent.body.copyId).not.toBe(emailId);
    const confirmations = sent.body.emails!.filter((one) => one.kind === 'order-confirmation');
    expect(confirmations.map((one) => [one.id, one.status])).toEqual([[emailId, 'sent'], [sent.body.copyId, 'sent']]);
    expect(mailTo('lost-it@example.com')).toBe(2);
    const [first, copy] = mailServer.received.filter((mail) => mail.to.includes('lost-it@example.com'));
    const subjectOf = (data: string) => /^Subject: (.*)$/m.exec(data)?.[1];
    expect(subjectOf(copy!.data)).toBeTruthy();
    expect(subjectOf(copy!.data)).toBe(subjectOf(first!.data));
  });

  it("refuses a copy of an email not sent yet, and of an email named with another order", async () => {
    const { orderId, emailId } = await orderConfirmedTo('not-yet@example.com');
    await new EmailOutboxRepository(db).settle(emailId, 'failed', '421 try again later');
    const notSent = await sendCopy(orderId, emailId);
    expect(notSent.status).toBe(409);
    expect(notSent.body.message).toBe(ADMIN.server.emailNotSentYet);
    const wrongOrder = await sendCopy('another-order', emailId);
    expect(wrongOrder.status).toBe(404);
    expect(mailTo('not-yet@example.com')).toBe(1);
  });

  it('holds a copy of a copy to the same pace as the first email: one a minute, five a day, however they are asked', async () => {
    const { orderId, emailId } = await orderConfirmedTo('flood@example.com');
    const back = () => db.run('UPDATE email_outbox SET created_on = created_on - 120000, attempted_on = attempted_on - 120000 WHERE subject_id = ?', [orderId]);
    await back();
    const copy = await sendCopy(orderId, emailId);
    expect(copy.status).toBe(200);
    // the copy, asked at once, is refused as the first would be (a review doubled them each minute so)
    const ofCopy = await sendCopy(orderId, copy.body.copyId!);
    expect(ofCopy.status).toBe(409);
    // a minute on, every sent row asked at once gives one copy
    await back();
    const rows = (await new EmailOutboxRepository(db).ofSubject(orderId)).filter((one) => one.kind === 'order-confirmation');
    const answers = await Promise.all(rows.map((row) => sendCopy(orderId, row.id)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    // five copies a day at most
    for (let i = 0; i < 6; i++) {
      await back();
      await sendCopy(orderId, emailId);
    }
    // moved back two minutes each round, every copy is within the day: 5 copies, 6 emails in all
    expect(mailTo('flood@example.com')).toBe(6);
  });

  it("refuses a gift card's email (its card's page sends it, checking the card still works) and an email that belongs to no order", async () => {
    const { emailId } = await orderConfirmedTo('account@example.com');
    // an email whose record is no order, as a password link's is (its subject is the account)
    await db.run("UPDATE email_outbox SET kind = 'password-reset', subject_id = 'siteuser-1', created_on = created_on - 120000, attempted_on = attempted_on - 120000 WHERE id = ?", [emailId]);
    expect((await sendCopy('siteuser-1', emailId)).status).toBe(404);
    const gift = await orderConfirmedTo('gift@example.com');
    await db.run("UPDATE email_outbox SET kind = 'gift-card', created_on = created_on - 120000, attempted_on = attempted_on - 120000 WHERE id = ?", [gift.emailId]);
    const refused = await sendCopy(gift.orderId, gift.emailId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ADMIN.server.giftCardEmailFromItsCard);
    expect(mailTo('account@example.com')).toBe(1);
    expect(mailTo('gift@example.com')).toBe(1);
  });
});
