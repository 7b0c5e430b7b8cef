import { connect, type Socket } from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Logger } from 'pino';
import { EmailOutboxRepository, type OutboxEmail } from '../db/email-outbox-repository.ts';
import { MAILING_LIST_CONFIRMATION_KIND } from '../db/mailing-list-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { reportStorageFault, storageFault } from '../db/storage-fault.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { sendableUntil } from './late-email.ts';
import { settleUndelivered } from './undelivered-email.ts';

export interface MailOptions {
  /** smtp://user:pass@host:port or smtps://…; without it emails stay in the outbox ('kept'). */
  smtpUrl?: string;
  /** The From address (default: the store's own no-reply address). */
  from?: string;
}

/**
 * How a delivery ended: sent (recorded or not), kept without a mail server, waiting to be tried
 * again (`unreachable`: the mail server could not be reached at all, so other emails would fare
 * alike now), failed for good, left to another process, or left pending by a database fault.
 */
export type DeliveryOutcome = 'sent' | 'kept' | 'waiting' | 'unreachable' | 'failed' | 'left' | 'fault';

export interface Mailer {
  /**
   * Sends an email already committed to the outbox, and records how it went. Never throws. A
   * pending email another process is already sending, or waiting to be tried again later, is left.
   */
  deliver(session: StoreSession, email: OutboxEmail): Promise<DeliveryOutcome>;
  /**
   * Sends an email its caller has already taken (EmailOutboxRepository.takeToSendAgain), and
   * records how it went. Never throws.
   */
  deliverTaken(session: StoreSession, email: OutboxEmail): Promise<DeliveryOutcome>;
}

const DEFAULT_FROM = 'no-reply@localhost';
/** The delivery, as a log line about a database fault names it. */
const DELIVERY_TASK = 'email delivery';
/** How long a process's mark on an email it is sending holds before another may send it (a stopped process). */
export const DELIVERY_CLAIM_MS = 10 * 60 * 1000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * How long one send and its record may take, and how an email the mail server could not take for
 * now waits. Every figure keeps one delivery well inside its mark (DELIVERY_CLAIM_MS, 10 minutes):
 * a send ends within 2 minutes whatever the mail server does, and recording a send it accepted is
 * tried until a minute before the mark runs out, so no other process takes the email while this
 * one still holds it. Tests pass shorter ones.
 */
export interface DeliveryTiming {
  /** The TCP connection to the mail server (DNS included). */
  connectionTimeoutMs: number;
  /** Its greeting once connected. */
  greetingTimeoutMs: number;
  /** Silence on the connection, at any step, that ends the send. */
  socketTimeoutMs: number;
  /** One whole send, from connecting to the mail server's answer to the message: past it the connection is cut. */
  sendDeadlineMs: number;
  /** The waits before each new try of an email the mail server could not take for now (the last repeats). */
  retryDelaysMs: readonly number[];
  /** The waits before each new try to record a send the mail server accepted (the last repeats). */
  recordDelaysMs: readonly number[];
  /** How long before its mark runs out a delivery stops trying to record a send. */
  recordMarginMs: number;
  /** The mark a delivery holds (DELIVERY_CLAIM_MS). */
  claimMs: number;
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const DELIVERY_TIMING: DeliveryTiming = {
  connectionTimeoutMs: 30 * SECOND,
  greetingTimeoutMs: 30 * SECOND,
  socketTimeoutMs: 60 * SECOND,
  sendDeadlineMs: 2 * MINUTE,
  retryDelaysMs: [1, 2, 5, 15, 30, 60].map((minutes) => minutes * MINUTE),
  recordDelaysMs: [1, 2, 5, 10, 30, 60].map((seconds) => seconds * SECOND),
  recordMarginMs: MINUTE,
  claimMs: DELIVERY_CLAIM_MS,
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The system's errors of a connection that failed, was cut or timed out, or a name not (yet) found: a mail server away for now. */
const TEMPORARY_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE',
  // nodemailer's: the connection failed or closed, a socket error, a DNS failure
  'ECONNECTION', 'ESOCKET', 'EDNS',
  // this mailer's: a send past its deadline, cut
  'EDEADLINE',
]);

/**
 * Whether a failed send may go through later: an SMTP 4xx answer ("try again later"), or the mail
 * server not reached, not answering, or cut off. A 5xx answer (a mailbox that does not exist, a
 * message refused) and anything else (an address nodemailer cannot use) are for good.
 */
export function isTemporarySendFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  return typeof code === 'string' && TEMPORARY_CODES.has(code);
}

/** The wait before the try after `tries` temporary failures (the schedule's last wait repeats). */
export function retryDelay(tries: number, delays: readonly number[]): number {
  return delays[Math.min(Math.max(tries, 0), delays.length - 1)] ?? MINUTE;
}

