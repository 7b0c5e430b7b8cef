import type Database from 'better-sqlite3';
import { newRecordId } from './cart-repository.ts';

export interface OutgoingMessage {
  recipient: string;
  subject: string;
  body: string;
}

/** The mailing list and the confirmation messages of its double opt-in (kept in the outbox). */
export class MailingListRepository {
  private readonly member: Database.Statement<[string], { email: string }>;
  private readonly joinList: Database.Statement<[string, string, number]>;
  private readonly lastRequest: Database.Statement<[string], { created_on: number }>;
  private readonly queue: Database.Statement<Record<string, unknown>>;

  constructor(db: Database.Database) {
    this.member = db.prepare('SELECT email FROM mailing_list WHERE email = lower(?)');
    // One subscriber per address whatever its case: the list keeps addresses lower-cased.
    this.joinList = db.prepare('INSERT OR IGNORE INTO mailing_list (email, source, created_on) VALUES (lower(?), ?, ?)');
    this.lastRequest = db.prepare(
      `SELECT created_on FROM restock_outbox WHERE lower(recipient) = lower(?) AND kind = 'mailing-list-confirmation'
       ORDER BY created_on DESC LIMIT 1`,
    );
    this.queue = db.prepare(
      `INSERT INTO restock_outbox (id, kind, signup_id, recipient, subject, body, created_on)
       VALUES (@id, 'mailing-list-confirmation', NULL, @recipient, @subject, @body, @now)`,
    );
  }

  isMember(email: string): boolean {
    return this.member.get(email) !== undefined;
  }

  /** Adds a confirmed address (again is a no-op; the first source stays). */
  join(email: string, source: string, now = Date.now()): void {
    this.joinList.run(email, source, now);
  }

  /** When a confirmation was last queued for the address, or null. */
  lastConfirmationRequestOn(email: string): number | null {
    return this.lastRequest.get(email)?.created_on ?? null;
  }

  queueConfirmation(message: OutgoingMessage, now = Date.now()): void {
    this.queue.run({ id: newRecordId(), ...message, now });
  }
}
