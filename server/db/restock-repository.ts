import type Database from 'better-sqlite3';
import { newRecordId } from './cart-repository.ts';

export interface RestockSignUpRecord {
  id: string;
  productId: string;
  variantId: string;
  email: string;
  joinMailingList: boolean;
  language: string | null;
  createdOn: number;
  notifiedOn: number | null;
}

export interface RestockGroupRecord {
  productId: string;
  variantId: string;
  signUpCount: number;
  pendingCount: number;
  firstSignUpOn: number;
}

interface SignUpRow {
  id: string;
  product_id: string;
  variant_id: string;
  email: string;
  join_mailing_list: number;
  language: string | null;
  created_on: number;
  notified_on: number | null;
}

interface GroupRow {
  product_id: string;
  variant_id: string;
  sign_up_count: number;
  pending_count: number;
  first_sign_up_on: number;
}

function toSignUp(row: SignUpRow): RestockSignUpRecord {
  return {
    id: row.id,
    productId: row.product_id,
    variantId: row.variant_id,
    email: row.email,
    joinMailingList: row.join_mailing_list === 1,
    language: row.language,
    createdOn: row.created_on,
    notifiedOn: row.notified_on,
  };
}

/** Keyset positions for the owner listings (stable under inserts, unlike offsets). */
export interface GroupPosition { productId: string; variantId: string }
export interface SignUpPosition { createdOn: number; id: string }

/** Back-in-stock sign-ups and the outbox of sent notices (the mailing list is MailingListRepository's). */
export class RestockRepository {
  private readonly upsert: Database.Statement<Record<string, unknown>>;
  private readonly groupsAfter: Database.Statement<Record<string, unknown>, GroupRow>;
  private readonly signUpsAfter: Database.Statement<Record<string, unknown>, SignUpRow>;
  private readonly pending: Database.Statement<[string, string], SignUpRow>;
  private readonly insertOutbox: Database.Statement<Record<string, unknown>>;
  private readonly markNotified: Database.Statement<[number, string]>;

  constructor(private readonly db: Database.Database) {
    // Signing up again after a notice re-arms the sign-up.
    this.upsert = db.prepare(
      `INSERT INTO restock_signups (id, product_id, variant_id, email, join_mailing_list, language, created_on)
       VALUES (@id, @productId, @variantId, @email, @joinMailingList, @language, @now)
       ON CONFLICT (product_id, variant_id, email) DO UPDATE SET
         notified_on = NULL, join_mailing_list = excluded.join_mailing_list, language = excluded.language`,
    );
    this.groupsAfter = db.prepare(
      `SELECT product_id, variant_id, COUNT(*) AS sign_up_count,
              SUM(CASE WHEN notified_on IS NULL THEN 1 ELSE 0 END) AS pending_count,
              MIN(created_on) AS first_sign_up_on
       FROM restock_signups
       WHERE product_id > @productId OR (product_id = @productId AND variant_id > @variantId)
       GROUP BY product_id, variant_id
       ORDER BY product_id, variant_id
       LIMIT @limit`,
    );
    this.signUpsAfter = db.prepare(
      `SELECT * FROM restock_signups
       WHERE product_id = @productId AND variant_id = @variantId
         AND (created_on > @createdOn OR (created_on = @createdOn AND id > @id))
       ORDER BY created_on, id
       LIMIT @limit`,
    );
    this.pending = db.prepare(
      'SELECT * FROM restock_signups WHERE product_id = ? AND variant_id = ? AND notified_on IS NULL ORDER BY created_on, id',
    );
    this.insertOutbox = db.prepare(
      `INSERT INTO restock_outbox (id, signup_id, recipient, subject, body, created_on)
       VALUES (@id, @signUpId, @recipient, @subject, @body, @now)`,
    );
    this.markNotified = db.prepare('UPDATE restock_signups SET notified_on = ? WHERE id = ?');
  }

  signUp(input: { productId: string; variantId: string; email: string; joinMailingList: boolean; language: string | null }, now = Date.now()): void {
    this.upsert.run({ id: newRecordId(), ...input, joinMailingList: input.joinMailingList ? 1 : 0, now });
  }

  /** Up to limit + 1 groups after the position, so the caller can tell whether a next page exists. */
  groups(after: GroupPosition | null, limit: number): RestockGroupRecord[] {
    return this.groupsAfter
      .all({ productId: after?.productId ?? '', variantId: after?.variantId ?? '', limit })
      .map((row) => ({
        productId: row.product_id,
        variantId: row.variant_id,
        signUpCount: row.sign_up_count,
        pendingCount: row.pending_count,
        firstSignUpOn: row.first_sign_up_on,
      }));
  }

  signUps(productId: string, variantId: string, after: SignUpPosition | null, limit: number): RestockSignUpRecord[] {
    return this.signUpsAfter
      .all({ productId, variantId, createdOn: after?.createdOn ?? -1, id: after?.id ?? '', limit })
      .map(toSignUp);
  }

  pendingSignUps(productId: string, variantId: string): RestockSignUpRecord[] {
    return this.pending.all(productId, variantId).map(toSignUp);
  }

  /** Records one notice in the outbox and marks its sign-up notified, together. */
  recordNotice(signUp: RestockSignUpRecord, subject: string, body: string, now = Date.now()): void {
    this.db.transaction(() => {
      this.insertOutbox.run({ id: newRecordId(), signUpId: signUp.id, recipient: signUp.email, subject, body, now });
      this.markNotified.run(now, signUp.id);
    })();
  }
}
