/**
 * How an email fares when the mail server or the store is in trouble, through a real SMTP
 * conversation (test-mail-server.ts) and the real store, with the mailer's time limits and retry
 * schedule made short (DeliveryTiming) so that no test waits minutes:
 *
 * - the mail server accepts an email and the store cannot record it (its disk full): it is never
 *   sent again for that; recording is tried again, and the log says what happened;
 * - a mail server too slow to answer: the send is cut at its deadline, well inside the mark that
 *   keeps other processes off the email, and the email waits for a later try;
 * - a mail server away (connections refused, no greeting) or answering 451: the email waits,
 *   pending, and goes out once, later, when the server is back; a 550 fails it at once;
 * - an email still not sent when its kind's age limit comes is given up, with why.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { EmailOutboxRepository, type OutboxEmail } from '../../server/db/email-outbox-repository.ts';
import type { StoreSession } from '../../server/db/store.ts';
import { createMailer, DELIVERY_CLAIM_MS, DELIVERY_TIMING, isTemporarySendFailure, type DeliveryTiming } from '../../server/email/mailer.ts';
import { sweepOutbox } from '../../server/email/outbox-sweeper.ts';
import { PASSWORD_RESET_EMAIL_KIND } from '../../server/email/password-reset-email.ts';
import { serverMessages } from '../../server/messages.ts';
import { placeOrderThroughCheckout } from './helpers/checkout.ts';
import { seededProduct, seededVariant } from './helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from './helpers/platform-server.ts';
import { startTestMailServer, type TestMailServer } from './helpers/test-mail-server.ts';
import { Visitor } from './helpers/visitor.ts';

const MINUTE = 60 * 1000;

/** A port nothing listens on (yet): the mail server is started there, and stopped to refuse connections. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let port: number;
let mailServer: TestMailServer | null;
let server: PlatformServer;
let store: StoreSession;

async function mailServerUp(): Promise<TestMailServer> {
  mailServer ??= await startTestMailServer(['nobody@example.com'], { port });
  return mailServer;
}
async function mailServerDown(): Promise<void> {
  await mailServer?.stop();
  mailServer = null;
}

beforeAll(async () => {
  port = await freePort();
  await mailServerUp();
  server = await startPlatformServer({ mail: { smtpUrl: `smtp://127.0.0.1:${port}` } });
  store = server.app.deps.store;
});
afterAll(async () => {
  await server.stop(true);
  await mailServerDown();
});
beforeEach(async () => {
  // each case starts with a mail server that behaves
  const up = await mailServerUp();
  up.answerMailFrom(null);
  up.delayReplies(0);
  up.silence(false);
});

const receivedBy = (address: string) => (mailServer?.received ?? []).filter((mail) => mail.to.includes(address)).length;

function loggedLines(): { lines: Array<Record<string, unknown>>; log: pino.Logger } {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: 'info' }, { write: (line: string) => { lines.push(JSON.parse(line) as Record<string, unknown>); } });
  return { lines, log };
}
/** The log's lines as [level, message], pino's levels by name. */
const said = (lines: Array<Record<string, unknown>>) => lines.map((line) => [({ 30: 'info', 40: 'warn', 50: 'error' } as Record<number, string>)[line.level as number], line.msg]);

/** Short figures: a send ends within 400 ms, an email waits a minute after its first failure. */
const QUICK: Partial<DeliveryTiming> = {
  connectionTimeoutMs: 300, greetingTimeoutMs: 300, socketTimeoutMs: 300, sendDeadlineMs: 400,
  retryDelaysMs: [1, 2, 5].map((minutes) => minutes * MINUTE), recordDelaysMs: [10, 20, 40],
};