/** HH:MM in UTC, for a log line. */
const clockTime = (at: number) => new Date(at).toISOString().slice(11, 16);

/** A failure in words, its code first where the words lack it (`ETIMEDOUT: Timeout`), for the log and the owner. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 500);
}

/**
 * Whether the store can send email at all (it has a mail server, SMTP_URL): without one every
 * email is kept in the outbox, so nothing may tell a shopper or the owner that one is on its way.
 */
export function canSendEmail(options: MailOptions | undefined): boolean {
  return Boolean(options?.smtpUrl);
}

/**
 * Emails that wait, pending, for the store to have a mail server instead of being kept: a
 * mailing-list confirmation is of no use to the owner to read, and the address joins only once
 * its owner has it, so it goes out when the store can send (the outbox sweep).
 */
export function waitsForMailServer(email: Pick<OutboxEmail, 'kind'>): boolean {
  return email.kind === MAILING_LIST_CONFIRMATION_KIND;
}

/**
 * A nodemailer transport for one send, whose connection this mailer opens itself so that it can
 * cut it at the send's deadline; every step has a time limit (DeliveryTiming).
 */
function transportFor(smtpUrl: string, timing: DeliveryTiming, sockets: Set<Socket>): Transporter {
  const transport = new SMTPTransport({
    url: smtpUrl,
    connectionTimeout: timing.connectionTimeoutMs,
    greetingTimeout: timing.greetingTimeoutMs,
    socketTimeout: timing.socketTimeoutMs,
    dnsTimeout: timing.connectionTimeoutMs,
    // the connection is opened here, TLS or not (nodemailer upgrades it for smtps://), and kept to be cut at the deadline
    getSocket(options, callback) {
      const secure = Boolean(options.secure);
      const port = Number(options.port) || (secure ? 465 : 587);
      const socket = connect({ host: options.host ?? 'localhost', port });
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      let settled = false;
      const done = (error: Error | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.off('error', done);
        if (error) {
          socket.destroy();
          callback(error, undefined as never);
        } else callback(null, { connection: socket });
      };
      const timer = setTimeout(() => done(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })), timing.connectionTimeoutMs);
      socket.once('connect', () => done(null));
      socket.once('error', done);
    },
  });
  return nodemailer.createTransport(transport);
}

/**
 * Delivery of the outbox's emails through nodemailer: over SMTP when the store has a server
 * configured, otherwise the email is marked kept and waits in the outbox for the owner to read
 * (or, for one that waits for a mail server, stays pending).
 *
 * A send the mail server accepted is recorded as sent, and never sent again for want of that
 * record: recording is tried again (DeliveryTiming.recordDelaysMs) while this process holds the
 * email's mark. A send the mail server could not take for now (isTemporarySendFailure) leaves the
 * email pending, to be tried again later (retryDelaysMs), until its kind's age limit, when the
 * outbox sweep gives it up (late-email.ts); one refused for good is marked failed at once. A
 * process that stops between the mail server's acceptance and the record leaves the email pending
 * with its mark, and the sweep sends it again once the mark runs out: a confirmation twice is
 * better than none, and that window is a few milliseconds.
 */
