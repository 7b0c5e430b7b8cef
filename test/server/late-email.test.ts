/**
 * Emails the outbox sweep no longer sends are given up, not left pending for good: each kind at
 * its own age (two days for an order's emails, a password-reset link before it expires, an
 * invitation or a mailing-list confirmation while its link still works a day), marked failed
 * with why; one a process took and never settled is said to be perhaps sent, and one being sent
 * now is left alone. Nothing is ever sent twice. The owner sees an order's email given up in the
 * order list and the order, and sends it again from there. Migration 137 gives up those left
 * before.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailOutboxRepository } from '../../server/db/email-outbox-repository.ts';
import type { Store } from '../../server/db/store.ts';
import { DELIVERY_CLAIM_MS } from '../../server/email/mailer.ts';
import { sweepOutbox } from '../../server/email/outbox-sweeper.ts';
import { giveUpLateEmails } from '../../server/email/undelivered-email.ts';
import { serverMessages } from '../../server/messages.ts';
import { placeOrderThroughCheckout } from './helpers/checkout.ts';
import { seededProduct, seededVariant } from './helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from './helpers/platform-server.ts';
import { startTestMailServer, type TestMailServer } from './helpers/test-mail-server.ts';
import { Visitor } from './helpers/visitor.ts';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

let mailServer: TestMailServer;
let server: PlatformServer;
let db: Store;

beforeAll(async () => {
  mailServer = await startTestMailServer();
  server = await startPlatformServer({ mail: { smtpUrl: mailServer.url } });
  db = server.app.deps.store;
});
afterAll(async () => {
  await server.stop(true);
  await mailServer.stop();
});

/** An email of `kind` left pending, as a process that stopped before sending it leaves it. */
async function leftPending(kind: string, recipient: string, agoMs: number, takenAgoMs: number | null = null, now = Date.now()): Promise<string> {
  const id = randomUUID();
  await db.run(
    `INSERT INTO email_outbox (id, kind, subject_id, recipient, subject, text_body, html_body, status, created_on, attempted_on)
     VALUES (?, ?, NULL, ?, 'S', 'T', '', 'pending', ?, ?)`,
    [id, kind, recipient, now - agoMs, takenAgoMs === null ? null : now - takenAgoMs],
  );
  return id;
}

const outcome = (id: string) => db.get<{ status: string; error: string | null }>('SELECT status, error FROM email_outbox WHERE id = ?', [id]);
const mailTo = (address: string) => mailServer.received.filter((mail) => mail.to.includes(address)).length;

describe('the outbox sweep', () => {
  it('sends each kind while it is still of use and gives up the rest with why', async () => {
    const now = Date.now();
    const cases = [
      { kind: 'order-confirmation', agoMs: DAY, sent: true },
      { kind: 'order-confirmation', agoMs: 3 * DAY, error: serverMessages.emailTooLate },
      { kind: 'order-shipped', agoMs: 3 * DAY, error: serverMessages.emailTooLate },
      { kind: 'new-order', agoMs: 3 * DAY, error: serverMessages.emailTooLate },
      // a reset link works an hour: sent with time to use it, never as it expires
      { kind: 'password-reset', agoMs: 20 * MINUTE, sent: true },
      { kind: 'password-reset', agoMs: 50 * MINUTE, error: serverMessages.passwordLinkTooLate },
      { kind: 'password-reset', agoMs: 3 * DAY, error: serverMessages.passwordLinkTooLate },
      // an invitation's and a confirmation's links work seven days
      { kind: 'staff-invitation', agoMs: 3 * DAY, sent: true },
      { kind: 'staff-invitation', agoMs: 6.5 * DAY, error: serverMessages.staffInvitationTooLate },
      { kind: 'mailing-list-confirmation', agoMs: 5 * DAY, sent: true },
      { kind: 'mailing-list-confirmation', agoMs: 6.5 * DAY, error: serverMessages.mailingListConfirmationTooLate },
    ];
    const written = [];
    for (const [index, one] of cases.entries()) {
      const recipient = `kind-${index}@example.com`;
      written.push({ ...one, recipient, id: await leftPending(one.kind, recipient, one.agoMs, null, now) });
    }
    await sweepOutbox(server.app.deps, now);
    for (const one of written) {
      expect({ kind: one.kind, agoMs: one.agoMs, ...(await outcome(one.id)) })
        .toEqual({ kind: one.kind, agoMs: one.agoMs, status: one.sent ? 'sent' : 'failed', error: one.error ?? null });
      expect(mailTo(one.recipient)).toBe(one.sent ? 1 : 0);
    }
  });

  it('says one a stopped process took may have gone out, and leaves one being sent to its sender', async () => {
    const now = Date.now();
    const taken = await leftPending('order-confirmation', 'taken@example.com', 3 * DAY, DELIVERY_CLAIM_MS + MINUTE, now);
    const takenReset = await leftPending('password-reset', 'taken-reset@example.com', 2 * 60 * MINUTE, 2 * 60 * MINUTE, now);
    const sending = await leftPending('order-confirmation', 'sending@example.com', 3 * DAY, MINUTE, now);
    await sweepOutbox(server.app.deps, now);
    expect(await outcome(taken)).toEqual({ status: 'failed', error: serverMessages.emailPerhapsSent });
    expect(await outcome(takenReset)).toEqual({ status: 'failed', error: serverMessages.emailPerhapsSent });
    expect(await outcome(sending)).toEqual({ status: 'pending', error: null });
    // the process sending it stopped too: once its mark is stale, the next sweep says so
    await sweepOutbox(server.app.deps, now + DELIVERY_CLAIM_MS);
    expect(await outcome(sending)).toEqual({ status: 'failed', error: serverMessages.emailPerhapsSent });
    for (const address of ['taken@example.com', 'taken-reset@example.com', 'sending@example.com']) expect(mailTo(address)).toBe(0);
  });

  it('sends an email or gives it up, never both, though sweeps in several processes race', async () => {
    const now = Date.now();
    const recipients = Array.from({ length: 12 }, (_, index) => `race-${index}@example.com`);
    const ids = [];
    for (const recipient of recipients) ids.push(await leftPending('order-confirmation', recipient, DAY, null, now));
    // two sweeps that send it, and one whose clock is two days on, which gives it up
    await Promise.all([
      sweepOutbox(server.app.deps, now),
      sweepOutbox(server.app.deps, now),
      giveUpLateEmails(db, now + 2 * DAY, { staleAfterMs: DELIVERY_CLAIM_MS, limit: 50 }),
    ]);
    await Promise.all([sweepOutbox(server.app.deps, now), giveUpLateEmails(db, now + 2 * DAY, { staleAfterMs: DELIVERY_CLAIM_MS, limit: 50 })]);
    for (const [index, id] of ids.entries()) {
      const { status, error } = (await outcome(id))!;
      expect([status, mailTo(recipients[index]!)]).toEqual(status === 'sent' ? ['sent', 1] : ['failed', 0]);
      if (status === 'failed') expect(error).toBe(serverMessages.emailTooLate);
    }
  });
});