async function written(recipient: string, agoMs = 0, kind = 'order-confirmation'): Promise<OutboxEmail> {
  return new EmailOutboxRepository(store).add({ kind, subjectId: null, recipient, subject: 'Your order', text: 'Thank you', html: '' }, Date.now() - agoMs);
}
const current = async (email: OutboxEmail) => (await new EmailOutboxRepository(store).findById(email.id))!;
/** The minutes of waiting a mailer that failed for now has given an email (its retry_on against the time it failed). */
async function waitsFor(email: OutboxEmail): Promise<number> {
  const now = await current(email);
  return now.retryOn === null ? 0 : now.retryOn;
}
/** Lets the time of an email's next try come (as the minutes passing would). */
const retryTimeCome = (email: OutboxEmail) => store.run('UPDATE email_outbox SET retry_on = ? WHERE id = ?', [Date.now() - 1, email.id]);

/**
 * The store's session with its disk full from the send on: the mark taken before the send goes
 * through; then its next `failures` writes fail as SQLite fails them on a full disk.
 */
function diskFullAfterClaim(failures: number): StoreSession {
  let writes = 0;
  const full = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
  return new Proxy(store, {
    get(target, key, receiver) {
      if (key === 'run') {
        return async (sql: string, params?: unknown[]) => {
          writes += 1;
          if (writes > 1 && writes <= failures + 1) throw full();
          return target.run(sql, params as never);
        };
      }
      if (key === 'transaction') {
        return async (work: (tx: StoreSession) => Promise<unknown>) => {
          writes += 1;
          if (writes > 1 && writes <= failures + 1) throw full();
          return target.transaction(work as never);
        };
      }
      const value = Reflect.get(target, key, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('a send the mail server accepted and the store could not record', () => {
  it('is recorded once the disk has room again, and never sent twice', async () => {
    const email = await written('full-then-room@example.com');
    const { lines, log } = loggedLines();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}` }, log, undefined, QUICK);
    expect(await mailer.deliver(diskFullAfterClaim(2), email)).toBe('sent');
    expect(receivedBy('full-then-room@example.com')).toBe(1);
    expect((await current(email)).status).toBe('sent');
    expect(said(lines).map(([level, msg]) => [level, String(msg).split(' (')[0]])).toEqual([
      ['error', 'the mail server accepted an email, but the store could not record it as sent'],
      ['warn', 'an email the mail server accepted was recorded as sent after 3 tries: it is not sent again'],
    ]);
    expect(lines[0]!.msg).toContain('database or disk is full');
    // the sweep, later, has nothing to send
    await sweepOutbox(server.app.deps, Date.now() + DELIVERY_CLAIM_MS + MINUTE);
    expect(receivedBy('full-then-room@example.com')).toBe(1);
  });

  // seen in a failure trial: three confirmations accepted, their record refused (SQLITE_FULL), the
  // log saying they were "marked failed" while they stayed pending, and the sweep sending each again
  it('is not sent again while its mark holds, and the log says when the sweep may send it again', async () => {
    const email = await written('full-for-long@example.com');
    const { lines, log } = loggedLines();
    const claimMs = 1_000;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}` }, log, undefined, { ...QUICK, claimMs, recordMarginMs: 300 });
    const started = Date.now();
    expect(await mailer.deliver(diskFullAfterClaim(1_000), email)).toBe('sent');
    // it gave up recording before its mark ran out, and sent it once
    expect(Date.now() - started).toBeLessThan(claimMs);
    expect(receivedBy('full-for-long@example.com')).toBe(1);
    const left = await current(email);
    expect(left.status).toBe('pending');
    expect(said(lines).map(([level]) => level)).toEqual(['error', 'error']);
    expect(lines.map((line) => line.msg).join('\n')).not.toContain('marked failed');
    expect(lines[1]!.msg).toMatch(/^the mail server accepted an email, but the store could not record it as sent \(SQLITE_FULL: database or disk is full\): it stays pending in the outbox, and the outbox sweep may send it a second time from \d\d:\d\d UTC$/);
    expect(lines[1]!.resendableAt).toBe(new Date(left.attemptedOn! + claimMs).toISOString());
    // while the mark holds, the sweep leaves it alone
    await sweepOutbox(server.app.deps, Date.now() + 2 * MINUTE);
    expect(receivedBy('full-for-long@example.com')).toBe(1);
  });
});

describe('a mail server too slow to answer', () => {
  it('has the send cut at its deadline, inside the mark; the email waits for a later try and goes out once', async () => {
    const email = await written('slow@example.com');
    const up = await mailServerUp();
    // every answer 1.5 s late, the greeting included: past the whole send's 400 ms
    up.delayReplies(1_500);
    const { lines, log } = loggedLines();
    const claimMs = 1_000;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}` }, log, undefined, { ...QUICK, greetingTimeoutMs: 5_000, socketTimeoutMs: 5_000, claimMs });
    const started = Date.now();
    expect(await mailer.deliver(store, email)).toBe('unreachable');
    expect(Date.now() - started).toBeLessThan(claimMs);
    const waiting = await current(email);
    expect(waiting).toMatchObject({ status: 'pending', attemptedOn: null, tries: 1 });
    expect(waiting.error).toContain('(EDEADLINE: no answer from the mail server within 0.4 s)');
    expect(said(lines)).toEqual([['warn', expect.stringMatching(/^an email could not be sent through SMTP for now \(EDEADLINE: no answer from the mail server within 0\.4 s\): it stays pending in the outbox and is tried again at \d\d:\d\d UTC$/)]]);
    // the connection was cut: nothing reaches the server after the deadline either
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(receivedBy('slow@example.com')).toBe(0);
    // not taken before its time
    expect(await mailer.deliver(store, waiting)).toBe('left');
    up.delayReplies(0);
    await retryTimeCome(email);
    expect(await mailer.deliver(store, await current(email))).toBe('sent');
    expect(receivedBy('slow@example.com')).toBe(1);
    expect(await current(email)).toMatchObject({ status: 'sent', error: null, retryOn: null });
  });

  it('has time limits that end every send well inside the mark', () => {
    expect(DELIVERY_TIMING.claimMs).toBe(DELIVERY_CLAIM_MS);
    expect(DELIVERY_TIMING.sendDeadlineMs).toBeLessThanOrEqual(DELIVERY_CLAIM_MS / 4);
    expect(DELIVERY_TIMING.connectionTimeoutMs + DELIVERY_TIMING.greetingTimeoutMs).toBeLessThan(DELIVERY_TIMING.sendDeadlineMs);
    expect(DELIVERY_TIMING.sendDeadlineMs + DELIVERY_TIMING.recordMarginMs).toBeLessThan(DELIVERY_CLAIM_MS);
  });
});

describe('a mail server away for a while', () => {
  it('keeps an order confirmation waiting while connections are refused, and sends it once, later, when the server is back', async () => {
    await mailServerDown();
    const shopper = await new Visitor(server.url).start();
    const inStock = seededVariant('linen-shirt', (variant) => variant.qtyInStock > 0);
    await store.run('UPDATE variants SET qty_in_stock = 50 WHERE sku = ?', [inStock.sku]);
    const added = await shopper.post('/api/commerce/shopping-cart/entries', { itemId: seededProduct('linen-shirt').id, sku: inStock.sku, quantity: 1, additionalFields: null });
    expect(added.status, added.text).toBe(200);
    const placed = await placeOrderThroughCheckout(shopper, undefined, { email: 'outage@example.com' });
    expect(placed.status, placed.text.slice(0, 200)).toBe(201);
    const orderId = /order-confirmed\/([^?]+)/.exec(placed.body.confirmationUrl!)![1]!;
    await server.app.deps.background.settled();
    const confirmation = (await new EmailOutboxRepository(store).ofSubject(orderId)).find((one) => one.kind === 'order-confirmation')!;
    expect(confirmation).toMatchObject({ status: 'pending', tries: 1, attemptedOn: null });
    expect(confirmation.error).toMatch(/^Waiting to be sent again: the mail server could not take it for now \(.*ECONNREFUSED.*\)\./);
    // a minute on (the default schedule's first wait)
    expect(confirmation.retryOn! - Date.now()).toBeGreaterThan(0.9 * MINUTE);
    expect(confirmation.retryOn! - Date.now()).toBeLessThanOrEqual(MINUTE);
    // the shopper is still told it is on its way: it is
    const page = (await shopper.get(placed.body.confirmationUrl!)).text;
    expect(page).toContain('A confirmation is on its way to <strong>outage@example.com</strong>.');
    // a sweep before its time leaves it waiting
    await store.run('UPDATE email_outbox SET created_on = ? WHERE id = ?', [Date.now() - 5 * MINUTE, confirmation.id]);
    await sweepOutbox(server.app.deps);
    expect((await current(confirmation)).tries).toBe(1);

    await mailServerUp();
    await retryTimeCome(confirmation);
    await sweepOutbox(server.app.deps);
    expect(await current(confirmation)).toMatchObject({ status: 'sent', error: null });
    await sweepOutbox(server.app.deps, Date.now() + DELIVERY_CLAIM_MS + MINUTE);
    expect(receivedBy('outage@example.com')).toBe(1);
  });

  it('keeps an email waiting, with a growing delay, while the server never greets or answers 451, and sends it once when it answers 250', async () => {
    const email = await written('451@example.com');
    const up = await mailServerUp();
    const { lines, log } = loggedLines();
    let now = Date.now();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}` }, log, undefined, { ...QUICK, now: () => now });
    up.silence(true);
    expect(await mailer.deliver(store, email)).toBe('unreachable');
    expect(await waitsFor(email)).toBe(now + 1 * MINUTE);
    expect((await current(email)).error).toContain('(ETIMEDOUT: ');
    up.silence(false);
    up.answerMailFrom('451 4.3.0 try again later');
    now += 1 * MINUTE;
    expect(await mailer.deliver(store, await current(email))).toBe('waiting');
    expect(await waitsFor(email)).toBe(now + 2 * MINUTE);
    now += 2 * MINUTE;
    expect(await mailer.deliver(store, await current(email))).toBe('waiting');
    expect(await waitsFor(email)).toBe(now + 5 * MINUTE);
    expect(await current(email)).toMatchObject({ status: 'pending', tries: 3 });
    expect((await current(email)).error).toContain('451 4.3.0 try again later');
    expect(said(lines).map(([level]) => level)).toEqual(['warn', 'warn', 'warn']);
    expect(lines[2]!.msg).toMatch(/^an email could not be sent through SMTP for now \(.*451 4\.3\.0 try again later\): it stays pending in the outbox and is tried again at \d\d:\d\d UTC$/);
    expect(lines[2]!.retryAt).toBe(new Date(now + 5 * MINUTE).toISOString());
    // its last wait repeats
    now += 5 * MINUTE;
    expect(await mailer.deliver(store, await current(email))).toBe('waiting');
    expect(await waitsFor(email)).toBe(now + 5 * MINUTE);
    expect(receivedBy('451@example.com')).toBe(0);

    up.answerMailFrom(null);
    now += 5 * MINUTE;
    expect(await mailer.deliver(store, await current(email))).toBe('sent');
    // another process that read it pending a moment before does not send it again
    expect(await mailer.deliver(store, { ...(await current(email)), status: 'pending' })).toBe('left');
    expect(receivedBy('451@example.com')).toBe(1);
    expect(said(lines).at(-1)).toEqual(['info', serverMessages.emailSentLog]);
  });

  it('gives up an email still not sent when its kind may no longer be sent, saying why', async () => {
    // a password link's email may be sent 45 minutes after it was written
    const email = await written('late@example.com', 44.5 * MINUTE, PASSWORD_RESET_EMAIL_KIND);
    await mailServerDown();
    const { lines, log } = loggedLines();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}` }, log, undefined, QUICK);
    expect(await mailer.deliver(store, email)).toBe('unreachable');
    // its next try would come after the limit: it waits for the limit, when the sweep gives it up
    const waiting = await current(email);
    expect(waiting.retryOn).toBe(waiting.createdOn + 45 * MINUTE);
    expect(lines[0]!.msg).toMatch(/no try is left before \d\d:\d\d UTC, when the outbox sweep gives it up as too late$/);
    const sweepLog = loggedLines();
    await sweepOutbox({ ...server.app.deps, log: sweepLog.log }, waiting.createdOn + 45 * MINUTE);
    expect(await current(email)).toMatchObject({ status: 'failed', error: serverMessages.passwordLinkTooLate });
    expect(said(sweepLog.lines.filter((line) => line.emailId === email.id))).toEqual([['warn', `an email was given up, never sent: ${serverMessages.passwordLinkTooLate}`]]);
  });
});

describe('a mail server that refuses an email for good', () => {
  it('has it marked failed at once (550), never tried again, and the confirmation page promises no email', async () => {
    const email = await written('nobody@example.com');
    const { lines, log } = loggedLines();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}` }, log, undefined, QUICK);
    expect(await mailer.deliver(store, email)).toBe('failed');
    const failed = await current(email);
    expect(failed).toMatchObject({ status: 'failed', retryOn: null, tries: 0 });
    expect(failed.error).toContain('550 5.1.1');
    expect(said(lines)).toEqual([['warn', expect.stringMatching(/^an email was refused by the mail server for good \(.*550 5\.1\.1.*\): it is marked failed in the outbox, for the owner to read and send again$/)]]);
    await store.run('UPDATE email_outbox SET created_on = ? WHERE id = ?', [Date.now() - 5 * MINUTE, email.id]);
    await sweepOutbox(server.app.deps);
    expect((await current(email)).status).toBe('failed');
  });

  it("tells the shopper their order's confirmation could not be sent", async () => {
    const shopper = await new Visitor(server.url).start();
    const inStock = seededVariant('linen-shirt', (variant) => variant.qtyInStock > 0);
    await store.run('UPDATE variants SET qty_in_stock = 50 WHERE sku = ?', [inStock.sku]);
    await shopper.post('/api/commerce/shopping-cart/entries', { itemId: seededProduct('linen-shirt').id, sku: inStock.sku, quantity: 1, additionalFields: null });
    const placed = await placeOrderThroughCheckout(shopper, undefined, { email: 'nobody@example.com' });
    expect(placed.status, placed.text.slice(0, 200)).toBe(201);
    await server.app.deps.background.settled();
    const page = (await shopper.get(placed.body.confirmationUrl!)).text;
    expect(page).not.toContain('A confirmation is on its way');
    expect(page).toContain('We could not send a confirmation email to nobody@example.com: keep this page (bookmark or print it) as your record of the order.');
  });
});

describe('which failures are for now', () => {
  it('takes connection failures, timeouts, DNS failures and 4xx answers as temporary, 5xx and the rest as for good', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNECTION', 'ESOCKET', 'EDNS', 'EDEADLINE']) {
      expect(isTemporarySendFailure(Object.assign(new Error(code), { code })), code).toBe(true);
    }
    expect(isTemporarySendFailure(Object.assign(new Error('451'), { code: 'EENVELOPE', responseCode: 451 }))).toBe(true);
    expect(isTemporarySendFailure(Object.assign(new Error('421'), { code: 'EPROTOCOL', responseCode: 421 }))).toBe(true);
    expect(isTemporarySendFailure(Object.assign(new Error('550'), { code: 'EENVELOPE', responseCode: 550 }))).toBe(false);
    expect(isTemporarySendFailure(Object.assign(new Error('535'), { code: 'EAUTH', responseCode: 535 }))).toBe(false);
    expect(isTemporarySendFailure(new Error('No recipients defined'))).toBe(false);
  });
});
