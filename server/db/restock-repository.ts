import type { StoreSession } from './store.ts';
import { newRecordId } from './cart-repository.ts';
import { EmailOutboxRepository, type OutboxEmail } from './email-outbox-repository.ts';

/** The kind of a back-in-stock notice in the email outbox. */
export const RESTOCK_NOTICE_KIND = 'restock-notice';

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
    createdOn: Number(row.created_on),
    notifiedOn: row.notified_on === null ? null : Number(row.notified_on),
  };
}

/** Keyset positions for the owner listings (stable under inserts, unlike offsets). */
export interface GroupPosition { productId: string; variantId: string }
export interface SignUpPosition { createdOn: number; id: string }

/** Back-in-stock sign-ups and the outbox of sent notices (the mailing list is MailingListRepository's). */
export class RestockRepository {
  constructor(private readonly session: StoreSession) {}

  async signUp(input: { productId: string; variantId: string; email: string; joinMailingList: boolean; language: string | null }, now = Date.now()): Promise<void> {
    // Signing up again after a notice re-arms the sign-up.
    await this.session.run(
      `INSERT INTO restock_signups (id, product_id, variant_id, email, join_mailing_list, language, created_on)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (product_id, variant_id, email) DO UPDATE SET
         notified_on = NULL, join_mailing_list = excluded.join_mailing_list, language = excluded.language`,
      [newRecordId(), input.productId, input.variantId, input.email, input.joinMailingList ? 1 : 0, input.language, now],
    );
  }

  /** Up to limit + 1 groups after the position, so the caller can tell whether a next page exists. */
  async groups(after: GroupPosition | null, limit: number): Promise<RestockGroupRecord[]> {
    const productId = after?.productId ?? '';
    const rows = await this.session.all<GroupRow>(
      `SELECT product_id, variant_id, COUNT(*) AS sign_up_count,
              SUM(CASE WHEN notified_on IS NULL THEN 1 ELSE 0 END) AS pending_count,
              MIN(created_on) AS first_sign_up_on
       FROM restock_signups
       WHERE product_id > ? OR (product_id = ? AND variant_id > ?)
       GROUP BY product_id, variant_id
       ORDER BY product_id, variant_id
       LIMIT ?`,
      [productId, productId, after?.variantId ?? '', limit],
    );
    return rows.map((row) => ({
      productId: row.product_id,
      variantId: row.variant_id,
      signUpCount: Number(row.sign_up_count),
      pendingCount: Number(row.pending_count),
      firstSignUpOn: Number(row.first_sign_up_on),
    }));
  }

  async signUps(productId: string, variantId: string, after: SignUpPosition | null, limit: number): Promise<RestockSignUpRecord[]> {
    const createdOn = after?.createdOn ?? -1;
    const rows = await this.session.all<SignUpRow>(
      `SELECT * FROM restock_signups
       WHERE product_id = ? AND variant_id = ?
         AND (created_on > ? OR (created_on = ? AND id > ?))
       ORDER BY created_on, id
       LIMIT ?`,
      [productId, variantId, createdOn, createdOn, after?.id ?? '', limit],
    );
    return rows.map(toSignUp);
  }

  async pendingSignUps(productId: string, variantId: string): Promise<RestockSignUpRecord[]> {
    const rows = await this.session.all<SignUpRow>(
      'SELECT * FROM restock_signups WHERE product_id = ? AND variant_id = ? AND notified_on IS NULL ORDER BY created_on, id',
      [productId, variantId],
    );
    return rows.map(toSignUp);
  }

  /**
   * Makes the request of a restock notice that never reached its shopper (refused by the mail
   * server, given up, kept) wait again, so the owner's list counts it and the next Notify reaches
   * it. Only when that notice is the request's newest: a request notified again since, or signed
   * up again, is left as it is.
   */
  async waitAgainAfterUndelivered(noticeId: string): Promise<boolean> {
    const rearmed = await this.session.run(
      `UPDATE restock_signups SET notified_on = NULL
       WHERE notified_on IS NOT NULL
         AND id = (SELECT subject_id FROM email_outbox WHERE id = ? AND kind = ?)
         AND (SELECT newest.id FROM email_outbox newest
              WHERE newest.kind = ? AND newest.subject_id = restock_signups.id
              ORDER BY newest.created_on DESC, newest.rowid DESC LIMIT 1) = ?`,
      [noticeId, RESTOCK_NOTICE_KIND, RESTOCK_NOTICE_KIND, noticeId],
    );
    return rearmed.changes === 1;
  }

  /**
   * Marks the sign-up notified and writes its notice to the email outbox, together. The mark is
   * conditional: when two sends race, only the one that marked it writes a notice, so each
   * waiting visitor gets one. Returns the notice this call wrote (to deliver), or null.
   */
  async recordNotice(signUp: RestockSignUpRecord, subject: string, body: string, now = Date.now()): Promise<OutboxEmail | null> {
    return this.session.transaction(async (tx) => {
      const marked = await tx.run('UPDATE restock_signups SET notified_on = ? WHERE id = ? AND notified_on IS NULL', [now, signUp.id]);
      if (marked.changes !== 1) return null;
      return new EmailOutboxRepository(tx).add({ kind: RESTOCK_NOTICE_KIND, subjectId: signUp.id, recipient: signUp.email, subject, text: body, html: '' }, now);
    });
  }
}
