import { EmailOutboxRepository, type OutboxEmail, type OutboxStatus } from './email-outbox-repository.ts';
import type { StoreSession } from './store.ts';

/** The kind of the double opt-in's confirmation in the email outbox. */
export const MAILING_LIST_CONFIRMATION_KIND = 'mailing-list-confirmation';

export interface OutgoingMessage {
  recipient: string;
  subject: string;
  body: string;
}

/** The mailing list and the confirmation emails of its double opt-in (in the email outbox). */
export class MailingListRepository {
  constructor(private readonly session: StoreSession) {}

  async isMember(email: string): Promise<boolean> {
    return (await this.session.get('SELECT email FROM mailing_list WHERE email = lower(?)', [email])) !== undefined;
  }

  /** Adds a confirmed address (again is a no-op; the first source stays). */
  async join(email: string, source: string, now = Date.now()): Promise<void> {
    // One subscriber per address whatever its case: the list keeps addresses lower-cased.
    await this.session.run(
      'INSERT INTO mailing_list (email, source, created_on) VALUES (lower(?), ?, ?) ON CONFLICT (email) DO NOTHING',
      [email, source, now],
    );
  }

  /** The confirmation last queued for the address (when, and whether it is still waiting to go out), or null. */
  async lastConfirmationRequest(email: string): Promise<{ createdOn: number; status: OutboxStatus } | null> {
    const row = await this.session.get<{ created_on: number; status: OutboxStatus }>(
      `SELECT created_on, status FROM email_outbox WHERE lower(recipient) = lower(?) AND kind = ?
       ORDER BY created_on DESC LIMIT 1`,
      [email, MAILING_LIST_CONFIRMATION_KIND],
    );
    return row ? { createdOn: Number(row.created_on), status: row.status } : null;
  }

  /** How many addresses have a confirmation written since `since` still waiting to be sent. */
  async confirmationsWaiting(since: number): Promise<number> {
    const row = await this.session.get<{ n: number | string }>(
      "SELECT COUNT(DISTINCT lower(recipient)) AS n FROM email_outbox WHERE kind = ? AND status = 'pending' AND created_on > ?",
      [MAILING_LIST_CONFIRMATION_KIND, since],
    );
    return Number(row?.n ?? 0);
  }

  /** Writes the confirmation email to the outbox; it is delivered once the caller's transaction commits. */
  async queueConfirmation(message: OutgoingMessage, now = Date.now()): Promise<OutboxEmail> {
    return new EmailOutboxRepository(this.session).add(
      { kind: MAILING_LIST_CONFIRMATION_KIND, subjectId: null, recipient: message.recipient, subject: message.subject, text: message.body, html: '' },
      now,
    );
  }
}
