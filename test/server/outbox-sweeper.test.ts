/**
 * Emails a stopped process left pending: every email is sent just after the transaction that
 * wrote it, by the process that wrote it; one whose process stopped in between is sent by the
 * sweep a minute later, once, whichever process sweeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { EmailOutboxRepository, type OutboxEmail } from '../../server/db/email-outbox-repository.ts';
import { createMailer, DELIVERY_CLAIM_MS } from '../../server/email/mailer.ts';
import type { StoreSession } from '../../server/db/store.ts';
import { serverMessages } from '../../server/messages.ts';
import { sweepOutbox } from '../../server/email/outbox-sweeper.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';

const MINUTE = 60 * 1000;
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

async function written(recipient: string, agoMs: number, attemptedAgoMs: number | null = null): Promise<OutboxEmail> {
  const now = Date.now();
  const email = await new EmailOutboxRepository(server.app.deps.store)
    .add({ kind: 'order-confirmation', subjectId: null, recipient, subject: 'S', text: 'T', html: '' }, now - agoMs);
  if (attemptedAgoMs !== null) await server.app.deps.store.run('UPDATE email_outbox SET attempted_on = ? WHERE id = ?', [now - attemptedAgoMs, email.id]);
  return email;
}

async function statusOf(email: OutboxEmail): Promise<string | undefined> {
  return (await new EmailOutboxRepository(server.app.deps.store).findById(email.id))?.status;
}

describe('the outbox sweep', () => {
  it('sends an email left pending a minute or more, leaves one being sent and one just written, and gives up one too old', async () => {
    const left = await written('left@example.com', 5 * MINUTE);
    const abandoned = await written('abandoned@example.com', 30 * MINUTE, DELIVERY_CLAIM_MS + MINUTE);
    const sending = await written('sending@example.com', 5 * MINUTE, 10_000);
    const fresh = await written('fresh@example.com', 1_000);
    const stale = await written('stale@example.com', 3 * 24 * 60 * MINUTE);
    await sweepOutbox(server.app.deps);
    // this store has no mail server: a delivered email is kept for the owner to read
    expect(await statusOf(left)).toBe('kept');
    expect(await statusOf(abandoned)).toBe('kept');
    expect(await statusOf(sending)).toBe('pending');
    expect(await statusOf(fresh)).toBe('pending');
    // given up, not sent late: the owner reads why, and may send it again from its order
    expect(await statusOf(stale)).toBe('failed');
  });

  it('sends a pending email once, though two processes try at the same moment', async () => {
    const email = await written('once@example.com', 0);
    let sends = 0;
    const transport = { sendMail: async () => { sends += 1; await new Promise((resolve) => setTimeout(resolve, 20)); return {}; } };
    const mailers = [1, 2].map(() => createMailer({}, pino({ level: 'silent' }), transport as never));
    await Promise.all(mailers.map((mailer) => mailer.deliver(server.app.deps.store, email)));
    expect(sends).toBe(1);
    expect(await statusOf(email)).toBe('sent');
    // the owner's "Send again" of a failed email is not held back by the mark
    await server.app.deps.store.run("UPDATE email_outbox SET status = 'failed' WHERE id = ?", [email.id]);
    await mailers[0]!.deliver(server.app.deps.store, { ...email, status: 'failed' });
    expect(sends).toBe(2);
  });
});

describe('an email whose delivery meets a database fault', () => {
  /** A session every statement of which fails with `error`, as the pool's does while PostgreSQL restarts. */
  function failingSession(error: Error): StoreSession {
    const fail = async (): Promise<never> => { throw error; };
    return { dialect: 'postgres', inTransaction: false, all: fail, get: fail, run: fail, exec: fail, transaction: fail } as unknown as StoreSession;
  }

  function loggedLines(): { lines: Array<Record<string, unknown>>; log: pino.Logger } {
    const lines: Array<Record<string, unknown>> = [];
    const log = pino({ level: 'info' }, { write: (line: string) => { lines.push(JSON.parse(line) as Record<string, unknown>); } });
    return { lines, log };
  }

  // seen during a PostgreSQL restart under checkouts: a store without SMTP_URL logged, with a stack,
  // that an order's email failed "through SMTP" and was "marked failed", while it stayed pending
  it('says the database is away, once and without a stack, and never blames a mail server', async () => {
    const email = await written('outage@example.com', 0);
    const { lines, log } = loggedLines();
    const mailer = createMailer({}, log);
    const lost = new Error('Connection terminated unexpectedly');
    await mailer.deliver(failingSession(lost), email);
    await mailer.deliver(failingSession(lost), email);
    expect(lines.map((line) => [line.msg, line.task, line.code, 'err' in line])).toEqual([
      [serverMessages.databaseUnreachableLog, 'email delivery', 'connection-lost', false],
    ]);
    expect(await statusOf(email)).toBe('pending');
  });

  it('says that any other failure leaves the email pending for the sweep, with its stack', async () => {
    const email = await written('bug@example.com', 0);
    const { lines, log } = loggedLines();
    await createMailer({}, log).deliver(failingSession(new TypeError('a bug')), email);
    expect(lines.map((line) => [line.msg, (line.err as { message?: string } | undefined)?.message])).toEqual([[serverMessages.emailLeftPendingLog, 'a bug']]);
    expect(await statusOf(email)).toBe('pending');
  });
});
