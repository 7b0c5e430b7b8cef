import type { StoreSession } from './store.ts';
import { newRecordId } from './cart-repository.ts';

export interface OutgoingMessage {
  recipient: string;
  subject: string;
  body: string;
}

/** The mailing list and the confirmation messages of its double opt-in (kept in the outbox). */
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

  /** When a confirmation was last queued for the address, or null. */
  async lastConfirmationRequestOn(email: string): Promise<number | null> {
    const row = await this.session.get<{ created_on: number }>(
      `SELECT created_on FROM restock_outbox WHERE lower(recipient) = lower(?) AND kind = 'mailing-list-confirmation'
       ORDER BY created_on DESC LIMIT 1`,
      [email],
    );
    return row ? Number(row.created_on) : null;
  }

  async queueConfirmation(message: OutgoingMessage, now = Date.now()): Promise<void> {
    await this.session.run(
      `INSERT INTO restock_outbox (id, kind, signup_id, recipient, subject, body, created_on)
       VALUES (?, 'mailing-list-confirmation', NULL, ?, ?, ?, ?)`,
      [newRecordId(), message.recipient, message.subject, message.body, now],
    );
  }
}
