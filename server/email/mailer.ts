import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { EmailOutboxRepository, type OutboxEmail } from '../db/email-outbox-repository.ts';
import { MAILING_LIST_CONFIRMATION_KIND } from '../db/mailing-list-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { reportStorageFault, storageFault } from '../db/storage-fault.ts';
import { serverMessages } from '../messages.ts';
import { settleUndelivered } from './undelivered-email.ts';

export interface MailOptions {
  /** smtp://user:pass@host:port or smtps://…; without it emails stay in the outbox ('kept'). */
  smtpUrl?: string;
  /** The From address (default: the store's own no-reply address). */
  from?: string;
}

export interface Mailer {
  /**
   * Sends an email already committed to the outbox, and records how it went. Never throws. A
   * pending email another process is already sending is left to it.
   */
  deliver(session: StoreSession, email: OutboxEmail): Promise<void>;
  /**
   * Sends an email its caller has already taken (EmailOutboxRepository.takeToSendAgain), and
   * records how it went. Never throws.
   */
  deliverTaken(session: StoreSession, email: OutboxEmail): Promise<void>;
}

const DEFAULT_FROM = 'no-reply@localhost';
/** The delivery, as a log line about a database fault names it. */
const DELIVERY_TASK = 'email delivery';
/** How long a process's mark on an email it is sending holds before another may send it (a stopped process). */
export const DELIVERY_CLAIM_MS = 10 * 60 * 1000;

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
 * Delivery of the outbox's emails through nodemailer: over SMTP when the store has a server
 * configured, otherwise the email is marked kept and waits in the outbox for the owner to read
 * (or, for one that waits for a mail server, stays pending).
 */
export function createMailer(options: MailOptions, log: Logger, transport?: Transporter): Mailer {
  const transporter = transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null);
  const from = options.from || DEFAULT_FROM;
  /** Sends an email this process holds the mark on, and records how it went. */
  async function send(session: StoreSession, email: OutboxEmail): Promise<void> {
    if (!transporter) {
      await settleUndelivered(session, email, 'kept');
      return;
    }
    try {
      // a plain-text email (a restock notice) has no HTML part
      await transporter.sendMail({ from, to: email.recipient, subject: email.subject, text: email.text, ...(email.html === '' ? {} : { html: email.html }) });
      await new EmailOutboxRepository(session).settle(email.id, 'sent');
    } catch (error) {
      log.warn({ err: error, emailId: email.id }, serverMessages.emailSendFailedLog);
      await settleUndelivered(session, email, 'failed', error instanceof Error ? error.message.slice(0, 500) : String(error));
    }
  }

  /** Runs a delivery step; a database failure leaves the email pending in the outbox for the sweep. */
  async function orLog(email: OutboxEmail, step: () => Promise<void>): Promise<void> {
    try {
      await step();
    } catch (error) {
      // the order is placed either way; the email stays pending in the outbox. A database away is
      // the outage's one line (no stack), not a mail server's failure: this store may have none
      const fault = storageFault(error);
      if (fault !== null) reportStorageFault(log, fault, { task: DELIVERY_TASK });
      else log.warn({ err: error, emailId: email.id }, serverMessages.emailLeftPendingLog);
    }
  }

  return {
    async deliver(session, email) {
      if (!transporter && waitsForMailServer(email)) return;
      await orLog(email, async () => {
        // a pending email is sent by whoever marks it first (one the owner sends again is taken by deliverTaken's caller)
        if (email.status === 'pending' && !(await new EmailOutboxRepository(session).claim(email.id, Date.now(), DELIVERY_CLAIM_MS))) return;
        await send(session, email);
      });
    },
    async deliverTaken(session, email) {
      await orLog(email, () => send(session, email));
    },
  };
}