describe('giving up one pending email', () => {
  it('marks one never taken, or, given a cut-off, one taken before it, once; never one being sent', async () => {
    const now = Date.now();
    const cutOff = now - DELIVERY_CLAIM_MS;
    const outbox = new EmailOutboxRepository(db);
    const neverTaken = await leftPending('order-confirmation', 'never-taken@example.com', 3 * DAY, null, now);
    const takenLongAgo = await leftPending('order-confirmation', 'taken-long-ago@example.com', 3 * DAY, DELIVERY_CLAIM_MS + MINUTE, now);
    const beingSent = await leftPending('order-confirmation', 'being-sent@example.com', 3 * DAY, MINUTE, now);

    // without a cut-off only one never taken; with one only one taken before it
    expect(await outbox.giveUp(takenLongAgo, serverMessages.emailTooLate)).toBe(false);
    expect(await outbox.giveUp(neverTaken, serverMessages.emailPerhapsSent, cutOff)).toBe(false);
    expect(await outbox.giveUp(beingSent, serverMessages.emailPerhapsSent, cutOff)).toBe(false);
    expect(await outbox.giveUp(beingSent, serverMessages.emailTooLate)).toBe(false);
    expect(await outbox.giveUp(neverTaken, serverMessages.emailTooLate)).toBe(true);
    expect(await outbox.giveUp(takenLongAgo, serverMessages.emailPerhapsSent, cutOff)).toBe(true);
    // the one call that marked it says so
    expect(await outbox.giveUp(neverTaken, serverMessages.emailTooLate)).toBe(false);
    expect(await outbox.giveUp(takenLongAgo, serverMessages.emailPerhapsSent, cutOff)).toBe(false);

    expect(await outcome(neverTaken)).toEqual({ status: 'failed', error: serverMessages.emailTooLate });
    expect(await outcome(takenLongAgo)).toEqual({ status: 'failed', error: serverMessages.emailPerhapsSent });
    expect(await outcome(beingSent)).toEqual({ status: 'pending', error: null });
  });
});