export function createMailer(options: MailOptions, log: Logger, transport?: Transporter, timingGiven: Partial<DeliveryTiming> = {}): Mailer {
  const timing: DeliveryTiming = { ...DELIVERY_TIMING, ...timingGiven };
  const from = options.from || DEFAULT_FROM;
  const smtpUrl = options.smtpUrl;
  const canSend = Boolean(transport ?? smtpUrl);

  /** One send within its deadline: past it the connection is cut and the send fails as a temporary failure. */
  async function sendWithin(email: OutboxEmail): Promise<void> {
    const sockets = new Set<Socket>();
    const transporter = transport ?? transportFor(smtpUrl!, timing, sockets);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        for (const socket of sockets) socket.destroy();
        reject(Object.assign(new Error(`no answer from the mail server within ${timing.sendDeadlineMs / 1000} s`), { code: 'EDEADLINE' }));
      }, timing.sendDeadlineMs);
    });
    try {
      // a plain-text email (a restock notice) has no HTML part
      const sending = transporter.sendMail({ from, to: email.recipient, subject: email.subject, text: email.text, ...(email.html === '' ? {} : { html: email.html }) });
      sending.catch(() => undefined);
      await Promise.race([sending, deadline]);
    } finally {
      clearTimeout(timer);
      if (!transport) transporter.close();
    }
  }

  /** Records a failed send: pending, to be tried again later, or failed for good. */
  async function settleFailed(session: StoreSession, email: OutboxEmail, error: unknown): Promise<DeliveryOutcome> {
    const reason = reasonOf(error);
    const fields = { emailId: email.id, kind: email.kind, reason };
    if (!isTemporarySendFailure(error)) {
      await settleUndelivered(session, email, 'failed', reason);
      log.warn(fields, fillMessage(serverMessages.emailRefusedLog, { reason }));
      return 'failed';
    }
    const now = timing.now();
    const until = sendableUntil(email);
    const retryAt = now + retryDelay(email.tries, timing.retryDelaysMs);
    await new EmailOutboxRepository(session).waitToRetry(email.id, fillMessage(serverMessages.emailWaitsToRetry, { reason: reason.slice(0, 300) }), Math.min(retryAt, until));
    if (retryAt < until) log.warn({ ...fields, retryAt: new Date(retryAt).toISOString() }, fillMessage(serverMessages.emailRetryLog, { reason, time: clockTime(retryAt) }));
    else log.warn({ ...fields, givenUpAt: new Date(until).toISOString() }, fillMessage(serverMessages.emailRetryTooLateLog, { reason, time: clockTime(until) }));
    return typeof (error as { responseCode?: unknown }).responseCode === 'number' ? 'waiting' : 'unreachable';
  }

  /**
   * Records a send the mail server accepted, trying again while the database refuses, until a
   * margin before the mark taken at `takenAt` runs out; never throws, never sends again.
   */
  async function recordSent(session: StoreSession, email: OutboxEmail, takenAt: number): Promise<void> {
    const recordUntil = takenAt + timing.claimMs - timing.recordMarginMs;
    for (let tries = 1; ; tries += 1) {
      try {
        await new EmailOutboxRepository(session).settle(email.id, 'sent', null, timing.now());
        if (tries === 1) log.info({ emailId: email.id, kind: email.kind }, serverMessages.emailSentLog);
        else log.warn({ emailId: email.id, kind: email.kind, tries }, fillMessage(serverMessages.emailRecordedLateLog, { tries }));
        return;
      } catch (error) {
        const reason = reasonOf(error);
        const wait = retryDelay(tries - 1, timing.recordDelaysMs);
        if (timing.now() + wait > recordUntil) {
          // the mark runs out at takenAt + claimMs: from then the sweep may take the email again
          const resendableAt = takenAt + timing.claimMs;
          log.error({ err: error, emailId: email.id, kind: email.kind, tries, resendableAt: new Date(resendableAt).toISOString() },
            fillMessage(serverMessages.emailNeverRecordedLog, { reason, time: clockTime(resendableAt) }));
          return;
        }
        if (tries === 1) {
          log.error({ err: error, emailId: email.id, kind: email.kind, recordUntil: new Date(recordUntil).toISOString() },
            fillMessage(serverMessages.emailNotRecordedLog, { reason, time: clockTime(recordUntil) }));
        }
        await timing.sleep(wait);
      }
    }
  }

  /** Sends an email this process took at `takenAt`, and records how it went. */
  async function send(session: StoreSession, email: OutboxEmail, takenAt: number): Promise<DeliveryOutcome> {
    if (!canSend) {
      await settleUndelivered(session, email, 'kept');
      return 'kept';
    }
    try {
      await sendWithin(email);
    } catch (error) {
      return settleFailed(session, email, error);
    }
    // sent: from here on the email is never sent again by this process, whatever the database says
    await recordSent(session, email, takenAt);
    return 'sent';
  }

  /** Runs a delivery step; a database failure leaves the email pending in the outbox for the sweep. */
  async function orLog(email: OutboxEmail, step: () => Promise<DeliveryOutcome>): Promise<DeliveryOutcome> {
    try {
      return await step();
    } catch (error) {
      // the order is placed either way; the email stays pending in the outbox. A database away is
      // the outage's one line (no stack), not a mail server's failure: this store may have none
      const fault = storageFault(error);
      if (fault !== null) reportStorageFault(log, fault, { task: DELIVERY_TASK });
      else log.warn({ err: error, emailId: email.id }, serverMessages.emailLeftPendingLog);
      return 'fault';
    }
  }

  return {
    async deliver(session, email) {
      if (!canSend && waitsForMailServer(email)) return 'left';
      return orLog(email, async () => {
        const takenAt = timing.now();
        // a pending email is sent by whoever marks it first (one the owner sends again is taken by deliverTaken's caller)
        if (email.status === 'pending' && !(await new EmailOutboxRepository(session).claim(email.id, takenAt, timing.claimMs))) return 'left';
        return send(session, email, takenAt);
      });
    },
    async deliverTaken(session, email) {
      // its caller took it a moment ago, its tries counted afresh
      return orLog(email, () => send(session, { ...email, tries: 0 }, timing.now()));
    },
  };
}