describe("an order's confirmation given up", () => {
  interface OrderEmail { id: string; status: string; error: string | null; givenUp: boolean }

  it('is flagged in the order list and the order, and the owner sends it again once', async () => {
    const product = seededProduct('linen-shirt');
    const inStock = seededVariant('linen-shirt', (variant) => variant.qtyInStock > 0);
    const shopper = await new Visitor(server.url).start();
    const added = await shopper.post('/api/commerce/shopping-cart/entries', { itemId: product.id, sku: inStock.sku, quantity: 1, additionalFields: null });
    expect(added.status, added.text).toBe(200);
    const placed = await placeOrderThroughCheckout(shopper, undefined, { email: 'late-order@example.com' });
    expect(placed.status, placed.text.slice(0, 200)).toBe(201);
    const orderId = /order-confirmed\/([^?]+)/.exec(placed.body.confirmationUrl!)![1]!;
    await expect.poll(() => mailTo('late-order@example.com')).toBe(1);
    await expect.poll(async () => (await db.get<{ status: string }>('SELECT status FROM email_outbox WHERE subject_id = ?', [orderId]))?.status).toBe('sent');
    // as a process that stopped before sending it, three days ago, left it
    await db.run(
      "UPDATE email_outbox SET status = 'pending', sent_on = NULL, attempted_on = NULL, created_on = ? WHERE subject_id = ?",
      [Date.now() - 3 * DAY, orderId],
    );
    await sweepOutbox(server.app.deps);
    expect(mailTo('late-order@example.com')).toBe(1);

    const owner = await server.signInOwner();
    const listed = async () => (await owner.get<{ orders: Array<{ id: string; emailsNotSent: number }> }>('/api/admin/orders')).body.orders.find((order) => order.id === orderId);
    expect(await listed()).toEqual(expect.objectContaining({ emailsNotSent: 1 }));
    const detail = await owner.get<{ order: { emails: OrderEmail[] } }>(`/api/admin/orders/${orderId}`);
    const [confirmation] = detail.body.order.emails;
    expect(confirmation).toEqual(expect.objectContaining({ status: 'failed', error: serverMessages.emailTooLate, givenUp: true }));

    const again = await owner.post<{ emails: OrderEmail[] }>(`/api/admin/orders/${orderId}/emails/${confirmation!.id}/send`, {});
    expect(again.status, again.text).toBe(200);
    expect(again.body.emails).toEqual([expect.objectContaining({ id: confirmation!.id, status: 'sent', givenUp: false })]);
    expect(mailTo('late-order@example.com')).toBe(2);
    expect(await listed()).toEqual(expect.objectContaining({ emailsNotSent: 0 }));
  });
});

describe('a store upgraded with emails left pending too long', () => {
  const MIGRATION = '137_late_emails_given_up.sql';

  it('gives them up as the sweep does (migration 137), and leaves those still of use', async () => {
    const older = await startPlatformServer({ mail: { smtpUrl: mailServer.url } });
    const olderDb = older.app.deps.store;
    const insert = async (kind: string, agoMs: number, takenAgoMs: number | null = null): Promise<string> => {
      const id = randomUUID();
      const now = Date.now();
      await olderDb.run(
        `INSERT INTO email_outbox (id, kind, subject_id, recipient, subject, text_body, html_body, status, created_on, attempted_on)
         VALUES (?, ?, NULL, 'older@example.com', 'S', 'T', '', 'pending', ?, ?)`,
        [id, kind, now - agoMs, takenAgoMs === null ? null : now - takenAgoMs],
      );
      return id;
    };
    const rows = {
      lateOrder: await insert('order-confirmation', 3 * DAY),
      recentOrder: await insert('order-confirmation', DAY),
      lateReset: await insert('password-reset', 2 * 60 * MINUTE),
      lateInvitation: await insert('staff-invitation', 6.5 * DAY),
      recentInvitation: await insert('staff-invitation', 3 * DAY),
      lateConfirmation: await insert('mailing-list-confirmation', 6.5 * DAY),
      taken: await insert('order-shipped', 3 * DAY, 3 * DAY),
      takenRestock: await insert('restock-notice', 3 * DAY, 3 * DAY),
      beingSent: await insert('order-confirmation', 3 * DAY, MINUTE),
    };
    // the store as the older build left it: the migration not yet applied
    await olderDb.run('DELETE FROM schema_migrations WHERE name = ?', [MIGRATION]);
    await older.stop();

    const upgraded = await startPlatformServer({ mail: { smtpUrl: mailServer.url }, databasePath: older.databasePath });
    try {
      const read = (id: string) => upgraded.app.deps.store.get<{ status: string; error: string | null }>('SELECT status, error FROM email_outbox WHERE id = ?', [id]);
      const failed = (error: string) => ({ status: 'failed', error });
      const pending = { status: 'pending', error: null };
      // the words the sweep writes for the same cases
      expect(await read(rows.lateOrder)).toEqual(failed(serverMessages.emailTooLate));
      expect(await read(rows.lateReset)).toEqual(failed(serverMessages.passwordLinkTooLate));
      expect(await read(rows.lateInvitation)).toEqual(failed(serverMessages.staffInvitationTooLate));
      expect(await read(rows.lateConfirmation)).toEqual(failed(serverMessages.mailingListConfirmationTooLate));
      expect(await read(rows.taken)).toEqual(failed(serverMessages.emailPerhapsSent));
      expect(await read(rows.takenRestock)).toEqual(failed(serverMessages.emailPerhapsSent));
      expect(await read(rows.recentOrder)).toEqual(pending);
      expect(await read(rows.recentInvitation)).toEqual(pending);
      expect(await read(rows.beingSent)).toEqual(pending);
      expect(mailTo('older@example.com')).toBe(0);
    } finally {
      await upgraded.stop(true);
    }
  });
});
